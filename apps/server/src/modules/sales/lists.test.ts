import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { makeCancelReason, makeOrder, salesWorld, type Order } from './test-support/builders.js';
import {
  salesInvoiceLines,
  salesInvoices,
  salesOrderLines,
  salesOrders,
  salesShipmentLines,
  salesShipments,
} from './schema.js';

const ctx = useTestApp();
let w: Awaited<ReturnType<typeof salesWorld>>;
let other: Awaited<ReturnType<typeof salesWorld>>;
let admin: Client;
let orders: Order[];

type ListItem = Record<string, unknown> & { pos_so_no: string };
type List = { items: ListItem[]; total_count: number };

beforeAll(async () => {
  w = await salesWorld(ctx.t, 'SL001');
  other = await salesWorld(ctx.t, 'SL002');
  admin = await ctx.t.admin();
  await makeCancelReason(admin, '/salesOrders', 'NOSTOCK');
  orders = [
    await makeOrder(w.client, w, { order_date: '2026-01-10', general_comments: 'first' }),
    await makeOrder(w.client, w, { order_date: '2026-02-10', requested_delivery_date: '2026-02-20' }),
    await makeOrder(w.client, w, { order_date: '2026-03-10', sales_type: 'ZALO STORE' }),
  ];
  await makeOrder(w.client, w, { document_type: 'quote', order_date: '2026-02-15' });
  await makeOrder(other.client, other, { order_date: '2026-02-10' });
  const c = orders[2];
  await w.client.put('/api/sales-orders/status', {
    pos_so_no: c.pos_so_no,
    version: c.version,
    status: 'canceled',
    cancel_reason_code: 'NOSTOCK',
  });
});

const filter = (client: Client, body: unknown) => client.post<List>('/api/sales-orders/filter', body);

describe('sales order list', () => {
  it('answers exactly the /salesOrders columns, orders only by default, own franchise only', async () => {
    const res = await filter(w.client, {});
    expect(res.statusCode).toBe(200);
    expect(res.data.total_count).toBe(3);
    expect(res.data.items.map((i) => i.pos_so_no)).toEqual([...orders].reverse().map((o) => o.pos_so_no));
    expect(Object.keys(res.data.items[0]).sort()).toEqual(
      [
        'pos_so_no',
        'document_type',
        'franchise_code',
        'location_code',
        'status',
        'sales_type',
        'customer_no',
        'customer_name',
        'shipping_address',
        'sell_to_phone_no',
        'remaining_amount',
        'grand_total',
        'order_date',
        'requested_delivery_date',
        'posting_date',
        'general_comments',
        'delivery_comments',
        'cancel_reason_description',
        'quote_no',
        'shipping_by',
        'e_invoice_state',
        // an offline counter sale (issue 19): when it was sold, its device and number, what the server flagged
        'sold_at',
        'offline_device',
        'device_doc_no',
        'flags',
        'version',
      ].sort(),
    );
    expect(res.data.items[2]).toMatchObject({
      pos_so_no: orders[0].pos_so_no,
      sold_at: null,
      offline_device: '',
      flags: [],
      customer_no: w.customer.customer_no,
      customer_name: 'Nguyễn Văn An',
      shipping_address: '12 Hàng Bạc',
      grand_total: '220000.00',
      remaining_amount: '220000.00',
      general_comments: 'first',
      order_date: '2026-01-10',
    });
    expect(res.data.items[0]).toMatchObject({ status: 'canceled', cancel_reason_description: 'Reason NOSTOCK' });
    const all = await filter(admin, {});
    expect(all.data.total_count).toBe(4);
  });

  it('filters quotes by document_type, date ranges, status in, like on names, and sorts', async () => {
    const quotes = await filter(w.client, {
      filters: [{ field: 'document_type', value: 'quote', condition_type: 'eq' }],
    });
    expect(quotes.data.items.map((i) => i.document_type)).toEqual(['quote']);
    const range = await filter(w.client, {
      filters: [
        { field: 'order_date', value: '01-02-2026', condition_type: 'gteq' },
        { field: 'order_date', value: '2026-03-10', condition_type: 'lteq' },
      ],
      sort_order: { field: 'order_date', direction: 'asc' },
    });
    expect(range.data.items.map((i) => i.order_date)).toEqual(['2026-02-10', '2026-03-10']);
    const st = await filter(w.client, { filters: [{ field: 'status', value: 'open|released', condition_type: 'in' }] });
    expect(st.data.total_count).toBe(2);
    const name = await filter(w.client, {
      filters: [{ field: 'customer_name', value: 'nguyen van', condition_type: 'like' }],
    });
    expect(name.data.total_count).toBe(3);
    const rdd = await filter(w.client, {
      filters: [{ field: 'requested_delivery_date', value: '2026-02-20', condition_type: 'eq' }],
    });
    expect(rdd.data.items.map((i) => i.pos_so_no)).toEqual([orders[1].pos_so_no]);
    const amount = await filter(w.client, {
      filters: [{ field: 'remaining_amount', value: '220000', condition_type: 'gteq' }],
    });
    // The canceled order owes nothing any more (amounts.ts), so two of the three remain.
    expect(amount.data.total_count).toBe(2);
    const bad = await filter(w.client, {
      filters: [{ field: 'order_date', value: '31-02-2026', condition_type: 'gteq' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0].field).toBe('filters.order_date');
    const unknown = await filter(w.client, { filters: [{ field: 'sell_to_contact', value: 'x' }] });
    expect(unknown.statusCode).toBe(400);
    // A store user filtering for another franchise finds nothing.
    const theirs = await filter(w.client, {
      filters: [{ field: 'franchise_code', value: 'SL002', condition_type: 'eq' }],
    });
    expect(theirs.data.total_count).toBe(0);
  });

  it('exports the filtered list as .xlsx with the screen headers', async () => {
    const res = await w.client.post('/api/sales-orders/filter/export', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'POSSO No',
      'Location',
      'Status',
      'Customer No',
      'Customer Name',
      'Shipping Address',
      'Remaining Amount',
      'Grand Total',
      'Order Date',
      'Requested Delivery Date',
      'Posting Date',
      'General Note',
      'Delivery Note',
      'Sales Type',
      'Reason Canceled',
      'Sales Quote No',
      'E-Invoice',
      // an offline counter sale's device number (issue 19)
      'Device No',
    ]);
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(4).getCell(1).value).toBe(orders[0].pos_so_no);
  });
});

describe('posted documents: shipments, invoices, credit memos', () => {
  let order: Order;
  beforeAll(async () => {
    order = orders[0];
    const db = ctx.t.services.db;
    const header = {
      pos_so_no: order.pos_so_no,
      franchise_code: 'SL001',
      location_code: w.location_code,
      customer_no: w.customer.customer_no,
      customer_name: 'Nguyễn Văn An',
      order_date: '2026-01-10',
      posting_date: '2026-01-11',
      ship_to_address: '12 Hàng Bạc',
    };
    const line = {
      line_no: 10000,
      order_line_no: 10000,
      item_no: 'SP110',
      description: 'Nước mắm 110',
      unit_of_measure: 'PCS',
      location_code: w.location_code,
      quantity: '2',
      unit_price: '110000',
      amount: '220000',
      vat_percent: '10',
      vat_amount: '20000',
    };
    await db.insert(salesShipments).values({ pos_ss_no: 'SL001-SS-26-000001', ...header });
    await db.insert(salesShipmentLines).values({ pos_ss_no: 'SL001-SS-26-000001', ...line });
    await db.insert(salesInvoices).values({
      pos_si_no: 'SL001-SI-26-000001',
      ...header,
      subtotal: '220000',
      vat_amount: '20000',
      amount: '220000',
    });
    await db.insert(salesInvoiceLines).values({ pos_si_no: 'SL001-SI-26-000001', ...line });
    await db.insert(salesOrders).values({
      pos_so_no: 'SL001-SCM-26-000001',
      document_type: 'credit_memo',
      franchise_code: 'SL001',
      location_code: w.location_code,
      status: 'invoiced',
      sell_to_code: w.customer.customer_no,
      sell_to_name: 'Nguyễn Văn An',
      applies_to_order_no: order.pos_so_no,
      order_date: '2026-01-12',
      posting_date: '2026-01-12',
      grand_total: '110000',
    });
    await db.insert(salesOrderLines).values({
      pos_so_no: 'SL001-SCM-26-000001',
      line_no: 10000,
      item_no: 'SP110',
      description: 'Nước mắm 110',
      unit_of_measure: 'PCS',
      location_code: w.location_code,
      quantity: '1',
      unit_price: '110000',
      amount: '110000',
      qty_invoiced: '1',
    });
  });

  it('lists and gets each with its lines; the order names them; another franchise sees none', async () => {
    const ss = await w.client.post<List>('/api/sales-shipments/filter', {
      filters: [
        { field: 'pos_so_no', value: order.pos_so_no, condition_type: 'eq' },
        { field: 'posting_date', value: '2026-01-01', condition_type: 'gteq' },
      ],
    });
    expect(ss.data.items.map((i) => i.pos_ss_no)).toEqual(['SL001-SS-26-000001']);
    const si = await w.client.post<List>('/api/sales-invoices/filter', {
      filters: [{ field: 'customer_no', value: w.customer.customer_no, condition_type: 'eq' }],
    });
    expect(si.data.items[0]).toMatchObject({ pos_si_no: 'SL001-SI-26-000001', amount: '220000.00' });
    const cm = await w.client.post<List>('/api/sales-credit-memos/filter', {});
    expect(cm.data.items).toEqual([
      expect.objectContaining({
        pos_so_no: 'SL001-SCM-26-000001',
        applies_to_order_no: order.pos_so_no,
        amount: '110000.00',
        posting_date: '2026-01-12',
      }),
    ]);
    const ship = await w.client.get<{ lines: unknown[] }>('/api/sales-shipments/SL001-SS-26-000001');
    expect(ship.data.lines).toHaveLength(1);
    const inv = await w.client.get<{ lines: { vat_amount: string }[] }>('/api/sales-invoices/SL001-SI-26-000001');
    expect(inv.data.lines[0].vat_amount).toBe('20000.00');
    const memo = await w.client.get<{ lines: { vat_amount: string; quantity: string }[] }>(
      '/api/sales-credit-memos/SL001-SCM-26-000001',
    );
    expect(memo.data.lines[0]).toMatchObject({ quantity: '1.00000', vat_amount: '10000.00' });
    const got = await w.client.get<Order>(`/api/sales-orders/${order.pos_so_no}`);
    expect(got.data.shipments.map((s) => s.pos_ss_no)).toEqual(['SL001-SS-26-000001']);
    expect(got.data.invoices.map((s) => s.pos_si_no)).toEqual(['SL001-SI-26-000001']);
    expect(got.data.credit_memos.map((s) => s.pos_so_no)).toEqual(['SL001-SCM-26-000001']);
    // The credit memo is not an order of the list.
    expect((await filter(w.client, {})).data.total_count).toBe(3);
    for (const url of [
      '/api/sales-shipments/SL001-SS-26-000001',
      '/api/sales-invoices/SL001-SI-26-000001',
      '/api/sales-credit-memos/SL001-SCM-26-000001',
    ])
      expect((await other.client.get(url)).statusCode).toBe(404);
    expect((await other.client.post<List>('/api/sales-shipments/filter', {})).data.total_count).toBe(0);
    expect((await other.client.get(`/api/sales-credit-memos/${order.pos_so_no}`)).statusCode).toBe(404);
    // A credit memo cannot change.
    const upd = await w.client.put('/api/sales-orders', {
      pos_so_no: 'SL001-SCM-26-000001',
      version: 1,
      general_comments: 'x',
    });
    expect(upd.statusCode).toBe(422);
    const exp = await w.client.post('/api/sales-invoices/filter/export', {});
    expect(exp.statusCode).toBe(200);
  });
});
