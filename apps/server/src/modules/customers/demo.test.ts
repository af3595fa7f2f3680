import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { seedFranchises } from '../franchises/seed.js';
import { seedDemoCustomers } from './demo.js';

const ctx = useTestApp();

type List<T> = { items: T[]; total_count: number };

describe('customer demo data', () => {
  it(
    'gives every demo franchise customers with addresses and points, and runs twice without harm',
    { timeout: 180_000 },
    async () => {
      await seedFranchises(ctx.t.services);
      await seedDemoCustomers(ctx.t.services);
      await seedDemoCustomers(ctx.t.services);
      const admin = await ctx.t.admin();
      for (const code of ['HN001', 'HCM001', 'DN001']) {
        const list = await admin.post<List<{ customer_no: string; phone_no: string; name: string }>>(
          '/api/customer-records/filter',
          {
            filters: [{ field: 'franchise_code', value: code }],
            pagination: { page: 1, size: 100 },
          },
        );
        expect(list.data.total_count).toBe(30);
        const one = list.data.items[0];
        const found = await admin.get<{ customer_no: string }>(
          `/api/customers/by-phone/${one.phone_no}?franchise_code=${code}`,
        );
        expect(found.data.customer_no).toBe(one.customer_no);
      }
      const addresses = await admin.post<List<unknown>>('/api/ship-to-addresses/filter', {});
      expect(addresses.data.total_count).toBe(45);
      const points = await admin.post<List<{ entry_type: string }>>('/api/redeemable-points/filter', {
        filters: [{ field: 'entry_type', value: 'earned' }],
      });
      expect(points.data.total_count).toBe(60);
      const setups = await admin.post<List<{ prefix: string }>>('/api/customer-setups/filter', {});
      expect(setups.data.items.map((s) => s.prefix)).toEqual(['FB', 'KH', 'WEB', 'ZL']);
      const services = await admin.post<List<{ shipping_agent_code: string }>>('/api/shipping-agent-services/filter', {
        filters: [{ field: 'shipping_agent_code', value: 'GHN|GHTK|VTP' }],
      });
      expect(services.data.total_count).toBe(6);
    },
  );
});
