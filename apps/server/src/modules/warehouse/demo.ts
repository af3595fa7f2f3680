import { and, asc, eq, sql } from 'drizzle-orm';
import { businessDate } from '@fp/contract';
import type { Services } from '../../services.js';
import { makeAuth } from '../../http/context.js';
import { locations } from '../franchises/schema.js';
import { items } from '../items/schema.js';
import { createEntry, postEntries } from './entries.js';
import { postTransfer } from './transfer.js';
import { warehouseEntries } from './schema.js';

// Demo stock (after the catalogue): per demo franchise, positive adjustments of the first items at its first store,
// posted together (one WE), a transfer of part of it to its second store when it has one, and one open negative
// adjustment left in the journal. Made through the module's own functions; a franchise with warehouse entries is
// left alone.

const DEMO_FRANCHISES = ['HN001', 'HCM001', 'DN001'];

export async function seedDemoWarehouse(s: Services): Promise<void> {
  const db = s.db;
  const itemNos = (
    await db
      .select({ item_no: items.item_no })
      .from(items)
      .where(eq(items.blocked, false))
      .orderBy(asc(items.item_no))
      .limit(8)
  ).map((i) => i.item_no);
  if (itemNos.length === 0) return;
  for (const code of DEMO_FRANCHISES) {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(warehouseEntries)
      .where(eq(warehouseEntries.franchise_code, code));
    if (n > 0) continue;
    const stores = await db
      .select({ code: locations.location_code })
      .from(locations)
      .where(and(eq(locations.customer_no, code), eq(locations.is_active, true)))
      .orderBy(asc(locations.location_code))
      .limit(2);
    if (stores.length === 0) continue;
    const auth = makeAuth({
      userId: 0,
      username: 'demo',
      roleName: 'Store Manager',
      franchiseCode: code,
      grants: [],
      buttons: [],
      sessionId: 0,
    });
    const date = businessDate();
    await db.transaction(async (tx) => {
      const ids: number[] = [];
      for (const [i, item_no] of itemNos.entries()) {
        const e = await createEntry(tx, auth, {
          location_code: stores[0].code,
          item_no,
          entry_type: 'positive_adjmt',
          quantity: String(20 + i * 5),
          reason_code: 'Opening stock',
          posting_date: date,
        });
        ids.push(e.id);
      }
      await postEntries(tx, auth, { ids });
      if (stores[1])
        await postTransfer(tx, auth, {
          location_from: stores[0].code,
          location_to: stores[1].code,
          items: itemNos.slice(0, 3).map((item_no) => ({ item_no, quantity: '5' })),
          posting_date: date,
          description: 'Demo: stock for the second store',
        });
      await createEntry(tx, auth, {
        location_code: stores[0].code,
        item_no: itemNos[0],
        entry_type: 'negative_adjmt',
        quantity: '1',
        reason_code: 'Damaged',
        description: 'Broken in the shop (not posted yet)',
        posting_date: date,
      });
    });
  }
}
