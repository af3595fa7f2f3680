import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { demoSeeds } from '../../seed/demo.js';
import { seedDemoSales } from './demo.js';

const ctx = useTestApp();

type List = { items: { status: string; document_type: string; quote_no: string }[]; total_count: number };

describe('sales demo data', () => {
  it(
    'gives every demo franchise orders and quotes in several statuses, and runs twice without harm',
    { timeout: 300_000 },
    async () => {
      for (const seed of demoSeeds) await seed(ctx.t.services);
      await seedDemoSales(ctx.t.services);
      const admin = await ctx.t.admin();
      for (const code of ['HN001', 'HCM001', 'DN001']) {
        const orders = await admin.post<List>('/api/sales-orders/filter', {
          filters: [{ field: 'franchise_code', value: code }],
        });
        expect(orders.data.items.map((i) => i.status).sort()).toEqual(['canceled', 'open', 'open', 'released']);
        expect(orders.data.items.filter((i) => i.quote_no)).toHaveLength(1);
        const quotes = await admin.post<List>('/api/sales-orders/filter', {
          filters: [
            { field: 'franchise_code', value: code },
            { field: 'document_type', value: 'quote' },
          ],
        });
        expect(quotes.data.items.map((i) => i.status).sort()).toEqual(['converted', 'open']);
      }
    },
  );
});
