import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { customerLedgerEntries } from '../ledger/schema.js';
import { bankAccountEntries } from '../money/schema.js';
import { makeItem, makeOrder, makeStore } from '../sales/posting/test-support.js';

// Real concurrency needs PostgreSQL (the embedded database runs one transaction at a time).
describe.skipIf(!process.env.TEST_DATABASE_URL)('payments under concurrency (PostgreSQL: TEST_DATABASE_URL)', () => {
  const ctx = useTestApp();
  let admin: Client;
  let store: Awaited<ReturnType<typeof makeStore>>;
  let item: string;
  beforeAll(async () => {
    admin = await ctx.t.admin();
    store = await makeStore(ctx.t, 'PCC');
    item = await makeItem(ctx.t);
  });

  it('20 concurrent "process" of one receipt: exactly one posts, the others are refused', async () => {
    const order = await makeOrder(ctx.t, store, [{ item_no: item, quantity: '1', unit_price: '100000' }]);
    const r = await admin.op('cashReceipts.add', {
      body: { pos_so_no: order.pos_so_no, amount: '100000', payment_type: 'cash', tendered_amount: '200000' },
    });
    expect(r.statusCode).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => admin.op('cashReceipts.process', { body: { receipt_id: r.data.receipt_id } })),
    );
    const codes = results.map((x) => x.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 422)).toBe(true);
    const entries = await ctx.t.services.db
      .select()
      .from(customerLedgerEntries)
      .where(eq(customerLedgerEntries.document_no, r.data.receipt_no));
    expect(entries).toHaveLength(1);
    expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
  });

  it('10 concurrent adds and a process-all of one order never pay more than the grand total', async () => {
    const order = await makeOrder(ctx.t, store, [{ item_no: item, quantity: '1', unit_price: '100000' }]);
    const adds = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.op('cashReceipts.add', { body: { pos_so_no: order.pos_so_no, amount: '30000', payment_type: 'card' } }),
      ),
    );
    expect(adds.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 422, 422, 422, 422, 422, 422, 422]);
    const all = await admin.op('cashReceipts.processAll', { body: { pos_so_no: order.pos_so_no } });
    expect(all.data.processed).toHaveLength(3);
    const got = await admin.op('salesOrders.get', { params: { pos_so_no: order.pos_so_no } });
    expect(got.data.totals.remaining_amount).toBe('10000.00');
    expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
  });

  it('20 concurrent "process" of one transfer receipt on account: one bank entry, one BA number (issue 11)', async () => {
    const r = await admin.op('cashReceipts.add', {
      body: { customer_no: store.customer_no, amount: '250000', payment_type: 'transfer' },
    });
    expect(r.statusCode).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => admin.op('cashReceipts.process', { body: { receipt_id: r.data.receipt_id } })),
    );
    expect(results.filter((x) => x.statusCode === 200)).toHaveLength(1);
    const entries = await ctx.t.services.db
      .select()
      .from(bankAccountEntries)
      .where(eq(bankAccountEntries.receipt_no, r.data.receipt_no));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: '250000.00', source: 'cash_receipt' });
    // BA gap-free: the refused processes took no number.
    expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
  });
});
