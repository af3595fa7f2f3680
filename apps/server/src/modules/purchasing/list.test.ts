import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { makeCancelReason } from '../sales/test-support/builders.js';
import { makePurchaseOrder, purchaseWorld, type PurchaseOrderAnswer } from './test-support/builders.js';

const ctx = useTestApp();
let w: Awaited<ReturnType<typeof purchaseWorld>>;
let admin: Client;
let orders: PurchaseOrderAnswer[];

type ListItem = Record<string, unknown> & { pos_po_no: string };
type List = { items: ListItem[]; total_count: number };
const filter = (client: Client, body: unknown) => client.post<List>('/api/purchase-orders/filter', body);

beforeAll(async () => {
  w = await purchaseWorld(ctx.t, 'PL001');
  const other = await purchaseWorld(ctx.t, 'PL002');
  admin = await ctx.t.admin();
  await makeCancelReason(admin, '/purchasesOrders', 'NOSTOCK');
  orders = [
    await makePurchaseOrder(w.client),
    await makePurchaseOrder(w.client, { lines: [{ item_no: 'PO050' }] }),
    await makePurchaseOrder(w.client),
  ];
  await makePurchaseOrder(other.client);
  // Order dates of the past (an order is always created on the business date).
  const dates = ['2026-01-10', '2026-02-10', '2026-03-10'];
  for (const [i, o] of orders.entries())
    await ctx.t.services.db.execute(
      sql`update purchase_orders set order_date = ${dates[i]}, requested_receipt_date = ${dates[i]}::date + 5
        where pos_po_no = ${o.pos_po_no}`,
    );
  const r = await w.client.post<PurchaseOrderAnswer>('/api/purchase-orders/release', {
    po_no: orders[1].pos_po_no,
    version: orders[1].version,
  });
  orders[1] = r.data;
  const c = await w.client.put<PurchaseOrderAnswer>('/api/purchase-orders/status', {
    pos_po_no: orders[2].pos_po_no,
    version: orders[2].version,
    status: 'canceled',
    cancel_reason_code: 'NOSTOCK',
  });
  orders[2] = c.data;
});

describe('purchase order list', () => {
  it('answers the /purchasesOrders columns, newest order date first, own franchise only', async () => {
    const res = await filter(w.client, {});
    expect(res.statusCode).toBe(200);
    expect(res.data.total_count).toBe(3);
    expect(res.data.items.map((i) => i.pos_po_no)).toEqual([...orders].reverse().map((o) => o.pos_po_no));
    expect(res.data.items[1]).toMatchObject({
      pos_po_no: orders[1].pos_po_no,
      po_no: orders[1].pos_po_no,
      bc_so_no: orders[1].bc_so_no,
      type: 'Order',
      vendor_name: 'HO Nine',
      buy_from_address: '9 Kho Tổng',
      location_code: 'PL001',
      status: 'released',
      la_status: 'released',
      order_date: '2026-02-10',
      requested_receipt_date: '2026-02-15',
      total_lines: '50000.00',
      grand_total: '50000.00',
      remaining_amount: '50000.00',
      payable: '0.00',
    });
    expect(res.data.items[0]).toMatchObject({
      status: 'canceled',
      cancel_reason_description: 'Reason NOSTOCK',
      remaining_amount: '0.00',
    });
    expect((await filter(admin, {})).data.total_count).toBe(4);
  });

  it('filters date ranges, status in, type, vendor name, bc_so_no and location; sorts', async () => {
    const range = await filter(w.client, {
      filters: [
        { field: 'order_date', value: '01-02-2026', condition_type: 'gteq' },
        { field: 'order_date', value: '2026-03-10', condition_type: 'lteq' },
      ],
      sort_order: { field: 'order_date', direction: 'asc' },
    });
    expect(range.data.items.map((i) => i.order_date)).toEqual(['2026-02-10', '2026-03-10']);
    const rrd = await filter(w.client, {
      filters: [
        { field: 'requested_receipt_date', value: '2026-01-15', condition_type: 'gteq' },
        { field: 'requested_receipt_date', value: '2026-02-15', condition_type: 'lteq' },
      ],
    });
    expect(rrd.data.total_count).toBe(2);
    const st = await filter(w.client, { filters: [{ field: 'status', value: 'open|released', condition_type: 'in' }] });
    expect(st.data.items.map((i) => i.status).sort()).toEqual(['open', 'released']);
    const type = await filter(w.client, { filters: [{ field: 'type', value: 'Credit Memo', condition_type: 'eq' }] });
    expect(type.data.total_count).toBe(0);
    const vendor = await filter(w.client, {
      filters: [{ field: 'vendor_name', value: 'nine', condition_type: 'like' }],
    });
    expect(vendor.data.total_count).toBe(3);
    const so = await filter(w.client, {
      filters: [{ field: 'bc_so_no', value: orders[1].bc_so_no, condition_type: 'eq' }],
    });
    expect(so.data.items.map((i) => i.pos_po_no)).toEqual([orders[1].pos_po_no]);
    const loc = await filter(w.client, { filters: [{ field: 'location_code', value: 'PL001', condition_type: 'eq' }] });
    expect(loc.data.total_count).toBe(3);
    const amount = await filter(w.client, {
      filters: [{ field: 'remaining_amount', value: '100000', condition_type: 'gteq' }],
      sort_order: { field: 'grand_total', direction: 'desc' },
    });
    expect(amount.data.items.map((i) => i.pos_po_no)).toEqual([orders[0].pos_po_no]);
    const bad = await filter(w.client, {
      filters: [{ field: 'order_date', value: '31-02-2026', condition_type: 'gteq' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0].field).toBe('filters.order_date');
    const theirs = await filter(w.client, {
      filters: [{ field: 'franchise_code', value: 'PL002', condition_type: 'eq' }],
    });
    expect(theirs.data.total_count).toBe(0);
  });

  it('exports the filtered list as .xlsx with the screen headers and formats', async () => {
    const res = await w.client.post('/api/purchase-orders/filter/export', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'No.',
      'SO No',
      'Type',
      'Vendor Name',
      'Buy From',
      'Location',
      'Status',
      'Order Date',
      'Requested Receipt Date',
      'Total Lines',
      'Purch Amount',
      'Remaining Amount',
      'Payable',
      'Reason Canceled',
    ]);
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(4).getCell(1).value).toBe(orders[0].pos_po_no);
    expect(ws.getRow(4).getCell(10).value).toBe(220000);
  });
});
