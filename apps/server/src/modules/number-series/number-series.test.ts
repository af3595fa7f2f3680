import { beforeAll, describe, expect, it } from 'vitest';
import {
  businessYear,
  numberSeriesDocumentTypes,
  type NumberSeries,
  type NumberSeriesGenerateResult,
} from '@fp/contract';
import { useTestApp } from '../../../test/helpers.js';
import { takeNextNumber } from './service.js';

const ctx = useTestApp();
const thisYear = businessYear();
type List = { items: NumberSeries[]; total_count: number };

describe('number series', () => {
  beforeAll(async () => {
    const admin = await ctx.t.admin();
    for (const [customer_no, name] of [
      ['NS1', 'Số chứng từ 1'],
      ['NS2', 'Số chứng từ 2'],
      ['NS3', 'Số chứng từ 3'],
    ]) {
      expect((await admin.post('/api/franchises', { customer_no, name })).statusCode).toBe(201);
    }
  });

  it('generates every document type for this year by default, and is idempotent', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post<NumberSeriesGenerateResult>('/api/number-series/generate', { franchise_code: 'ns1' });
    expect(res.statusCode).toBe(200);
    expect(res.data.year).toBe(thisYear);
    expect(res.data.created).toBe(numberSeriesDocumentTypes.length);
    expect(res.data.items.map((s) => s.document_type)).toEqual([...numberSeriesDocumentTypes]);
    const so = res.data.items.find((s) => s.document_type === 'SO')!;
    const yy = String(thisYear % 100).padStart(2, '0');
    expect(so).toMatchObject({
      franchise_code: 'NS1',
      franchise_name: 'Số chứng từ 1',
      document_type_name: 'Sales Order',
      prefix: `NS1-SO-${yy}-`,
      last_no: 0,
      last_used_no: '',
      next_no: `NS1-SO-${yy}-000001`,
    });

    const again = await admin.post<NumberSeriesGenerateResult>('/api/number-series/generate', {
      franchise_code: 'NS1',
    });
    expect(again.data.created).toBe(0);
    expect(again.data.items).toHaveLength(numberSeriesDocumentTypes.length);
  });

  it('takes the year and franchise from the query as well as the body', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post<NumberSeriesGenerateResult>(
      '/api/number-series/generate?franchise_code=NS2&year=2027',
      {},
    );
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ franchise_code: 'NS2', year: 2027, created: numberSeriesDocumentTypes.length });
    expect(res.data.items[0].prefix).toBe('NS2-SQ-27-');
    const body = await admin.post<NumberSeriesGenerateResult>('/api/number-series/generate', {
      franchise_code: 'NS2',
      year: 2028,
    });
    expect(body.data.year).toBe(2028);
  });

  it('filters series by franchise, document type and year', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post<List>('/api/number-series/filter', {
      filters: [
        { field: 'franchise_code', value: 'NS2' },
        { field: 'year', value: 2027 },
        { field: 'document_type', value: 'PO|PR' },
      ],
      sort_order: { field: 'document_type', direction: 'asc' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.items.map((s) => `${s.document_type} ${s.next_no}`)).toEqual([
      'PO NS2-PO-27-000001',
      'PR NS2-PR-27-000001',
    ]);
    const bad = await admin.post('/api/number-series/filter', { filters: [{ field: 'last_no_x', value: 1 }] });
    expect(bad.statusCode).toBe(400);
  });

  it('names bad input and refuses unknown franchises', async () => {
    const admin = await ctx.t.admin();
    const none = await admin.post('/api/number-series/generate', {});
    expect(none.statusCode).toBe(400);
    expect(none.envelope.errors[0]).toMatchObject({ field: 'franchise_code', msg: 'This is required field!' });
    const year = await admin.post('/api/number-series/generate', { franchise_code: 'NS1', year: 1999 });
    expect(year.statusCode).toBe(400);
    expect(year.envelope.errors[0]).toMatchObject({ field: 'year', msg: 'Please enter between 2000 and 2099' });
    const text = await admin.post('/api/number-series/generate', { franchise_code: 'NS1', year: 'abc' });
    expect(text.statusCode).toBe(400);
    expect(text.envelope.errors[0].field).toBe('year');
    const unknown = await admin.post('/api/number-series/generate', { franchise_code: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.envelope.errors[0].msg).toBe('Franchise not found');
  });

  it('lets only editors generate, and store users only for their own franchise', async () => {
    const admin = await ctx.t.admin();
    expect((await ctx.t.anon.post('/api/number-series/generate', { franchise_code: 'NS3' })).statusCode).toBe(401);
    const viewer = await ctx.t.makeUser({ pages: [{ page_url: '/franchises', permission_type: 'view' }] });
    expect((await viewer.client.post('/api/number-series/generate', { franchise_code: 'NS3' })).statusCode).toBe(403);
    const count = async () =>
      (await admin.post<List>('/api/number-series/filter', { filters: [{ field: 'franchise_code', value: 'NS3' }] }))
        .data.total_count;
    expect(await count()).toBe(0);

    const store = await ctx.t.makeUser({
      role: 'Store Manager',
      customer_no: 'NS3',
      pages: [{ page_url: '/franchises', permission_type: 'edit' }],
    });
    expect((await store.client.post('/api/number-series/generate', { franchise_code: 'NS1' })).statusCode).toBe(404);
    expect((await store.client.post('/api/number-series/generate', { franchise_code: 'NS3' })).statusCode).toBe(200);
    expect(await count()).toBe(numberSeriesDocumentTypes.length);
    const seen = await store.client.post<List>('/api/number-series/filter', { pagination: { page: 1, size: 100 } });
    expect(new Set(seen.data.items.map((s) => s.franchise_code))).toEqual(new Set(['NS3']));
  });

  it('takes consecutive numbers, and a rolled-back transaction gives its number back', async () => {
    const { db } = ctx.t.services;
    const take = (date: string) =>
      db.transaction((tx) => takeNextNumber(tx, { franchiseCode: 'NS1', documentType: 'SI', date }));
    expect(await take('2026-05-02')).toBe('NS1-SI-26-000001');
    expect(await take('2026-05-03')).toBe('NS1-SI-26-000002');
    await expect(
      db.transaction(async (tx) => {
        expect(await takeNextNumber(tx, { franchiseCode: 'NS1', documentType: 'SI', date: '2026-05-04' })).toBe(
          'NS1-SI-26-000003',
        );
        throw new Error('posting failed after taking a number');
      }),
    ).rejects.toThrow('posting failed');
    expect(await take('2026-05-05')).toBe('NS1-SI-26-000003');
    // A new year starts its own series (created on first use).
    expect(await take('2031-01-01')).toBe('NS1-SI-31-000001');

    const admin = await ctx.t.admin();
    const row = await admin.post<List>('/api/number-series/filter', {
      filters: [
        { field: 'franchise_code', value: 'NS1' },
        { field: 'document_type', value: 'SI' },
        { field: 'year', value: 2026 },
      ],
    });
    expect(row.data.items[0]).toMatchObject({
      last_no: 3,
      last_used_no: 'NS1-SI-26-000003',
      next_no: 'NS1-SI-26-000004',
      last_date: '2026-05-05',
    });
    await expect(
      db.transaction((tx) => takeNextNumber(tx, { franchiseCode: 'NOPE', documentType: 'SO', date: '2026-01-01' })),
    ).rejects.toMatchObject({ status: 422 });
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)(
    'under concurrency (needs PostgreSQL: set TEST_DATABASE_URL; the embedded database runs one transaction at a time)',
    () => {
      it('gives 50 parallel takers 50 distinct consecutive numbers', async () => {
        const { db } = ctx.t.services;
        const taken = await Promise.all(
          Array.from({ length: 50 }, () =>
            db.transaction((tx) =>
              takeNextNumber(tx, { franchiseCode: 'NS2', documentType: 'SO', date: '2026-06-01' }),
            ),
          ),
        );
        const expected = Array.from({ length: 50 }, (_, i) => `NS2-SO-26-${String(i + 1).padStart(6, '0')}`);
        expect([...taken].sort()).toEqual(expected);
      });

      it('leaves no gap when some of the parallel takers roll back', async () => {
        const { db } = ctx.t.services;
        const results = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) =>
            db.transaction(async (tx) => {
              const no = await takeNextNumber(tx, { franchiseCode: 'NS2', documentType: 'PO', date: '2026-06-01' });
              if (i % 4 === 0) throw new Error('rolled back');
              return no;
            }),
          ),
        );
        const kept = results
          .filter((r) => r.status === 'fulfilled')
          .map((r) => (r as PromiseFulfilledResult<string>).value);
        expect(kept).toHaveLength(15);
        expect([...kept].sort()).toEqual(
          Array.from({ length: 15 }, (_, i) => `NS2-PO-26-${String(i + 1).padStart(6, '0')}`),
        );
      });
    },
  );
});
