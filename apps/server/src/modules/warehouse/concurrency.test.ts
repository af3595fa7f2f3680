import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { itemLedgerEntries } from '../ledger/schema.js';
import { onHand } from '../ledger/service.js';
import { addStock, makeItem, makeStore } from '../sales/posting/test-support.js';
import { warehouseEntries } from './schema.js';

// Real concurrency needs PostgreSQL (the embedded database runs one transaction at a time).
describe.skipIf(!process.env.TEST_DATABASE_URL)('warehouse postings under concurrency (PostgreSQL)', () => {
  const ctx = useTestApp();
  let admin: Client;
  let store: Awaited<ReturnType<typeof makeStore>>;
  beforeAll(async () => {
    admin = await ctx.t.admin();
    store = await makeStore(ctx.t, 'WCC');
  });

  it('20 concurrent posts of the same entries: exactly one posts, one WE number, one ledger entry each', async () => {
    const item = await makeItem(ctx.t);
    await addStock(ctx.t, { ...store, item_no: item, quantity: '10' });
    const ids: number[] = [];
    for (const [entry_type, quantity] of [
      ['positive_adjmt', '3'],
      ['negative_adjmt', '2'],
    ] as const) {
      const res = await admin.op('warehouseEntries.create', {
        body: { location_code: store.location_code, item_no: item, entry_type, quantity, reason_code: 'COUNT' },
      });
      ids.push(res.data.id);
    }
    const results = await Promise.all(
      Array.from({ length: 20 }, () => admin.op('warehouseEntries.post', { body: { ids } })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 422)).toBe(true);
    const db = ctx.t.services.db;
    const rows = await db.select().from(warehouseEntries).where(eq(warehouseEntries.franchise_code, 'WCC'));
    expect(new Set(rows.map((r) => r.document_no)).size).toBe(1);
    const no = rows[0].document_no;
    expect(await db.select().from(itemLedgerEntries).where(eq(itemLedgerEntries.document_no, no))).toHaveLength(2);
    expect(await onHand(db, { locationCode: store.location_code, itemNo: item })).toBe('11');
  });

  it('10 concurrent transfers of one item with stock for 5: five post, on hand never negative', async () => {
    const item = await makeItem(ctx.t);
    await addStock(ctx.t, { ...store, item_no: item, quantity: '5' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.op('warehouse.transfer', {
          body: { location_from: store.location_code, location_to: 'WCC', items: [{ item_no: item, quantity: '1' }] },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 422, 422, 422, 422, 422]);
    const db = ctx.t.services.db;
    expect(await onHand(db, { locationCode: store.location_code, itemNo: item })).toBe('0');
    expect(await onHand(db, { locationCode: 'WCC', itemNo: item })).toBe('5');
    expect(totalViolations(await checkBooks(db))).toBe(0);
  });
});
