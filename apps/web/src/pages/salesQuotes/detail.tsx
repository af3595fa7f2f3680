import { SalesDocumentScreen } from '../salesOrders/SalesDocument';

/** /salesQuotes/detail?no=…: a sales quote; a converted quote is read-only and links its order. */
export default function SalesQuoteDetailPage() {
  return <SalesDocumentScreen route="quote" />;
}
