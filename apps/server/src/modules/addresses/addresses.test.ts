import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';

const ctx = useTestApp();

type Unit = {
  table_code: string;
  code: string;
  name: string;
  full_name: string;
  post_code: string;
  province_name: string;
  country_region_code: string;
};
type List<T> = { items: T[]; total_count: number; page: number; size: number };
type Service = {
  id: number;
  code: string;
  shipping_agent_code: string;
  shipping_agent_name: string;
  description: string;
  post_code: string;
  district_code: string;
  is_temporary: boolean;
  version: number;
};

describe('post codes and districts', () => {
  it('lists the 63 provinces as post codes with their official codes', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post<List<Unit>>('/api/addresses/filter', {
      table_code: 'post_code',
      use_local: true,
      pagination: { page: 1, size: 100 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.total_count).toBe(63);
    const hcm = res.data.items.find((u) => u.code === '79');
    expect(hcm).toMatchObject({
      table_code: 'post_code',
      name: 'Hồ Chí Minh',
      full_name: 'Thành phố Hồ Chí Minh',
      post_code: '79',
      country_region_code: 'VNM',
    });
  });

  it("lists a province's districts by post_code, with the province name", async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post<List<Unit>>('/api/addresses/filter', {
      table_code: 'address_district',
      use_local: true,
      filters: [{ field: 'post_code', value: '48', condition_type: 'eq' }],
      pagination: { page: 1, size: 50 },
    });
    expect(res.data.total_count).toBe(8);
    expect(res.data.items.map((d) => d.name)).toContain('Hải Châu');
    expect(res.data.items.every((d) => d.province_name === 'Đà Nẵng' && d.post_code === '48')).toBe(true);
    const all = await admin.post<List<Unit>>('/api/addresses/filter', {
      table_code: 'address_district',
      pagination: { page: 1, size: 1 },
    });
    expect(all.data.total_count).toBe(696);
    const byName = await admin.post<List<Unit>>('/api/addresses/filter', {
      table_code: 'address_district',
      filters: [
        { field: 'full_name', value: 'quận 1', condition_type: 'like' },
        { field: 'post_code', value: '79' },
      ],
    });
    expect(byName.data.items.map((d) => d.code)).toContain('760');
  });

  it('refuses a bad table_code, an unknown filter field and anonymous callers', async () => {
    const admin = await ctx.t.admin();
    const bad = await admin.post('/api/addresses/filter', { table_code: 'city' });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({
      field: 'table_code',
      msg: 'table_code must be one of post_code, address_district',
    });
    const missing = await admin.post('/api/addresses/filter', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.envelope.errors[0].field).toBe('table_code');
    const unknown = await admin.post('/api/addresses/filter', {
      table_code: 'post_code',
      filters: [{ field: 'password', value: 'x' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.envelope.errors[0].msg).toBe('Unknown filter field: password');
    expect((await ctx.t.anon.post('/api/addresses/filter', { table_code: 'post_code' })).statusCode).toBe(401);
  });

  it("exports a province's districts as xlsx", async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post('/api/addresses/filter/export', {
      table_code: 'address_district',
      filters: [{ field: 'post_code', value: '48' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('Code');
    expect(ws.rowCount).toBe(9);
    expect(ws.getRow(2).getCell(6).value).toBe('Đà Nẵng');
    const bad = await admin.post('/api/addresses/filter/export', { table_code: 'nope' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers any signed-in user, store staff included', async () => {
    const staff = await ctx.t.makeUser({ customer_no: 'HN001' });
    const res = await staff.client.post<List<Unit>>('/api/addresses/filter', {
      table_code: 'post_code',
      filters: [{ field: 'code', value: '01' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.items[0].name).toBe('Hà Nội');
  });
});

describe('shipping agent services', () => {
  it('creates, filters and updates a service, checking the province and district', async () => {
    const admin = await ctx.t.admin();
    const created = await admin.post<Service>('/api/shipping-agent-services', {
      code: 'express-hcm',
      shipping_agent_code: 'ghn',
      description: 'Giao nhanh nội thành HCM',
      post_code: '79',
      district_code: '760',
    });
    expect(created.statusCode).toBe(201);
    expect(created.data).toMatchObject({
      code: 'EXPRESS-HCM',
      shipping_agent_code: 'GHN',
      shipping_agent_name: 'Giao Hàng Nhanh',
      post_code: '79',
      district_code: '760',
      is_temporary: false,
    });

    const dup = await admin.post('/api/shipping-agent-services', {
      code: 'EXPRESS-HCM',
      shipping_agent_code: 'GHN',
      description: 'again',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.errors[0].field).toBe('code');

    const list = await admin.post<List<Service>>('/api/shipping-agent-services/filter', {
      filters: [{ field: 'shipping_agent_code', value: 'GHN' }],
    });
    expect(list.data.items.map((s) => s.code)).toEqual(['EXPRESS-HCM']);

    // A district alone sets its own province.
    const moved = await admin.put<Service>('/api/shipping-agent-services', {
      shipping_agent_code: 'GHN',
      code: 'EXPRESS-HCM',
      version: created.data.version,
      district_code: '492',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.data).toMatchObject({ post_code: '48', district_code: '492', version: created.data.version + 1 });

    const stale = await admin.put('/api/shipping-agent-services', {
      shipping_agent_code: 'GHN',
      code: 'EXPRESS-HCM',
      version: created.data.version,
      description: 'x',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');

    const missing = await admin.put('/api/shipping-agent-services', {
      shipping_agent_code: 'GHN',
      code: 'NOPE',
      version: 1,
      description: 'x',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('registers a new carrier with its first service', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post<Service>('/api/shipping-agent-services', {
      code: 'INTL',
      shipping_agent_code: 'dhl',
      description: 'DHL quốc tế',
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ shipping_agent_code: 'DHL', shipping_agent_name: 'DHL' });
    const agents = await admin.get<{ code: string }[]>('/api/shipping-agents');
    expect(agents.data.map((a) => a.code)).toContain('DHL');
  });

  it('generates codes for temporary services', async () => {
    const admin = await ctx.t.admin();
    const a = await admin.post<Service>('/api/shipping-agent-services/temporary', {
      shipping_agent_code: 'VTP',
      description: 'Giao một lần',
    });
    const b = await admin.post<Service>('/api/shipping-agent-services/temporary', {
      shipping_agent_code: 'VTP',
      description: 'Giao lần hai',
    });
    expect(a.statusCode).toBe(201);
    expect([a.data.code, b.data.code]).toEqual(['TMP0001', 'TMP0002']);
    expect(a.data.is_temporary).toBe(true);
  });

  it('names the field of bad input and writes nothing', async () => {
    const admin = await ctx.t.admin();
    const before = await admin.post<List<Service>>('/api/shipping-agent-services/filter', {});
    const empty = await admin.post('/api/shipping-agent-services', { code: '', shipping_agent_code: 'GHN' });
    expect(empty.statusCode).toBe(400);
    const byField = Object.fromEntries(empty.envelope.errors.map((e) => [e.field, e.msg]));
    expect(byField).toMatchObject({ code: 'This is required field!', description: 'This is required field!' });
    const mismatch = await admin.post('/api/shipping-agent-services', {
      code: 'X2',
      shipping_agent_code: 'GHN',
      description: 'x',
      post_code: '01',
      district_code: '760',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.envelope.errors[0]).toMatchObject({
      field: 'district_code',
      msg: 'District 1 is not in post code 01',
    });
    const post = await admin.post('/api/shipping-agent-services', {
      code: 'X3',
      shipping_agent_code: 'GHN',
      description: 'x',
      post_code: '99',
    });
    expect(post.envelope.errors[0]).toMatchObject({ field: 'post_code', msg: 'Post code 99 does not exist' });
    const long = await admin.post('/api/shipping-agent-services', {
      code: 'X4',
      shipping_agent_code: 'GHN',
      description: 'x'.repeat(101),
    });
    expect(long.envelope.errors[0]).toMatchObject({ field: 'description', msg: 'Maximum 100 characters!' });
    const after = await admin.post<List<Service>>('/api/shipping-agent-services/filter', {});
    expect(after.data.total_count).toBe(before.data.total_count);
  });

  it('lets any user read services but only the page editors change them', async () => {
    const admin = await ctx.t.admin();
    const viewer = await ctx.t.makeUser({ pages: [{ page_url: '/shippingAgentServices', permission_type: 'view' }] });
    const editor = await ctx.t.makeUser({ pages: [{ page_url: '/shippingAgentServices', permission_type: 'edit' }] });
    const before = await admin.post<List<Service>>('/api/shipping-agent-services/filter', {});
    expect((await viewer.client.post('/api/shipping-agent-services/filter', {})).statusCode).toBe(200);
    expect(
      (
        await viewer.client.post('/api/shipping-agent-services', {
          code: 'V1',
          shipping_agent_code: 'GHTK',
          description: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await viewer.client.post('/api/shipping-agent-services/temporary', {
          shipping_agent_code: 'GHTK',
          description: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await viewer.client.put('/api/shipping-agent-services', {
          code: 'TMP0001',
          shipping_agent_code: 'VTP',
          description: 'x',
          version: 1,
        })
      ).statusCode,
    ).toBe(403);
    const after = await admin.post<List<Service>>('/api/shipping-agent-services/filter', {});
    expect(after.data.total_count).toBe(before.data.total_count);
    expect(
      (
        await editor.client.post('/api/shipping-agent-services', {
          code: 'E1',
          shipping_agent_code: 'GHTK',
          description: 'Tiết kiệm',
        })
      ).statusCode,
    ).toBe(201);
    expect((await ctx.t.anon.post('/api/shipping-agent-services/filter', {})).statusCode).toBe(401);
    const agents = await viewer.client.get<{ code: string; name: string }[]>('/api/shipping-agents');
    expect(agents.data.map((a) => a.code)).toEqual(expect.arrayContaining(['GHN', 'GHTK', 'VTP']));
  });
});
