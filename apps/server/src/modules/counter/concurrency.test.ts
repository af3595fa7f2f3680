import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ApiResponse, CounterSaleCreate } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { cashReceipts } from '../payments/schema.js';
import { salesOrders } from '../sales/schema.js';
import { addStock } from '../sales/posting/test-support.js';
import { managerButtons, salesPages, salesWorld } from '../sales/test-support/builders.js';
import { pagePermissions } from '../access/schema.js';

// Counter sales under concurrency (PostgreSQL: TEST_DATABASE_URL; PGlite runs one connection): twenty sends of one
// client_id make one sale and answer it twenty times, never a 409; cashiers selling at once share the stock and the
// number series without a gap.

type Sale = ApiResponse<'counterSales.create'>;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'counter sales under concurrency (PostgreSQL: TEST_DATABASE_URL)',
  () => {
    const ctx = useTestApp();
    let w: Awaited<ReturnType<typeof salesWorld>>;
    const cashiers: Client[] = [];

    beforeAll(async () => {
      w = await salesWorld(ctx.t, 'CC001');
      await addStock(ctx.t, {
        franchise_code: 'CC001',
        location_code: w.location_code,
        item_no: 'SP110',
        quantity: '30',
      });
      for (let i = 0; i < 8; i++) {
        const u = await ctx.t.makeUser({
          role: 'Store Staff',
          customer_no: 'CC001',
          pages: [...salesPages('edit'), { page_url: '/counter', permission_type: 'edit' }],
        });
        await ctx.t.services.db
          .update(pagePermissions)
          .set({ permissions: managerButtons })
          .where(eq(pagePermissions.name, `perm-${u.username}`));
        cashiers.push(u.client);
      }
    });

    const body = (o: Partial<CounterSaleCreate> = {}): CounterSaleCreate => ({
      client_id: randomUUID(),
      location_code: w.location_code,
      sell_to_code: w.customer.customer_no,
      lines: [{ item_no: 'SP110', quantity: 1 }],
      payments: [{ payment_type: 'cash', amount: '110000', tendered: '200000' }],
      ...o,
    });
    const orders = async () =>
      Number(
        (
          await ctx.t.services.db
            .select({ n: sql<number>`count(*)` })
            .from(salesOrders)
            .where(eq(salesOrders.franchise_code, 'CC001'))
        )[0].n,
      );

    it('twenty sends of one client_id make one sale and all answer it', async () => {
      const before = await orders();
      const sale = body();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => cashiers[i % cashiers.length].post<Sale>('/api/counter-sales', sale)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
      const first = answers[0].data;
      for (const a of answers) expect(a.data).toEqual(first);
      expect(await orders()).toBe(before + 1);
      const receipts = await ctx.t.services.db
        .select()
        .from(cashReceipts)
        .where(eq(cashReceipts.pos_so_no, first.pos_so_no));
      expect(receipts).toHaveLength(1);
      expect(first.order.status).toBe('invoiced');
    });

    it('eight cashiers selling at once share the stock: what is on hand sells, the rest is refused, numbers without gaps', async () => {
      // 29 left after the test above; 8 cashiers × 5 sales of 1 = 40 wanted.
      const answers = await Promise.all(
        cashiers.map(async (c) => {
          const codes: number[] = [];
          for (let i = 0; i < 5; i++) codes.push((await c.post<Sale>('/api/counter-sales', body())).statusCode);
          return codes;
        }),
      );
      const codes = answers.flat();
      expect(codes.filter((s) => s === 201)).toHaveLength(29);
      expect(codes.filter((s) => s === 422)).toHaveLength(11);
      expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
    }, 180_000); // 40 sales serialised on one stock lock; the default 30 s is a harness limit, not a timing check
  },
);
