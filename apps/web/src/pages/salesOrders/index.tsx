import { SalesList } from './SalesList';

// The three sales lists share one module (one chunk and one preload list in the first load's route table).

/** /salesOrders: the open orders (open, released, confirmed, partial delivered, shipped). */
export default function SalesOrdersPage() {
  return <SalesList variant="open" />;
}

/** /salesQuotes: sales quotes (document_type quote). */
export function SalesQuotesPage() {
  return <SalesList variant="quotes" />;
}

/** /salesOrdersInvoicedCanceled: invoiced and canceled orders, customer number and name frozen. */
export function SalesOrdersInvoicedCanceledPage() {
  return <SalesList variant="closed" />;
}
