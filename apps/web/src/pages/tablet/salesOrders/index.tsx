import { TabletSalesList } from './TabletSalesList';

// The two tablet sales lists share one module (one chunk).

/** /tablet/salesOrders: the open orders, Confirmed included. */
export default function TabletSalesOrdersPage() {
  return <TabletSalesList variant="open" />;
}

/** /tablet/salesOrdersInvoicedCanceled: invoiced and canceled orders. */
export function TabletSalesOrdersInvoicedCanceledPage() {
  return <TabletSalesList variant="closed" />;
}
