import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buttonKey, GUARDED } from '@fp/contract';
import { systemAuth } from '../../http/context.js';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { pagePermissions } from '../access/schema.js';
import { getCustomerByNo } from '../customers/lookup.js';
import { makeCustomer } from '../customers/test-support/builders.js';
import { makeCancelReason, makeOrder, salesWorld, type Order } from '../sales/test-support/builders.js';
import { addStock, makeOrder as makePostingOrder } from '../sales/posting/test-support.js';
import { earnRedeemablePoints } from './service.js';

// Loyalty on sales (issue 9) through HTTP: redeeming points on an order (caps, messages, totals following, cancel
// giving them back), earning on the invoice, reversing on credit memos, referral points once; the books agree.

const ctx = useTestApp();

type Total = { earned: string; used: string; reversed: string; total: string; available: string };
type Entry = { entry_type: string; points: string; pos_so_no: string; description: string; customer_no: string };
type List<T> = { items: T[]; total_count: number };
type World = Awaited<ReturnType<typeof salesWorld>>;

let w: World;
let other: World;
let admin: Client;

async function givePoints(customerNo: string, points: string) {
  const db = ctx.t.services.db;
  await earnRedeemablePoints(db, await getCustomerByNo(db, systemAuth(), customerNo), {
    points,
    pos_so_no: 'SO-GIFT',
    description: 'Tặng điểm',
  });
}

const redeem = (c: Client, body: Record<string, unknown>) => c.post('/api/redeemable-points', body);
const remove = (c: Client, body: Record<string, unknown>) => c.post('/api/redeemable-points/remove', body);
const getOrder = async (c: Client, no: string) => (await c.get<Order>(`/api/sales-orders/${no}`)).data;
const totalOf = async (c: Client, customer_no: string) =>
  (await c.post<Total>('/api/redeemable-points/total', { customer_no })).data;
/** Release, then Ship Now (a sale at the counter: shipped and invoiced at once). */
async function ship(c: Client, o: { pos_so_no: string; version: number }) {
  const released = await c.put<Order>('/api/sales-orders/status', {
    pos_so_no: o.pos_so_no,
    version: o.version,
    status: 'released',
  });
  if (released.statusCode !== 200) throw new Error(`release failed: ${released.body}`);
  return c.post<Order>('/api/sales-orders/ship', {
    pos_so_no: o.pos_so_no,
    version: released.data.version,
    sell_on_credit: true,
  });
}
const entriesOf = async (c: Client, customer_no: string) =>
  (
    await c.post<List<Entry>>('/api/redeemable-points/filter', {
      filters: [{ field: 'customer_no', value: customer_no }],
      sort_order: { field: 'id', direction: 'asc' },
    })
  ).data.items;

/** A customer of the store with points, and an open order of 2 × SP110 (220,000 VND) for them. */
async function customerOrder(points = '500', extra: Record<string, unknown> = {}) {
  const customer = await makeCustomer(w.client, { location_code: w.location_code, ...extra });
  if (points !== '0') await givePoints(customer.customer_no, points);
  const order = await makeOrder(w.client, { location_code: w.location_code, customer });
  return { customer, order };
}

beforeAll(async () => {
  admin = await ctx.t.admin();
  w = await salesWorld(ctx.t, 'LP001');
  other = await salesWorld(ctx.t, 'LP002');
  await addStock(ctx.t, { franchise_code: 'LP001', location_code: w.location_code, item_no: 'SP110', quantity: '100' });
  await makeCancelReason(admin, '/salesOrders');
  const pages = [
    ...['/salesOrders', '/salesOrders/detail', '/customers'].map((page_url) => ({
      page_url,
      permission_type: 'edit' as const,
    })),
    { page_url: '/customers/redeemablePoints', permission_type: 'view' as const },
  ];
  const manager = await ctx.t.makeUser({ role: 'Store Manager', customer_no: 'LP001', pages });
  // The tests ship unpaid orders: the manager sells on credit (issue 17).
  await ctx.t.services.db
    .update(pagePermissions)
    .set({ permissions: [buttonKey('/salesOrders/detail', GUARDED.sellOnCredit)] })
    .where(eq(pagePermissions.name, `perm-${manager.username}`));
  w.client = manager.client;
});

describe('redeeming points on a sales order', () => {
  it('takes the points off the grand total, within the balance and what is left to pay', async () => {
    const { customer, order } = await customerOrder('500');
    expect(order.grand_total).toBe('220000.00');
    const base = { pos_so_no: order.pos_so_no, customer_no: customer.customer_no };

    const tooMany = await redeem(w.client, { ...base, redeemable_point_used: 501 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.envelope.errors[0]).toMatchObject({
      code: 'insufficient_points',
      field: 'redeemable_point_used',
      msg: 'Not enough redeemable points: 500 available',
    });
    const overPayable = await redeem(w.client, { ...base, redeemable_point_used: 221 });
    expect(overPayable.statusCode).toBe(422);
    expect(overPayable.envelope.errors[0]).toMatchObject({
      code: 'points_exceed_payable',
      field: 'redeemable_point_used',
      msg: 'Redeemable points used 221 are worth more than the 220000.00 left to pay: at most 220 points',
    });
    const stale = await redeem(w.client, { ...base, redeemable_point_used: 10, version: order.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].field).toBe('version');
    const unchanged = await getOrder(w.client, order.pos_so_no);
    expect(unchanged).toMatchObject({
      grand_total: '220000.00',
      la_exchange_points: '0.00000',
      version: order.version,
    });
    expect((await totalOf(w.client, customer.customer_no)).total).toBe('500');

    const ok = await redeem(w.client, { ...base, redeemable_point_used: '120.5', version: order.version });
    expect(ok.statusCode).toBe(201);
    const after = await getOrder(w.client, order.pos_so_no);
    expect(after).toMatchObject({
      la_exchange_points: '120.50000',
      points_discount_amount: '120500.00',
      grand_total: '99500.00',
      remaining_amount: '99500.00',
      version: order.version + 1,
    });
    expect(after.totals.points_discount_amount).toBe('120500.00');
    expect((await totalOf(w.client, customer.customer_no)).total).toBe('379.5');

    const twice = await redeem(w.client, { ...base, redeemable_point_used: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.envelope.errors[0].field).toBe('pos_so_no');

    const staleRemove = await remove(w.client, { order_number: order.pos_so_no, ...base, version: order.version });
    expect(staleRemove.statusCode).toBe(409);
    const removed = await remove(w.client, {
      order_number: order.pos_so_no,
      customer_no: customer.customer_no,
      version: after.version,
    });
    expect(removed.statusCode).toBe(200);
    expect(await getOrder(w.client, order.pos_so_no)).toMatchObject({
      la_exchange_points: '0.00000',
      points_discount_amount: '0.00',
      grand_total: '220000.00',
      version: after.version + 1,
    });
    expect((await totalOf(w.client, customer.customer_no)).total).toBe('500');
  });

  it("refuses another customer's points, a closed order, and another franchise's order (404)", async () => {
    const { customer, order } = await customerOrder('100');
    const stranger = await makeCustomer(w.client, { location_code: w.location_code });
    await givePoints(stranger.customer_no, '100');
    const wrong = await redeem(w.client, {
      pos_so_no: order.pos_so_no,
      customer_no: stranger.customer_no,
      redeemable_point_used: 5,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.envelope.errors[0]).toMatchObject({
      code: 'wrong_customer',
      field: 'customer_no',
      msg: `Only the order's customer ${customer.customer_no} can redeem points on sales order ${order.pos_so_no}`,
    });
    const website = await redeem(w.client, {
      pos_so_no: order.pos_so_no,
      customer_no: customer.customer_no,
      redeemable_point_used: 5,
      source: 'Website',
    });
    expect(website.statusCode).toBe(422);
    expect(website.envelope.errors[0]).toMatchObject({
      field: 'source',
      msg: `Points redeemed on sales order ${order.pos_so_no} have source Franchise`,
    });

    const theirs = await makeOrder(other.client, other);
    const foreign = await redeem(w.client, {
      pos_so_no: theirs.pos_so_no,
      customer_no: customer.customer_no,
      redeemable_point_used: 5,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.envelope.errors[0].msg).toBe('Sales order not found');
    const foreignRemove = await remove(w.client, { order_number: theirs.pos_so_no, customer_no: customer.customer_no });
    expect(foreignRemove.statusCode).toBe(404);

    const released = await w.client.put<Order>('/api/sales-orders/status', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      status: 'released',
    });
    expect(released.statusCode).toBe(200);
    const closed = await redeem(w.client, {
      pos_so_no: order.pos_so_no,
      customer_no: customer.customer_no,
      redeemable_point_used: 5,
    });
    expect(closed.statusCode).toBe(422);
    expect(closed.envelope.errors[0]).toMatchObject({
      field: 'status',
      msg: 'Sales Order in status released cannot redeem points',
    });
    expect((await totalOf(w.client, customer.customer_no)).total).toBe('100');
    expect((await totalOf(w.client, stranger.customer_no)).total).toBe('100');
  });

  it('refuses a cashier whose buttons on the order screen leave out Redeem Points (403, nothing changed)', async () => {
    const { customer, order } = await customerOrder('100');
    const cashier = await ctx.t.makeUser({ customer_no: 'LP001', password: 'Passw0rd1' });
    const granted = await admin.post('/api/page-permissions', {
      name: `Cashier without points ${order.pos_so_no}`,
      permission_type: 'edit',
      pages: ['/salesOrders', '/salesOrders/detail', '/customers'].map((page_url) => ({
        page_url,
        permission_type: 'edit',
      })),
      permissions: ['/salesOrders/detail#Save', '/salesOrders/detail#Remove Points'],
      users: [cashier.id],
    });
    expect(granted.statusCode).toBe(201);
    const client = await ctx.t.as(cashier.username, 'Passw0rd1'); // a new session with the grant
    const refused = await redeem(client, {
      pos_so_no: order.pos_so_no,
      customer_no: customer.customer_no,
      redeemable_point_used: 5,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.envelope.errors[0]).toMatchObject({
      code: 'forbidden',
      msg: 'You are not allowed to Redeem Points',
    });
    expect(await getOrder(w.client, order.pos_so_no)).toMatchObject({
      la_exchange_points: '0.00000',
      version: order.version,
    });
    expect((await totalOf(w.client, customer.customer_no)).total).toBe('100');
  });

  it('caps at the remaining amount after the other discounts, and gives the points back when the order is canceled', async () => {
    const { customer, order } = await customerOrder('500');
    const discounted = await w.client.put<Order>('/api/sales-orders', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      invoice_discount_amount: '200500',
    });
    expect(discounted.statusCode).toBe(200);
    const cap = await redeem(w.client, {
      pos_so_no: order.pos_so_no,
      customer_no: customer.customer_no,
      redeemable_point_used: 20,
    });
    expect(cap.envelope.errors[0].msg).toBe(
      'Redeemable points used 20 are worth more than the 19500.00 left to pay: at most 19.5 points',
    );
    expect(
      (
        await redeem(w.client, {
          pos_so_no: order.pos_so_no,
          customer_no: customer.customer_no,
          redeemable_point_used: '19.5',
        })
      ).statusCode,
    ).toBe(201);
    const before = await getOrder(w.client, order.pos_so_no);
    expect(before).toMatchObject({ grand_total: '0.00', la_exchange_points: '19.50000' });
    expect((await totalOf(w.client, customer.customer_no)).total).toBe('480.5');

    const canceled = await w.client.put<Order>('/api/sales-orders/status', {
      pos_so_no: order.pos_so_no,
      version: before.version,
      status: 'canceled',
      cancel_reason_code: 'NOSTOCK',
    });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.data).toMatchObject({
      status: 'canceled',
      la_exchange_points: '0.00000',
      points_discount_amount: '0.00',
    });
    // The order as it is after the points went back (read again after the status change wrote it).
    expect(canceled.data).toEqual(await getOrder(w.client, order.pos_so_no));
    expect((await totalOf(w.client, customer.customer_no)).total).toBe('500');
    const ledger = await entriesOf(w.client, customer.customer_no);
    expect(ledger.map((e) => [e.entry_type, e.points])).toEqual([
      ['earned', '500.00'],
      ['used', '-19.50'],
      ['reversed', '19.50'],
    ]);
  });
});

describe('earning and reversing points with the postings', () => {
  it('earns redeemable and ranking points on Ship Now at the scheme rate, on what was invoiced', async () => {
    const { customer, order } = await customerOrder('50');
    await redeem(w.client, {
      pos_so_no: order.pos_so_no,
      customer_no: customer.customer_no,
      redeemable_point_used: 20,
    });
    const before = await getOrder(w.client, order.pos_so_no);
    expect(before.grand_total).toBe('200000.00');
    const shipped = await ship(w.client, before);
    expect(shipped.statusCode).toBe(200);
    expect(shipped.data).toMatchObject({
      status: 'invoiced',
      loyalty_redeemable_points: '2.00000',
      loyalty_ranking_points: '2.00000',
      la_exchange_points: '20.00000',
    });
    const si = shipped.data.invoices[0].pos_si_no;
    const ledger = await entriesOf(w.client, customer.customer_no);
    expect(ledger.at(-1)).toMatchObject({
      entry_type: 'earned',
      points: '2.00',
      pos_so_no: order.pos_so_no,
      description: `Invoice ${si}`,
    });
    expect((await totalOf(w.client, customer.customer_no)).total).toBe('32');
    const details = await w.client.post<{ loyalty: { ranking_points: string } }>('/api/customers/details-pos', {
      customer_no: customer.customer_no,
    });
    expect(details.data.loyalty.ranking_points).toBe('2');
    // Points used on an invoiced order stay spent.
    const late = await remove(w.client, { order_number: order.pos_so_no, customer_no: customer.customer_no });
    expect(late.statusCode).toBe(422);
    expect(late.envelope.errors[0].msg).toBe('Sales Order in status invoiced cannot remove redeemed points');
  });

  it('earns at the configured rate of the customer scheme, and nothing for an order without customer', async () => {
    const put = await admin.put('/api/config', {
      loyalty_earn_rates: {
        Silver: { redeemable_per_100k: '1.5', ranking_per_100k: '3' },
        Gold: { redeemable_per_100k: '2', ranking_per_100k: '1' },
      },
    });
    expect(put.statusCode).toBe(200);
    try {
      const { customer, order } = await customerOrder('0');
      // 220,000 × 1.5 / 100,000 = 3.3; ranking 6.6.
      const shipped = await ship(w.client, order);
      expect(shipped.data).toMatchObject({ loyalty_redeemable_points: '3.30000', loyalty_ranking_points: '6.60000' });
      expect((await totalOf(w.client, customer.customer_no)).total).toBe('3.3');

      // A walk-in sale without a customer (written straight to the database: release needs a customer).
      const walkIn = await makePostingOrder(ctx.t, { ...w, franchise_code: 'LP001', customer_no: '' }, [
        { item_no: 'SP110', quantity: '1' },
      ]);
      const anon = await w.client.post<Order>('/api/sales-orders/ship', {
        pos_so_no: walkIn.pos_so_no,
        version: walkIn.version,
        sell_on_credit: true,
      });
      expect(anon.statusCode).toBe(200);
      expect(anon.data).toMatchObject({ status: 'invoiced', loyalty_redeemable_points: '0.00000' });
    } finally {
      await admin.put('/api/config', {
        loyalty_earn_rates: {
          Silver: { redeemable_per_100k: '1', ranking_per_100k: '1' },
          Gold: { redeemable_per_100k: '1.5', ranking_per_100k: '1' },
          Platinum: { redeemable_per_100k: '2', ranking_per_100k: '1' },
          Diamond: { redeemable_per_100k: '3', ranking_per_100k: '1' },
        },
      });
    }
  });

  it('reverses earned points in proportion to credit memos, never more than earned', async () => {
    const { customer, order } = await customerOrder('0');
    const shipped = (await ship(w.client, order)).data;
    expect(shipped.loyalty_redeemable_points).toBe('2.20000');
    const partial = await w.client.post<Order>('/api/sales-orders/credit-memo', {
      pos_so_no: order.pos_so_no,
      version: shipped.version,
      lines: [{ line_no: shipped.lines[0].line_no, quantity: 1 }],
    });
    expect(partial.statusCode).toBe(201);
    const half = await getOrder(w.client, order.pos_so_no);
    expect(half).toMatchObject({ loyalty_redeemable_points: '1.10000', loyalty_ranking_points: '1.10000' });
    expect((await totalOf(w.client, customer.customer_no)).total).toBe('1.1');
    const rest = await w.client.post('/api/sales-orders/credit-memo-all', {
      pos_so_no: order.pos_so_no,
      version: half.version,
    });
    expect(rest.statusCode).toBe(201);
    expect(await getOrder(w.client, order.pos_so_no)).toMatchObject({
      loyalty_redeemable_points: '0.00000',
      loyalty_ranking_points: '0.00000',
    });
    const ledger = await entriesOf(w.client, customer.customer_no);
    expect(ledger.map((e) => [e.entry_type, e.points])).toEqual([
      ['earned', '2.20'],
      ['reversed', '-1.10'],
      ['reversed', '-1.10'],
    ]);
    expect(ledger[1].description).toMatch(/^Credit memo \S+ reverses points of order /);
    expect((await totalOf(w.client, customer.customer_no)).total).toBe('0');
    const details = await w.client.post<{ loyalty: { ranking_points: string } }>('/api/customers/details-pos', {
      customer_no: customer.customer_no,
    });
    expect(details.data.loyalty.ranking_points).toBe('0');
  });

  it('reverses points the customer already spent: the balance goes below 0, nothing is available', async () => {
    const { customer, order } = await customerOrder('0');
    const shipped = (await ship(w.client, order)).data;
    const next = await makeOrder(w.client, { location_code: w.location_code, customer });
    const spent = await redeem(w.client, {
      pos_so_no: next.pos_so_no,
      customer_no: customer.customer_no,
      redeemable_point_used: '2.2',
    });
    expect(spent.statusCode).toBe(201);
    const all = await w.client.post('/api/sales-orders/credit-memo-all', {
      pos_so_no: order.pos_so_no,
      version: shipped.version,
    });
    expect(all.statusCode).toBe(201);
    expect(await totalOf(w.client, customer.customer_no)).toMatchObject({ total: '-2.2', available: '0' });
    const more = await redeem(w.client, {
      pos_so_no: 'BC-ORDER-1',
      customer_no: customer.customer_no,
      redeemable_point_used: 1,
    });
    expect(more.envelope.errors[0].msg).toBe('Not enough redeemable points: -2.2 available');
  });

  it("gives the referrer the referral points on the referred customer's first invoice, once", async () => {
    const referrer = await makeCustomer(w.client, { location_code: w.location_code });
    const { customer, order } = await customerOrder('0', { referred_by_code: referrer.referral_code });
    await ship(w.client, order);
    const second = await makeOrder(w.client, { location_code: w.location_code, customer });
    await ship(w.client, second);
    const rewards = await entriesOf(w.client, referrer.customer_no);
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ entry_type: 'earned', points: '50.00', pos_so_no: order.pos_so_no });
    expect(rewards[0].description).toMatch(new RegExp(`^Referral of ${customer.customer_no} \\(invoice \\S+\\)$`));
    expect((await totalOf(w.client, referrer.customer_no)).total).toBe('50');
    expect((await totalOf(w.client, customer.customer_no)).total).toBe('4.4');
  });

  it('keeps the books: no loyalty check finds anything', async () => {
    const results = await checkBooks(ctx.t.services.db);
    const failing = results.filter((r) => r.violations > 0).map((r) => [r.name, r.examples]);
    expect(failing).toEqual([]);
    expect(totalViolations(results)).toBe(0);
  });
});
