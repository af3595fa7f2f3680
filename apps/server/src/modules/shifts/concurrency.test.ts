import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { D } from '../../kernel/money.js';
import { cashReceipts } from '../payments/schema.js';
import { makeItem, makeOrder, makeStore } from '../sales/posting/test-support.js';
import { shiftCounts } from './schema.js';

// Real concurrency needs PostgreSQL (the embedded database runs one transaction at a time). The lock order of
// README.md "Lock order": processing holds order → receipts → the shift FOR SHARE; the close takes the shift FOR
// UPDATE alone. So receipts processed while a close runs land in the closed shift's figures or in no shift, never
// in between, and nothing deadlocks.
describe.skipIf(!process.env.TEST_DATABASE_URL)('shifts under concurrency (PostgreSQL: TEST_DATABASE_URL)', () => {
  const ctx = useTestApp();
  let admin: Client;
  let store: Awaited<ReturnType<typeof makeStore>>;
  let item: string;
  beforeAll(async () => {
    admin = await ctx.t.admin();
    store = await makeStore(ctx.t, 'SCC');
    item = await makeItem(ctx.t);
  });

  it('two opens of one location at the same moment: one shift, the other 422 naming location_code', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        admin.op('shifts.open', { body: { location_code: store.location_code, opening_float: '100000' } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(r.envelope.errors[0]).toMatchObject({ code: 'shift_already_open', field: 'location_code' });
    const open = results.find((r) => r.statusCode === 201)!.data;
    // Close it again for the rounds below (nothing was processed into it).
    const closed = await admin.op('shifts.close', {
      body: {
        shift_id: open.id,
        version: open.version,
        counted: [
          { payment_method: 'cash', amount: '100000' },
          { payment_method: 'card', amount: '0' },
          { payment_method: 'transfer', amount: '0' },
        ],
      },
    });
    expect(closed.statusCode).toBe(200);
    expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
  });

  it('receipts processed while the shift closes are in its expected figures or in no shift, never lost', async () => {
    for (let round = 0; round < 6; round++) {
      const opened = await admin.op('shifts.open', {
        body: { location_code: store.location_code, opening_float: '500000' },
      });
      expect(opened.statusCode, opened.body).toBe(201);
      const shift = opened.data;
      // 12 open receipts on 6 orders (two per order: cash and card), processed at the moment of the close.
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const order = await makeOrder(ctx.t, store, [{ item_no: item, quantity: '1', unit_price: '100000' }]);
        for (const [payment_type, amount] of [
          ['cash', '10000'],
          ['card', '20000'],
        ] as const) {
          const r = await admin.op('cashReceipts.add', { body: { pos_so_no: order.pos_so_no, amount, payment_type } });
          expect(r.statusCode, r.body).toBe(201);
          ids.push(r.data.receipt_id);
        }
      }
      const counted = [
        { payment_method: 'cash' as const, amount: '560000' },
        { payment_method: 'card' as const, amount: '120000' },
        { payment_method: 'transfer' as const, amount: '0' },
      ];
      const [close, ...processed] = await Promise.all([
        // The close starts later each round, so it meets the processing at different points.
        new Promise((resolve) => setTimeout(resolve, round * 60)).then(() =>
          admin.op('shifts.close', { body: { shift_id: shift.id, version: shift.version, counted } }),
        ),
        ...ids.map((receipt_id) => admin.op('cashReceipts.process', { body: { receipt_id } })),
      ]);
      // Nothing deadlocked or failed.
      expect(close!.statusCode, close!.body).toBe(200);
      expect(processed.map((p) => p.statusCode)).toEqual(ids.map(() => 200));
      const rows = await ctx.t.services.db.select().from(cashReceipts).where(eq(cashReceipts.shift_id, shift.id));
      const others = await ctx.t.services.db.select().from(cashReceipts);
      const mine = new Set(ids);
      // Every receipt is processed, in this shift or in none.
      for (const r of others.filter((x) => mine.has(x.receipt_id))) {
        expect(r.status).toBe('processed');
        expect([shift.id, null]).toContain(r.shift_id);
      }
      // The close's figures are exactly the receipts that landed in the shift.
      const counts = await ctx.t.services.db.select().from(shiftCounts).where(eq(shiftCounts.shift_id, shift.id));
      const byMethod = Object.fromEntries(counts.map((c) => [c.payment_method, c]));
      const sum = (m: string) => rows.filter((r) => r.payment_type === m).reduce((a, r) => a.plus(r.amount), D(0));
      expect(D(byMethod.cash!.expected_amount).equals(sum('cash').plus(500000))).toBe(true);
      expect(D(byMethod.card!.expected_amount).equals(sum('card'))).toBe(true);
      if (process.env.SHIFT_CC_LOG)
        console.log(`round ${round}: ${rows.length} of ${ids.length} receipts in the shift`);
      const detail = await admin.op('shifts.get', { params: { id: shift.id } });
      expect(detail.data.receipt_count).toBe(rows.length);
      expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
    }
  }, 180_000); // six rounds of a close racing twelve processings; a harness limit, not a timing check
});
