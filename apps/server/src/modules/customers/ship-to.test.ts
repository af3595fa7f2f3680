import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { customerPages, makeCustomer, makeFranchise } from './test-support/builders.js';

const ctx = useTestApp();

type ShipTo = {
  id: number;
  code: string;
  customer_no: string;
  franchise_code: string;
  name: string;
  address: string;
  district_code: string;
  district_name: string;
  post_code: string;
  province_name: string;
  phone_no: string;
  country_region_code: string;
  is_temporary: boolean;
  version: number;
};
type List<T> = { items: T[]; total_count: number };

let admin: Client;
let hanoi: Client;
let saigon: Client;
let customer: { customer_no: string; phone_no: string };

beforeAll(async () => {
  await makeFranchise(ctx.t, 'HN001');
  await makeFranchise(ctx.t, 'HCM001');
  admin = await ctx.t.admin();
  hanoi = (await ctx.t.makeUser({ customer_no: 'HN001', pages: customerPages('edit') })).client;
  saigon = (await ctx.t.makeUser({ customer_no: 'HCM001', pages: customerPages('edit') })).client;
  customer = await makeCustomer(hanoi, { name: 'Ngô Thị Hạnh' });
});

describe('ship-to addresses', () => {
  it('creates addresses with generated codes, fixed country and the province of the district', async () => {
    const first = await hanoi.post<ShipTo>('/api/ship-to-addresses', {
      customer_no: customer.customer_no,
      name: 'Văn phòng',
      address: '18 Hoàng Quốc Việt',
      district_code: '005',
      contact: 'Chị Hạnh',
      phone_no: '84912000111',
      country_region_code: 'US',
    });
    expect(first.statusCode).toBe(201);
    expect(first.data).toMatchObject({
      code: 'SA001',
      customer_no: customer.customer_no,
      franchise_code: 'HN001',
      post_code: '01',
      province_name: 'Hà Nội',
      district_name: 'Cầu Giấy',
      phone_no: '0912000111',
      country_region_code: 'VNM',
      is_temporary: false,
    });
    const second = await hanoi.post<ShipTo>('/api/ship-to-addresses', {
      customer_no: customer.customer_no,
      code: 'home',
      name: 'Nhà',
      address: '1 Tràng Tiền',
    });
    expect(second.data.code).toBe('HOME');
    const third = await hanoi.post<ShipTo>('/api/ship-to-addresses', {
      customer_no: customer.customer_no,
      name: 'Kho',
      address: '2 Giải Phóng',
    });
    expect(third.data.code).toBe('SA002');
    const dup = await hanoi.post('/api/ship-to-addresses', {
      customer_no: customer.customer_no,
      code: 'HOME',
      name: 'x',
      address: 'y',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.errors[0].field).toBe('code');

    const list = await hanoi.post<List<ShipTo>>('/api/ship-to-addresses/filter', {
      filters: [{ field: 'customer_no', value: customer.customer_no }],
    });
    expect(list.data.items.map((a) => a.code)).toEqual(['HOME', 'SA001', 'SA002']);
  });

  it('creates a temporary address for the customer found by phone_no_customer', async () => {
    const res = await hanoi.post<ShipTo>('/api/ship-to-addresses/temporary', {
      phone_no_customer: customer.phone_no,
      name: 'Giao tạm',
      address: '99 Kim Mã',
      post_code: '01',
      district_code: '001',
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ customer_no: customer.customer_no, is_temporary: true, district_name: 'Ba Đình' });
    const none = await hanoi.post('/api/ship-to-addresses/temporary', {
      phone_no_customer: '0988888888',
      name: 'x',
      address: 'y',
    });
    expect(none.statusCode).toBe(404);
    expect(none.envelope.errors[0].msg).toBe('No Customer Same Mobile Phone! Please Try Again!');
    const bad = await hanoi.post('/api/ship-to-addresses/temporary', {
      phone_no_customer: '12',
      name: 'x',
      address: 'y',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({
      field: 'phone_no_customer',
      msg: 'Please enter a valid phone number!',
    });
  });

  it('updates with the version read and refuses a stale one', async () => {
    const created = await hanoi.post<ShipTo>('/api/ship-to-addresses', {
      customer_no: customer.customer_no,
      code: 'UPD',
      name: 'Cũ',
      address: 'Địa chỉ cũ',
    });
    const updated = await hanoi.put<ShipTo>('/api/ship-to-addresses', {
      customer_no: customer.customer_no,
      code: 'UPD',
      version: created.data.version,
      name: 'Mới',
      district_code: '760',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.data).toMatchObject({
      name: 'Mới',
      address: 'Địa chỉ cũ',
      post_code: '79',
      district_code: '760',
      version: created.data.version + 1,
    });
    const stale = await hanoi.put('/api/ship-to-addresses', {
      customer_no: customer.customer_no,
      code: 'UPD',
      version: created.data.version,
      name: 'x',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');
    const missing = await hanoi.put('/api/ship-to-addresses', {
      customer_no: customer.customer_no,
      code: 'NONE',
      version: 1,
      name: 'x',
    });
    expect(missing.statusCode).toBe(404);
    const noVersion = await hanoi.put('/api/ship-to-addresses', {
      customer_no: customer.customer_no,
      code: 'UPD',
      name: 'x',
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.envelope.errors[0]).toMatchObject({ field: 'version', msg: 'version is required' });
  });

  it('names bad fields with the validator messages and writes nothing', async () => {
    const before = await hanoi.post<List<ShipTo>>('/api/ship-to-addresses/filter', {});
    const res = await hanoi.post('/api/ship-to-addresses', {
      customer_no: '',
      name: '',
      address: '',
      phone_no: '0123',
    });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(res.envelope.errors.map((e) => [e.field, e.msg]));
    expect(byField).toEqual({
      customer_no: 'This is required field!',
      name: 'This is required field!',
      address: 'This is required field!',
      phone_no: 'Please enter a valid phone number!',
    });
    const district = await hanoi.post('/api/ship-to-addresses', {
      customer_no: customer.customer_no,
      name: 'x',
      address: 'y',
      district_code: '999',
    });
    expect(district.envelope.errors[0]).toMatchObject({
      field: 'district_code',
      msg: 'District code 999 does not exist',
    });
    const noCustomer = await hanoi.post('/api/ship-to-addresses', { customer_no: 'KH999999', name: 'x', address: 'y' });
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.envelope.errors[0].msg).toBe('No Customer Same ID! Please Try Again!');
    const after = await hanoi.post<List<ShipTo>>('/api/ship-to-addresses/filter', {});
    expect(after.data.total_count).toBe(before.data.total_count);
  });

  it("keeps another franchise's addresses out of reach", async () => {
    const theirs = await makeCustomer(saigon, { name: 'Khách HCM' });
    const addr = await saigon.post<ShipTo>('/api/ship-to-addresses', {
      customer_no: theirs.customer_no,
      name: 'Nhà',
      address: '1 Lê Lợi',
      district_code: '760',
    });
    expect(addr.statusCode).toBe(201);
    const seen = await hanoi.post<List<ShipTo>>('/api/ship-to-addresses/filter', {
      filters: [{ field: 'customer_no', value: theirs.customer_no }],
    });
    expect(seen.data.total_count).toBe(0);
    expect(
      (await hanoi.post('/api/ship-to-addresses', { customer_no: theirs.customer_no, name: 'x', address: 'y' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await hanoi.post('/api/ship-to-addresses/temporary', {
          phone_no_customer: theirs.phone_no,
          name: 'x',
          address: 'y',
        })
      ).statusCode,
    ).toBe(404);
    const put = await hanoi.put('/api/ship-to-addresses', {
      customer_no: theirs.customer_no,
      code: addr.data.code,
      version: addr.data.version,
      name: 'hacked',
    });
    expect(put.statusCode).toBe(404);
    const still = await saigon.post<List<ShipTo>>('/api/ship-to-addresses/filter', {
      filters: [{ field: 'customer_no', value: theirs.customer_no }],
    });
    expect(still.data.items[0].name).toBe('Nhà');
    const all = await admin.post<List<ShipTo>>('/api/ship-to-addresses/filter', {
      filters: [{ field: 'franchise_code', value: 'HN001|HCM001' }],
    });
    expect(new Set(all.data.items.map((a) => a.franchise_code))).toEqual(new Set(['HN001', 'HCM001']));
  });

  it('needs the permission to change and a session to read', async () => {
    const viewer = await ctx.t.makeUser({ customer_no: 'HN001', pages: customerPages('view') });
    const before = await hanoi.post<List<ShipTo>>('/api/ship-to-addresses/filter', {});
    expect((await viewer.client.post('/api/ship-to-addresses/filter', {})).statusCode).toBe(200);
    expect(
      (
        await viewer.client.post('/api/ship-to-addresses', {
          customer_no: customer.customer_no,
          name: 'x',
          address: 'y',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await viewer.client.post('/api/ship-to-addresses/temporary', {
          phone_no_customer: customer.phone_no,
          name: 'x',
          address: 'y',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await viewer.client.put('/api/ship-to-addresses', {
          customer_no: customer.customer_no,
          code: 'HOME',
          version: 1,
          name: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const after = await hanoi.post<List<ShipTo>>('/api/ship-to-addresses/filter', {});
    expect(after.data.total_count).toBe(before.data.total_count);
    expect((await ctx.t.anon.post('/api/ship-to-addresses/filter', {})).statusCode).toBe(401);
  });
});
