import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { businessDate, businessYear } from '@fp/contract';
import { useTestApp, type Client } from '../../../../test/helpers.js';
import { jobs } from '../../../jobs/schema.js';
import { postingFaults, postingSteps } from '../../../kernel/posting.js';
import { cancelReasons } from '../../cancel-reasons/schema.js';
import { itemLedgerEntries, vendorLedgerEntries } from '../../ledger/schema.js';
import { onHand } from '../../ledger/service.js';
import { purchaseInvoices, purchaseOrderLines } from '../schema.js';
import { Scope } from '../../../http/scope.js';
import { headOfficeAuth } from './direct.js';
import { assertMayShip, SHIP_HEAD_OFFICE_ONLY, SHIPS_IN_ERP } from './ship.js';
import { makeBuyer, makePurchaseItem, makePurchaseOrder, purchaseFootprint } from './test-support.js';

const ctx = useTestApp();
const yy = String(businessYear()).slice(-2);
let admin: Client;
let buyer: Awaited<ReturnType<typeof makeBuyer>>;
let storeUser: Client;

beforeAll(async () => {
  admin = await ctx.t.admin();
  buyer = await makeBuyer(ctx.t, 'PPA');
  storeUser = (
    await ctx.t.makeUser({
      role: 'Store Manager',
      customer_no: 'PPA',
      pages: [{ page_url: '/purchasesOrders', permission_type: 'edit' }],
    })
  ).client;
});
afterEach(() => postingFaults.clear());

type Ref = { pos_po_no: string; version: number };
const ship = (c: Client, o: Ref, lines?: { line_no: number; quantity: string }[], extra: object = {}) =>
  c.op('purchaseOrders.ship', { body: { pos_po_no: o.pos_po_no, version: o.version, lines, ...extra } });
const receive = (c: Client, o: Ref, lines: { line_no: number; qty_to_receive: string; la_so_line_note?: string }[]) =>
  c.op('purchaseOrders.receive', { body: { pos_po_no: o.pos_po_no, version: o.version, lines } });
const creditMemo = (c: Client, o: Ref, lines: { line_no: number; quantity: string }[], extra: object = {}) =>
  c.op('purchaseOrders.creditMemo', { body: { pos_po_no: o.pos_po_no, version: o.version, lines, ...extra } });
const stockAt = (item_no: string) => onHand(ctx.t.services.db, { locationCode: buyer.location_code, itemNo: item_no });
const orderLines = (no: string) =>
  ctx.t.services.db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.pos_po_no, no))
    .orderBy(asc(purchaseOrderLines.line_no));
/** GET …/remaining-amount: what is still to be invoiced and what the franchise owes for the order. */
const figures = async (c: Client, no: string) => {
  const r = await c.op('purchaseOrders.remainingAmount', { params: { pos_po_no: no } });
  expect(r.statusCode).toBe(200);
  return [r.data.remaining_amount, r.data.payable];
};

/**
 * Two lines: A 4 × 100,000 − 20,000 = 380,000; B 3 BOX (6 PCS each) × 50,000 = 150,000; total 530,000, invoice
 * discount 53,000 (10 %), grand total 477,000.
 */
async function twoLineOrder() {
  const a = await makePurchaseItem(ctx.t);
  const b = await makePurchaseItem(ctx.t);
  const po = await makePurchaseOrder(
    ctx.t,
    buyer,
    [
      { item_no: a, purchase_qty: '4', unit_price: '100000', line_discount_amount: '20000' },
      { item_no: b, purchase_qty: '3', unit_price: '50000', unit_of_measure: 'BOX', qty_per_unit_of_measure: '6' },
    ],
    { invoice_discount_amount: '53000' },
  );
  expect(po.grand_total).toBe('477000.00');
  return { a, b, po };
}

describe('purchase order postings: ship part, receive part, ship rest, receive rest, credit memo', () => {
  it('moves quantities, money, stock and the payable at each step (hand-computed)', async () => {
    const { a, b, po } = await twoLineOrder();
    const db = ctx.t.services.db;
    const jobsBefore = (await db.select().from(jobs)).length;
    expect(await figures(storeUser, po.pos_po_no)).toEqual(['477000.00', '0.00']);

    // 1. Head office ships A 2 and B 1: 190,000 + 50,000 = 240,000, its discount share 53,000 × 240/530 = 24,000.
    const s1 = await ship(admin, po, [
      { line_no: 10000, quantity: '2' },
      { line_no: 20000, quantity: '1' },
    ]);
    expect(s1.statusCode).toBe(200);
    const hss1 = `PPA-HSS-${yy}-000001`;
    const hsi1 = `PPA-HSI-${yy}-000001`;
    expect(s1.data).toMatchObject({
      no: hss1,
      order_no: po.bc_so_no,
      pos_po_no: po.pos_po_no,
      franchise_code: 'PPA',
      customer: 'Franchise PPA',
      customer_no: 'PPA',
      order_date: businessDate(),
      posting_date: businessDate(),
      shipment_date: businessDate(),
      ship_to_address: '12 Lê Lợi, Quận 1, HCM',
      shipping_agent_code: 'GHN',
      external_document_no: po.pos_po_no,
      invoice_no: hsi1,
      amount: '216000.00',
    });
    expect(s1.data.lines.map((l) => [l.order_line_no, l.quantity, l.line_discount_amount, l.amount])).toEqual([
      [10000, '2.00000', '10000.00', '190000.00'],
      [20000, '1.00000', '0.00', '50000.00'],
    ]);
    const [inv1] = await db.select().from(purchaseInvoices).where(eq(purchaseInvoices.no, hsi1));
    expect(inv1).toMatchObject({
      shipment_no: hss1,
      subtotal: '240000.00',
      invoice_discount_amount: '24000.00',
      amount: '216000.00',
      vendor_no: 'HO-V',
    });
    // VAT contained: 216,000 × 10 / 110 = 19,636.36
    expect(inv1.vat_amount).toBe('19636.36');
    expect(await figures(storeUser, po.pos_po_no)).toEqual(['261000.00', '216000.00']);
    // Nothing arrived at the store yet.
    expect(await stockAt(a)).toBe('0');
    let v = 2;

    // 2. The store receives A 1 (of 2 shipped) and B 1 BOX; asking A 2 is past the cap.
    const over = await receive(storeUser, { ...po, version: v }, [
      { line_no: 20000, qty_to_receive: '1' },
      { line_no: 10000, qty_to_receive: '3' },
    ]);
    expect(over.statusCode).toBe(422);
    expect(over.envelope.errors[0]).toEqual({
      code: 'qty_exceeds_shipped',
      msg: `Line 10000 (${a}): qty to receive 3 is more than the 2 shipped and not received`,
      field: 'lines.1.qty_to_receive',
    });
    const r1 = await receive(storeUser, { ...po, version: v }, [
      { line_no: 10000, qty_to_receive: '1', la_so_line_note: 'one box dented' },
      { line_no: 20000, qty_to_receive: '1' },
    ]);
    expect(r1.statusCode).toBe(200);
    v++;
    const pr1 = `PPA-PR-${yy}-000001`;
    expect(r1.data).toMatchObject({
      status: 'partial_received',
      version: v,
      remaining_amount: '261000.00',
      payable: '216000.00',
      receipts: [{ pos_pr_no: pr1, posting_date: businessDate() }],
      shipments: [{ no: hss1 }],
    });
    expect(r1.data.lines.map((l) => [l.qty_shipped, l.qty_invoiced, l.qty_received, l.qty_to_receive])).toEqual([
      ['2.00000', '2.00000', '1.00000', '1.00000'],
      ['1.00000', '1.00000', '1.00000', '0.00000'],
    ]);
    expect(r1.data.lines[0].la_so_line_note).toBe('one box dented');
    expect(await stockAt(a)).toBe('1');
    expect(await stockAt(b)).toBe('6');
    const receiptEntries = await db
      .select()
      .from(itemLedgerEntries)
      .where(eq(itemLedgerEntries.document_no, pr1))
      .orderBy(asc(itemLedgerEntries.document_line_no));
    expect(
      receiptEntries.map((e) => [e.entry_type, e.document_type, e.item_no, e.location_code, e.quantity, e.order_no]),
    ).toEqual([
      ['purchase', 'purchase_receipt', a, buyer.location_code, '1.00000', po.pos_po_no],
      ['purchase', 'purchase_receipt', b, buyer.location_code, '6.00000', po.pos_po_no],
    ]);

    // 3. Head office ships the rest (no lines): A 2 = 190,000, B 2 = 100,000; discount 53,000 − 24,000 = 29,000.
    const s2 = await ship(admin, { ...po, version: v }, undefined, { shipping_agent_code: 'VTP' });
    expect(s2.statusCode).toBe(200);
    v++;
    expect(s2.data).toMatchObject({ no: `PPA-HSS-${yy}-000002`, amount: '261000.00', shipping_agent_code: 'VTP' });
    expect(s2.data.lines.map((l) => [l.order_line_no, l.quantity, l.amount])).toEqual([
      [10000, '2.00000', '190000.00'],
      [20000, '2.00000', '100000.00'],
    ]);
    expect(await figures(storeUser, po.pos_po_no)).toEqual(['0.00', '477000.00']);
    // Nothing more to ship.
    const none = await ship(admin, { ...po, version: v });
    expect(none.statusCode).toBe(422);
    expect(none.envelope.errors[0]).toEqual({ code: 'nothing_to_ship', msg: 'Nothing to ship', field: 'lines' });

    // 4. The store receives the rest: every line shipped and received → invoiced.
    const r2 = await receive(storeUser, { ...po, version: v }, [
      { line_no: 10000, qty_to_receive: '3' },
      { line_no: 20000, qty_to_receive: '2' },
    ]);
    expect(r2.statusCode).toBe(200);
    v++;
    expect(r2.data).toMatchObject({ status: 'invoiced', remaining_amount: '0.00', payable: '477000.00' });
    expect(await stockAt(a)).toBe('4');
    expect(await stockAt(b)).toBe('18');

    // 5. A credit memo returns 1 of A: 95,000 less its discount share 53,000 × 95/530 = 9,500 → 85,500.
    const cm = await creditMemo(storeUser, { ...po, version: v }, [{ line_no: 10000, quantity: '1' }]);
    expect(cm.statusCode).toBe(201);
    v++;
    const pcm = `PPA-PCM-${yy}-000001`;
    expect(cm.data).toMatchObject({
      pos_po_no: pcm,
      type: 'Credit Memo',
      status: 'invoiced',
      applies_to_order_no: po.pos_po_no,
      posting_date: businessDate(),
      franchise_code: 'PPA',
      location_code: buyer.location_code,
      vendor_no: 'HO-V',
      total_lines: '95000.00',
      invoice_discount_amount: '9500.00',
      grand_total: '85500.00',
    });
    expect(cm.data.lines.map((l) => [l.line_no, l.item_no, l.purchase_qty, l.amount])).toEqual([
      [10000, a, '1.00000', '95000.00'],
    ]);
    const [cmLine] = await orderLines(pcm);
    expect(cmLine.applies_to_line_no).toBe(10000);
    expect(await stockAt(a)).toBe('3');
    expect(await figures(storeUser, po.pos_po_no)).toEqual(['0.00', '391500.00']);
    const ordered = await orderLines(po.pos_po_no);
    expect(ordered.map((l) => [l.qty_received, l.qty_credited])).toEqual([
      ['4.00000', '1.00000'],
      ['3.00000', '0.00000'],
    ]);
    const vendor = await db
      .select()
      .from(vendorLedgerEntries)
      .where(eq(vendorLedgerEntries.order_no, po.pos_po_no))
      .orderBy(asc(vendorLedgerEntries.id));
    expect(vendor.map((e) => [e.entry_type, e.document_type, e.document_no, e.amount])).toEqual([
      ['invoice', 'purchase_invoice', hsi1, '216000.00'],
      ['invoice', 'purchase_invoice', `PPA-HSI-${yy}-000002`, '261000.00'],
      ['credit_memo', 'purchase_credit_memo', pcm, '-85500.00'],
    ]);
    // Returning more than received − credited names the line.
    const tooMuch = await creditMemo(storeUser, { ...po, version: v }, [
      { line_no: 20000, quantity: '1' },
      { line_no: 10000, quantity: '4' },
    ]);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.envelope.errors[0]).toEqual({
      code: 'credit_too_large',
      msg: `Line 10000 (${a}): quantity 4 is more than the 3 received and not credited`,
      field: 'lines.1.quantity',
    });

    // The ERP jobs: one post per receipt and per credit memo (head office's shipments have none).
    const posted = (await db.select().from(jobs).orderBy(asc(jobs.id))).slice(jobsBefore).map((j) => j.payload);
    expect(posted).toEqual([
      expect.objectContaining({ action: 'post', postedKind: 'purchase_receipt', postedNo: pr1 }),
      expect.objectContaining({ action: 'post', postedKind: 'purchase_receipt', postedNo: `PPA-PR-${yy}-000002` }),
      expect.objectContaining({ action: 'post', postedKind: 'purchase_cr_memo', postedNo: pcm }),
    ]);

    // The posted shipments: list (with invoice and amount) and get.
    const list = await storeUser.op('purchaseShipments.list', {
      body: {
        filters: [{ field: 'pos_po_no', value: po.pos_po_no, condition_type: 'eq' }],
        sort_order: { field: 'no', direction: 'asc' },
      },
    });
    expect(list.statusCode).toBe(200);
    expect(list.data.items.map((s) => [s.no, s.invoice_no, s.amount])).toEqual([
      [hss1, hsi1, '216000.00'],
      [`PPA-HSS-${yy}-000002`, `PPA-HSI-${yy}-000002`, '261000.00'],
    ]);
    const got = await storeUser.op('purchaseShipments.get', { params: { no: hss1 } });
    expect(got.data).toEqual(s1.data);
  });

  it('keeps the credit memo within stock unless allow_negative_stock, and checks the cancel reason', async () => {
    const a = await makePurchaseItem(ctx.t);
    const po = await makePurchaseOrder(ctx.t, buyer, [{ item_no: a, purchase_qty: '2' }]);
    expect((await ship(admin, po)).statusCode).toBe(200);
    expect(
      (await receive(storeUser, { ...po, version: 2 }, [{ line_no: 10000, qty_to_receive: '2' }])).data.status,
    ).toBe('invoiced');
    // The store sold one meanwhile: 1 on hand.
    await ctx.t.services.db.insert(itemLedgerEntries).values({
      entry_type: 'negative_adjmt',
      franchise_code: 'PPA',
      location_code: buyer.location_code,
      item_no: a,
      quantity: '-1',
      document_type: 'warehouse_entry',
      document_no: `TEST-${a}`,
      posting_date: businessDate(),
    });
    const ref = { ...po, version: 3 };
    const before = await purchaseFootprint(ctx.t);
    const short = await creditMemo(storeUser, ref, [{ line_no: 10000, quantity: '2' }]);
    expect(short.statusCode).toBe(422);
    expect(short.envelope.errors[0]).toEqual({
      code: 'insufficient_stock',
      msg: `Item ${a} at ${buyer.location_code}: only 1 on hand, 2 to return`,
      field: 'lines.0.quantity',
    });
    const badReason = await creditMemo(storeUser, ref, [{ line_no: 10000, quantity: '1' }], {
      cancel_reason_code: 'NOPE',
    });
    expect(badReason.envelope.errors[0]).toEqual({
      code: 'reference_not_found',
      msg: 'Cancel reason NOPE not found',
      field: 'cancel_reason_code',
    });
    expect(await purchaseFootprint(ctx.t)).toEqual(before);

    await ctx.t.services.db
      .insert(cancelReasons)
      .values({ reason_code: 'DMG', description: 'Damaged', page: '/purchasesOrders' })
      .onConflictDoNothing();
    expect((await admin.op('config.update', { body: { allow_negative_stock: true } })).statusCode).toBe(200);
    try {
      const ok = await creditMemo(storeUser, ref, [{ line_no: 10000, quantity: '2' }], { cancel_reason_code: 'DMG' });
      expect(ok.statusCode).toBe(201);
      expect(ok.data).toMatchObject({ cancel_reason_code: 'DMG', cancel_reason_description: 'Damaged' });
      expect(await stockAt(a)).toBe('-1');
    } finally {
      await admin.op('config.update', { body: { allow_negative_stock: false } });
    }
  });
});

describe('closing after a partial shipment', () => {
  it('ship part, receive it, close: what was not shipped is no longer outstanding, a ship is refused', async () => {
    const { po } = await twoLineOrder();
    expect((await ship(admin, po, [{ line_no: 10000, quantity: '4' }])).data.amount).toBe('342000.00');
    const r = await receive(storeUser, { ...po, version: 2 }, [{ line_no: 10000, qty_to_receive: '4' }]);
    expect(r.data).toMatchObject({ status: 'partial_received', remaining_amount: '135000.00', payable: '342000.00' });
    const closed = await storeUser.op('purchaseOrders.close', { body: { po_no: po.pos_po_no, version: 3 } });
    expect(closed.statusCode).toBe(200);
    expect(closed.data).toMatchObject({ status: 'invoiced', remaining_amount: '0.00', payable: '342000.00' });
    const late = await ship(admin, { ...po, version: closed.data.version });
    expect(late.statusCode).toBe(422);
    expect(late.envelope.errors[0]).toMatchObject({ code: 'status_not_allowed', field: 'status' });
  });
});

describe('who may post, and when', () => {
  it('ship is for head office in the standalone ERP only', () => {
    const store = { ...headOfficeAuth(), franchiseCode: 'PPA', scope: new Scope('PPA') };
    expect(() => assertMayShip(store, 'standalone')).toThrow(SHIP_HEAD_OFFICE_ONLY);
    expect(() => assertMayShip(headOfficeAuth(), 'business_central')).toThrow(SHIPS_IN_ERP);
    expect(() => assertMayShip(headOfficeAuth(), 'standalone')).not.toThrow();
  });

  it('ship: 403 for a store user (nothing changed), 422 past the outstanding, unknown lines named, 409 stale', async () => {
    const { a, po } = await twoLineOrder();
    const before = await purchaseFootprint(ctx.t);
    const forbidden = await ship(storeUser, po);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.envelope.errors[0].msg).toBe('Only head office can ship a purchase order');
    const past = await ship(admin, po, [
      { line_no: 20000, quantity: '0' },
      { line_no: 10000, quantity: '5' },
    ]);
    expect(past.statusCode).toBe(422);
    expect(past.envelope.errors[0]).toEqual({
      code: 'qty_exceeds_outstanding',
      msg: `Line 10000 (${a}): quantity 5 is more than the 4 outstanding`,
      field: 'lines.1.quantity',
    });
    const zero = await ship(admin, po, [{ line_no: 10000, quantity: '0' }]);
    expect(zero.envelope.errors[0]).toEqual({ code: 'nothing_to_ship', msg: 'Nothing to ship', field: 'lines' });
    const unknown = await ship(admin, po, [{ line_no: 30000, quantity: '1' }]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.envelope.errors[0]).toEqual({
      code: 'line_not_found',
      msg: 'Line 30000 is not a line of this purchase order',
      field: 'lines.0.line_no',
    });
    const stale = await ship(admin, { ...po, version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(await purchaseFootprint(ctx.t)).toEqual(before);
  });

  it('receive and credit memo: another franchise 404, before shipping nothing to receive, status checks', async () => {
    const { po } = await twoLineOrder();
    const other = await makeBuyer(ctx.t, 'PPB');
    const outsider = (
      await ctx.t.makeUser({
        role: 'Store Manager',
        customer_no: other.franchise_code,
        pages: [{ page_url: '/purchasesOrders', permission_type: 'edit' }],
      })
    ).client;
    const open = await makePurchaseOrder(ctx.t, buyer, [{ item_no: 'X', purchase_qty: '1' }], { status: 'open' });
    const before = await purchaseFootprint(ctx.t);
    const hidden = await receive(outsider, po, [{ line_no: 10000, qty_to_receive: '1' }]);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.envelope.errors[0].msg).toBe('Purchase order not found');
    expect((await creditMemo(outsider, po, [{ line_no: 10000, quantity: '1' }])).statusCode).toBe(404);
    expect((await outsider.op('purchaseShipments.list', { body: {} })).data.items).toEqual([]);
    // Nothing shipped yet: nothing to receive; a credit memo is not offered on a released order.
    const early = await receive(storeUser, po, [{ line_no: 10000, qty_to_receive: '1' }]);
    expect(early.envelope.errors[0]).toMatchObject({ code: 'qty_exceeds_shipped', field: 'lines.0.qty_to_receive' });
    const cmEarly = await creditMemo(storeUser, po, [{ line_no: 10000, quantity: '1' }]);
    expect(cmEarly.statusCode).toBe(422);
    expect(cmEarly.envelope.errors[0]).toMatchObject({ code: 'status_not_allowed', field: 'status' });
    expect((await ship(admin, open)).envelope.errors[0]).toMatchObject({ code: 'status_not_allowed', field: 'status' });
    expect(await purchaseFootprint(ctx.t)).toEqual(before);
    // Another franchise's posted shipment is not found.
    const s = await ship(admin, po, [{ line_no: 10000, quantity: '1' }]);
    const got = await outsider.op('purchaseShipments.get', { params: { no: s.data.no } });
    expect(got.statusCode).toBe(404);
    expect(got.envelope.errors[0].msg).toBe('Purchase shipment not found');
  });
});

describe('a failure at any posting step leaves nothing behind', () => {
  it.each(postingSteps)('after step %s of ship, receive and credit memo', async (step) => {
    const { po } = await twoLineOrder();
    postingFaults.add(`purchase_ship:${step}`);
    let before = await purchaseFootprint(ctx.t);
    expect((await ship(admin, po)).statusCode).toBe(500);
    expect(await purchaseFootprint(ctx.t)).toEqual(before);
    postingFaults.clear();
    expect((await ship(admin, po)).statusCode).toBe(200);

    const ref = { ...po, version: 2 };
    const lines = [
      { line_no: 10000, qty_to_receive: '4' },
      { line_no: 20000, qty_to_receive: '3' },
    ];
    postingFaults.add(`purchase_receive:${step}`);
    before = await purchaseFootprint(ctx.t);
    expect((await receive(storeUser, ref, lines)).statusCode).toBe(500);
    expect(await purchaseFootprint(ctx.t)).toEqual(before);
    postingFaults.clear();
    expect((await receive(storeUser, ref, lines)).data.status).toBe('invoiced');

    postingFaults.add(`purchase_credit_memo:${step}`);
    before = await purchaseFootprint(ctx.t);
    const cmRef = { ...po, version: 3 };
    expect((await creditMemo(storeUser, cmRef, [{ line_no: 10000, quantity: '1' }])).statusCode).toBe(500);
    expect(await purchaseFootprint(ctx.t)).toEqual(before);
    postingFaults.clear();
    expect((await creditMemo(storeUser, cmRef, [{ line_no: 10000, quantity: '1' }])).statusCode).toBe(201);
  });
});
