import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { demoSeeds } from '../../seed/demo.js';
import { seedDemoWarehouse } from './demo.js';

const ctx = useTestApp();

describe('warehouse demo data', () => {
  it(
    'gives every demo franchise stock on hand from posted adjustments, runs twice, books 0',
    { timeout: 300_000 },
    async () => {
      for (const seed of demoSeeds) await seed(ctx.t.services);
      await seedDemoWarehouse(ctx.t.services);
      const admin = await ctx.t.admin();
      for (const code of ['HN001', 'HCM001', 'DN001']) {
        const byFranchise = { filters: [{ field: 'franchise_code', value: code, condition_type: 'eq' as const }] };
        const onHand = await admin.op('warehouse.onHand', { body: byFranchise });
        expect(onHand.data.total_count).toBeGreaterThan(0);
        expect(onHand.data.items.every((r) => Number(r.quantity) > 0)).toBe(true);
        const entries = await admin.op('warehouseEntries.list', { body: byFranchise });
        expect(entries.data.items.some((e) => e.status === 'posted')).toBe(true);
        expect(entries.data.items.some((e) => e.status === 'open')).toBe(true);
      }
      expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
    },
  );
});
