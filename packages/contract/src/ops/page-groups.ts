// Pages that share operations: an operation any one of them may call names the group in its `access`.

/** The counter screens that look up and create customers: the customer screen and the sales documents. */
export const POS_PAGES = [
  '/customers',
  '/salesOrders',
  '/salesOrders/detail',
  '/salesQuotes',
  '/salesQuotes/detail',
  '/tablet/salesOrders',
  '/tablet/salesOrders/detail',
] as const;

/** The screens that look up items and their prices: the item list and the tablet price and category screens. */
export const ITEM_LOOKUP_PAGES = [
  '/items',
  '/tabletItemPrice',
  '/tablet/itemPrice',
  '/tablet/category',
  // the sales document editor's item field (issue 8)
  '/salesOrders',
  '/salesOrders/detail',
  '/salesQuotes',
  '/salesQuotes/detail',
] as const;

/** The sales document screens (quotes, orders, credit memos, the invoiced/canceled lists, the tablet variants). */
export const SALES_PAGES = [
  '/salesOrders',
  '/salesOrders/detail',
  '/salesOrders/creditMemo',
  '/salesOrdersInvoicedCanceled',
  '/salesOrdersInvoicedCanceled/detail',
  '/salesQuotes',
  '/salesQuotes/detail',
  '/tablet/salesOrders',
  '/tablet/salesOrders/detail',
  '/tablet/salesOrdersInvoicedCanceled',
  '/tablet/salesOrdersInvoicedCanceled/detail',
] as const;
