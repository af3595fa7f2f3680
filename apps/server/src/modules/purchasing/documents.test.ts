import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, businessDate, requestedReceiptDateTooEarly } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { itemPriceLists, itemPrices } from '../item-prices/schema.js';
import { items } from '../items/schema.js';
import { makePurchaseOrder, purchaseWorld, type PurchaseOrderAnswer } from './test-support/builders.js';

const ctx = useTestApp();
let w: Awaited<ReturnType<typeof purchaseWorld>>;
let other: Awaited<ReturnType<typeof purchaseWorld>>;
let admin: Client;

beforeAll(async () => {
  w = await purchaseWorld(ctx.t, 'PD001');
  other = await purchaseWorld(ctx.t, 'PD002', { vendor: false });
  admin = await ctx.t.admin();
});

const today = () => businessDate();

describe('purchase orders: create and get', () => {
  it('creates an order filled from the franchise, lines priced, qty 1 by default, totals', async () => {
    const res = await w.client.post<PurchaseOrderAnswer>('/api/purchase-orders', {
      nwv_general_comments: 'Giao sáng',
      lines: [
        { item_no: 'po110', purchase_qty: 2 },
        { item_no: 'PO050', variant_code: 'RED', unit_of_measure: 'BOX' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const o = res.data;
    expect(o.pos_po_no).toMatch(/^PD001-PO-\d{2}-\d+$/);
    expect(o).toMatchObject({
      type: 'Order',
      status: 'open',
      la_status: 'open',
      po_no: '',
      bc_so_no: '',
      franchise_code: 'PD001',
      location_code: 'PD001',
      vendor_no: 'V-HO-9',
      vendor_name: 'HO Nine',
      buy_from_code: 'BF-PD001',
      buy_from_address: '9 Kho Tổng',
      franchise_name: 'Franchise PD001',
      franchise_address: '1 Lê Lợi',
      franchise_district_code: 'Q1',
      franchise_district_name: 'Quận 1',
      franchise_phone_no: '0281234567',
      franchise_contact: 'Chị Lan',
      franchise_post_code: '700000',
      franchise_region_code: 'HCM',
      receiving_code: 'PD001',
      receiving_contact: 'Chị Lan',
      campaign: 'HC',
      costcenter: 'HCC',
      channel: 'HCH',
      department: 'HD',
      factory: 'HF',
      nwv_general_comments: 'Giao sáng',
      order_date: today(),
      requested_receipt_date: addDays(today(), 3),
      min_requested_receipt_date: addDays(today(), 3),
      total_lines: '820000.00',
      subtotal: '820000.00',
      grand_total: '820000.00',
      invoice_discount_amount: '0.00',
      invoice_discount_percent: '0.00',
      remaining_amount: '820000.00',
      payable: '0.00',
      erp: { state: 'not_sent' },
      version: 1,
    });
    expect(
      o.lines.map((l) => [
        l.line_no,
        l.item_no,
        l.description,
        l.unit_of_measure,
        l.purchase_qty,
        l.unit_price,
        l.amount,
      ]),
    ).toEqual([
      [10000, 'PO110', 'Nước mắm 110', 'PCS', '2.00000', '110000.00', '220000.00'],
      [20000, 'PO050', 'Bánh 50 - Đỏ', 'BOX', '1.00000', '600000.00', '600000.00'],
    ]);
    expect(o.lines[0]).toMatchObject({
      campaign: 'LC',
      costcenter: 'LCC',
      gen_bus_posting_group: 'LGB',
      location_code: 'PD001',
      qty_shipped: '0.00000',
      qty_to_receive: '0.00000',
      posting_date: null,
      shipment_date: null,
    });
    const got = await w.client.get<PurchaseOrderAnswer>(`/api/purchase-orders/${o.pos_po_no}`);
    expect(got.statusCode).toBe(200);
    expect(got.data).toEqual(o);
  });

  it('takes the default vendor when the franchise has none, and the location and receiving block of a store', async () => {
    const o = await makePurchaseOrder(other.client, { location_code: other.location_code });
    expect(o).toMatchObject({
      vendor_no: ctx.t.config.defaultVendorNo,
      vendor_name: ctx.t.config.defaultVendorName,
      location_code: other.location_code,
      receiving_code: other.location_code,
      receiving_address: '5 Nguyễn Huệ',
      receiving_district_code: 'Q3',
      receiving_district_name: 'Quận 3',
    });
    expect(o.lines[0].location_code).toBe(other.location_code);
  });

  it('refuses a requested receipt date before today + the lead time, naming the first allowed date', async () => {
    const min = addDays(today(), 3);
    const res = await w.client.post('/api/purchase-orders', { requested_receipt_date: addDays(today(), 2) });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errors[0]).toMatchObject({
      field: 'requested_receipt_date',
      msg: requestedReceiptDateTooEarly(min),
    });
    expect(requestedReceiptDateTooEarly(min)).toContain(`${min.slice(8, 10)}-${min.slice(5, 7)}-${min.slice(0, 4)}`);
    const ok = await w.client.post<PurchaseOrderAnswer>('/api/purchase-orders', { requested_receipt_date: min });
    expect(ok.statusCode).toBe(201);
    expect(ok.data.requested_receipt_date).toBe(min);
  });

  it('lets head office create for a franchise it names (required), not for an unknown one', async () => {
    const none = await admin.post('/api/purchase-orders', { lines: [{ item_no: 'PO110' }] });
    expect(none.statusCode).toBe(400);
    expect(none.envelope.errors[0]).toMatchObject({ field: 'franchise_code', msg: 'This is required field!' });
    const unknown = await admin.post('/api/purchase-orders', { franchise_code: 'NOPE1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.envelope.errors[0].field).toBe('franchise_code');
    const ok = await makePurchaseOrder(admin, { franchise_code: 'PD002' });
    expect(ok).toMatchObject({ franchise_code: 'PD002', location_code: 'PD002' });
    expect(ok.pos_po_no).toMatch(/^PD002-PO-/);
    const wrongStore = await admin.post('/api/purchase-orders', {
      franchise_code: 'PD002',
      location_code: w.location_code,
    });
    expect(wrongStore.statusCode).toBe(404);
    expect(wrongStore.envelope.errors[0].field).toBe('location_code');
  });

  it('prices lines with the franchise’s price on the order date (another franchise keeps the list price)', async () => {
    const db = ctx.t.services.db;
    await db
      .insert(items)
      .values({ item_no: 'PO200', description: 'Trà 200', base_unit_of_measure: 'PCS', unit_price: '50000' });
    await db.insert(itemPriceLists).values({ code: 'PDLIST', name: 'PD001 prices' }).onConflictDoNothing();
    await db.insert(itemPrices).values([
      {
        price_list_code: 'PDLIST',
        item_no: 'PO200',
        unit_of_measure: 'PCS',
        franchise_code: 'PD001',
        unit_price: '45000',
        valid_from: addDays(today(), -10),
      },
      {
        price_list_code: 'PDLIST',
        item_no: 'PO200',
        unit_of_measure: 'PCS',
        franchise_code: 'PD001',
        unit_price: '40000',
        valid_from: addDays(today(), 1),
      },
    ]);
    const mine = await makePurchaseOrder(w.client, { lines: [{ item_no: 'PO200', purchase_qty: 3 }] });
    expect(mine.lines[0]).toMatchObject({ unit_price: '45000.00', amount: '135000.00' });
    expect(mine).toMatchObject({ total_lines: '135000.00', grand_total: '135000.00' });
    const theirs = await makePurchaseOrder(other.client, { lines: [{ item_no: 'PO200', purchase_qty: 3 }] });
    expect(theirs.lines[0]).toMatchObject({ unit_price: '50000.00', amount: '150000.00' });
  });

  it('answers another franchise’s order as not found', async () => {
    const o = await makePurchaseOrder(other.client);
    const res = await w.client.get(`/api/purchase-orders/${o.pos_po_no}`);
    expect(res.statusCode).toBe(404);
    expect(res.envelope.errors[0].msg).toBe('Purchase order not found');
    expect((await admin.get(`/api/purchase-orders/${o.pos_po_no}`)).statusCode).toBe(200);
  });
});

const get = async (no: string) => (await admin.get<PurchaseOrderAnswer>(`/api/purchase-orders/${no}`)).data;
const count = async (table: string) =>
  Number(
    (
      (await ctx.t.services.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n,
  );

describe('purchase orders: header update', () => {
  it('changes header fields, refuses an early requested receipt date with the same message, recomputes totals on the invoice discount', async () => {
    const o = await makePurchaseOrder(w.client);
    const min = addDays(today(), 3);
    const early = await w.client.put('/api/purchase-orders', {
      pos_po_no: o.pos_po_no,
      version: o.version,
      requested_receipt_date: addDays(today(), 1),
    });
    expect(early.statusCode).toBe(400);
    expect(early.envelope.errors[0]).toMatchObject({
      field: 'requested_receipt_date',
      msg: requestedReceiptDateTooEarly(min),
    });
    const res = await w.client.put<PurchaseOrderAnswer>('/api/purchase-orders', {
      pos_po_no: o.pos_po_no,
      version: o.version,
      requested_receipt_date: addDays(today(), 10),
      nwv_delivery_comments: 'Cổng sau',
      receiving_contact: 'Anh Tú',
      invoice_discount_amount: '22000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      requested_receipt_date: addDays(today(), 10),
      nwv_delivery_comments: 'Cổng sau',
      receiving_contact: 'Anh Tú',
      total_lines: '220000.00',
      invoice_discount_amount: '22000.00',
      invoice_discount_percent: '10.00',
      grand_total: '198000.00',
      version: o.version + 1,
    });
    const tooMuch = await w.client.put('/api/purchase-orders', {
      pos_po_no: o.pos_po_no,
      version: res.data.version,
      invoice_discount_amount: '300000',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.envelope.errors[0].field).toBe('invoice_discount_amount');
    const stale = await w.client.put('/api/purchase-orders', {
      pos_po_no: o.pos_po_no,
      version: o.version,
      nwv_general_comments: 'x',
    });
    expect(stale.statusCode).toBe(409);
    const moved = await w.client.put<PurchaseOrderAnswer>('/api/purchase-orders', {
      pos_po_no: o.pos_po_no,
      version: res.data.version,
      location_code: w.location_code,
    });
    expect(moved.data).toMatchObject({ location_code: w.location_code, receiving_address: '5 Nguyễn Huệ' });
    expect(moved.data.lines[0].location_code).toBe(w.location_code);
    const theirs = await w.client.put('/api/purchase-orders', {
      pos_po_no: o.pos_po_no,
      version: moved.data.version,
      location_code: other.location_code,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.envelope.errors[0].field).toBe('location_code');
  });

  it('answers 403 to a view-only user and 404 for another franchise, changing nothing', async () => {
    const o = await makePurchaseOrder(w.client);
    const before = await count('purchase_orders');
    const viewer = await w.viewer.post('/api/purchase-orders', { lines: [{ item_no: 'PO110' }] });
    expect(viewer.statusCode).toBe(403);
    for (const [method, path, body] of [
      ['put', '/api/purchase-orders', { nwv_general_comments: 'x' }],
      ['post', '/api/purchase-orders/lines', { lines: [{ item_no: 'PO110' }] }],
      ['put', '/api/purchase-orders/lines', { line_no: 10000, purchase_qty: 5 }],
      ['post', '/api/purchase-orders/lines/remove', { line_nos: [10000] }],
      ['put', '/api/purchase-orders/status', { status: 'canceled', cancel_reason_code: 'X' }],
      ['post', '/api/purchase-orders/release', { po_no: o.pos_po_no }],
      ['post', '/api/purchase-orders/close', { po_no: o.pos_po_no }],
    ] as const) {
      const b = { pos_po_no: o.pos_po_no, version: o.version, ...body };
      const v = await w.viewer[method](path, b);
      expect([path, v.statusCode]).toEqual([path, 403]);
      const x = await other.client[method](path, b);
      expect([path, x.statusCode, x.envelope.errors[0].msg]).toEqual([path, 404, 'Purchase order not found']);
    }
    expect(await count('purchase_orders')).toBe(before);
    expect(await get(o.pos_po_no)).toEqual(o);
    expect((await w.viewer.get(`/api/purchase-orders/${o.pos_po_no}`)).statusCode).toBe(200);
    expect((await other.client.get(`/api/purchase-orders/${o.pos_po_no}/lines`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/purchase-orders/${o.pos_po_no}/remaining-amount`)).statusCode).toBe(404);
  });

  it('refuses bad lines naming the line field, and gives no number back on a refusal', async () => {
    const cases: [unknown, string, string][] = [
      [{ item_no: 'NOPE' }, 'lines.1.item_no', 'Item NOPE not found'],
      [{ item_no: 'POBLK' }, 'lines.1.item_no', 'Item POBLK is blocked and cannot be purchased'],
      [{ item_no: 'PO050', variant_code: 'BLUE' }, 'lines.1.variant_code', 'Item PO050 has no variant BLUE'],
      [{ item_no: 'PO050', unit_of_measure: 'KG' }, 'lines.1.unit_of_measure', 'Item PO050 has no unit KG'],
      [{ item_no: 'PO050', purchase_qty: 0 }, 'lines.1.purchase_qty', ''],
    ];
    const a = await makePurchaseOrder(w.client);
    for (const [line, field, msg] of cases) {
      const res = await w.client.post('/api/purchase-orders', { lines: [{ item_no: 'PO110' }, line] });
      expect([field, res.statusCode, res.envelope.errors[0].field]).toEqual([field, 400, field]);
      if (msg) expect(res.envelope.errors[0].msg).toBe(msg);
    }
    const b = await makePurchaseOrder(w.client);
    const seq = (no: string) => Number(no.split('-').at(-1));
    expect(seq(b.pos_po_no)).toBe(seq(a.pos_po_no) + 1);
  });
});

describe('purchase orders: lines', () => {
  it('adds (qty 1 by default), updates and removes lines of an open order, totals follow', async () => {
    const o = await makePurchaseOrder(w.client);
    const added = await w.client.post<PurchaseOrderAnswer>('/api/purchase-orders/lines', {
      pos_po_no: o.pos_po_no,
      version: o.version,
      lines: [{ item_no: 'PO050' }, { item_no: 'PO050', variant_code: 'RED', line_discount_amount: '5000' }],
    });
    expect(added.statusCode).toBe(200);
    expect(added.data.lines.map((l) => [l.line_no, l.purchase_qty, l.unit_price, l.amount])).toEqual([
      [10000, '2.00000', '110000.00', '220000.00'],
      [20000, '1.00000', '50000.00', '50000.00'],
      [30000, '1.00000', '50000.00', '45000.00'],
    ]);
    expect(added.data).toMatchObject({ total_lines: '315000.00', grand_total: '315000.00' });
    const upd = await w.client.put<PurchaseOrderAnswer>('/api/purchase-orders/lines', {
      pos_po_no: o.pos_po_no,
      version: added.data.version,
      line_no: 20000,
      purchase_qty: 3,
      la_so_line_note: 'gấp',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.data.lines[1]).toMatchObject({ purchase_qty: '3.00000', amount: '150000.00', la_so_line_note: 'gấp' });
    expect(upd.data.total_lines).toBe('415000.00');
    const missing = await w.client.put('/api/purchase-orders/lines', {
      pos_po_no: o.pos_po_no,
      version: upd.data.version,
      line_no: 99999,
      purchase_qty: 1,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.envelope.errors[0].field).toBe('line_no');
    const stale = await w.client.post('/api/purchase-orders/lines/remove', {
      pos_po_no: o.pos_po_no,
      version: added.data.version,
      line_nos: [10000],
    });
    expect(stale.statusCode).toBe(409);
    const rem = await w.client.post<PurchaseOrderAnswer>('/api/purchase-orders/lines/remove', {
      pos_po_no: o.pos_po_no,
      version: upd.data.version,
      line_nos: [10000, 30000],
    });
    expect(rem.statusCode).toBe(200);
    expect(rem.data.lines.map((l) => l.line_no)).toEqual([20000]);
    expect(rem.data).toMatchObject({ total_lines: '150000.00', grand_total: '150000.00' });
    const lines = await w.client.get<PurchaseOrderAnswer['lines']>(`/api/purchase-orders/${o.pos_po_no}/lines`);
    expect(lines.statusCode).toBe(200);
    expect(lines.data).toEqual(rem.data.lines);
  });

  it('refuses line and header changes once released (422 naming status)', async () => {
    const o = await makePurchaseOrder(w.client);
    const rel = await w.client.post<PurchaseOrderAnswer>('/api/purchase-orders/release', {
      po_no: o.pos_po_no,
      version: o.version,
    });
    expect(rel.statusCode).toBe(200);
    const v = rel.data.version;
    for (const [method, path, body] of [
      ['put', '/api/purchase-orders', { nwv_general_comments: 'x' }, 'be changed'],
      ['post', '/api/purchase-orders/lines', { lines: [{ item_no: 'PO110' }] }],
      ['put', '/api/purchase-orders/lines', { line_no: 10000, purchase_qty: 5 }],
      ['post', '/api/purchase-orders/lines/remove', { line_nos: [10000] }],
    ] as const) {
      const res = await w.client[method](path, { pos_po_no: o.pos_po_no, version: v, ...body });
      expect([path, res.statusCode, res.envelope.errors[0].field]).toEqual([path, 422, 'status']);
      expect(res.envelope.errors[0].msg).toMatch(
        /^Purchase Order in status released cannot (change lines|be changed)$/,
      );
    }
    expect(await get(o.pos_po_no)).toEqual(rel.data);
  });
});
