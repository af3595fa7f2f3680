import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { businessDate, businessYear, buttonKey, GUARDED, type ApiInput } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { customerLedgerEntries } from '../ledger/schema.js';
import { addStock, makeItem, makeOrder, makeStore } from '../sales/posting/test-support.js';
import { cashReceipts, remainingAmountAdjustments } from './schema.js';
import { storeUser } from './test-support.js';

// Cash receipts and the remaining-amount adjustment through HTTP (issue 9 "Payments at the counter").

const ctx = useTestApp();
const yy = String(businessYear()).slice(-2);
let admin: Client;
let manager: Client;
let viewer: Client;
let store: Awaited<ReturnType<typeof makeStore>>;
let other: Awaited<ReturnType<typeof makeStore>>;
let item: string;

type Add = ApiInput<'cashReceipts.add'>['body'];

beforeAll(async () => {
  admin = await ctx.t.admin();
  store = await makeStore(ctx.t, 'PYA');
  other = await makeStore(ctx.t, 'PYB');
  manager = await storeUser(ctx.t, 'PYA', 'edit');
  viewer = await storeUser(ctx.t, 'PYA', 'view');
  item = await makeItem(ctx.t);
  await addStock(ctx.t, { ...store, item_no: item, quantity: '1000' });
});

/** An order of 2 × 100,000 (grand total 200,000), released. */
const order200 = (s = store) => makeOrder(ctx.t, s, [{ item_no: item, quantity: '2', unit_price: '100000' }]);

const remainingOf = async (no: string) => (await admin.op('salesOrders.get', { params: { pos_so_no: no } })).data;

const add = (c: Client, body: Add) => c.op('cashReceipts.add', { body });
const errorOf = (r: { envelope: { errors: { code: string; msg: string; field?: string }[] } }) => r.envelope.errors[0];

describe('add', () => {
  it('adds an open cash receipt with change; customer and location from the order; RC number', async () => {
    const order = await order200();
    const res = await add(manager, {
      pos_so_no: order.pos_so_no,
      amount: '200000',
      payment_type: 'cash',
      tendered_amount: '250000',
      comment: 'Khách trả tiền mặt',
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      receipt_no: `PYA-RC-${yy}-000001`,
      franchise_code: 'PYA',
      location_code: store.location_code,
      customer_no: store.customer_no,
      customer_name: `Khách ${store.customer_no}`,
      pos_so_no: order.pos_so_no,
      amount: '200000.00',
      tendered_amount: '250000.00',
      change_amount: '50000.00',
      receipt_type: 'collect_store',
      receipt_kind: 'customer_payment',
      payment_type: 'cash',
      contract_no: '',
      payment_term: '',
      status: 'open',
      posting_date: null,
    });
    // An open receipt does not count.
    expect((await remainingOf(order.pos_so_no)).totals.remaining_amount).toBe('200000.00');
  });

  it('cash without tendered: tendered = amount, no change; card keeps no tendered', async () => {
    const order = await order200();
    const cash = await add(manager, { pos_so_no: order.pos_so_no, amount: '50000', payment_type: 'cash' });
    expect(cash.data).toMatchObject({ tendered_amount: '50000.00', change_amount: '0.00' });
    const card = await add(manager, { pos_so_no: order.pos_so_no, amount: '50000', payment_type: 'card' });
    expect(card.data).toMatchObject({ tendered_amount: null, change_amount: null, payment_type: 'card' });
  });

  it('installment needs a contract number and a payment term', async () => {
    const order = await order200();
    const missing = await add(manager, { pos_so_no: order.pos_so_no, amount: '200000', payment_type: 'installment' });
    expect(missing.statusCode).toBe(400);
    expect(missing.envelope.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'contract_no', msg: 'This is required field!' }),
        expect.objectContaining({ field: 'payment_term', msg: 'This is required field!' }),
      ]),
    );
    const badTerm = await add(manager, {
      pos_so_no: order.pos_so_no,
      amount: '200000',
      payment_type: 'installment',
      contract_no: 'HD-001',
      payment_term: '12_months' as '6_months',
    });
    expect(badTerm.statusCode).toBe(400);
    expect(errorOf(badTerm)).toMatchObject({
      field: 'payment_term',
      msg: 'payment_term must be one of 3_months, 6_months',
    });
    const ok = await add(manager, {
      pos_so_no: order.pos_so_no,
      amount: '200000',
      payment_type: 'installment',
      contract_no: 'HD-001',
      payment_term: '6_months',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.data).toMatchObject({ contract_no: 'HD-001', payment_term: '6_months', tendered_amount: null });
  });

  it('refuses bad input with the field and the exact message (400)', async () => {
    const order = await order200();
    const base = { pos_so_no: order.pos_so_no, amount: '1000', payment_type: 'cash' } as const;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ comment: 'x'.repeat(101) }, 'comment', 'Maximum 100 characters!'],
      [{ amount: '0' }, 'amount', 'Amount must not be 0'],
      [{ amount: 'abc' }, 'amount', 'Please enter number!'],
      [{ amount: '1.234' }, 'amount', 'Please enter at most 2 decimals!'],
      // Without an order it is a payment on account: the customer is required then.
      [{ pos_so_no: '' }, 'customer_no', 'This is required field!'],
      [
        { payment_type: 'bitcoin' },
        'payment_type',
        'payment_type must be one of cash, installment, transfer, card, payoo, viettel, collection_on_behalf',
      ],
      [
        { receipt_type: 'x' },
        'receipt_type',
        'receipt_type must be one of collect_dealer, collect_ecom, collect_store, ecom_collect_store',
      ],
      [
        { receipt_kind: 'x' },
        'receipt_kind',
        'receipt_kind must be one of customer_payment, customer_ecom_payment, shopee_payment, lazada_payment, tiktokshop_payment',
      ],
      [{ tendered_amount: '500' }, 'tendered_amount', 'Amount tendered must be at least the amount'],
      [{ payment_type: 'card', tendered_amount: '5000' }, 'tendered_amount', 'Amount tendered is for cash only'],
    ];
    for (const [patch, field, msg] of cases) {
      const r = await manager.post('/api/cash-receipts', { ...base, ...patch });
      expect(r.statusCode, JSON.stringify(patch)).toBe(400);
      expect(r.envelope.errors, JSON.stringify(patch)).toContainEqual(expect.objectContaining({ field, msg }));
    }
    expect(
      (await ctx.t.services.db.select().from(cashReceipts).where(eq(cashReceipts.pos_so_no, order.pos_so_no))).length,
    ).toBe(0);
  });

  it('refuses an overpayment (422 naming amount); open receipts count against what remains', async () => {
    const order = await order200();
    const card = await add(manager, { pos_so_no: order.pos_so_no, amount: '250000', payment_type: 'card' });
    expect(card.statusCode).toBe(422);
    expect(errorOf(card)).toEqual({
      code: 'overpayment',
      field: 'amount',
      msg: 'Amount 250000.00 is more than the remaining amount 200000.00',
    });
    // Cash pays more only through the amount tendered.
    const cash = await add(manager, { pos_so_no: order.pos_so_no, amount: '250000', payment_type: 'cash' });
    expect(cash.statusCode).toBe(422);
    expect(
      (await add(manager, { pos_so_no: order.pos_so_no, amount: '150000', payment_type: 'transfer' })).statusCode,
    ).toBe(201);
    const more = await add(manager, { pos_so_no: order.pos_so_no, amount: '60000', payment_type: 'card' });
    expect(errorOf(more)).toMatchObject({
      code: 'overpayment',
      msg: 'Amount 60000.00 is more than the remaining amount 50000.00',
    });
    expect(
      (
        await add(manager, {
          pos_so_no: order.pos_so_no,
          amount: '50000',
          payment_type: 'cash',
          tendered_amount: '100000',
        })
      ).statusCode,
    ).toBe(201);
    const none = await add(manager, { pos_so_no: order.pos_so_no, amount: '1', payment_type: 'cash' });
    expect(errorOf(none)).toMatchObject({
      code: 'overpayment',
      msg: 'Nothing remains to be paid on this order (remaining amount 0.00)',
    });
  });

  it('refuses a refund when nothing is owed back (422)', async () => {
    const order = await order200();
    const r = await add(manager, { pos_so_no: order.pos_so_no, amount: '-1000', payment_type: 'cash' });
    expect(r.statusCode).toBe(422);
    expect(errorOf(r)).toEqual({
      code: 'refund_not_owed',
      field: 'amount',
      msg: 'Nothing is owed back to the customer (remaining amount 200000.00): a refund needs a negative remaining amount',
    });
  });

  it("another franchise's order is 404 (also a quote's number); view only is 403 and nothing changes", async () => {
    const theirs = await order200(other);
    const r = await add(manager, { pos_so_no: theirs.pos_so_no, amount: '1000', payment_type: 'cash' });
    expect(r.statusCode).toBe(404);
    expect(errorOf(r)).toMatchObject({ code: 'not_found', msg: 'Sales order not found', field: 'pos_so_no' });
    const unknown = await add(manager, { pos_so_no: 'NOPE', amount: '1000', payment_type: 'cash' });
    expect(unknown.statusCode).toBe(404);
    const mine = await order200();
    const before = await ctx.t.services.db.select().from(cashReceipts);
    const denied = await add(viewer, { pos_so_no: mine.pos_so_no, amount: '1000', payment_type: 'cash' });
    expect(denied.statusCode).toBe(403);
    expect(await ctx.t.services.db.select().from(cashReceipts)).toEqual(before);
    const anon = await ctx.t.anon.post('/api/cash-receipts', {
      pos_so_no: mine.pos_so_no,
      amount: '1000',
      payment_type: 'cash',
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('process', () => {
  it('posts a receipt: processed, posting date, one customer ledger payment entry; remaining follows', async () => {
    const order = await order200();
    const r = await add(manager, {
      pos_so_no: order.pos_so_no,
      amount: '200000',
      payment_type: 'cash',
      tendered_amount: '300000',
    });
    const res = await manager.op('cashReceipts.process', { body: { receipt_id: r.data.receipt_id, to_post: true } });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ status: 'processed', posting_date: businessDate(), change_amount: '100000.00' });
    const entries = await ctx.t.services.db
      .select()
      .from(customerLedgerEntries)
      .where(eq(customerLedgerEntries.document_no, r.data.receipt_no));
    expect(entries).toEqual([
      expect.objectContaining({
        entry_type: 'payment',
        document_type: 'cash_receipt',
        order_no: order.pos_so_no,
        customer_no: store.customer_no,
        amount: '-200000.00',
        posting_date: businessDate(),
      }),
    ]);
    const after = await remainingOf(order.pos_so_no);
    expect(after.totals.remaining_amount).toBe('0.00');
    expect(after.remaining_amount).toBe('0.00');
    const list = await admin.op('salesOrders.list', {
      body: { filters: [{ field: 'pos_so_no', value: order.pos_so_no, condition_type: 'eq' }] },
    });
    expect(list.data.items[0].remaining_amount).toBe('0.00');

    // A processed receipt never changes: processing again, deleting, and the database itself refuse.
    const again = await manager.op('cashReceipts.process', { body: { receipt_id: r.data.receipt_id } });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again)).toEqual({
      code: 'status_not_allowed',
      field: 'receipt_id',
      msg: `Cash receipt ${r.data.receipt_no} is already processed and cannot be processed again`,
    });
    const del = await manager.op('cashReceipts.delete', { query: { receipt_id: r.data.receipt_id } });
    expect(del.statusCode).toBe(422);
    expect(errorOf(del)).toMatchObject({ code: 'status_not_allowed', field: 'receipt_id' });
    await expect(
      ctx.t.services.db.execute(sql`update cash_receipts set amount = 1 where receipt_id = ${r.data.receipt_id}`),
    ).rejects.toThrow();
    await expect(
      ctx.t.services.db.execute(sql`delete from cash_receipts where receipt_id = ${r.data.receipt_id}`),
    ).rejects.toThrow();
  });

  it('to_post must be true; unknown, other franchise 404; view only 403', async () => {
    const bad = await manager.post('/api/cash-receipts/process', { receipt_id: 1, to_post: false });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ field: 'to_post', msg: 'to_post must be true' });
    const theirOrder = await order200(other);
    const theirs = await add(admin, { pos_so_no: theirOrder.pos_so_no, amount: '1000', payment_type: 'cash' });
    expect(theirs.data.franchise_code).toBe('PYB');
    const r = await manager.op('cashReceipts.process', { body: { receipt_id: theirs.data.receipt_id } });
    expect(r.statusCode).toBe(404);
    expect(errorOf(r)).toMatchObject({ msg: 'Cash receipt not found', field: 'receipt_id' });
    const missing = await manager.op('cashReceipts.process', { body: { receipt_id: 999999 } });
    expect(missing.statusCode).toBe(404);
    const denied = await viewer.op('cashReceipts.process', { body: { receipt_id: theirs.data.receipt_id } });
    expect(denied.statusCode).toBe(403);
    const [row] = await ctx.t.services.db
      .select()
      .from(cashReceipts)
      .where(eq(cashReceipts.receipt_id, theirs.data.receipt_id));
    expect(row.status).toBe('open');
  });

  it('re-checks what remains when processing (the order changed since the receipt was added)', async () => {
    const order = await order200();
    const a = await add(manager, { pos_so_no: order.pos_so_no, amount: '150000', payment_type: 'card' });
    // An adjustment takes 100,000 off: 100,000 remain, the 150,000 receipt no longer fits.
    const adj = await admin.op('salesPayments.remainingAmount', {
      body: { pos_so_no: order.pos_so_no, version: order.version, remaining_amount: '100000', reason: 'Voucher' },
    });
    expect(adj.statusCode).toBe(200);
    const r = await manager.op('cashReceipts.process', { body: { receipt_id: a.data.receipt_id } });
    expect(r.statusCode).toBe(422);
    expect(errorOf(r)).toMatchObject({
      code: 'overpayment',
      msg: 'Amount 150000.00 is more than the remaining amount 100000.00',
    });
  });
});

describe('process all', () => {
  it('posts every open receipt of the order in one transaction', async () => {
    const order = await order200();
    const a = await add(manager, { pos_so_no: order.pos_so_no, amount: '50000', payment_type: 'card' });
    const b = await add(manager, { pos_so_no: order.pos_so_no, amount: '150000', payment_type: 'transfer' });
    const all = await manager.op('cashReceipts.processAll', { body: { pos_so_no: order.pos_so_no, to_post: true } });
    expect(all.statusCode).toBe(200);
    expect(all.data.processed.map((r) => [r.receipt_id, r.status])).toEqual([
      [a.data.receipt_id, 'processed'],
      [b.data.receipt_id, 'processed'],
    ]);
    expect((await remainingOf(order.pos_so_no)).totals.remaining_amount).toBe('0.00');
    const again = await manager.op('cashReceipts.processAll', { body: { pos_so_no: order.pos_so_no } });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again)).toEqual({
      code: 'nothing_to_process',
      field: 'pos_so_no',
      msg: `Sales order ${order.pos_so_no} has no open receipts to process`,
    });
    const theirs = await order200(other);
    expect((await manager.op('cashReceipts.processAll', { body: { pos_so_no: theirs.pos_so_no } })).statusCode).toBe(
      404,
    );
  });
});

describe('delete', () => {
  it('deletes an open receipt; unknown and other franchise 404; view only 403', async () => {
    const order = await order200();
    const a = await add(manager, { pos_so_no: order.pos_so_no, amount: '50000', payment_type: 'card' });
    expect((await viewer.op('cashReceipts.delete', { query: { receipt_id: a.data.receipt_id } })).statusCode).toBe(403);
    const del = await manager.op('cashReceipts.delete', { query: { receipt_id: a.data.receipt_id } });
    expect(del.statusCode).toBe(200);
    expect(del.data).toEqual({ ok: true, receipt_id: a.data.receipt_id });
    expect(
      await ctx.t.services.db.select().from(cashReceipts).where(eq(cashReceipts.receipt_id, a.data.receipt_id)),
    ).toEqual([]);
    expect((await manager.op('cashReceipts.delete', { query: { receipt_id: a.data.receipt_id } })).statusCode).toBe(
      404,
    );
    const theirOrder = await order200(other);
    const theirs = await add(admin, { pos_so_no: theirOrder.pos_so_no, amount: '1000', payment_type: 'cash' });
    const r = await manager.op('cashReceipts.delete', { query: { receipt_id: theirs.data.receipt_id } });
    expect(r.statusCode).toBe(404);
    expect(errorOf(r)).toMatchObject({ msg: 'Cash receipt not found' });
    const bad = await manager.del('/api/cash-receipts?receipt_id=abc');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('receipt_id');
  });
});

describe('refund of what a credit memo owes back', () => {
  it('pays back a negative remaining amount, at most that', async () => {
    const order = await order200();
    const paid = await add(manager, { pos_so_no: order.pos_so_no, amount: '200000', payment_type: 'cash' });
    await manager.op('cashReceipts.process', { body: { receipt_id: paid.data.receipt_id } });
    const shipped = await admin.op('salesOrders.ship', {
      body: { pos_so_no: order.pos_so_no, version: order.version },
    });
    expect(shipped.data.status).toBe('invoiced');
    expect(shipped.data.totals.remaining_amount).toBe('0.00');
    const cm = await admin.op('salesOrders.creditMemo', {
      body: { pos_so_no: order.pos_so_no, version: shipped.data.version, lines: [{ line_no: 10000, quantity: '1' }] },
    });
    expect(cm.statusCode).toBe(201);
    // Invoiced 200,000 − credited 100,000 − paid 200,000: the store owes 100,000 back.
    const owed = await remainingOf(order.pos_so_no);
    expect(owed.totals).toMatchObject({ remaining_amount: '-100000.00', credited_amount: '100000.00' });
    const tooMuch = await add(manager, { pos_so_no: order.pos_so_no, amount: '-150000', payment_type: 'cash' });
    expect(errorOf(tooMuch)).toEqual({
      code: 'refund_too_large',
      field: 'amount',
      msg: 'Refund 150000.00 is more than the 100000.00 owed back to the customer',
    });
    const more = await add(manager, { pos_so_no: order.pos_so_no, amount: '1000', payment_type: 'cash' });
    expect(errorOf(more)).toMatchObject({ code: 'overpayment' });
    const withTendered = await add(manager, {
      pos_so_no: order.pos_so_no,
      amount: '-100000',
      payment_type: 'cash',
      tendered_amount: '0',
    });
    expect(errorOf(withTendered)).toMatchObject({ field: 'tendered_amount', msg: 'A refund takes no amount tendered' });
    const back = await add(manager, { pos_so_no: order.pos_so_no, amount: '-100000', payment_type: 'cash' });
    expect(back.statusCode).toBe(201);
    expect(back.data).toMatchObject({ amount: '-100000.00', tendered_amount: null, change_amount: null });
    expect((await manager.op('cashReceipts.process', { body: { receipt_id: back.data.receipt_id } })).statusCode).toBe(
      200,
    );
    expect((await remainingOf(order.pos_so_no)).totals.remaining_amount).toBe('0.00');
  });
});

describe('PUT /api/sales-orders/remaining-amount', () => {
  const body = (o: { pos_so_no: string; version: number }, remaining_amount: string, reason = 'Rounding') => ({
    pos_so_no: o.pos_so_no,
    version: o.version,
    is_update_remaining_amount: true,
    remaining_amount,
    reason,
  });

  it('records an adjustment (who, why, amount = current − wanted) and a ledger entry; never overwrites', async () => {
    const order = await order200();
    const res = await admin.op('salesPayments.remainingAmount', { body: body(order, '150000') });
    expect(res.statusCode).toBe(200);
    expect(res.data.totals.remaining_amount).toBe('150000.00');
    expect(res.data.version).toBe(order.version + 1);
    const [adj] = await ctx.t.services.db
      .select()
      .from(remainingAmountAdjustments)
      .where(eq(remainingAmountAdjustments.pos_so_no, order.pos_so_no));
    expect(adj).toMatchObject({
      amount: '50000.00',
      remaining_before: '200000.00',
      remaining_after: '150000.00',
      reason: 'Rounding',
      franchise_code: 'PYA',
    });
    expect(adj.created_by).toBeGreaterThan(0);
    const [entry] = await ctx.t.services.db
      .select()
      .from(customerLedgerEntries)
      .where(eq(customerLedgerEntries.document_no, String(adj.id)));
    expect(entry).toMatchObject({
      entry_type: 'adjustment',
      document_type: 'remaining_amount_adjustment',
      amount: '-50000.00',
      order_no: order.pos_so_no,
    });
    // Up again (a negative adjustment), and the same value is refused.
    const up = await admin.op('salesPayments.remainingAmount', { body: body(res.data, '210000') });
    expect(up.data.totals.remaining_amount).toBe('210000.00');
    const same = await admin.op('salesPayments.remainingAmount', { body: body(up.data, '210000') });
    expect(same.statusCode).toBe(422);
    expect(errorOf(same)).toEqual({
      code: 'nothing_to_adjust',
      field: 'remaining_amount',
      msg: 'The remaining amount is already 210000.00',
    });
    const stale = await admin.op('salesPayments.remainingAmount', { body: body(order, '1000') });
    expect(stale.statusCode).toBe(409);
    const noReason = await admin.put('/api/sales-orders/remaining-amount', { ...body(up.data, '1000'), reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason)).toMatchObject({ field: 'reason', msg: 'This is required field!' });
  });

  it('needs the Adjust Remaining Amount button: 403 and nothing changed without it; 404 for another franchise', async () => {
    const order = await order200();
    const before = await ctx.t.services.db.select().from(remainingAmountAdjustments);
    const denied = await manager.op('salesPayments.remainingAmount', { body: body(order, '1000') });
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied)).toMatchObject({
      code: 'forbidden',
      field: 'remaining_amount',
      msg: 'You are not allowed to Adjust Remaining Amount',
    });
    expect(await ctx.t.services.db.select().from(remainingAmountAdjustments)).toEqual(before);
    expect((await remainingOf(order.pos_so_no)).version).toBe(order.version);
    expect((await viewer.op('salesPayments.remainingAmount', { body: body(order, '1000') })).statusCode).toBe(403);

    const cashier = await storeUser(ctx.t, 'PYA', 'edit', [
      buttonKey('/salesOrders/detail', GUARDED.adjustRemainingAmount),
    ]);
    const ok = await cashier.op('salesPayments.remainingAmount', { body: body(order, '1000') });
    expect(ok.statusCode).toBe(200);
    expect(ok.data.totals.remaining_amount).toBe('1000.00');
    const theirs = await order200(other);
    const r = await cashier.op('salesPayments.remainingAmount', { body: body(theirs, '1000') });
    expect(r.statusCode).toBe(404);
    expect(errorOf(r)).toMatchObject({ msg: 'Sales order not found' });
  });

  it('is_update_remaining_amount false records nothing', async () => {
    const order = await order200();
    const r = await admin.op('salesPayments.remainingAmount', {
      body: { ...body(order, '5'), is_update_remaining_amount: false },
    });
    expect(r.statusCode).toBe(200);
    expect(r.data.totals.remaining_amount).toBe('200000.00');
  });
});

describe('list', () => {
  it('filters receipts in scope (a store user sees only its own)', async () => {
    const order = await order200();
    await add(manager, { pos_so_no: order.pos_so_no, amount: '1000', payment_type: 'cash' });
    const mine = await manager.op('cashReceipts.list', {
      body: { filters: [{ field: 'pos_so_no', value: order.pos_so_no, condition_type: 'eq' }] },
    });
    expect(mine.data.items).toHaveLength(1);
    expect(mine.data.items[0]).toMatchObject({ pos_so_no: order.pos_so_no, amount: '1000.00', status: 'open' });
    const all = await manager.op('cashReceipts.list', { body: { filters: [], pagination: { page: 1, size: 500 } } });
    expect(all.data.items.every((r) => r.franchise_code === 'PYA')).toBe(true);
    const admins = await admin.op('cashReceipts.list', {
      body: { filters: [{ field: 'franchise_code', value: 'PYB', condition_type: 'eq' }] },
    });
    expect(admins.data.total_count).toBeGreaterThan(0);
  });
});

describe('the books', () => {
  it('hold after every payment above', async () => {
    const results = await checkBooks(ctx.t.services.db);
    expect(results.filter((r) => r.violations > 0)).toEqual([]);
    expect(totalViolations(results)).toBe(0);
  });

  it('find a payment entry without its receipt, a receipt processed without its entry, a wrong adjustment', async () => {
    const db = ctx.t.services.db;
    const order = await order200();
    const failing = async (damage: string) => {
      let names: string[] = [];
      await db
        .transaction(async (tx) => {
          await tx.execute(sql.raw(damage));
          names = (await checkBooks(tx as never)).filter((r) => r.violations > 0).map((r) => r.name);
          throw new Error('rollback');
        })
        .catch((e: Error) => {
          if (e.message !== 'rollback') throw e;
        });
      return names;
    };
    const day = businessDate();
    expect(
      await failing(`insert into customer_ledger_entries (entry_type, franchise_code, customer_no, amount, document_type, document_no, order_no, posting_date)
        values ('payment', 'PYA', 'X', -5, 'cash_receipt', 'DAMAGE-1', '${order.pos_so_no}', '${day}')`),
    ).toEqual(['customer ledger per cash receipt', 'remaining amount = due − receipts − adjustments']);
    expect(
      await failing(`insert into cash_receipts (receipt_no, franchise_code, pos_so_no, amount, receipt_type, payment_type, status, posting_date)
        values ('DAMAGE-2', 'PYA', '${order.pos_so_no}', 5, 'collect_store', 'cash', 'processed', '${day}')`),
    ).toEqual(['customer ledger per cash receipt', 'remaining amount = due − receipts − adjustments']);
    expect(
      await failing(`insert into remaining_amount_adjustments (pos_so_no, franchise_code, amount, remaining_before, remaining_after, reason)
        values ('${order.pos_so_no}', 'PYA', 5, 0, 0, 'x')`),
    ).toEqual(['customer ledger per remaining-amount adjustment', 'remaining amount = due − receipts − adjustments']);
  });
});
