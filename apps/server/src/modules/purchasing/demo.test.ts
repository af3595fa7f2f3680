import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { demoSeeds } from '../../seed/demo.js';
import { checkBooks } from '../../books/checks.js';
import { seedDemoPurchases } from './demo.js';

const ctx = useTestApp();

type List = { items: { status: string; bc_so_no: string }[]; total_count: number };

describe('purchasing demo data', () => {
  it(
    'gives every demo franchise open, released and canceled purchase orders, runs twice, books clean',
    { timeout: 300_000 },
    async () => {
      for (const seed of demoSeeds) await seed(ctx.t.services);
      await seedDemoPurchases(ctx.t.services);
      const admin = await ctx.t.admin();
      for (const code of ['HN001', 'HCM001', 'DN001']) {
        const orders = await admin.post<List>('/api/purchase-orders/filter', {
          filters: [{ field: 'franchise_code', value: code }],
        });
        expect(orders.data.items.map((i) => i.status).sort()).toEqual(['canceled', 'open', 'released']);
        expect(orders.data.items.filter((i) => i.bc_so_no)).toHaveLength(1);
      }
      const results = await checkBooks(ctx.t.services.db);
      expect(results.filter((r) => r.violations > 0).map((r) => [r.name, r.examples])).toEqual([]);
    },
  );
});
