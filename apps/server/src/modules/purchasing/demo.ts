import { and, asc, eq, sql } from 'drizzle-orm';
import type { Services } from '../../services.js';
import { systemAuth } from '../../http/context.js';
import { cancelReasons } from '../cancel-reasons/schema.js';
import { locations } from '../franchises/schema.js';
import { items } from '../items/schema.js';
import { getPurchaseOrder } from './load.js';
import { createPurchaseOrder } from './service.js';
import { changePurchaseStatus, releasePurchaseOrder } from './status.js';
import { purchaseOrders } from './schema.js';

// Demo purchase orders for the demo franchises (after the catalogue): per franchise an open order at the main store,
// a released one (head office's sales order number taken) at the first store and, when a cancel reason of
// /purchasesOrders exists, a canceled one. Made through the module's own functions; a franchise that already has
// purchase orders is left alone.

const DEMO_FRANCHISES = ['HN001', 'HCM001', 'DN001'];

export async function seedDemoPurchases(s: Services): Promise<void> {
  const db = s.db;
  const itemNos = (
    await db
      .select({ item_no: items.item_no })
      .from(items)
      .where(eq(items.blocked, false))
      .orderBy(asc(items.item_no))
      .limit(6)
  ).map((i) => i.item_no);
  if (itemNos.length < 3) return;
  const [reason] = await db
    .select({ code: cancelReasons.reason_code })
    .from(cancelReasons)
    .where(eq(cancelReasons.page, '/purchasesOrders'))
    .orderBy(asc(cancelReasons.reason_code))
    .limit(1);
  const auth = systemAuth('demo');
  const defaults = { defaultVendorNo: s.config.defaultVendorNo, defaultVendorName: s.config.defaultVendorName };
  const line = (i: number, qty: number) => ({ item_no: itemNos[i % itemNos.length], purchase_qty: String(qty) });
  for (const code of DEMO_FRANCHISES) {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.franchise_code, code));
    if (n > 0) continue;
    const [store] = await db
      .select({ code: locations.location_code })
      .from(locations)
      .where(and(eq(locations.customer_no, code), eq(locations.is_active, true)))
      .orderBy(asc(locations.location_code))
      .limit(1);
    const make = (body: Parameters<typeof createPurchaseOrder>[2]) =>
      db.transaction((tx) => createPurchaseOrder(tx, auth.scope, { franchise_code: code, ...body }, defaults));
    await make({ nwv_general_comments: 'Bổ sung hàng tuần', lines: [line(0, 12), line(1, 6)] });
    const released = await make({
      location_code: store?.code,
      nwv_delivery_comments: 'Giao trước 10 giờ',
      lines: [line(2, 24), line(3, 12), line(4, 6)],
    });
    await db.transaction(async (tx) => {
      const o = await getPurchaseOrder(tx, auth.scope, released);
      await releasePurchaseOrder(
        tx,
        auth,
        { po_no: released, version: o.version },
        { standalone: s.config.erpMode === 'standalone' },
      );
    });
    if (reason) {
      const canceled = await make({ lines: [line(5, 3)] });
      await db.transaction(async (tx) => {
        const o = await getPurchaseOrder(tx, auth.scope, canceled);
        await changePurchaseStatus(tx, auth, {
          pos_po_no: canceled,
          version: o.version,
          status: 'canceled',
          cancel_reason_code: reason.code,
        });
      });
    }
  }
}
