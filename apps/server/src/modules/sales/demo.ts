import { and, asc, eq, sql } from 'drizzle-orm';
import type { Services } from '../../services.js';
import { Scope } from '../../http/scope.js';
import { customers } from '../customers/schema.js';
import { locations } from '../franchises/schema.js';
import { items } from '../items/schema.js';
import { cancelReasons } from '../cancel-reasons/schema.js';
import { createSalesDocument, type SalesOrderCreateIn } from './documents.js';
import { changeSalesStatus } from './status.js';
import { convertQuote } from './quotes.js';
import { getSalesOrder } from './load.js';
import { salesOrders } from './schema.js';

// Demo sales documents for the demo franchises (after the catalogue and the customers): per franchise an open order,
// a released order, a canceled order, an open quote and a quote converted into an order. Made through the module's
// own functions as the store would make them; a franchise that already has sales documents is left alone.

const DEMO_FRANCHISES = ['HN001', 'HCM001', 'DN001'];

export async function seedDemoSales(s: Services): Promise<void> {
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
    .where(eq(cancelReasons.page, '/salesOrders'))
    .limit(1);
  for (const code of DEMO_FRANCHISES) {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(salesOrders)
      .where(eq(salesOrders.franchise_code, code));
    if (n > 0) continue;
    const [store] = await db
      .select({ code: locations.location_code })
      .from(locations)
      .where(and(eq(locations.customer_no, code), eq(locations.is_active, true)))
      .orderBy(asc(locations.location_code))
      .limit(1);
    const buyers = await db
      .select({ no: customers.customer_no })
      .from(customers)
      .where(eq(customers.franchise_code, code))
      .orderBy(asc(customers.customer_no))
      .limit(5);
    if (!store || buyers.length < 5) continue;
    const scope = new Scope(code);
    const line = (i: number, quantity: number) => ({
      item_no: itemNos[i % itemNos.length],
      quantity: String(quantity),
    });
    const make = (body: Partial<SalesOrderCreateIn>) =>
      db.transaction((tx) =>
        createSalesDocument(tx, scope, {
          document_type: 'order',
          location_code: store.code,
          sales_type: 'STEP IN STORE',
          ...body,
        } as SalesOrderCreateIn),
      );
    const status = async (no: string, to: 'released' | 'canceled', cancel?: string) =>
      db.transaction(async (tx) => {
        const doc = await getSalesOrder(tx, scope, no);
        await changeSalesStatus(tx, scope, {
          pos_so_no: no,
          version: doc.version,
          status: to,
          cancel_reason_code: cancel ?? '',
        });
      });
    await make({
      sell_to_code: buyers[0].no,
      lines: [line(0, 2), line(1, 1)],
      general_comments: 'Khách lấy tại cửa hàng',
    });
    const released = await make({
      sell_to_code: buyers[1].no,
      sales_type: 'ZALO STORE',
      delivery_comments: 'Giao giờ hành chính',
      lines: [line(2, 1), line(3, 3), line(4, 1)],
    });
    await status(released, 'released');
    if (reason) {
      const canceled = await make({ sell_to_code: buyers[2].no, lines: [line(5, 1)] });
      await status(canceled, 'canceled', reason.code);
    }
    await make({ document_type: 'quote', sell_to_code: buyers[3].no, lines: [line(0, 10), line(2, 5)] });
    const quote = await make({ document_type: 'quote', sell_to_code: buyers[4].no, lines: [line(1, 4)] });
    await db.transaction(async (tx) => {
      const q = await getSalesOrder(tx, scope, quote);
      await convertQuote(tx, scope, { pos_so_no: quote, version: q.version });
    });
  }
}
