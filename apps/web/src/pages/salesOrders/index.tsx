import { SalesList } from './SalesList';

/** /salesOrders: the open orders (open, released, confirmed, partial delivered, shipped). */
export default function SalesOrdersPage() {
  return <SalesList variant="open" />;
}
