import { SalesDocumentScreen } from '../salesOrders/SalesDocument';

/** /salesOrdersInvoicedCanceled/detail?no=…: an invoiced or canceled order, read-only. */
export default function SalesOrderClosedDetailPage() {
  return <SalesDocumentScreen route="closed" />;
}
