import { PurchaseDocumentScreen } from './PurchaseDocument';

// The purchase order screens share one module (one chunk).

/** /purchasesOrders/detail?no=…: a purchase order in the document editor; without `no`, a new order. */
export default function PurchaseOrderDetailPage() {
  return <PurchaseDocumentScreen route="open" />;
}

/** /purchasesOrdersInvoicedCanceled/detail?no=…: an invoiced or canceled order (read-only header). */
export function PurchaseOrderClosedDetailPage() {
  return <PurchaseDocumentScreen route="closed" />;
}
