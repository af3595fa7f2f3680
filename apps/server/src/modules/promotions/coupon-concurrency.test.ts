import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiResponse } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { checkBooks } from '../../books/checks.js';
import { makeOrder, salesWorld, type Order } from '../sales/test-support/builders.js';
import { couponUses } from './schema.js';

// Real concurrency needs PostgreSQL (the embedded database runs one transaction at a time).
describe.skipIf(!process.env.TEST_DATABASE_URL)('coupon usage limit under concurrency (PostgreSQL)', () => {
  const ctx = useTestApp();
  let admin: Client;
  let w: Awaited<ReturnType<typeof salesWorld>>;
  beforeAll(async () => {
    admin = await ctx.t.admin();
    w = await salesWorld(ctx.t, 'PRC01');
  });

  it('20 concurrent applications of a coupon with usage_limit 5 on 20 orders: exactly 5 succeed', async () => {
    const created = await admin.post<ApiResponse<'promotions.create'>>('/api/promotions', {
      code: 'RUSH',
      description: 'Five only',
      kind: 'coupon',
      coupon_code: 'RUSH5',
      discount_type: 'percent',
      discount_value: 10,
      valid_from: '2026-01-01',
      valid_to: '2026-12-31',
      usage_limit: 5,
    });
    expect(created.statusCode).toBe(201);
    const orders: Order[] = [];
    for (let i = 0; i < 20; i++) orders.push(await makeOrder(w.client, w, { order_date: '2026-06-15' }));
    const results = await Promise.all(
      orders.map((o) =>
        w.client.put('/api/sales-orders/coupon', { pos_so_no: o.pos_so_no, version: o.version, coupon_code: 'RUSH5' }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c !== 200)).toEqual(Array(15).fill(422));
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(r.envelope.errors[0]).toMatchObject({
        code: 'coupon_invalid',
        field: 'coupon_code',
        msg: 'Coupon RUSH5 has reached its usage limit of 5',
      });
    const uses = await ctx.t.services.db.select().from(couponUses).where(eq(couponUses.promotion_id, created.data.id));
    expect(uses).toHaveLength(5);
    const books = await checkBooks(ctx.t.services.db, { only: ['coupon'] });
    expect(books.every((b) => b.violations === 0)).toBe(true);
  });
});
