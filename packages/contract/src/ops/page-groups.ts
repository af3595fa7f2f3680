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
  // the scanner opens a customer card (issue 9)
  '/tablet/scanQR',
  // the counter finds a customer by phone (F4) or creates one (issue 18)
  '/counter',
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
  // the tablet order's item field and the scanner (issue 9)
  '/tablet/salesOrders/detail',
  '/tablet/scanQR',
  // the stock screens: the journal's item field, the reports' category filter, the tablet's item search (issue 10)
  '/warehouseEntries',
  '/reports/onHand',
  '/reports/inventoryReport',
  '/tablet/onHand',
  // the counter's item field: number, barcode or name, with the price and what is on hand (issue 18)
  '/counter',
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
  // the scanner opens an order and adds a scanned item to the open order (issue 9)
  '/tablet/scanQR',
] as const;

/** The screens that take payments: the sales documents (the counter's payments panel) and the payment screens. */
export const PAYMENT_PAGES = [...SALES_PAGES, '/payment', '/payment/history'] as const;

/** The purchase order screens (orders, credit memos, the invoiced/canceled list, the tablet variants). */
export const PURCHASE_PAGES = [
  '/purchasesOrders',
  '/purchasesOrders/detail',
  '/purchasesOrders/creditMemo',
  '/purchasesOrdersInvoicedCanceled',
  '/purchasesOrdersInvoicedCanceled/detail',
  '/tablet/purchasesOrders',
  '/tablet/purchasesOrders/detail',
] as const;

/** The consignment screens: issues, receipts, and head office's transfer orders. */
export const CONSIGNMENT_PAGES = [
  '/consignmentIssue',
  '/consignmentIssue/detail',
  '/consignmentReceipt',
  '/consignmentReceipt/detail',
  '/transferOrders',
  '/transferOrders/detail',
] as const;

/** The stock screens: the warehouse entry journal and transfers, on hand and item stock (reports and tablet). */
export const WAREHOUSE_PAGES = [
  '/warehouseEntries',
  '/reports/onHand',
  '/reports/inventoryReport',
  '/tablet/onHand',
] as const;

/** The money screens (issue 11): payments, their history, bank account entries and the cashbook. */
export const MONEY_PAGES = ['/payment', '/payment/history', '/bankAccountEntries', '/reports/cashbook'] as const;

/** The shift screen, and the counter screens that show the open shift and process receipts into it (issue 11). */
export const SHIFT_PAGES = ['/shifts', '/payment', ...SALES_PAGES, '/counter'] as const;

/** The sales reports (issue 11): revenue, sales history, new customers, redeemable points used. */
export const REPORT_PAGES = [
  '/reports/revenue/summaries',
  '/reports/revenue/details',
  '/reports/salesHistorical',
  '/reports/salesHistorical/{id}',
  '/reports/newCustomerRecord',
  '/reports/redeemablePointUsed',
] as const;
