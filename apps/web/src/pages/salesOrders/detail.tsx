import { SalesDocumentScreen } from './SalesDocument';

/** /salesOrders/detail?no=…: a sales order in the document editor; without `no`, a new order. */
export default function SalesOrderDetailPage() {
  return <SalesDocumentScreen route="order" />;
}
