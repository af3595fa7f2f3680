import { TabletSalesDocument } from './TabletSalesDocument';

// The two tablet sales document screens share one module (one chunk).

/** /tablet/salesOrders/detail?no=…: an order on the tablet; without `no`, a new order. */
export default function TabletSalesOrderDetailPage() {
  return <TabletSalesDocument route="order" />;
}

/** /tablet/salesOrdersInvoicedCanceled/detail?no=…: an invoiced or canceled order, read-only. */
export function TabletSalesOrderClosedDetailPage() {
  return <TabletSalesDocument route="closed" />;
}
