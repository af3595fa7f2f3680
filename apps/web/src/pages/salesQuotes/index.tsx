import { SalesList } from '../salesOrders/SalesList';

/** /salesQuotes: sales quotes (document_type quote). */
export default function SalesQuotesPage() {
  return <SalesList variant="quotes" />;
}
