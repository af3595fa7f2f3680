import { PurchaseList } from './PurchaseList';

// The two purchase order lists share one module (one chunk).

/** /purchasesOrders: the open orders (open, released, partial received). */
export default function PurchaseOrdersPage() {
  return <PurchaseList variant="open" />;
}

/** /purchasesOrdersInvoicedCanceled: invoiced and canceled orders, and the credit memos. */
export function PurchaseOrdersInvoicedCanceledPage() {
  return <PurchaseList variant="closed" />;
}
