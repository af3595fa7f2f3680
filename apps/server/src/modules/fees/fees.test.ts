import { describe, expect, it } from 'vitest';
import type { Fee } from '@fp/contract';
import { useTestApp } from '../../../test/helpers.js';
import { makeOrder, salesWorld, type Order } from '../sales/test-support/builders.js';

const ctx = useTestApp();

async function addCatalogueFee(code: string, amount = '30000', extra: Record<string, unknown> = {}) {
  const admin = await ctx.t.admin();
  const res = await admin.post<Fee>('/api/fees/add', { fee_code: code, description: `Phí ${code}`, amount, ...extra });
  expect(res.statusCode).toBe(201);
  return res.data;
}

describe('fee catalogue', () => {
  it('adds, filters, updates and removes fees (code upper case, VAT 10 by default)', async () => {
    const admin = await ctx.t.admin();
    const created = await addCatalogueFee('ship', '25000');
    expect(created).toMatchObject({ fee_code: 'SHIP', amount: '25000.00', vat_percent: '10.00', is_active: true });

    const dup = await admin.post('/api/fees/add', { fee_code: 'Ship', description: 'x', amount: 1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.errors[0]).toMatchObject({ field: 'fee_code', msg: 'Fee code SHIP already exists' });

    const list = await admin.post<{ items: Fee[]; total_count: number }>('/api/fees/filter', {
      filters: [{ field: 'fee_code', value: 'SHIP', condition_type: 'eq' }],
    });
    expect(list.data.items.map((f) => f.fee_code)).toEqual(['SHIP']);

    const updated = await admin.put<Fee>('/api/fees', {
      id: created.id,
      version: created.version,
      amount: '27000',
      vat_percent: 8,
      description: 'Phí giao hàng',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.data).toMatchObject({ amount: '27000.00', vat_percent: '8.00', description: 'Phí giao hàng' });
    const stale = await admin.put('/api/fees', { id: created.id, version: created.version, amount: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');

    const removed = await admin.post<{ removed: number }>('/api/fees/remove', { ids: [created.id] });
    expect(removed.data).toEqual({ removed: 1 });
    const gone = await admin.post('/api/fees/remove', { ids: [created.id] });
    expect(gone.statusCode).toBe(404);
    expect(gone.envelope.errors[0]).toMatchObject({ field: 'ids.0', msg: `Fee ${created.id} not found` });
  });

  it('names the field of bad input', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post('/api/fees/add', { fee_code: '', amount: 'abc', vat_percent: 120 });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(res.envelope.errors.map((e) => [e.field, e.msg]));
    expect(byField.fee_code).toBe('This is required field!');
    expect(byField.description).toBe('This is required field!');
    expect(byField.amount).toBeDefined();
    expect(byField.vat_percent).toBeDefined();
    const noAmount = await admin.post('/api/fees/add', { fee_code: 'X', description: 'x' });
    expect(noAmount.envelope.errors[0]).toMatchObject({ field: 'amount', msg: 'This is required field!' });
    const empty = await admin.post('/api/fees/remove', { ids: [] });
    expect(empty.envelope.errors[0]).toMatchObject({ field: 'ids', msg: 'ids must not be empty' });
  });

  it('lets store users view the catalogue but not change it (403, nothing changed)', async () => {
    await ctx.t.makeUser({}); // keeps user numbering apart from other tests
    const fee = await addCatalogueFee('VIEWME');
    const storeEditor = await ctx.t.makeUser({
      role: 'Store Manager',
      customer_no: 'FVW',
      pages: [{ page_url: '/fees', permission_type: 'edit' }],
    });
    const list = await storeEditor.client.post<{ total_count: number }>('/api/fees/filter', {});
    expect(list.statusCode).toBe(200);
    const add = await storeEditor.client.post('/api/fees/add', { fee_code: 'NO', description: 'no', amount: 1 });
    expect(add.statusCode).toBe(403);
    expect(add.envelope.errors[0].msg).toBe('Only head office may change the fee catalogue');
    const upd = await storeEditor.client.put('/api/fees', { id: fee.id, version: fee.version, amount: 1 });
    expect(upd.statusCode).toBe(403);
    expect((await storeEditor.client.post('/api/fees/remove', { ids: [fee.id] })).statusCode).toBe(403);
    const after = await (
      await ctx.t.admin()
    ).post<{ items: Fee[] }>('/api/fees/filter', {
      filters: [{ field: 'fee_code', value: 'VIEWME', condition_type: 'eq' }],
    });
    expect(after.data.items[0]).toMatchObject({ amount: fee.amount, version: fee.version });
    const none = await ctx.t.makeUser({});
    expect((await none.client.post('/api/fees/filter', {})).statusCode).toBe(403);
    expect((await ctx.t.anon.post('/api/fees/filter', {})).statusCode).toBe(401);
  });
});

describe('fees on a sales order', () => {
  it('adds, updates and removes fees of an open order; the grand total follows', async () => {
    const w = await salesWorld(ctx.t, 'FEA');
    const fee = await addCatalogueFee('INSTALL', '50000');
    const order = await makeOrder(w.client, w);
    expect(order.totals.grand_total).toBe('220000.00');

    const added = await w.client.post<Order>('/api/sales-orders/fees', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      fee_code: 'install',
    });
    expect(added.statusCode).toBe(200);
    expect(added.data.fees).toEqual([
      expect.objectContaining({ line_no: 10000, fee_code: 'INSTALL', description: 'Phí INSTALL', amount: '50000.00' }),
    ]);
    expect(added.data.totals.grand_total).toBe('270000.00');
    expect(added.data.grand_total).toBe('270000.00');
    expect(added.data.totals.fees_amount).toBe('50000.00');
    expect(added.data.version).toBe(order.version + 1);

    const second = await w.client.post<Order>('/api/sales-orders/fees', {
      pos_so_no: order.pos_so_no,
      version: added.data.version,
      fee_code: fee.fee_code,
      amount: '10000',
      description: 'Lắp đặt tầng 2',
    });
    expect(second.data.fees.map((f) => [f.line_no, f.amount, f.description])).toEqual([
      [10000, '50000.00', 'Phí INSTALL'],
      [20000, '10000.00', 'Lắp đặt tầng 2'],
    ]);
    expect(second.data.grand_total).toBe('280000.00');

    const updated = await w.client.put<Order>('/api/sales-orders/fees', {
      pos_so_no: order.pos_so_no,
      version: second.data.version,
      line_no: 10000,
      amount: '45000',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.data.fees[0].amount).toBe('45000.00');
    expect(updated.data.grand_total).toBe('275000.00');

    const stale = await w.client.put('/api/sales-orders/fees', {
      pos_so_no: order.pos_so_no,
      version: second.data.version,
      line_no: 10000,
      amount: '1',
    });
    expect(stale.statusCode).toBe(409);

    const missing = await w.client.put('/api/sales-orders/fees', {
      pos_so_no: order.pos_so_no,
      version: updated.data.version,
      line_no: 90000,
      amount: '1',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.envelope.errors[0]).toMatchObject({ field: 'line_no', msg: 'Fee line 90000 not found' });

    const inUse = await (await ctx.t.admin()).post('/api/fees/remove', { ids: [fee.id] });
    expect(inUse.statusCode).toBe(422);
    expect(inUse.envelope.errors[0]).toMatchObject({
      code: 'fee_in_use',
      field: 'ids.0',
      msg: `Fee INSTALL is on sales order ${order.pos_so_no} and cannot be removed; set it inactive instead`,
    });

    const removed = await w.client.post<Order>('/api/sales-orders/fees/remove', {
      pos_so_no: order.pos_so_no,
      version: updated.data.version,
      line_nos: [20000],
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.data.fees.map((f) => f.line_no)).toEqual([10000]);
    expect(removed.data.grand_total).toBe('265000.00');
    const notThere = await w.client.post('/api/sales-orders/fees/remove', {
      pos_so_no: order.pos_so_no,
      version: removed.data.version,
      line_nos: [10000, 20000],
    });
    expect(notThere.envelope.errors[0]).toMatchObject({ field: 'line_nos.1', msg: 'Fee line 20000 not found' });

    // Released with its fee: the release answers the order from its own statement, fees and totals as GET has them.
    const released = await w.client.put<Order>('/api/sales-orders/status', {
      pos_so_no: order.pos_so_no,
      version: removed.data.version,
      status: 'released',
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.data).toMatchObject({ status: 'released', grand_total: '265000.00' });
    expect(released.data.fees.map((f) => [f.fee_code, f.amount])).toEqual([['INSTALL', '45000.00']]);
    expect(released.data).toEqual((await w.client.get<Order>(`/api/sales-orders/${order.pos_so_no}`)).data);
  });

  it('refuses unknown and inactive fees, closed orders, other franchises and viewers', async () => {
    const w = await salesWorld(ctx.t, 'FEB');
    const other = await salesWorld(ctx.t, 'FEC');
    const inactive = await addCatalogueFee('OLD', '1000', { is_active: false });
    await addCatalogueFee('WRAP', '20000');
    const order = await makeOrder(w.client, w);
    const add = (body: Record<string, unknown>, c = w.client) =>
      c.post<Order>('/api/sales-orders/fees', { pos_so_no: order.pos_so_no, version: order.version, ...body });

    const unknown = await add({ fee_code: 'NOPE' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.envelope.errors[0]).toMatchObject({
      field: 'fee_code',
      msg: 'Fee NOPE not found in the fee catalogue',
    });
    const old = await add({ fee_code: inactive.fee_code });
    expect(old.envelope.errors[0]).toMatchObject({ field: 'fee_code', msg: 'Fee OLD is inactive and cannot be added' });
    const bad = await add({ fee_code: '', amount: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors.map((e) => e.field).sort()).toEqual(['amount', 'fee_code']);

    const foreign = await add({ fee_code: 'WRAP' }, other.client);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.envelope.errors[0].msg).toBe('Sales order not found');

    const viewer = await ctx.t.makeUser({
      role: 'Store Staff',
      customer_no: 'FEB',
      pages: [{ page_url: '/salesOrders', permission_type: 'view' }],
    });
    expect((await add({ fee_code: 'WRAP' }, viewer.client)).statusCode).toBe(403);

    const released = await w.client.put<Order>('/api/sales-orders/status', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      status: 'released',
    });
    expect(released.statusCode).toBe(200);
    const closed = await w.client.post('/api/sales-orders/fees', {
      pos_so_no: order.pos_so_no,
      version: released.data.version,
      fee_code: 'WRAP',
    });
    expect(closed.statusCode).toBe(422);
    expect(closed.envelope.errors[0]).toMatchObject({
      field: 'status',
      msg: 'Sales Order in status released cannot change fees',
    });
    const after = await w.client.get<Order>(`/api/sales-orders/${order.pos_so_no}`);
    expect(after.data.fees).toEqual([]);
    expect(after.data.grand_total).toBe('220000.00');
  });
});
