import { describe, expect, it } from 'vitest';
import { businessYear, numberSeriesDocumentTypes, type FranchiseDetail } from '@fp/contract';
import { useTestApp } from '../../../test/helpers.js';
import { DEMO_STORES } from '../../seed/demo.js';
import { seedFranchises } from './seed.js';
import { assertLocationOfFranchise } from './service.js';

const ctx = useTestApp();

describe('franchise demo data', () => {
  it("seeds head office and the demo stores with their stores and this year's number series, twice without harm", async () => {
    await seedFranchises(ctx.t.services);
    await seedFranchises(ctx.t.services);
    const admin = await ctx.t.admin();
    for (const code of [...DEMO_STORES, 'HO']) {
      const f = await admin.get<FranchiseDetail>(`/api/franchises/${code}`);
      expect(f.statusCode).toBe(200);
      expect(f.data.locations.length).toBeGreaterThan(0);
      expect(f.data.vendor_no).toBe(ctx.t.config.defaultVendorNo);
    }
    const hn = await admin.get<FranchiseDetail>('/api/franchises/HN001');
    expect(hn.data.locations.map((l) => l.location_code)).toEqual(['HN001-01', 'HN001-02']);
    const series = await admin.post<{ total_count: number }>('/api/number-series/filter', {
      filters: [{ field: 'year', value: businessYear() }],
    });
    expect(series.data.total_count).toBe(4 * numberSeriesDocumentTypes.length);
  });

  it('tells document modules whether a store belongs to a franchise', async () => {
    const { db } = ctx.t.services;
    expect((await assertLocationOfFranchise(db, 'HCM001', 'HCM001-02')).name).toBe('Cửa hàng Phú Mỹ Hưng');
    await expect(assertLocationOfFranchise(db, 'HN001', 'HCM001-02')).rejects.toMatchObject({
      status: 404,
      field: 'location_code',
      message: 'Location HCM001-02 not found',
    });
    await expect(assertLocationOfFranchise(db, 'HN001', 'NOWHERE')).rejects.toMatchObject({ status: 404 });
  });
});
