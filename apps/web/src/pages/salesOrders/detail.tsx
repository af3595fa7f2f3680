import { SalesDocumentScreen } from './SalesDocument';

// The three sales document screens share one module (one chunk and one preload list in the first load's route table).

/** /salesOrders/detail?no=…: a sales order in the document editor; without `no`, a new order. */
export default function SalesOrderDetailPage() {
  return <SalesDocumentScreen route="order" />;
}

/** /salesQuotes/detail?no=…: a sales quote; a converted quote is read-only and links its order. */
export function SalesQuoteDetailPage() {
  return <SalesDocumentScreen route="quote" />;
}

/** /salesOrdersInvoicedCanceled/detail?no=…: an invoiced or canceled order, read-only. */
export function SalesOrderClosedDetailPage() {
  return <SalesDocumentScreen route="closed" />;
}
