import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { systemAuth } from '../../http/context.js';
import { getCustomerByNo } from '../customers/lookup.js';
import { makeCustomer } from '../customers/test-support/builders.js';
import { makeOrder, salesWorld } from '../sales/test-support/builders.js';
import { earnRedeemablePoints } from './service.js';

// Real concurrency needs PostgreSQL (the embedded database runs one transaction at a time).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'redeeming points under concurrency (PostgreSQL: TEST_DATABASE_URL)',
  () => {
    const ctx = useTestApp();
    let w: Awaited<ReturnType<typeof salesWorld>>;
    beforeAll(async () => {
      w = await salesWorld(ctx.t, 'LPC01');
    });

    async function customerWith(points: string) {
      const c = await makeCustomer(w.client, { location_code: w.location_code });
      const db = ctx.t.services.db;
      await earnRedeemablePoints(db, await getCustomerByNo(db, systemAuth(), c.customer_no), { points });
      return c;
    }

    it('10 concurrent redemptions of 30 points from a balance of 100 on 10 orders: three pass, never below 0', async () => {
      const c = await customerWith('100');
      const orders = [];
      for (let i = 0; i < 10; i++)
        orders.push(await makeOrder(w.client, { location_code: w.location_code, customer: c }));
      const results = await Promise.all(
        orders.map((o) =>
          w.client.post('/api/redeemable-points', {
            pos_so_no: o.pos_so_no,
            customer_no: c.customer_no,
            redeemable_point_used: 30,
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 201, 201, 422, 422, 422, 422, 422, 422, 422]);
      const total = await w.client.post<{ total: string }>('/api/redeemable-points/total', {
        customer_no: c.customer_no,
      });
      expect(total.data.total).toBe('10');
    });

    it('10 concurrent redemptions on one order: exactly one is recorded', async () => {
      const c = await customerWith('100');
      const o = await makeOrder(w.client, { location_code: w.location_code, customer: c });
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          w.client.post('/api/redeemable-points', {
            pos_so_no: o.pos_so_no,
            customer_no: c.customer_no,
            redeemable_point_used: 5,
            version: o.version,
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((s) => s === 201)).toHaveLength(1);
      expect(codes.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
      const order = await w.client.get<{ la_exchange_points: string; grand_total: string }>(
        `/api/sales-orders/${o.pos_so_no}`,
      );
      expect(order.data).toMatchObject({ la_exchange_points: '5.00000', grand_total: '215000.00' });
    });
  },
);
