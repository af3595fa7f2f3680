import { describe, expect, it, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { makeCustomer } from '../customers/test-support/builders.js';
import { makeOrder, salesPages, salesWorld, type Order } from './test-support/builders.js';

const ctx = useTestApp();
let w: Awaited<ReturnType<typeof salesWorld>>;
let other: Awaited<ReturnType<typeof salesWorld>>;
let admin: Client;

beforeAll(async () => {
  w = await salesWorld(ctx.t, 'SD001');
  other = await salesWorld(ctx.t, 'SD002');
  admin = await ctx.t.admin();
});

const count = async (table: string) =>
  Number(
    (
      (await ctx.t.services.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n,
  );

describe('sales documents: create, get, update', () => {
  it('creates an order for a store user with sell-to from the customer, bill-to and ship-to from sell-to, lines priced', async () => {
    const res = await w.client.post<Order>('/api/sales-orders', {
      location_code: w.location_code,
      sell_to_code: w.customer.customer_no.toLowerCase(),
      ship_to_address: '99 Giao Hàng',
      general_comments: 'Gọi trước',
      lines: [
        { item_no: 'SP110', quantity: 2 },
        { item_no: 'SP050', variant_code: 'RED', unit_of_measure: 'BOX', quantity: '1', line_discount_percent: 10 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const o = res.data;
    expect(o.pos_so_no).toMatch(/^SD001-SO-\d{2}-\d+$/);
    expect(o).toMatchObject({
      document_type: 'order',
      status: 'open',
      franchise_code: 'SD001',
      location_code: w.location_code,
      sales_type: 'STEP IN STORE',
      sell_to_code: w.customer.customer_no,
      sell_to_name: 'Nguyễn Văn An',
      sell_to_phone_no: w.customer.phone_no,
      sell_to_address: '12 Hàng Bạc',
      bill_to_code: w.customer.customer_no,
      bill_to_name: 'Nguyễn Văn An',
      bill_to_address: '12 Hàng Bạc',
      ship_to_name: 'Nguyễn Văn An',
      ship_to_address: '99 Giao Hàng',
      loyalty_cust_scheme: 'Silver',
      general_comments: 'Gọi trước',
      shipping_by: 'store',
      version: 1,
    });
    expect(
      o.lines.map((l) => [l.line_no, l.item_no, l.description, l.unit_of_measure, l.quantity, l.unit_price]),
    ).toEqual([
      [10000, 'SP110', 'Nước mắm 110', 'PCS', '2.00000', '110000.00'],
      [20000, 'SP050', 'Bánh 50 - Đỏ', 'BOX', '1.00000', '600000.00'],
    ]);
    const box = o.lines[1];
    expect(box).toMatchObject({
      line_discount_percent: '10.00',
      line_discount_amount: '60000.00',
      amount: '540000.00',
      vat_percent: '8.00',
      qty_to_ship: '1.00000',
      qty_to_invoice: '1.00000',
      location_code: w.location_code,
      price_source: 'list_price',
    });
    // Retail prices include VAT: 2 × 110.000 at 10% contains 20.000; 540.000 at 8% contains 40.000.
    expect(o.lines[0].vat_amount).toBe('20000.00');
    expect(o.totals).toMatchObject({
      subtotal: '820000.00',
      line_discount_amount: '60000.00',
      vat_amount: '60000.00',
      grand_total: '760000.00',
      remaining_amount: '760000.00',
    });
    expect(o.grand_total).toBe('760000.00');
    const got = await w.client.get<Order>(`/api/sales-orders/${o.pos_so_no}`);
    expect(got.data).toEqual(o);
  });

  it('creates a quote from the SQ series, and head office an e-commerce order with the franchise of the location', async () => {
    const q = await makeOrder(w.client, w, { document_type: 'quote' });
    expect(q.pos_so_no).toMatch(/^SD001-SQ-/);
    expect(q.document_type).toBe('quote');
    expect(q.lines[0].qty_to_ship).toBe('0.00000');
    const ho = await makeOrder(admin, other, { sales_type: 'ZALO' });
    expect(ho).toMatchObject({ franchise_code: 'SD002', sales_type: 'ZALO' });
    const hoDefault = await makeOrder(admin, other);
    expect(hoDefault.sales_type).toBe('HOTLINE');
  });

  it('refuses the wrong sales type, unknown or blocked items, a bad discount and a delivery date before the order date', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { sales_type: 'HOTLINE' },
        'sales_type',
        'Sales type HOTLINE is for head office; a store sells with STEP IN STORE, FACEBOOK STORE, ZALO STORE, HOTLINE STORE, TIKTOKSHOP',
      ],
      [{ lines: [{ item_no: 'SPBLK', quantity: 1 }] }, 'lines.0.item_no', 'Item SPBLK is blocked and cannot be sold'],
      [
        {
          lines: [
            { item_no: 'SP110', quantity: 1 },
            { item_no: 'NOPE', quantity: 1 },
          ],
        },
        'lines.1.item_no',
        'Item NOPE not found',
      ],
      [
        { lines: [{ item_no: 'SP050', variant_code: 'BLUE', quantity: 1 }] },
        'lines.0.variant_code',
        'Item SP050 has no variant BLUE',
      ],
      [
        { lines: [{ item_no: 'SP050', unit_of_measure: 'CASE', quantity: 1 }] },
        'lines.0.unit_of_measure',
        'Item SP050 has no unit CASE',
      ],
      [
        { lines: [{ item_no: 'SP110', quantity: 1, line_discount_amount: '200000' }] },
        'lines.0.line_discount_amount',
        'The line discount 200000.00 is more than quantity × unit price of item SP110',
      ],
      [
        { order_date: '2026-03-10', requested_delivery_date: '09-03-2026' },
        'requested_delivery_date',
        'The requested delivery date cannot be before the order date 10-03-2026',
      ],
    ];
    const before = await count('sales_orders');
    for (const [body, field, msg] of cases) {
      const res = await w.client.post('/api/sales-orders', { location_code: w.location_code, ...body });
      expect({ field, status: res.statusCode, msg: res.envelope.errors[0].msg }).toEqual({ field, status: 400, msg });
      expect(res.envelope.errors[0].field).toBe(field);
    }
    const ho = await admin.post('/api/sales-orders', { location_code: w.location_code, sales_type: 'STEP IN STORE' });
    expect(ho.statusCode).toBe(400);
    expect(ho.envelope.errors[0]).toMatchObject({
      field: 'sales_type',
      msg: "Sales type STEP IN STORE is a store's; head office enters HOTLINE, ZALO, WEBSITE, FACEBOOK, TIKTOKSHOP, SHOPEE",
    });
    const none = await admin.post('/api/sales-orders', {});
    expect(none.envelope.errors[0]).toMatchObject({ field: 'franchise_code', msg: 'This is required field!' });
    const zod = await w.client.post('/api/sales-orders', { lines: [{ item_no: '', quantity: 0 }] });
    expect(zod.statusCode).toBe(400);
    expect(zod.envelope.errors.map((e) => e.field).sort()).toEqual(['lines.0.item_no', 'lines.0.quantity']);
    expect(await count('sales_orders')).toBe(before);
  });

  it("answers 404 for another franchise's location, customer or order, exactly as for a missing one", async () => {
    const loc = await w.client.post('/api/sales-orders', { location_code: other.location_code });
    const noLoc = await w.client.post('/api/sales-orders', { location_code: 'NOSUCH-01' });
    expect([loc.statusCode, loc.envelope.errors[0].code, loc.envelope.errors[0].field]).toEqual([
      404,
      noLoc.envelope.errors[0].code,
      noLoc.envelope.errors[0].field,
    ]);
    const cust = await w.client.post('/api/sales-orders', {
      location_code: w.location_code,
      sell_to_code: other.customer.customer_no,
    });
    expect(cust.statusCode).toBe(404);
    expect(cust.envelope.errors[0]).toMatchObject({ msg: 'Customer not found', field: 'sell_to_code' });
    // Head office: a customer of another franchise than the document's is not found there either.
    const mixed = await admin.post('/api/sales-orders', {
      location_code: w.location_code,
      sell_to_code: other.customer.customer_no,
    });
    expect(mixed.statusCode).toBe(404);
    const theirs = await makeOrder(other.client, other);
    const before = await count('sales_order_lines');
    const asA = [
      await w.client.get(`/api/sales-orders/${theirs.pos_so_no}`),
      await w.client.put('/api/sales-orders', {
        pos_so_no: theirs.pos_so_no,
        version: theirs.version,
        general_comments: 'x',
      }),
      await w.client.put('/api/sales-orders/status', {
        pos_so_no: theirs.pos_so_no,
        version: theirs.version,
        status: 'released',
      }),
      await w.client.post('/api/sales-orders/lines', {
        pos_so_no: theirs.pos_so_no,
        version: theirs.version,
        lines: [{ item_no: 'SP110', quantity: 1 }],
      }),
      await w.client.put('/api/sales-orders/lines', {
        pos_so_no: theirs.pos_so_no,
        version: theirs.version,
        line_no: 10000,
        quantity: 5,
      }),
      await w.client.post('/api/sales-orders/lines/remove', {
        pos_so_no: theirs.pos_so_no,
        version: theirs.version,
        line_nos: [10000],
      }),
      await w.client.put('/api/sales-orders/lines/post-qty', {
        pos_so_no: theirs.pos_so_no,
        version: theirs.version,
        lines: [{ line_no: 10000, qty_to_ship: 0 }],
      }),
      await w.client.put('/api/sales-orders/requested-delivery-date', {
        pos_so_no: theirs.pos_so_no,
        version: theirs.version,
        requested_delivery_date: '2099-01-01',
      }),
    ];
    for (const r of asA) expect([r.statusCode, r.envelope.errors[0].msg]).toEqual([404, 'Sales order not found']);
    const missing = await w.client.get('/api/sales-orders/SD001-SO-99-999999');
    expect(missing.envelope.errors[0]).toEqual(asA[0].envelope.errors[0]);
    expect((await other.client.get<Order>(`/api/sales-orders/${theirs.pos_so_no}`)).data).toEqual(theirs);
    expect(await count('sales_order_lines')).toBe(before);
  });

  it('answers the first document again for a repeated Idempotency-Key, taking one number', async () => {
    const body = { location_code: w.location_code, lines: [{ item_no: 'SP110', quantity: 1 }] };
    const a = await w.client.post<Order>('/api/sales-orders', body, { 'idempotency-key': 'so-1' });
    const b = await w.client.post<Order>('/api/sales-orders', body, { 'idempotency-key': 'so-1' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.data.pos_so_no).toBe(a.data.pos_so_no);
    const next = await makeOrder(w.client, w);
    const seq = (no: string) => Number(no.split('-').pop());
    expect(seq(next.pos_so_no)).toBe(seq(a.data.pos_so_no) + 1);
  });

  it('401 without a session, 403 for a viewer with nothing changed', async () => {
    expect((await ctx.t.anon.post('/api/sales-orders', {})).statusCode).toBe(401);
    expect((await ctx.t.anon.post('/api/sales-orders/filter', {})).statusCode).toBe(401);
    const viewer = await ctx.t.makeUser({ customer_no: 'SD001', pages: salesPages('view') });
    const o = await makeOrder(w.client, w);
    const before = await count('sales_orders');
    const tries = [
      await viewer.client.post('/api/sales-orders', { location_code: w.location_code }),
      await viewer.client.put('/api/sales-orders', {
        pos_so_no: o.pos_so_no,
        version: o.version,
        general_comments: 'x',
      }),
      await viewer.client.put('/api/sales-orders/status', {
        pos_so_no: o.pos_so_no,
        version: o.version,
        status: 'released',
      }),
      await viewer.client.post('/api/sales-orders/lines', {
        pos_so_no: o.pos_so_no,
        version: o.version,
        lines: [{ item_no: 'SP110', quantity: 1 }],
      }),
    ];
    for (const r of tries) expect(r.statusCode).toBe(403);
    expect(await count('sales_orders')).toBe(before);
    expect((await viewer.client.get<Order>(`/api/sales-orders/${o.pos_so_no}`)).data).toEqual(o);
    const none = await ctx.t.makeUser({ customer_no: 'SD001' });
    expect((await none.client.get(`/api/sales-orders/${o.pos_so_no}`)).statusCode).toBe(403);
  });

  it('updates the header while open (refilling sell-to for a new customer), 409 on a stale version, notes only after release', async () => {
    const o = await makeOrder(w.client, w);
    const c2 = await makeCustomer(w.client, { name: 'Trần Thị Bình', franchise_code: 'SD001', address: '5 Lê Lợi' });
    const up = await w.client.put<Order>('/api/sales-orders', {
      pos_so_no: o.pos_so_no,
      version: o.version,
      sell_to_code: c2.customer_no,
      delivery_comments: 'Sau 5h',
      invoice_discount_amount: '20000',
    });
    expect(up.statusCode).toBe(200);
    expect(up.data).toMatchObject({
      sell_to_code: c2.customer_no,
      sell_to_name: 'Trần Thị Bình',
      bill_to_name: 'Trần Thị Bình',
      ship_to_address: '5 Lê Lợi',
      delivery_comments: 'Sau 5h',
      location_code: w.location_code,
      version: o.version + 1,
      grand_total: '200000.00',
    });
    const stale = await w.client.put('/api/sales-orders', {
      pos_so_no: o.pos_so_no,
      version: o.version,
      general_comments: 'x',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');
    const tooMuch = await w.client.put('/api/sales-orders', {
      pos_so_no: o.pos_so_no,
      version: up.data.version,
      invoice_discount_amount: '999999',
    });
    expect(tooMuch.envelope.errors[0]).toMatchObject({ field: 'invoice_discount_amount' });
    const rel = await w.client.put<Order>('/api/sales-orders/status', {
      pos_so_no: o.pos_so_no,
      version: up.data.version,
      status: 'released',
    });
    expect(rel.data.status).toBe('released');
    const note = await w.client.put<Order>('/api/sales-orders', {
      pos_so_no: o.pos_so_no,
      version: rel.data.version,
      general_comments: 'Note later',
      sell_to_code: c2.customer_no,
    });
    expect(note.statusCode).toBe(200);
    expect(note.data.general_comments).toBe('Note later');
    const loc = await w.client.put('/api/sales-orders', {
      pos_so_no: o.pos_so_no,
      version: note.data.version,
      ship_to_address: 'x',
    });
    expect(loc.statusCode).toBe(422);
    expect(loc.envelope.errors[0]).toMatchObject({
      field: 'status',
      code: 'status_not_allowed',
      msg: 'Sales Order in status released cannot be changed',
    });
    const date = await w.client.put<Order>('/api/sales-orders/requested-delivery-date', {
      pos_so_no: o.pos_so_no,
      version: note.data.version,
      requested_delivery_date: '2099-12-31',
    });
    expect(date.data.requested_delivery_date).toBe('2099-12-31');
    const early = await w.client.put('/api/sales-orders/requested-delivery-date', {
      pos_so_no: o.pos_so_no,
      version: date.data.version,
      requested_delivery_date: '2000-01-01',
    });
    expect(early.statusCode).toBe(400);
    expect(early.envelope.errors[0].field).toBe('requested_delivery_date');
  });
});

describe('sales documents: lines', () => {
  it('adds, updates and removes lines while open, recomputing the total and bumping the version', async () => {
    const o = await makeOrder(w.client, w);
    const add = await w.client.post<Order>('/api/sales-orders/lines', {
      pos_so_no: o.pos_so_no,
      version: o.version,
      lines: [{ item_no: 'SP050', quantity: 3, line_discount_amount: '5000' }],
    });
    expect(add.statusCode).toBe(200);
    expect(add.data.lines.map((l) => [l.line_no, l.amount])).toEqual([
      [10000, '220000.00'],
      [20000, '145000.00'],
    ]);
    expect(add.data).toMatchObject({ grand_total: '365000.00', version: o.version + 1 });
    const upd = await w.client.put<Order>('/api/sales-orders/lines', {
      pos_so_no: o.pos_so_no,
      version: add.data.version,
      line_no: 20000,
      quantity: 4,
      la_so_line_note: 'gói quà',
    });
    expect(upd.data.lines[1]).toMatchObject({
      quantity: '4.00000',
      amount: '195000.00',
      la_so_line_note: 'gói quà',
      qty_to_ship: '4.00000',
    });
    const manual = await w.client.put<Order>('/api/sales-orders/lines', {
      pos_so_no: o.pos_so_no,
      version: upd.data.version,
      line_no: 10000,
      unit_price: '100000',
      line_discount_percent: 50,
    });
    expect(manual.data.lines[0]).toMatchObject({
      unit_price: '100000.00',
      price_source: 'manual',
      line_discount_amount: '100000.00',
      amount: '100000.00',
    });
    expect(manual.data.grand_total).toBe('295000.00');
    const bad = await w.client.put('/api/sales-orders/lines', {
      pos_so_no: o.pos_so_no,
      version: manual.data.version,
      line_no: 30000,
      quantity: 1,
    });
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'line_no', msg: 'Line 30000 not found' });
    const rm = await w.client.post<Order>('/api/sales-orders/lines/remove', {
      pos_so_no: o.pos_so_no,
      version: manual.data.version,
      line_nos: [10000],
    });
    expect(rm.data.lines.map((l) => l.line_no)).toEqual([20000]);
    expect(rm.data.grand_total).toBe('195000.00');
    const again = await w.client.post<Order>('/api/sales-orders/lines', {
      pos_so_no: o.pos_so_no,
      version: rm.data.version,
      lines: [{ item_no: 'SP110', quantity: 1 }],
    });
    expect(again.data.lines.map((l) => l.line_no)).toEqual([20000, 30000]);
    const stale = await w.client.post('/api/sales-orders/lines', {
      pos_so_no: o.pos_so_no,
      version: rm.data.version,
      lines: [{ item_no: 'SP110', quantity: 1 }],
    });
    expect(stale.statusCode).toBe(409);
    const rel = await w.client.put<Order>('/api/sales-orders/status', {
      pos_so_no: o.pos_so_no,
      version: again.data.version,
      status: 'released',
    });
    const locked = await w.client.post('/api/sales-orders/lines', {
      pos_so_no: o.pos_so_no,
      version: rel.data.version,
      lines: [{ item_no: 'SP110', quantity: 1 }],
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.envelope.errors[0]).toMatchObject({
      field: 'status',
      msg: 'Sales Order in status released cannot change lines',
    });
  });

  it('sets quantities to ship and invoice within what is outstanding', async () => {
    const o = await makeOrder(w.client, w);
    const ok = await w.client.put<Order>('/api/sales-orders/lines/post-qty', {
      pos_so_no: o.pos_so_no,
      version: o.version,
      lines: [{ line_no: 10000, qty_to_ship: 1, qty_to_invoice: 1 }],
    });
    expect(ok.data.lines[0]).toMatchObject({ qty_to_ship: '1.00000', qty_to_invoice: '1.00000' });
    const over = await w.client.put('/api/sales-orders/lines/post-qty', {
      pos_so_no: o.pos_so_no,
      version: ok.data.version,
      lines: [{ line_no: 10000, qty_to_ship: 3 }],
    });
    expect(over.statusCode).toBe(422);
    expect(over.envelope.errors[0]).toMatchObject({
      field: 'lines.0.qty_to_ship',
      msg: 'Line 10000 (SP110): qty to ship 3 is more than the outstanding 2',
    });
    const inv = await w.client.put('/api/sales-orders/lines/post-qty', {
      pos_so_no: o.pos_so_no,
      version: ok.data.version,
      lines: [{ line_no: 10000, qty_to_invoice: 2 }],
    });
    expect(inv.envelope.errors[0]).toMatchObject({ field: 'lines.0.qty_to_invoice' });
    const unknownLine = await w.client.put('/api/sales-orders/lines/post-qty', {
      pos_so_no: o.pos_so_no,
      version: ok.data.version,
      lines: [
        { line_no: 10000, qty_to_ship: 0 },
        { line_no: 99999, qty_to_ship: 0 },
      ],
    });
    expect(unknownLine.envelope.errors[0]).toMatchObject({ field: 'lines.1.line_no', msg: 'Line 99999 not found' });
    // Allowed after release too (until shipped); refused on a quote and on a canceled order.
    const rel = await w.client.put<Order>('/api/sales-orders/status', {
      pos_so_no: o.pos_so_no,
      version: ok.data.version,
      status: 'released',
    });
    const afterRelease = await w.client.put<Order>('/api/sales-orders/lines/post-qty', {
      pos_so_no: o.pos_so_no,
      version: rel.data.version,
      lines: [{ line_no: 10000, qty_to_ship: 2, qty_to_invoice: 0 }],
    });
    expect(afterRelease.data.lines[0]).toMatchObject({ qty_to_ship: '2.00000', qty_to_invoice: '0.00000' });
    const quote = await makeOrder(w.client, w, { document_type: 'quote' });
    const onQuote = await w.client.put('/api/sales-orders/lines/post-qty', {
      pos_so_no: quote.pos_so_no,
      version: quote.version,
      lines: [{ line_no: 10000, qty_to_ship: 1 }],
    });
    expect(onQuote.statusCode).toBe(422);
  });

  it('keeps the sales-type rule on update: a store cannot switch to an e-commerce type', async () => {
    const o = await makeOrder(w.client, w);
    const res = await w.client.put('/api/sales-orders', {
      pos_so_no: o.pos_so_no,
      version: o.version,
      sales_type: 'SHOPEE',
    });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errors[0].field).toBe('sales_type');
    const ok = await w.client.put<Order>('/api/sales-orders', {
      pos_so_no: o.pos_so_no,
      version: o.version,
      sales_type: 'FACEBOOK STORE',
      location_code: '',
    });
    expect(ok.data).toMatchObject({ sales_type: 'FACEBOOK STORE', location_code: '' });
    const back = await w.client.put<Order>('/api/sales-orders', {
      pos_so_no: o.pos_so_no,
      version: ok.data.version,
      location_code: other.location_code,
    });
    expect(back.statusCode).toBe(404);
    expect(back.envelope.errors[0].field).toBe('location_code');
  });
});
