import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buttonKey, GUARDED } from '@fp/contract';
import { useTestApp, type Client, type Res } from '../../../test/helpers.js';
import { cashReceipts } from '../payments/schema.js';
import { salesOrderLines, salesOrders } from './schema.js';
import { makeCancelReason, makeOrder, salesPages, salesWorld, type Order } from './test-support/builders.js';
import { addStock } from './posting/test-support.js';
import { pagePermissions } from '../access/schema.js';
import { grantDemoCashierLimits } from '../access/demo.js';

// Cashier limits and button permissions (issue 9; DEVELOPING.md "Button permissions"): each guarded action is
// refused (403 forbidden, nothing changed) without its grant and allowed with it; Administrators pass; a page whose
// buttons are named refuses the machine actions not named; /api/auth/me lists the buttons.

const ctx = useTestApp();
let w: Awaited<ReturnType<typeof salesWorld>>;
let admin: Client;
const CODE = 'LIM01';
const ORDER_PAGE = '/salesOrders/detail';

beforeAll(async () => {
  w = await salesWorld(ctx.t, CODE);
  admin = await ctx.t.admin();
  await makeCancelReason(admin, '/salesOrders', 'NOSTOCK');
  await addStock(ctx.t, { franchise_code: CODE, location_code: w.location_code, item_no: 'SP110', quantity: '1000' });
});

/** A store user of the franchise holding every sales page at edit, with `buttons` named on the order page. */
async function cashier(buttons: string[] = []) {
  const u = await ctx.t.makeUser({ role: 'Store Staff', customer_no: CODE });
  const r = await admin.post<{ id: number }>('/api/page-permissions', {
    name: `limits-${u.username}`,
    permission_type: 'edit',
    pages: salesPages('edit'),
    permissions: buttons.map((b) => buttonKey(ORDER_PAGE, b)),
    users: [u.id],
  });
  if (r.statusCode !== 201) throw new Error(`permission: ${r.body}`);
  return { ...u, permissionId: r.data.id };
}

async function grant(u: { permissionId: number }, buttons: string[]) {
  const current = await admin.get<{ version: number }>(`/api/page-permissions/${u.permissionId}`);
  const r = await admin.put(`/api/page-permissions/${u.permissionId}`, {
    version: current.data.version,
    permissions: buttons.map((b) => buttonKey(ORDER_PAGE, b)),
  });
  expect(r.statusCode, r.body).toBe(200);
}

function expectForbidden(r: Res, button: string, field: string) {
  expect([r.statusCode, r.envelope.errors[0]]).toEqual([
    403,
    { code: 'forbidden', msg: `You are not allowed to ${button}`, field },
  ]);
}

async function rowOf(no: string) {
  const [h] = await ctx.t.services.db.select().from(salesOrders).where(eq(salesOrders.pos_so_no, no));
  const lines = await ctx.t.services.db.select().from(salesOrderLines).where(eq(salesOrderLines.pos_so_no, no));
  return { h, lines };
}

describe('Override Price', () => {
  it('a price other than the catalogue one is refused without the grant (add, update, create), allowed with it', async () => {
    const u = await cashier();
    const order = await makeOrder(w.client, w);
    const before = await rowOf(order.pos_so_no);
    const add = await u.client.post('/api/sales-orders/lines', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      lines: [
        { item_no: 'SP050', quantity: 1 },
        { item_no: 'SP110', quantity: 1, unit_price: '99000' },
      ],
    });
    expectForbidden(add, GUARDED.overridePrice, 'lines.1.unit_price');
    const line = order.lines[0];
    const upd = await u.client.put('/api/sales-orders/lines', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      line_no: line.line_no,
      unit_price: '1.00',
    });
    expectForbidden(upd, GUARDED.overridePrice, 'unit_price');
    const create = await u.client.post('/api/sales-orders', {
      location_code: w.location_code,
      sell_to_code: w.customer.customer_no,
      lines: [{ item_no: 'SP110', quantity: 1, unit_price: '5000' }],
    });
    expectForbidden(create, GUARDED.overridePrice, 'lines.0.unit_price');
    expect(await rowOf(order.pos_so_no)).toEqual(before);

    // The catalogue's own price is no override.
    const same = await u.client.put<Order>('/api/sales-orders/lines', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      line_no: line.line_no,
      unit_price: '110000',
    });
    expect(same.statusCode, same.body).toBe(200);

    await grant(u, [GUARDED.overridePrice]);
    const ok = await u.client.put<Order>('/api/sales-orders/lines', {
      pos_so_no: order.pos_so_no,
      version: same.data.version,
      line_no: line.line_no,
      unit_price: '99000',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.data.lines[0]).toMatchObject({ unit_price: '99000.00', price_source: 'manual' });
  });

  it('Administrators override without a grant', async () => {
    const order = await makeOrder(w.client, w);
    const r = await admin.put<Order>('/api/sales-orders/lines', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      line_no: order.lines[0].line_no,
      unit_price: '12345',
    });
    expect(r.statusCode, r.body).toBe(200);
  });
});

describe('Discount Above Limit', () => {
  it('a percent or an amount above max_line_discount_percent is refused without the grant, allowed with it', async () => {
    const limit = await admin.put('/api/config', { max_line_discount_percent: '10' });
    expect(limit.statusCode, limit.body).toBe(200);
    const u = await cashier();
    const order = await makeOrder(w.client, w); // 2 × 110,000
    const before = await rowOf(order.pos_so_no);
    const lineNo = order.lines[0].line_no;
    const pct = await u.client.put('/api/sales-orders/lines', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      line_no: lineNo,
      line_discount_percent: '10.5',
    });
    expectForbidden(pct, GUARDED.discountAboveLimit, 'line_discount_percent');
    // 22,001 of 220,000 is just over 10 %.
    const amount = await u.client.put('/api/sales-orders/lines', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      line_no: lineNo,
      line_discount_amount: '22001',
    });
    expectForbidden(amount, GUARDED.discountAboveLimit, 'line_discount_amount');
    const add = await u.client.post('/api/sales-orders/lines', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      lines: [{ item_no: 'SP110', quantity: 1, line_discount_percent: '50' }],
    });
    expectForbidden(add, GUARDED.discountAboveLimit, 'lines.0.line_discount_percent');
    expect(await rowOf(order.pos_so_no)).toEqual(before);

    const atLimit = await u.client.put<Order>('/api/sales-orders/lines', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      line_no: lineNo,
      line_discount_amount: '22000',
    });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    // Fewer pieces with the same amount off is a larger discount: refused too.
    const fewer = await u.client.put('/api/sales-orders/lines', {
      pos_so_no: order.pos_so_no,
      version: atLimit.data.version,
      line_no: lineNo,
      quantity: 1,
    });
    expectForbidden(fewer, GUARDED.discountAboveLimit, 'line_discount_amount');

    await grant(u, [GUARDED.discountAboveLimit]);
    const ok = await u.client.put<Order>('/api/sales-orders/lines', {
      pos_so_no: order.pos_so_no,
      version: atLimit.data.version,
      line_no: lineNo,
      line_discount_percent: '30',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.data.lines[0].line_discount_amount).toBe('66000.00');
  });

  it('the limit follows the setting; Administrators pass', async () => {
    await admin.put('/api/config', { max_line_discount_percent: '40' });
    const u = await cashier();
    const order = await makeOrder(w.client, w);
    const r = await u.client.put('/api/sales-orders/lines', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      line_no: order.lines[0].line_no,
      line_discount_percent: '35',
    });
    expect(r.statusCode, r.body).toBe(200);
    await admin.put('/api/config', { max_line_discount_percent: '10' });
    const o2 = await makeOrder(w.client, w);
    const a = await admin.put('/api/sales-orders/lines', {
      pos_so_no: o2.pos_so_no,
      version: o2.version,
      line_no: o2.lines[0].line_no,
      line_discount_percent: '90',
    });
    expect(a.statusCode, a.body).toBe(200);
  });
});

describe('Cancel After Payment', () => {
  async function paidOrder() {
    const order = await makeOrder(w.client, w);
    await ctx.t.services.db.insert(cashReceipts).values({
      receipt_no: `RC-${order.pos_so_no}`,
      franchise_code: CODE,
      pos_so_no: order.pos_so_no,
      amount: '50000.00',
      receipt_type: 'collect_store',
      payment_type: 'cash',
      status: 'processed',
    });
    return order;
  }
  const cancel = (c: Client, o: Order) =>
    c.put<Order>('/api/sales-orders/status', {
      pos_so_no: o.pos_so_no,
      version: o.version,
      status: 'canceled',
      cancel_reason_code: 'NOSTOCK',
    });

  it('an order with processed receipts is canceled only with the grant; unpaid orders need none', async () => {
    const u = await cashier();
    const unpaid = await makeOrder(w.client, w);
    expect((await cancel(u.client, unpaid)).statusCode).toBe(200);
    const paid = await paidOrder();
    const before = await rowOf(paid.pos_so_no);
    expectForbidden(await cancel(u.client, paid), GUARDED.cancelAfterPayment, 'status');
    expect(await rowOf(paid.pos_so_no)).toEqual(before);
    // An open receipt is not a payment yet.
    const open = await makeOrder(w.client, w);
    await ctx.t.services.db.insert(cashReceipts).values({
      receipt_no: `RC-${open.pos_so_no}`,
      franchise_code: CODE,
      pos_so_no: open.pos_so_no,
      amount: '50000.00',
      receipt_type: 'collect_store',
      payment_type: 'cash',
    });
    expect((await cancel(u.client, open)).statusCode).toBe(200);
    await grant(u, [GUARDED.cancelAfterPayment]);
    const ok = await cancel(u.client, paid);
    expect([ok.statusCode, ok.data?.status]).toEqual([200, 'canceled']);
  });

  it('Administrators cancel a paid order', async () => {
    const paid = await paidOrder();
    expect((await cancel(admin, paid)).statusCode).toBe(200);
  });
});

describe('ordinary buttons', () => {
  it('naming buttons of the order page restricts it to them: the machine actions not named are refused', async () => {
    const u = await cashier(['Release', 'Save']);
    const order = await makeOrder(w.client, w);
    const rel = await u.client.put<Order>('/api/sales-orders/status', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      status: 'released',
    });
    expect(rel.statusCode, rel.body).toBe(200);
    const before = await rowOf(order.pos_so_no);
    const body = { pos_so_no: order.pos_so_no, version: rel.data.version };
    expectForbidden(await u.client.post('/api/sales-orders/ship', body), 'Ship Now', 'status');
    expectForbidden(
      await u.client.post('/api/sales-orders/calculate-qty-to-ship', body),
      'Calculate Qty-To-Ship Pending',
      'status',
    );
    expectForbidden(await u.client.post('/api/sales-orders/support-to-ship', body), 'Support To Ship', 'status');
    expectForbidden(await u.client.post('/api/sales-orders/sync', body), 'Sync', 'status');
    expectForbidden(await u.client.put('/api/sales-orders/status', { ...body, status: 'open' }), 'Reopen', 'status');
    expectForbidden(
      await u.client.put('/api/sales-orders/status', { ...body, status: 'canceled', cancel_reason_code: 'NOSTOCK' }),
      'Cancel',
      'status',
    );
    expect(await rowOf(order.pos_so_no)).toEqual(before);

    await grant(u, ['Release', 'Save', 'Ship Now', 'Sell On Credit']);
    const ship = await u.client.post<Order>('/api/sales-orders/ship', { ...body, sell_on_credit: true });
    expect(ship.statusCode, ship.body).toBe(200);
  });

  it('a user naming no button of the page may use them all; another franchise still answers 404', async () => {
    const u = await cashier();
    const order = await makeOrder(w.client, w);
    const rel = await u.client.put<Order>('/api/sales-orders/status', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      status: 'released',
    });
    expect(rel.statusCode).toBe(200);
    const calc = await u.client.post('/api/sales-orders/calculate-qty-to-ship', {
      pos_so_no: order.pos_so_no,
      version: rel.data.version,
    });
    expect(calc.statusCode, calc.body).toBe(200);

    const other = await salesWorld(ctx.t, 'LIM02');
    const theirs = await makeOrder(other.client, other);
    const restricted = await cashier(['Release']);
    const r = await restricted.client.post('/api/sales-orders/ship', { pos_so_no: theirs.pos_so_no, version: 1 });
    expect([r.statusCode, r.envelope.errors[0].msg]).toEqual([404, 'Sales order not found']);
  });

  it('Convert To Order is a button of the quote page', async () => {
    const u = await ctx.t.makeUser({ role: 'Store Staff', customer_no: CODE });
    const p = await admin.post<{ id: number }>('/api/page-permissions', {
      name: `limits-q-${u.username}`,
      permission_type: 'edit',
      pages: salesPages('edit'),
      permissions: [buttonKey('/salesQuotes/detail', 'Release Quote')],
      users: [u.id],
    });
    expect(p.statusCode, p.body).toBe(201);
    const quote = await makeOrder(w.client, w, { document_type: 'quote' });
    const r = await u.client.post('/api/sales-orders/convert-quote', {
      pos_so_no: quote.pos_so_no,
      version: quote.version,
    });
    expectForbidden(r, 'Convert To Order', 'status');
    const a = await admin.post('/api/sales-orders/convert-quote', {
      pos_so_no: quote.pos_so_no,
      version: quote.version,
    });
    expect(a.statusCode, a.body).toBe(201);
  });
});

describe('/api/auth/me', () => {
  it('lists the buttons of the user’s page permissions', async () => {
    const u = await cashier(['Release', GUARDED.overridePrice]);
    const me = await u.client.post<{ buttons: string[] }>('/api/auth/me');
    expect(me.data.buttons.sort()).toEqual([
      buttonKey(ORDER_PAGE, GUARDED.overridePrice),
      buttonKey(ORDER_PAGE, 'Release'),
    ]);
  });
});

describe('counter settings in /api/config', () => {
  it('PUT validates each counter setting naming the field; GET answers them', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ max_line_discount_percent: '101' }, 'max_line_discount_percent'],
      [{ birthday_discount_percent: '-1' }, 'birthday_discount_percent'],
      [{ loyalty_point_value: 'abc' }, 'loyalty_point_value'],
      [{ loyalty_referral_points: '-5' }, 'loyalty_referral_points'],
      [{ loyalty_earn_rates: { Gold: { redeemable_per_100k: 'x', ranking_per_100k: '1' } } }, 'loyalty_earn_rates'],
    ];
    for (const [body, field] of bad) {
      const r = await admin.put('/api/config', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.envelope.errors[0].field ?? '').toContain(field);
      expect(r.envelope.errors[0].msg).toBeTruthy();
    }
    const rates = {
      Silver: { redeemable_per_100k: '1', ranking_per_100k: '1' },
      Gold: { redeemable_per_100k: '2.5', ranking_per_100k: '1' },
    };
    const ok = await admin.put('/api/config', {
      loyalty_point_value: '500',
      loyalty_earn_rates: rates,
      loyalty_referral_points: '20',
      birthday_discount_percent: '15',
      max_line_discount_percent: '12.5',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const got = await admin.get<Record<string, unknown>>('/api/config');
    expect(got.data).toMatchObject({
      loyalty_point_value: '500',
      loyalty_earn_rates: rates,
      loyalty_referral_points: '20',
      birthday_discount_percent: '15',
      max_line_discount_percent: '12.5',
    });
    await admin.put('/api/config', { max_line_discount_percent: '10' });
  });
});

describe('demo grants', () => {
  it('store managers (and head office) get the cashier limits on the sales document pages; store staff do not', async () => {
    const db = ctx.t.services.db;
    await db.insert(pagePermissions).values([
      { name: 'Store Manager', permission_type: 'edit', pages: salesPages('edit') },
      { name: 'Store Staff', permission_type: 'view', pages: salesPages('edit') },
    ]);
    await grantDemoCashierLimits(ctx.t.services);
    const rows = await db.select().from(pagePermissions);
    const of = (name: string) => rows.find((r) => r.name === name)!.permissions;
    expect(of('Store Manager').sort()).toEqual(
      ['/salesOrders/detail', '/salesQuotes/detail']
        .flatMap((p) => Object.values(GUARDED).map((b) => buttonKey(p, b)))
        .sort(),
    );
    expect(of('Store Staff')).toEqual([]);
  });
});
