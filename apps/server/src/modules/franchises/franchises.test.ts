import { describe, expect, it } from 'vitest';
import { businessYear, numberSeriesDocumentTypes, type Franchise, type FranchiseDetail } from '@fp/contract';
import { useTestApp } from '../../../test/helpers.js';
import { takeNextNumber } from '../number-series/service.js';
import { syncLogs } from '../../erp/schema.js';
import { locations } from './schema.js';

const ctx = useTestApp({ DEFAULT_VENDOR_NO: 'V-TEST-01', DEFAULT_VENDOR_NAME: 'Công ty Thương mại Đầu mối' });

type List = { items: Franchise[]; total_count: number };

const hanoi = {
  customer_no: 'hn900',
  name: 'Đại lý Hà Nội 900',
  address: '12 Phố Huế',
  district_code: '005',
  district_name: 'Quận Hai Bà Trưng',
  city: 'Hà Nội',
  post_code: '01',
  phone_no: '0912345900',
  email: 'hn900@daily.vn',
};

describe('franchises', () => {
  it('adds a franchise with the default vendor, reads, filters, updates it and refuses a stale version', async () => {
    const admin = await ctx.t.admin();
    const created = await admin.post<Franchise>('/api/franchises', hanoi);
    expect(created.statusCode).toBe(201);
    expect(created.data.customer_no).toBe('HN900');
    expect(created.data.vendor_no).toBe('V-TEST-01');
    expect(created.data.vendor_name).toBe('Công ty Thương mại Đầu mối');
    expect(created.data.receipt_lead_time).toBe(0);
    expect(created.data.is_active).toBe(true);

    const got = await admin.get<FranchiseDetail>('/api/franchises/HN900');
    expect(got.statusCode).toBe(200);
    expect(got.data.name).toBe('Đại lý Hà Nội 900');
    expect(got.data.district_name).toBe('Quận Hai Bà Trưng');
    expect(got.data.locations).toEqual([]);

    const list = await admin.post<List>('/api/franchises/filter', {
      filters: [{ field: 'name', value: 'Hà Nội 9', condition_type: 'like' }],
    });
    expect(list.statusCode).toBe(200);
    expect(list.data.items.map((f) => f.customer_no)).toEqual(['HN900']);

    const updated = await admin.put<Franchise>('/api/franchises', {
      customer_no: 'HN900',
      version: created.data.version,
      receipt_lead_time: 3,
      header_campaign: 'TET2026',
      line_gen_bus_posting_group: 'DOMESTIC',
      consignment_location_code: 'HN900-CS',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.data.version).toBe(created.data.version + 1);
    expect(updated.data.receipt_lead_time).toBe(3);
    expect(updated.data.header_campaign).toBe('TET2026');
    expect(updated.data.name).toBe('Đại lý Hà Nội 900'); // absent fields stay

    const stale = await admin.put('/api/franchises', {
      customer_no: 'HN900',
      version: created.data.version,
      name: 'Khác',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');
    expect((await admin.get<Franchise>('/api/franchises/HN900')).data.name).toBe('Đại lý Hà Nội 900');

    const missing = await admin.put('/api/franchises', { customer_no: 'NOPE', version: 1, name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect((await admin.get('/api/franchises/NOPE')).statusCode).toBe(404);
  });

  it('keeps a vendor given on create and refuses a duplicate customer_no', async () => {
    const admin = await ctx.t.admin();
    const own = await admin.post<Franchise>('/api/franchises', {
      customer_no: 'VN1',
      name: 'Own vendor',
      vendor_no: 'V-OTHER',
      vendor_name: 'Nhà cung cấp khác',
    });
    expect(own.statusCode).toBe(201);
    expect(own.data.vendor_no).toBe('V-OTHER');
    expect(own.data.vendor_name).toBe('Nhà cung cấp khác');
    const dup = await admin.post('/api/franchises', { customer_no: 'vn1', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.errors[0]).toMatchObject({ field: 'customer_no', msg: 'Franchise VN1 already exists' });
  });

  it('names every bad field and writes nothing', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post('/api/franchises', {
      customer_no: '',
      phone_no: '12345',
      email: 'not-mail',
      receipt_lead_time: 400,
      header_campaign: 'x'.repeat(31),
    });
    expect(res.statusCode).toBe(400);
    const msg = (f: string) => res.envelope.errors.find((e) => e.field === f)?.msg;
    expect(msg('customer_no')).toBe('This is required field!');
    expect(msg('name')).toBe('This is required field!');
    expect(msg('phone_no')).toBe('Please enter a valid phone number!');
    expect(msg('email')).toBe('Please enter a valid email!');
    expect(msg('receipt_lead_time')).toBe('Please enter between 0 and 365');
    expect(msg('header_campaign')).toBe('Maximum 30 characters!');

    const noVersion = await admin.put('/api/franchises', { customer_no: 'VN1', name: 'x' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.envelope.errors[0]).toMatchObject({ field: 'version', msg: 'version is required' });

    const list = await admin.post<List>('/api/franchises/filter', { filters: [{ field: 'customer_no', value: '' }] });
    expect(list.data.total_count).toBe(0);
    const badFilter = await admin.post('/api/franchises/filter', { filters: [{ field: 'password', value: 'x' }] });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.envelope.errors[0].msg).toBe('Unknown filter field: password');
  });

  it('refuses callers without the page, and store users outside their franchise', async () => {
    const admin = await ctx.t.admin();
    await admin.post('/api/franchises', { customer_no: 'SC1', name: 'Scope one' });
    await admin.post('/api/franchises', { customer_no: 'SC2', name: 'Scope two' });
    expect((await ctx.t.anon.post('/api/franchises/filter', {})).statusCode).toBe(401);
    const nobody = await ctx.t.makeUser({});
    expect((await nobody.client.post('/api/franchises/filter', {})).statusCode).toBe(403);

    const viewer = await ctx.t.makeUser({ pages: [{ page_url: '/franchises', permission_type: 'view' }] });
    const refused = await viewer.client.post('/api/franchises', { customer_no: 'SC3', name: 'Not allowed' });
    expect(refused.statusCode).toBe(403);
    expect(
      (await viewer.client.put('/api/franchises', { customer_no: 'SC1', version: 1, name: 'Changed' })).statusCode,
    ).toBe(403);
    expect((await viewer.client.post('/api/franchises/delete', { customer_nos: ['SC1'] })).statusCode).toBe(403);
    expect((await admin.get('/api/franchises/SC3')).statusCode).toBe(404);
    expect((await admin.get<Franchise>('/api/franchises/SC1')).data.name).toBe('Scope one');

    const store = await ctx.t.makeUser({
      role: 'Store Manager',
      customer_no: 'SC1',
      pages: [{ page_url: '/franchises', permission_type: 'edit' }],
    });
    const mine = await store.client.post<List>('/api/franchises/filter', {});
    expect(mine.data.items.map((f) => f.customer_no)).toEqual(['SC1']);
    expect((await store.client.get('/api/franchises/SC1')).statusCode).toBe(200);
    expect((await store.client.get('/api/franchises/SC2')).statusCode).toBe(404);
    expect(
      (await store.client.put('/api/franchises', { customer_no: 'SC2', version: 1, name: 'Hijack' })).statusCode,
    ).toBe(404);
    expect((await store.client.post('/api/franchises/delete', { customer_nos: ['SC2'] })).statusCode).toBe(404);
    expect((await admin.get<Franchise>('/api/franchises/SC2')).data.name).toBe('Scope two');
  });

  it('deletes many at once, and refuses (deleting none) while users or documents remain', async () => {
    const admin = await ctx.t.admin();
    for (const c of ['DEL1', 'DEL2', 'DEL3', 'DEL4'])
      expect((await admin.post('/api/franchises', { customer_no: c, name: `Xóa ${c}` })).statusCode).toBe(201);
    await ctx.t.makeUser({ customer_no: 'DEL3' });
    await ctx.t.services.db.transaction((tx) =>
      takeNextNumber(tx, { franchiseCode: 'DEL4', documentType: 'SO', date: '2026-03-01' }),
    );

    const refused = await admin.post('/api/franchises/delete', { customer_nos: ['DEL1', 'DEL3', 'DEL4'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.envelope.errors[0].code).toBe('franchise_in_use');
    expect(refused.envelope.errors[0].msg).toBe(
      'Cannot delete franchises that still have users or documents: DEL3 (users); DEL4 (documents)',
    );
    expect((await admin.get('/api/franchises/DEL1')).statusCode).toBe(200);

    const unknown = await admin.post('/api/franchises/delete', { customer_nos: ['DEL1', 'GHOST'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.envelope.errors[0].msg).toBe('Franchise GHOST not found');
    expect((await admin.get('/api/franchises/DEL1')).statusCode).toBe(200);

    const empty = await admin.post('/api/franchises/delete', { customer_nos: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.envelope.errors[0]).toMatchObject({ field: 'customer_nos', msg: 'customer_nos must not be empty' });

    const ok = await admin.post<{ deleted: string[] }>('/api/franchises/delete', { customer_nos: ['del1', 'DEL2'] });
    expect(ok.statusCode).toBe(200);
    expect(ok.data.deleted).toEqual(['DEL1', 'DEL2']);
    expect((await admin.get('/api/franchises/DEL1')).statusCode).toBe(404);
    expect((await admin.get('/api/franchises/DEL2')).statusCode).toBe(404);
  });

  it('syncs a franchise by phone through the ERP port and logs the sync', async () => {
    const admin = await ctx.t.admin();
    await admin.post('/api/franchises', { customer_no: 'SY1', name: 'Đồng bộ', phone_no: '0987654321' });
    await ctx.t.services.db
      .insert(locations)
      .values({ location_code: 'SY1-01', customer_no: 'SY1', name: 'Cửa hàng Đồng bộ 1' });
    const year = businessYear();

    const res = await admin.post<{ records: number; message: string; franchise: FranchiseDetail }>(
      '/api/franchises/sync',
      { phone_no: '0987654321' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.data.franchise.customer_no).toBe('SY1');
    expect(res.data.franchise.last_synced_at).not.toBeNull();
    expect(res.data.franchise.locations.map((l) => l.location_code)).toEqual(['SY1-01']);
    expect(res.data.message).toBe(
      `Franchise SY1 refreshed: 1 store(s), ${numberSeriesDocumentTypes.length} new number series for ${year}`,
    );
    const series = await admin.post<{ total_count: number }>('/api/number-series/filter', {
      filters: [
        { field: 'franchise_code', value: 'SY1' },
        { field: 'year', value: year },
      ],
    });
    expect(series.data.total_count).toBe(numberSeriesDocumentTypes.length);

    const logs = await ctx.t.services.db.select().from(syncLogs);
    const entry = logs.find((l) => l.table_code === 'franchise' && l.status === 'success');
    expect(entry).toMatchObject({ action: 'sync', records: 1, username: 'admin', erp_mode: 'standalone' });
    expect(entry?.finished_at).not.toBeNull();

    const unknown = await admin.post('/api/franchises/sync', { phone_no: '0900000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.envelope.errors[0].msg).toBe('No Customer Same Mobile Phone! Please Try Again!');
    const bad = await admin.post('/api/franchises/sync', { phone_no: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'phone_no', msg: 'Please enter a valid phone number!' });
    const viewer = await ctx.t.makeUser({ pages: [{ page_url: '/franchises', permission_type: 'view' }] });
    expect((await viewer.client.post('/api/franchises/sync', { phone_no: '0987654321' })).statusCode).toBe(403);
  });

  it('answers customer details from the ERP by customer_no or phone_no', async () => {
    const admin = await ctx.t.admin();
    await admin.post('/api/franchises', {
      customer_no: 'EC1',
      name: 'Khách ERP',
      phone_no: '0911222333',
      city: 'Đà Nẵng',
    });
    const byNo = await admin.post<Record<string, unknown>>('/api/franchises/erp-customer', { customer_no: 'ec1' });
    expect(byNo.statusCode).toBe(200);
    expect(byNo.data).toMatchObject({
      customer_no: 'EC1',
      name: 'Khách ERP',
      city: 'Đà Nẵng',
      country_region_code: 'VNM',
      is_franchise: true,
      blocked: false,
    });
    expect(byNo.data.etag).toMatch(/^W\/"\d+"$/);
    const byPhone = await admin.post<{ customer_no: string }>('/api/franchises/erp-customer', {
      phone_no: '0911222333',
    });
    expect(byPhone.data.customer_no).toBe('EC1');

    const noId = await admin.post('/api/franchises/erp-customer', { customer_no: 'NONE' });
    expect(noId.statusCode).toBe(404);
    expect(noId.envelope.errors[0].msg).toBe('No Customer Same ID! Please Try Again!');
    const noPhone = await admin.post('/api/franchises/erp-customer', { phone_no: '0911000000' });
    expect(noPhone.envelope.errors[0].msg).toBe('No Customer Same Mobile Phone! Please Try Again!');
    const neither = await admin.post('/api/franchises/erp-customer', {});
    expect(neither.statusCode).toBe(400);
    expect(neither.envelope.errors[0]).toMatchObject({ field: 'customer_no', msg: 'This is required field!' });
    const other = await ctx.t.makeUser({
      customer_no: 'SC1',
      pages: [{ page_url: '/franchises', permission_type: 'view' }],
    });
    expect((await other.client.post('/api/franchises/erp-customer', { customer_no: 'EC1' })).statusCode).toBe(404);
  });

  it('exports the filtered franchises as xlsx', async () => {
    const admin = await ctx.t.admin();
    await admin.post('/api/franchises', { customer_no: 'XL1', name: 'Xuất Excel' });
    const res = await admin.post('/api/franchises/filter/export', {
      filters: [{ field: 'customer_no', value: 'XL1' }],
    });
    expect(res.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('Customer No');
    expect(ws.getRow(2).getCell(2).value).toBe('Xuất Excel');
    expect(ws.rowCount).toBe(2);
  });

  it('documents every franchise and number series operation in OpenAPI', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const p of [
      '/api/franchises',
      '/api/franchises/filter',
      '/api/franchises/filter/export',
      '/api/franchises/delete',
      '/api/franchises/{customer_no}',
      '/api/franchises/sync',
      '/api/franchises/erp-customer',
      '/api/number-series/generate',
      '/api/number-series/filter',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
