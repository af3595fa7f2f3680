import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { buttonKey, notAllowedMessage, pageStructureOf, purchaseOrderMachine } from '@fp/contract';
import { pagePermissions } from '../access/schema.js';
import { purchasePages } from './test-support/builders.js';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { makeCancelReason } from '../sales/test-support/builders.js';
import { loadPurchaseDocument } from './erp.js';
import { makePurchaseOrder, purchaseWorld, type PurchaseOrderAnswer } from './test-support/builders.js';

const ctx = useTestApp();
let w: Awaited<ReturnType<typeof purchaseWorld>>;
let admin: Client;

beforeAll(async () => {
  w = await purchaseWorld(ctx.t, 'PM001');
  admin = await ctx.t.admin();
  await makeCancelReason(admin, '/purchasesOrders', 'NOSTOCK');
  await makeCancelReason(admin, '/salesOrders', 'SALESONLY');
});

type Rows<T> = { rows: T[] };
const query = async <T>(q: string) => ((await ctx.t.services.db.execute(sql.raw(q))) as unknown as Rows<T>).rows;
const erpJobs = async (no: string) =>
  (
    await query<{ action: string }>(
      `select payload->>'action' as action from jobs where payload->>'documentNo' = '${no}'
        and payload->>'kind' = 'purchase_order' order by id`,
    )
  ).map((r) => r.action);

const release = (o: { pos_po_no: string; version: number }, poNo = o.pos_po_no) =>
  w.client.post<PurchaseOrderAnswer>('/api/purchase-orders/release', { po_no: poNo, version: o.version });
const status = (o: { pos_po_no: string; version: number }, s: string, extra: Record<string, unknown> = {}) =>
  w.client.put<PurchaseOrderAnswer>('/api/purchase-orders/status', {
    pos_po_no: o.pos_po_no,
    version: o.version,
    status: s,
    ...extra,
  });

describe('purchase order machine', () => {
  it('releases: bc_so_no from HSO, po_no = pos_po_no, ERP release; reopen and release again keep bc_so_no', async () => {
    const o = await makePurchaseOrder(w.client);
    const r1 = await release(o);
    expect(r1.statusCode).toBe(200);
    expect(r1.data).toMatchObject({ status: 'released', po_no: o.pos_po_no, version: o.version + 1 });
    expect(r1.data.bc_so_no).toMatch(/^PM001-HSO-\d{2}-\d+$/);
    expect(r1.data.erp.state).toBe('pending');
    const again = await release(r1.data);
    expect(again.statusCode).toBe(422);
    expect(again.envelope.errors[0]).toMatchObject({
      field: 'status',
      msg: notAllowedMessage(purchaseOrderMachine, 'release', 'released'),
    });
    const reopened = await status(r1.data, 'open');
    expect(reopened.statusCode).toBe(200);
    expect(reopened.data).toMatchObject({ status: 'open', bc_so_no: r1.data.bc_so_no });
    const r2 = await release(reopened.data, r1.data.po_no);
    expect(r2.statusCode).toBe(200);
    expect(r2.data.bc_so_no).toBe(r1.data.bc_so_no);
    expect(await erpJobs(o.pos_po_no)).toEqual(['release', 'reopen', 'release']);
    // A second order takes the next head office sales order number: gap-free.
    const o2 = await makePurchaseOrder(w.client);
    const r3 = await release(o2);
    const seq = (no: string) => Number(no.split('-').at(-1));
    expect(seq(r3.data.bc_so_no)).toBe(seq(r1.data.bc_so_no) + 1);
  });

  it('sends the ERP the purchase document: vendor, buy-from, receiving, dimensions and lines', async () => {
    const o = await makePurchaseOrder(w.client, { nwv_general_comments: 'Ghi chú' });
    const doc = await loadPurchaseDocument(ctx.t.services.db, o.pos_po_no);
    expect(doc).toMatchObject({
      kind: 'purchase_order',
      document_no: o.pos_po_no,
      franchise_code: 'PM001',
      header: {
        vendor_no: 'V-HO-9',
        vendor_name: 'HO Nine',
        buy_from: { no: 'BF-PM001', address: '9 Kho Tổng' },
        receiving_location_code: 'PM001',
        requested_receipt_date: o.requested_receipt_date,
        dimensions: { campaign: 'HC', costcenter: 'HCC', channel: 'HCH', department: 'HD', factory: 'HF' },
        comments: { general: 'Ghi chú', delivery: '' },
      },
      lines: [{ line_no: 10000, item_no: 'PO110', quantity: '2.00000', unit_price: '110000.00', amount: '220000.00' }],
    });
  });

  it('refuses to release without lines (422 naming lines) or with a stale version (409)', async () => {
    const o = await makePurchaseOrder(w.client, { lines: [] });
    const res = await release(o);
    expect(res.statusCode).toBe(422);
    expect(res.envelope.errors[0]).toMatchObject({
      field: 'lines',
      msg: 'Add at least one line before releasing the purchase order',
    });
    const full = await makePurchaseOrder(w.client);
    expect((await release({ ...full, version: full.version + 3 })).statusCode).toBe(409);
    const unknown = await w.client.post('/api/purchase-orders/release', { po_no: 'NOPE', version: 1 });
    expect(unknown.statusCode).toBe(404);
    expect((await admin.get<PurchaseOrderAnswer>(`/api/purchase-orders/${full.pos_po_no}`)).data.bc_so_no).toBe('');
  });

  it('cancels with a cancel reason of /purchasesOrders (required, must exist); ERP cancel only when it was released', async () => {
    const o = await makePurchaseOrder(w.client);
    const none = await status(o, 'canceled');
    expect(none.statusCode).toBe(400);
    expect(none.envelope.errors[0]).toMatchObject({ field: 'cancel_reason_code', msg: 'This is required field!' });
    const wrong = await status(o, 'canceled', { cancel_reason_code: 'SALESONLY' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.envelope.errors[0]).toMatchObject({
      field: 'cancel_reason_code',
      msg: 'Cancel reason SALESONLY not found for /purchasesOrders',
    });
    const ok = await status(o, 'canceled', { cancel_reason_code: 'nostock' });
    expect(ok.statusCode).toBe(200);
    expect(ok.data).toMatchObject({
      status: 'canceled',
      cancel_reason_code: 'NOSTOCK',
      cancel_reason_description: 'Reason NOSTOCK',
      remaining_amount: '0.00',
    });
    expect(await erpJobs(o.pos_po_no)).toEqual([]);
    const again = await status(ok.data, 'canceled', { cancel_reason_code: 'NOSTOCK' });
    expect(again.statusCode).toBe(422);
    expect(again.envelope.errors[0].msg).toBe(notAllowedMessage(purchaseOrderMachine, 'cancel', 'canceled'));
    const r = (await release(await makePurchaseOrder(w.client))).data;
    const c = await status(r, 'canceled', { cancel_reason_code: 'NOSTOCK' });
    expect(c.statusCode).toBe(200);
    expect(await erpJobs(r.pos_po_no)).toEqual(['release', 'cancel']);
    const target = await status(await makePurchaseOrder(w.client), 'invoiced');
    expect(target.statusCode).toBe(422);
    expect(target.envelope.errors[0].field).toBe('status');
  });

  it('refuses reopen and cancel once something was shipped (422 naming status)', async () => {
    const r = (await release(await makePurchaseOrder(w.client))).data;
    await query(`update purchase_order_lines set qty_shipped = 1, qty_invoiced = 1 where pos_po_no = '${r.pos_po_no}'`);
    for (const [s, label] of [
      ['open', 'reopen'],
      ['canceled', 'cancel'],
    ]) {
      const res = await status(r, s, { cancel_reason_code: 'NOSTOCK' });
      expect(res.statusCode).toBe(422);
      expect(res.envelope.errors[0]).toMatchObject({
        field: 'status',
        msg: `Purchase Order ${r.pos_po_no} has shipped lines and cannot ${label}`,
      });
    }
  });

  it('closes a partially received order (invoiced) and refuses close elsewhere', async () => {
    const o = await makePurchaseOrder(w.client);
    const open = await w.client.post('/api/purchase-orders/close', { po_no: o.pos_po_no, version: o.version });
    expect(open.statusCode).toBe(422);
    expect(open.envelope.errors[0]).toMatchObject({
      field: 'status',
      msg: notAllowedMessage(purchaseOrderMachine, 'close', 'open'),
    });
    const r = (await release(o)).data;
    await query(`update purchase_orders set status = 'partial_received' where pos_po_no = '${r.pos_po_no}'`);
    const closed = await w.client.post<PurchaseOrderAnswer>('/api/purchase-orders/close', {
      po_no: r.po_no,
      version: r.version,
    });
    expect(closed.statusCode).toBe(200);
    // Closed with nothing invoiced: nothing remains.
    expect(closed.data).toMatchObject({ status: 'invoiced', remaining_amount: '0.00' });
  });

  it('answers the remaining amount and payable from the vendor ledger', async () => {
    const o = (await release(await makePurchaseOrder(w.client))).data;
    const add = (type: string, amount: string, doc: string) =>
      query(`insert into vendor_ledger_entries (entry_type, franchise_code, vendor_no, amount, document_type, document_no,
        order_no, posting_date) values ('${type}', 'PM001', 'V-HO-9', ${amount}, 'purchase_invoice', '${doc}',
        '${o.pos_po_no}', current_date)`);
    await add('invoice', '110000', 'HSI-T1');
    await add('credit_memo', '-20000', 'PCM-T1');
    await add('payment', '-50000', 'PAY-T1');
    const res = await w.client.get(`/api/purchase-orders/${o.pos_po_no}/remaining-amount`);
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({
      pos_po_no: o.pos_po_no,
      grand_total: '220000.00',
      invoiced_amount: '110000.00',
      credited_amount: '20000.00',
      paid_amount: '50000.00',
      remaining_amount: '110000.00',
      payable: '40000.00',
    });
    const got = await w.client.get<PurchaseOrderAnswer>(`/api/purchase-orders/${o.pos_po_no}`);
    expect(got.data).toMatchObject({ remaining_amount: '110000.00', payable: '40000.00' });
    const list = await w.client.post<{ items: Record<string, unknown>[] }>('/api/purchase-orders/filter', {
      filters: [{ field: 'pos_po_no', value: o.pos_po_no, condition_type: 'eq' }],
    });
    expect(list.data.items[0]).toMatchObject({ remaining_amount: '110000.00', payable: '40000.00' });
  });
});

// Button permissions (DEVELOPING "Button permissions"): active once the purchase order detail's page structure lists
// the machine's buttons (the screen's page structure, issue 10 web).
const detailButtons = pageStructureOf('/purchasesOrders/detail').buttons;
describe.skipIf(!detailButtons.includes('Release'))('purchase order buttons', () => {
  it('refuses a machine action whose button the user is not granted (403, nothing changed)', async () => {
    const u = await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'PM001', pages: purchasePages('edit') });
    await ctx.t.services.db
      .update(pagePermissions)
      // Every page of the user that offers Release names only Save (the desktop and the tablet detail).
      .set({
        permissions: ['/purchasesOrders/detail', '/tablet/purchasesOrders/detail'].map((p) => buttonKey(p, 'Save')),
      })
      .where(eq(pagePermissions.name, `perm-${u.username}`));
    const o = await makePurchaseOrder(w.client);
    const res = await u.client.post('/api/purchase-orders/release', { po_no: o.pos_po_no, version: o.version });
    expect(res.statusCode).toBe(403);
    expect(res.envelope.errors[0]).toMatchObject({ field: 'status', msg: 'You are not allowed to Release' });
    const after = await w.client.get<PurchaseOrderAnswer>(`/api/purchase-orders/${o.pos_po_no}`);
    expect(after.data).toMatchObject({ status: 'open', bc_so_no: '', version: o.version });
    // Lines and the header are the Save button's: still allowed.
    const save = await u.client.put('/api/purchase-orders', { pos_po_no: o.pos_po_no, version: o.version });
    expect(save.statusCode).toBe(200);
  });
});
