import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, type Client } from '../../../../test/helpers.js';
import { itemLedgerEntries } from '../../ledger/schema.js';
import { onHand } from '../../ledger/service.js';
import { salesInvoices, salesShipments } from '../schema.js';
import { addStock, makeItem, makeOrder, makeStore } from './test-support.js';

// Real concurrency needs PostgreSQL (the embedded database runs one transaction at a time).
describe.skipIf(!process.env.TEST_DATABASE_URL)('postings under concurrency (PostgreSQL: TEST_DATABASE_URL)', () => {
  const ctx = useTestApp();
  let admin: Client;
  let store: Awaited<ReturnType<typeof makeStore>>;
  beforeAll(async () => {
    admin = await ctx.t.admin();
    store = await makeStore(ctx.t, 'CCA');
  });

  it('20 concurrent Ship Now of one order: exactly one posts, the others are refused', async () => {
    const item = await makeItem(ctx.t);
    await addStock(ctx.t, { ...store, item_no: item, quantity: '100' });
    const order = await makeOrder(ctx.t, store, [{ item_no: item, quantity: '3' }]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => admin.op('salesOrders.ship', { body: { ...order, sell_on_credit: true } })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409 || c === 422)).toBe(true);
    const db = ctx.t.services.db;
    expect(await db.select().from(salesShipments).where(eq(salesShipments.pos_so_no, order.pos_so_no))).toHaveLength(1);
    expect(await db.select().from(salesInvoices).where(eq(salesInvoices.pos_so_no, order.pos_so_no))).toHaveLength(1);
    expect(await onHand(db, { locationCode: store.location_code, itemNo: item })).toBe('97');
  });

  it('10 concurrent Ship Now of different orders of one item with stock for 5: five post, on hand never negative', async () => {
    const item = await makeItem(ctx.t);
    await addStock(ctx.t, { ...store, item_no: item, quantity: '5' });
    const orders = [];
    for (let i = 0; i < 10; i++) orders.push(await makeOrder(ctx.t, store, [{ item_no: item, quantity: '1' }]));
    const results = await Promise.all(
      orders.map((o) => admin.op('salesOrders.ship', { body: { ...o, sell_on_credit: true } })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 422, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(r.envelope.errors[0]).toMatchObject({
        code: 'insufficient_stock',
        msg: `Item ${item} at ${store.location_code}: only 0 on hand, 1 to ship`,
      });
    const db = ctx.t.services.db;
    expect(await onHand(db, { locationCode: store.location_code, itemNo: item })).toBe('0');
    // Never negative at any point: the running sum over the ledger in entry order stays ≥ 0.
    const rows = await db.select({ min: sql<string>`min(running)` }).from(
      db
        .select({
          running: sql<string>`sum(${itemLedgerEntries.quantity}) over (order by ${itemLedgerEntries.id})`.as(
            'running',
          ),
        })
        .from(itemLedgerEntries)
        .where(eq(itemLedgerEntries.item_no, item))
        .as('r'),
    );
    expect(Number(rows[0].min)).toBeGreaterThanOrEqual(0);
    // Numbers stay gap-free: five shipments, consecutive.
    const ss = await db
      .select({ no: salesShipments.pos_ss_no })
      .from(salesShipments)
      .where(eq(salesShipments.franchise_code, 'CCA'));
    const counters = ss.map((s) => Number(s.no.slice(-6))).sort((a, b) => a - b);
    expect(counters).toEqual(Array.from({ length: counters.length }, (_, i) => i + 1));
  });
});
