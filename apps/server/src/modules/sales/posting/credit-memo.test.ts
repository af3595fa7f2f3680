import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { businessDate, businessYear } from '@fp/contract';
import { useTestApp, type Client } from '../../../../test/helpers.js';
import { toQty as q } from '../../../kernel/money.js';
import { customerLedgerEntries, itemLedgerEntries } from '../../ledger/schema.js';
import { onHand } from '../../ledger/service.js';
import { Scope } from '../../../http/scope.js';
import { getSalesOrder } from '../load.js';
import { salesOrderLines, salesOrders } from '../schema.js';
import { addStock, makeItem, makeOrder, makeStore, postingFootprint } from './test-support.js';

const ctx = useTestApp();
const yy = String(businessYear()).slice(-2);
let admin: Client;
let store: Awaited<ReturnType<typeof makeStore>>;

beforeAll(async () => {
  admin = await ctx.t.admin();
  store = await makeStore(ctx.t, 'CMA');
});

/** An order of two lines (3 × A with a line discount, 2 × B), invoice discount 6,000, shipped and invoiced. */
async function invoicedOrder() {
  const a = await makeItem(ctx.t);
  const b = await makeItem(ctx.t);
  await addStock(ctx.t, { ...store, item_no: a, quantity: '10' });
  await addStock(ctx.t, { ...store, item_no: b, quantity: '10' });
  const order = await makeOrder(
    ctx.t,
    store,
    [
      { item_no: a, quantity: '3', unit_price: '100000', line_discount_amount: '30000' },
      { item_no: b, quantity: '2', unit_price: '50000' },
    ],
    { invoice_discount_amount: '6000' },
  );
  const shipped = await admin.op('salesOrders.ship', { body: { ...order, sell_on_credit: true } });
  expect(shipped.data.status).toBe('invoiced');
  return { a, b, order: shipped.data };
}

const stockAt = (item_no: string) => onHand(ctx.t.services.db, { locationCode: store.location_code, itemNo: item_no });

describe('credit memo for lines', () => {
  it('credits a line: SCM document, stock back, customer credit, qty_credited, proportional discounts', async () => {
    const { a, order } = await invoicedOrder();
    expect(order.grand_total).toBe('364000.00');
    const res = await admin.op('salesOrders.creditMemo', {
      body: { pos_so_no: order.pos_so_no, version: order.version, lines: [{ line_no: 10000, quantity: '1' }] },
    });
    expect(res.statusCode).toBe(201);
    const cm = res.data;
    // 1 of 3: 100,000 − 10,000 line discount; invoice discount 6,000 × 90,000 / 370,000 = 1,459.46.
    expect(cm).toMatchObject({
      pos_so_no: `CMA-SCM-${yy}-000001`,
      applies_to_order_no: order.pos_so_no,
      franchise_code: 'CMA',
      location_code: store.location_code,
      customer_no: store.customer_no,
      posting_date: businessDate(),
      amount: '88540.54',
    });
    expect(cm.lines).toEqual([
      expect.objectContaining({
        line_no: 10000,
        order_line_no: 10000,
        item_no: a,
        quantity: '1.00000',
        unit_price: '100000.00',
        line_discount_amount: '10000.00',
        amount: '90000.00',
      }),
    ]);
    const db = ctx.t.services.db;
    const [doc] = await db.select().from(salesOrders).where(eq(salesOrders.pos_so_no, cm.pos_so_no));
    expect(doc).toMatchObject({ document_type: 'credit_memo', status: 'invoiced', grand_total: '88540.54' });
    expect(await stockAt(a)).toBe('8');
    const [entry] = await db.select().from(itemLedgerEntries).where(eq(itemLedgerEntries.document_no, cm.pos_so_no));
    expect(entry).toMatchObject({ entry_type: 'sale_return', document_type: 'sales_credit_memo', quantity: '1.00000' });
    expect(entry.reverses_entry_id).not.toBeNull();
    const [credit] = await db
      .select()
      .from(customerLedgerEntries)
      .where(eq(customerLedgerEntries.document_no, cm.pos_so_no));
    expect(credit).toMatchObject({ entry_type: 'credit_memo', amount: '-88540.54', order_no: order.pos_so_no });
    const lines = await db
      .select()
      .from(salesOrderLines)
      .where(eq(salesOrderLines.pos_so_no, order.pos_so_no))
      .orderBy(asc(salesOrderLines.line_no));
    expect(lines.map((l) => q(l.qty_credited))).toEqual(['1', '0']);

    // The order's version moved on; the order shows the credit memo and what it owes back.
    // (GET /api/sales-orders/{no} is the documents module's route; its read model answers here.)
    const got = { data: await getSalesOrder(db, new Scope(null), order.pos_so_no) };
    expect(got.data.version).toBe(order.version + 1);
    expect(got.data.credit_memos).toEqual([expect.objectContaining({ pos_so_no: cm.pos_so_no, amount: '88540.54' })]);

    // The rest, then nothing: all credited parts add up to the order exactly.
    const all = await admin.op('salesOrders.creditMemoAll', {
      body: { pos_so_no: order.pos_so_no, version: got.data.version },
    });
    expect(all.statusCode).toBe(201);
    expect(all.data.lines.map((l) => [l.line_no, l.quantity])).toEqual([
      [10000, '2.00000'],
      [20000, '2.00000'],
    ]);
    expect(Number(all.data.amount) + 88540.54).toBeCloseTo(364000, 2);
    const none = await admin.op('salesOrders.creditMemoAll', {
      body: { pos_so_no: order.pos_so_no, version: got.data.version + 1 },
    });
    expect(none.statusCode).toBe(422);
    expect(none.envelope.errors[0]).toEqual({ code: 'nothing_to_credit', msg: 'Nothing to credit', field: 'lines' });
  });

  it('caps each line at invoiced − credited, naming lines.<i>.quantity, and refuses unknown lines', async () => {
    const { order } = await invoicedOrder();
    const before = await postingFootprint(ctx.t);
    const over = await admin.op('salesOrders.creditMemo', {
      body: {
        pos_so_no: order.pos_so_no,
        version: order.version,
        lines: [
          { line_no: 10000, quantity: '1' },
          { line_no: 20000, quantity: '3' },
        ],
      },
    });
    expect(over.statusCode).toBe(422);
    expect(over.envelope.errors[0]).toMatchObject({ code: 'credit_too_large', field: 'lines.1.quantity' });
    expect(over.envelope.errors[0].msg).toContain('more than the 2 invoiced and not credited');
    const unknown = await admin.op('salesOrders.creditMemo', {
      body: { pos_so_no: order.pos_so_no, version: order.version, lines: [{ line_no: 99, quantity: '1' }] },
    });
    expect(unknown.envelope.errors[0]).toMatchObject({ code: 'line_not_found', field: 'lines.0.line_no' });
    const twice = await admin.op('salesOrders.creditMemo', {
      body: {
        pos_so_no: order.pos_so_no,
        version: order.version,
        lines: [
          { line_no: 10000, quantity: '1' },
          { line_no: 10000, quantity: '1' },
        ],
      },
    });
    expect(twice.statusCode).toBe(400);
    const stale = await admin.op('salesOrders.creditMemoAll', { body: { pos_so_no: order.pos_so_no, version: 99 } });
    expect(stale.statusCode).toBe(409);
    expect(await postingFootprint(ctx.t)).toEqual(before);
  });

  it('refuses an order with nothing invoiced and anything that is not an order', async () => {
    const a = await makeItem(ctx.t);
    const order = await makeOrder(ctx.t, store, [{ item_no: a, quantity: '1' }]);
    const res = await admin.op('salesOrders.creditMemo', {
      body: { pos_so_no: order.pos_so_no, version: 1, lines: [{ line_no: 10000, quantity: '1' }] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.envelope.errors[0]).toMatchObject({ code: 'credit_too_large', field: 'lines.0.quantity' });
    expect((await admin.op('salesOrders.creditMemoAll', { body: order })).envelope.errors[0].msg).toBe(
      'Nothing to credit',
    );
    // A credit memo cannot be credited again.
    const { order: done } = await invoicedOrder();
    const cm = await admin.op('salesOrders.creditMemoAll', { body: done });
    const again = await admin.op('salesOrders.creditMemoAll', { body: { pos_so_no: cm.data.pos_so_no, version: 1 } });
    expect(again.statusCode).toBe(404);
    expect(again.envelope.errors[0].msg).toBe('Sales order not found');
  });

  it('takes a cancel reason of the order page', async () => {
    await admin.op('cancelReasons.create', {
      body: { reason_code: 'RETURN', description: 'Customer returned goods', page: '/salesOrders' },
    });
    const { order } = await invoicedOrder();
    const bad = await admin.op('salesOrders.creditMemoAll', { body: { ...pick(order), cancel_reason_code: 'NOPE' } });
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'cancel_reason_code' });
    const ok = await admin.op('salesOrders.creditMemoAll', { body: { ...pick(order), cancel_reason_code: 'RETURN' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.data.cancel_reason_code).toBe('RETURN');
  });
});

const pick = (o: { pos_so_no: string; version: number }) => ({ pos_so_no: o.pos_so_no, version: o.version });
