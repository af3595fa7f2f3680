import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { demoSeeds } from '../../seed/demo.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { seedDemoConsignment } from './demo.js';

const ctx = useTestApp();

describe('consignment demo data', () => {
  it(
    'a shipped transfer order waits at HN001 for its receipt, books clean, and runs twice without harm',
    { timeout: 300_000 },
    async () => {
      for (const seed of demoSeeds) await seed(ctx.t.services);
      await seedDemoConsignment(ctx.t.services);
      const admin = await ctx.t.admin();
      const tos = await admin.op('transferOrders.list', {
        body: { filters: [{ field: 'franchise_code', value: 'HN001' }] } as never,
      });
      expect(tos.data.items.map((t) => [t.status, t.ci_no !== ''])).toEqual([['shipped', true]]);
      const toReceive = await admin.op('transferOrders.toReceive', {
        params: { bc_to_no: tos.data.items[0].bc_to_no },
      });
      expect(toReceive.data.lines.every((l) => Number(l.qty_to_receive) > 0)).toBe(true);
      const issues = await admin.op('consignmentIssues.list', { body: {} as never });
      expect(issues.data.items.map((i) => [i.franchise_code, i.status]).sort()).toEqual([
        ['HCM001', 'open'],
        ['HN001', 'released'],
      ]);
      expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
    },
  );
});
