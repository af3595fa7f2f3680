import { SalesList } from '../salesOrders/SalesList';

/** /salesOrdersInvoicedCanceled: invoiced and canceled orders, customer number and name frozen. */
export default function SalesOrdersInvoicedCanceledPage() {
  return <SalesList variant="closed" />;
}
