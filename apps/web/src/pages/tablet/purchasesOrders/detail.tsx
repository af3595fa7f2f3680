import { PurchaseDocumentScreen } from '../../purchasesOrders/PurchaseDocument';
import { Touch } from '../salesOrders/Touch';

/** /tablet/purchasesOrders/detail?no=…: the purchase order with finger-sized controls (receive now on the tablet). */
export default function TabletPurchaseOrderDetailPage() {
  return (
    <Touch>
      <PurchaseDocumentScreen route="tablet" />
    </Touch>
  );
}
