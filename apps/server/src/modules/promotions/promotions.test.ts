import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ApiResponse } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { categories } from '../categories/schema.js';
import { customers } from '../customers/schema.js';
import { items } from '../items/schema.js';
import { makeCustomer } from '../customers/test-support/builders.js';
import { birthdayPromotionUses } from '../loyalty/schema.js';
import { makeCancelReason, makeOrder, salesPages, salesWorld, type Order } from '../sales/test-support/builders.js';
import { couponUses, promotions } from './schema.js';
import { checkBooks } from '../../books/checks.js';

const ctx = useTestApp();
type Promotion = ApiResponse<'promotions.create'>;
type Check = ApiResponse<'salesPromotions.couponCheck'>;
let w: Awaited<ReturnType<typeof salesWorld>>;
let other: Awaited<ReturnType<typeof salesWorld>>;
let admin: Client;
const DATE = '2026-06-15';
let seq = 0;

beforeAll(async () => {
  w = await salesWorld(ctx.t, 'PR001');
  other = await salesWorld(ctx.t, 'PR002');
  admin = await ctx.t.admin();
});

/** A promotion through the API (admin = head office); defaults: auto, 10 % off everything all of 2026. */
async function promo(o: Record<string, unknown> = {}): Promise<Promotion> {
  const res = await admin.post<Promotion>('/api/promotions', {
    code: `P${++seq}`,
    description: `Promotion ${seq}`,
    kind: 'auto',
    discount_type: 'percent',
    discount_value: 10,
    valid_from: '2026-01-01',
    valid_to: '2026-12-31',
    ...o,
  });
  if (res.statusCode !== 201) throw new Error(`promotion create failed: ${res.body}`);
  return res.data;
}
const coupon = (code: string, o: Record<string, unknown> = {}) => promo({ kind: 'coupon', coupon_code: code, ...o });

/** 2 × SP110 (220,000) on the order date. */
const order = (o: Record<string, unknown> = {}, world = w) =>
  makeOrder(world.client, world, { order_date: DATE, ...o });

const autoOn = async (o: Order, on = true, client = w.client) =>
  client.put<Order>('/api/sales-orders/auto-promotion', {
    pos_so_no: o.pos_so_no,
    version: o.version,
    auto_promotion: on,
  });
const check = (o: Order, code: string, client = w.client) =>
  client.post<Check>('/api/sales-orders/coupon-check', { pos_so_no: o.pos_so_no, coupon_code: code });
const apply = (o: Order, code: string, client = w.client) =>
  client.put<Order>('/api/sales-orders/coupon', { pos_so_no: o.pos_so_no, version: o.version, coupon_code: code });

/** Only one catalogue at a time: each rule test starts from an empty one. */
async function clearCatalogue() {
  const db = ctx.t.services.db;
  await db.execute(sql`update promotions set is_active = false, code = code || '~' || id where code not like '%~%'`);
}

describe('promotion catalogue', () => {
  it('creates a coupon (codes upper-case), lists, updates with the version and refuses a stale one', async () => {
    const c = await coupon('welcome5', {
      code: 'welcome',
      discount_type: 'amount',
      discount_value: '5000',
      usage_limit: 3,
    });
    expect(c).toMatchObject({
      code: 'WELCOME',
      kind: 'coupon',
      coupon_code: 'WELCOME5',
      discount_type: 'amount',
      discount_value: '5000.00',
      scope: 'all',
      scope_values: [],
      min_order_amount: '0.00',
      franchise_codes: [],
      usage_limit: 3,
      used_count: 0,
      priority: 0,
      is_active: true,
      version: 1,
    });
    const list = await admin.post<{ items: Promotion[]; total_count: number }>('/api/promotions/filter', {
      filters: [{ field: 'coupon_code', value: 'WELCOME5', condition_type: 'eq' }],
    });
    expect(list.data.items.map((p) => p.code)).toEqual(['WELCOME']);
    const up = await admin.put<Promotion>('/api/promotions', {
      id: c.id,
      version: c.version,
      description: 'Chào mừng',
    });
    expect(up.statusCode).toBe(200);
    expect(up.data).toMatchObject({ description: 'Chào mừng', version: 2, coupon_code: 'WELCOME5' });
    const stale = await admin.put('/api/promotions', { id: c.id, version: 1, description: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');
    const dup = await admin.post('/api/promotions', {
      code: 'OTHER',
      description: 'd',
      kind: 'coupon',
      coupon_code: 'welcome5',
      discount_type: 'percent',
      discount_value: 5,
      valid_from: '2026-01-01',
      valid_to: '2026-01-02',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.errors[0]).toMatchObject({ field: 'coupon_code', msg: 'Coupon code WELCOME5 already exists' });
  });

  it("counts each coupon's own uses (a use whose id equals its promotion's id counts once, for that coupon only)", async () => {
    const used = await coupon(`USED${seq}`, { usage_limit: 5 });
    const fresh = await coupon(`FRESH${seq}`, { usage_limit: 5 });
    await ctx.t.services.db
      .insert(couponUses)
      .values({ id: used.id, promotion_id: used.id, pos_so_no: `SO-USED-${used.id}` });
    const list = await admin.post<{ items: Promotion[] }>('/api/promotions/filter', {
      pagination: { page: 1, size: 50 },
      filters: [{ field: 'coupon_code', value: `${used.coupon_code}|${fresh.coupon_code}`, condition_type: 'in' }],
    });
    // The use above is not an order's: remove it (its id is outside the sequence) before the books read the table.
    await ctx.t.services.db.delete(couponUses).where(eq(couponUses.id, used.id));
    const countOf = (p: Promotion) => list.data.items.find((i) => i.id === p.id)?.used_count;
    expect([countOf(used), countOf(fresh)]).toEqual([1, 0]);
  });

  it('names the field of bad input (400) and of broken rules across fields', async () => {
    const res = await admin.post('/api/promotions', { code: '', kind: 'x', discount_value: 'abc' });
    expect(res.statusCode).toBe(400);
    const fields = res.envelope.errors.map((e) => e.field);
    for (const f of ['code', 'description', 'kind', 'discount_type', 'discount_value', 'valid_from', 'valid_to'])
      expect(fields).toContain(f);
    expect(res.envelope.errors.find((e) => e.field === 'code')?.msg).toBe('This is required field!');
    expect(res.envelope.errors.find((e) => e.field === 'kind')?.msg).toBe('kind must be auto or coupon');
    const base = {
      code: 'RULES',
      description: 'r',
      kind: 'auto',
      discount_type: 'percent',
      discount_value: 10,
      valid_from: '2026-01-01',
      valid_to: '2026-12-31',
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'coupon' }, 'coupon_code', 'coupon_code is required for a coupon'],
      [{ coupon_code: 'X1' }, 'coupon_code', 'coupon_code is only for a coupon (kind coupon)'],
      [{ usage_limit: 5 }, 'usage_limit', 'usage_limit is only for a coupon (kind coupon)'],
      [{ discount_value: 101 }, 'discount_value', 'discount_value must be at most 100 for a percent'],
      [{ valid_to: '2025-12-31' }, 'valid_to', 'valid_to must not be before valid_from'],
      [{ scope: 'item' }, 'scope_values', 'scope_values must name at least one item'],
      [{ scope: 'item', scope_values: ['NOPE'] }, 'scope_values', 'Item NOPE not found'],
      [{ scope: 'category', scope_values: ['999999'] }, 'scope_values', 'Category 999999 not found'],
      [{ franchise_codes: ['ZZ999'] }, 'franchise_codes', 'Franchise ZZ999 not found'],
    ];
    for (const [o, field, msg] of cases) {
      const r = await admin.post('/api/promotions', { ...base, ...o });
      expect(r.statusCode, msg).toBe(400);
      expect(r.envelope.errors[0]).toMatchObject({ field, msg });
    }
  });

  it('a store user lists what applies to them, and cannot change the catalogue (403, nothing changed)', async () => {
    const mine = await promo({ franchise_codes: ['PR001'] });
    const theirs = await promo({ franchise_codes: ['PR002'] });
    const everyone = await promo();
    const store = await ctx.t.makeUser({
      role: 'Store Manager',
      customer_no: 'PR001',
      pages: [{ page_url: '/promotions', permission_type: 'edit' }],
    });
    const list = await store.client.post<{ items: Promotion[] }>('/api/promotions/filter', {
      pagination: { page: 1, size: 500 },
    });
    const codes = list.data.items.map((p) => p.code);
    expect(codes).toContain(mine.code);
    expect(codes).toContain(everyone.code);
    expect(codes).not.toContain(theirs.code);
    const refused = await store.client.put('/api/promotions', { id: mine.id, version: mine.version, description: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.envelope.errors[0].msg).toBe('Only head office can change promotions');
    const created = await store.client.post('/api/promotions', { ...mine, code: 'STORE1', id: undefined });
    expect(created.statusCode).toBe(403);
    const [row] = await ctx.t.services.db.select().from(promotions).where(eq(promotions.id, mine.id));
    expect(row.description).toBe(mine.description);
    expect(await ctx.t.services.db.select().from(promotions).where(eq(promotions.code, 'STORE1'))).toHaveLength(0);
    const noPage = await w.client.post('/api/promotions', { ...mine, code: 'STORE2', id: undefined });
    expect(noPage.statusCode).toBe(403);
  });

  it('remove: deletes a promotion no order used, deactivates one that was used', async () => {
    await clearCatalogue();
    const unused = await promo();
    const del = await admin.post('/api/promotions/remove', { id: unused.id, version: 1 });
    expect(del.data).toEqual({ id: unused.id, outcome: 'deleted' });
    expect(await ctx.t.services.db.select().from(promotions).where(eq(promotions.id, unused.id))).toHaveLength(0);
    const used = await coupon('USEDONCE');
    const o = await order();
    expect((await apply(o, 'USEDONCE')).statusCode).toBe(200);
    const off = await admin.post('/api/promotions/remove', { id: used.id, version: 1 });
    expect(off.data).toEqual({ id: used.id, outcome: 'deactivated' });
    const [row] = await ctx.t.services.db.select().from(promotions).where(eq(promotions.id, used.id));
    expect(row.is_active).toBe(false);
    expect((await admin.post('/api/promotions/remove', { id: 999999, version: 1 })).statusCode).toBe(404);
  });
});

describe('promotion rules on an order (README.md)', () => {
  it('rule 1: automatic promotions apply only when the order has auto_promotion on', async () => {
    await clearCatalogue();
    await promo({ code: 'AUTO10' });
    const o = await order();
    expect(o.totals.promotion_discount_amount).toBe('0.00');
    const on = await autoOn(o);
    expect(on.statusCode).toBe(200);
    expect(on.data.auto_promotion).toBe(true);
    expect(on.data.totals).toMatchObject({ promotion_discount_amount: '22000.00', grand_total: '198000.00' });
    expect(on.data.applied_promotions).toEqual([
      {
        kind: 'auto',
        promotion_id: expect.any(Number),
        code: 'AUTO10',
        description: expect.any(String),
        amount: '22000.00',
      },
    ]);
    const off = await autoOn(on.data, false);
    expect(off.data.totals.promotion_discount_amount).toBe('0.00');
    expect(off.data.applied_promotions).toEqual([]);
    const stale = await autoOn(o);
    expect(stale.statusCode).toBe(409);
  });

  it('rule 2: only active, in-date, franchise-matching promotions whose minimum the eligible net meets apply', async () => {
    await clearCatalogue();
    await promo({ is_active: false, discount_value: 50 });
    await promo({ valid_from: '2026-07-01', discount_value: 40 });
    await promo({ valid_to: '2026-06-14', discount_value: 30 });
    await promo({ franchise_codes: ['PR002'], discount_value: 25 });
    await promo({ min_order_amount: '220000.01', discount_value: 20 });
    const met = await promo({ code: 'MIN220', min_order_amount: '220000', discount_value: 5 });
    const o = (await autoOn(await order())).data;
    expect(o.applied_promotions.map((a) => a.code)).toEqual([met.code]);
    expect(o.totals.promotion_discount_amount).toBe('11000.00');
  });

  it('rule 3: the largest discount wins, no stacking; ties go to the higher priority, then the code', async () => {
    await clearCatalogue();
    await promo({ code: 'BIG', discount_type: 'amount', discount_value: 30000 });
    await promo({ code: 'SMALL', discount_value: 10 });
    let o = (await autoOn(await order())).data;
    expect(o.applied_promotions.map((a) => [a.code, a.amount])).toEqual([['BIG', '30000.00']]);
    await clearCatalogue();
    await promo({ code: 'TIEB', discount_type: 'amount', discount_value: 22000, priority: 1 });
    await promo({ code: 'TIEA', discount_value: 10, priority: 0 });
    o = (await autoOn(await order())).data;
    expect(o.applied_promotions.map((a) => a.code)).toEqual(['TIEB']);
    await clearCatalogue();
    await promo({ code: 'TIEZ', discount_type: 'amount', discount_value: 22000 });
    await promo({ code: 'TIEY', discount_value: 10 });
    o = (await autoOn(await order())).data;
    expect(o.applied_promotions.map((a) => a.code)).toEqual(['TIEY']);
  });

  it('rule 4: scope item or category (a category covers its sub-categories); a percent of the eligible net, an amount capped at it', async () => {
    await clearCatalogue();
    const db = ctx.t.services.db;
    const [parent] = await db.insert(categories).values({ code: 'PRCAT', name: 'Đồ ăn' }).returning();
    const [child] = await db
      .insert(categories)
      .values({ code: 'PRSUB', name: 'Bánh', parent_id: parent.id })
      .returning();
    await db.update(items).set({ category_id: child.id }).where(eq(items.item_no, 'SP050'));
    await promo({ code: 'CAT', scope: 'category', scope_values: [parent.id], discount_value: 50 });
    const lines = [
      { item_no: 'SP110', quantity: 2 },
      { item_no: 'SP050', quantity: 1 },
    ];
    let o = (await autoOn(await order({ lines }))).data;
    expect(o.applied_promotions.map((a) => [a.code, a.amount])).toEqual([['CAT', '25000.00']]);
    await clearCatalogue();
    await promo({
      code: 'ITEMAMT',
      scope: 'item',
      scope_values: ['sp050'],
      discount_type: 'amount',
      discount_value: 80000,
    });
    o = (await autoOn(await order({ lines }))).data;
    expect(o.applied_promotions.map((a) => [a.code, a.amount])).toEqual([['ITEMAMT', '50000.00']]);
    // the discount follows the lines
    const removed = await w.client.post<Order>('/api/sales-orders/lines/remove', {
      pos_so_no: o.pos_so_no,
      version: o.version,
      line_nos: [o.lines.find((l) => l.item_no === 'SP050')!.line_no],
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.data.totals.promotion_discount_amount).toBe('0.00');
    expect(removed.data.applied_promotions).toEqual([]);
  });

  it('rule 5: never more than what is left after the invoice discount', async () => {
    await clearCatalogue();
    await promo({ code: 'HUGE', discount_type: 'amount', discount_value: 500000 });
    const o = (await autoOn(await order({ invoice_discount_amount: '20000' }))).data;
    expect(o.totals).toMatchObject({ promotion_discount_amount: '200000.00', grand_total: '0.00' });
  });

  it('rule 6: a coupon is applied only when it gives more than the automatic promotion; then it replaces it', async () => {
    await clearCatalogue();
    await promo({ code: 'AUTO10' });
    await coupon('LESS5', { discount_value: 5 });
    await coupon('MORE15', { discount_value: 15 });
    const o = (await autoOn(await order())).data;
    const less = await check(o, 'less5');
    expect(less.data).toEqual({
      valid: false,
      reason: 'The automatic promotion AUTO10 already takes 22.000 off; coupon LESS5 would take 11.000',
      discount: '0.00',
    });
    const refused = await apply(o, 'LESS5');
    expect(refused.statusCode).toBe(422);
    expect(refused.envelope.errors[0]).toMatchObject({ code: 'coupon_invalid', field: 'coupon_code' });
    expect(await ctx.t.services.db.select().from(couponUses).where(eq(couponUses.pos_so_no, o.pos_so_no))).toHaveLength(
      0,
    );
    const more = await check(o, 'MORE15');
    expect(more.data).toEqual({
      valid: true,
      reason: 'Coupon MORE15 takes 33.000 off this order',
      discount: '33000.00',
    });
    const applied = await apply(o, 'more15');
    expect(applied.statusCode).toBe(200);
    expect(applied.data.coupon_code).toBe('MORE15');
    expect(applied.data.applied_promotions.map((a) => [a.kind, a.code, a.amount])).toEqual([
      ['coupon', 'MORE15', '33000.00'],
    ]);
    expect(applied.data.totals.grand_total).toBe('187000.00');
    const again = await check(applied.data, 'MORE15');
    expect(again.data.reason).toBe('Coupon MORE15 is already applied to this order');
    const removed = await w.client.post<Order>('/api/sales-orders/coupon/remove', {
      pos_so_no: o.pos_so_no,
      version: applied.data.version,
    });
    expect(removed.data.coupon_code).toBe('');
    expect(removed.data.applied_promotions.map((a) => a.code)).toEqual(['AUTO10']);
    expect(await ctx.t.services.db.select().from(couponUses).where(eq(couponUses.pos_so_no, o.pos_so_no))).toHaveLength(
      0,
    );
  });

  it('coupon check: every reason, and nothing changes', async () => {
    await clearCatalogue();
    await coupon('OFF', { is_active: false });
    await coupon('SOON', { valid_from: '2026-07-01' });
    await coupon('OLD', { valid_to: '2026-06-01' });
    await coupon('THEIRS', { franchise_codes: ['PR002'] });
    await coupon('MIN', { min_order_amount: '300000' });
    await coupon('ONLY1', { usage_limit: 1 });
    await coupon('NOITEM', { scope: 'item', scope_values: ['SP050'] });
    const o = await order();
    const first = await order();
    expect((await apply(first, 'ONLY1')).statusCode).toBe(200);
    const expected: [string, string][] = [
      ['NOPE', 'Coupon NOPE not found'],
      ['OFF', 'Coupon OFF is not active'],
      ['SOON', 'Coupon SOON is valid from 2026-07-01'],
      ['OLD', 'Coupon OLD expired on 2026-06-01'],
      ['THEIRS', 'Coupon THEIRS is not valid for franchise PR001'],
      ['MIN', 'Coupon MIN needs an order of at least 300.000 (eligible now 220.000)'],
      ['ONLY1', 'Coupon ONLY1 has reached its usage limit of 1'],
      ['NOITEM', 'No line of this order is eligible for coupon NOITEM'],
    ];
    for (const [code, reason] of expected) {
      const r = await check(o, code);
      expect(r.statusCode).toBe(200);
      expect(r.data, code).toEqual({ valid: false, reason, discount: '0.00' });
      const a = await apply(o, code);
      expect(a.statusCode, code).toBe(422);
      expect(a.envelope.errors[0]).toMatchObject({ code: 'coupon_invalid', field: 'coupon_code', msg: reason });
    }
    const after = await w.client.get<Order>(`/api/sales-orders/${o.pos_so_no}`);
    expect(after.data.version).toBe(o.version);
    expect((await check(o, '')).statusCode).toBe(400);
    // another franchise's order is not found
    expect((await check(o, 'OFF', other.client)).statusCode).toBe(404);
    expect((await apply(o, 'OFF', other.client)).statusCode).toBe(404);
  });

  it('a coupon use is released when the order is canceled; a quote takes no promotions; a released order cannot change them', async () => {
    await clearCatalogue();
    await coupon('CANCELME', { usage_limit: 1 });
    const o = (await apply(await order(), 'CANCELME')).data;
    await makeCancelReason(admin, '/salesOrders');
    const canceled = await w.client.put<Order>('/api/sales-orders/status', {
      pos_so_no: o.pos_so_no,
      version: o.version,
      status: 'canceled',
      cancel_reason_code: 'NOSTOCK',
    });
    expect(canceled.statusCode).toBe(200);
    expect(await ctx.t.services.db.select().from(couponUses).where(eq(couponUses.pos_so_no, o.pos_so_no))).toHaveLength(
      0,
    );
    expect((await apply(await order(), 'CANCELME')).statusCode).toBe(200);
    const quote = await order({ document_type: 'quote' });
    const q = await autoOn(quote);
    expect(q.statusCode).toBe(422);
    expect(q.envelope.errors[0]).toMatchObject({
      msg: 'A sales quote cannot take promotions',
      field: 'auto_promotion',
    });
    const rel = await order();
    const released = await w.client.put<Order>('/api/sales-orders/status', {
      pos_so_no: rel.pos_so_no,
      version: rel.version,
      status: 'released',
    });
    const late = await autoOn(released.data);
    expect(late.statusCode).toBe(422);
    expect(late.envelope.errors[0].msg).toBe('Sales Order in status released cannot change promotions');
  });

  it('needs edit on a sales page (403, nothing changed); another franchise is 404', async () => {
    await clearCatalogue();
    await promo({ code: 'AUTO10' });
    const o = await order();
    const viewer = await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'PR001', pages: salesPages('view') });
    const r = await autoOn(o, true, viewer.client);
    expect(r.statusCode).toBe(403);
    const after = await w.client.get<Order>(`/api/sales-orders/${o.pos_so_no}`);
    expect(after.data).toMatchObject({ auto_promotion: false, version: o.version });
    expect((await check(o, 'X', viewer.client)).statusCode).toBe(200);
    expect((await autoOn(o, true, other.client)).statusCode).toBe(404);
  });
});

describe('birthday promotion', () => {
  it('once per customer per year in the birthday month, configured percent on what is left, stacks on the promotion, given back on cancel', async () => {
    await clearCatalogue();
    await promo({ code: 'AUTO10' });
    const db = ctx.t.services.db;
    await db
      .update(customers)
      .set({ birth_date: '1990-06-20' })
      .where(eq(customers.customer_no, w.customer.customer_no));
    const o = (await autoOn(await order())).data;
    const used = await w.client.put<Order>('/api/sales-orders/birthday-promotion', {
      pos_so_no: o.pos_so_no,
      version: o.version,
      loyalty_birthday_used: true,
    });
    expect(used.statusCode).toBe(200);
    expect(used.data.loyalty_birthday_used).toBe(true);
    // 220,000 − 22,000 (AUTO10) = 198,000; 10 % birthday (the configured default) = 19,800
    expect(used.data.applied_promotions.map((a) => [a.kind, a.amount])).toEqual([
      ['auto', '22000.00'],
      ['birthday', '19800.00'],
    ]);
    expect(used.data.totals).toMatchObject({ promotion_discount_amount: '41800.00', grand_total: '178200.00' });
    const second = await order();
    const refused = await w.client.put('/api/sales-orders/birthday-promotion', {
      pos_so_no: second.pos_so_no,
      version: second.version,
      loyalty_birthday_used: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.envelope.errors[0].msg).toBe(`Already used this year on order ${o.pos_so_no}`);
    const notMonth = await order({ order_date: '2026-07-01' });
    const r2 = await w.client.put('/api/sales-orders/birthday-promotion', {
      pos_so_no: notMonth.pos_so_no,
      version: notMonth.version,
      loyalty_birthday_used: true,
    });
    expect(r2.envelope.errors[0].msg).toBe('Not the birthday month');
    await makeCancelReason(admin, '/salesOrders');
    await w.client.put('/api/sales-orders/status', {
      pos_so_no: o.pos_so_no,
      version: used.data.version,
      status: 'canceled',
      cancel_reason_code: 'NOSTOCK',
    });
    expect(
      await db.select().from(birthdayPromotionUses).where(eq(birthdayPromotionUses.pos_so_no, o.pos_so_no)),
    ).toHaveLength(0);
    const now = await w.client.put<Order>('/api/sales-orders/birthday-promotion', {
      pos_so_no: second.pos_so_no,
      version: second.version,
      loyalty_birthday_used: true,
    });
    expect(now.statusCode).toBe(200);
    const back = await w.client.put<Order>('/api/sales-orders/birthday-promotion', {
      pos_so_no: second.pos_so_no,
      version: now.data.version,
      loyalty_birthday_used: false,
    });
    expect(back.data).toMatchObject({ loyalty_birthday_used: false, applied_promotions: [] });
  });
});

describe('birthday promotion and a changed customer', () => {
  it("counts only while the order holds its customer's use; giving it back frees it whoever it was taken for", async () => {
    await clearCatalogue();
    const db = ctx.t.services.db;
    const c = await makeCustomer(w.client, { franchise_code: 'PR001', location_code: w.location_code });
    await db.update(customers).set({ birth_date: '1991-06-02' }).where(eq(customers.customer_no, c.customer_no));
    const o = await order({ sell_to_code: c.customer_no });
    const used = await w.client.put<Order>('/api/sales-orders/birthday-promotion', {
      pos_so_no: o.pos_so_no,
      version: o.version,
      loyalty_birthday_used: true,
    });
    expect(used.data.totals.promotion_discount_amount).toBe('22000.00');
    const changed = await w.client.put<Order>('/api/sales-orders', {
      pos_so_no: o.pos_so_no,
      version: used.data.version,
      sell_to_code: w.customer.customer_no,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.data.totals.promotion_discount_amount).toBe('0.00');
    expect(changed.data.applied_promotions).toEqual([]);
    const back = await w.client.put<Order>('/api/sales-orders/birthday-promotion', {
      pos_so_no: o.pos_so_no,
      version: changed.data.version,
      loyalty_birthday_used: false,
    });
    expect(back.statusCode).toBe(200);
    expect(
      await db.select().from(birthdayPromotionUses).where(eq(birthdayPromotionUses.customer_no, c.customer_no)),
    ).toHaveLength(0);
  });
});

describe('books', () => {
  it('the promotion checks find nothing wrong after all of the above', async () => {
    const results = await checkBooks(ctx.t.services.db, {
      only: ['coupon never used past its limit', 'coupon use on an order carrying it', 'promotion discount'],
    });
    expect(results).toHaveLength(3);
    expect(results.map((r) => [r.name, r.violations, r.examples])).toEqual(results.map((r) => [r.name, 0, []]));
  });
});
