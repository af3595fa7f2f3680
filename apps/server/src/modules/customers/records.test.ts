import { systemAuth } from '../../http/context.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { earnRedeemablePoints } from '../loyalty/service.js';
import { getCustomerByNo } from './lookup.js';
import { customerPages, makeCustomer, makeFranchise, nextPhone } from './test-support/builders.js';

const ctx = useTestApp();

type Setup = { id: number; name: string; prefix: string; channel: string; version: number };
type Record = {
  customer_no: string;
  franchise_code: string;
  name: string;
  phone_no: string;
  email: string;
  birth_date: string;
  district_name: string;
  province_name: string;
  referral_code: string;
  referred_by_code: string;
  referred_by_customer_no: string;
  referred_by_name: string;
  version: number;
};
type List<T> = { items: T[]; total_count: number };
type Check = {
  valid: boolean;
  message: string;
  customer_no: string;
  referral_code: string;
  referrer_customer_no: string;
  referrer_name: string;
};

const recordPages = (level: 'view' | 'edit') => [
  { page_url: '/customers/records', permission_type: level },
  ...customerPages('edit'),
];

let admin: Client;
let hanoi: Client;
let saigon: Client;

beforeAll(async () => {
  await makeFranchise(ctx.t, 'HN001');
  await makeFranchise(ctx.t, 'HCM001');
  admin = await ctx.t.admin();
  hanoi = (await ctx.t.makeUser({ customer_no: 'HN001', pages: recordPages('edit') })).client;
  saigon = (await ctx.t.makeUser({ customer_no: 'HCM001', pages: recordPages('edit') })).client;
});

describe('customer setup', () => {
  it('adds, filters and updates setups', async () => {
    const created = await admin.post<Setup>('/api/customer-setups', {
      name: 'Khách lẻ cửa hàng',
      prefix: 'kl',
      channel: 'STEP IN STORE',
    });
    expect(created.statusCode).toBe(201);
    expect(created.data).toMatchObject({ name: 'Khách lẻ cửa hàng', prefix: 'KL', channel: 'STEP IN STORE' });
    const list = await admin.post<List<Setup>>('/api/customer-setups/filter', {
      filters: [{ field: 'prefix', value: 'KL' }],
    });
    expect(list.data.items.map((s) => s.id)).toEqual([created.data.id]);
    const updated = await admin.put<Setup>('/api/customer-setups', {
      id: created.data.id,
      version: created.data.version,
      channel: 'ZALO STORE',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.data).toMatchObject({ channel: 'ZALO STORE', prefix: 'KL', version: created.data.version + 1 });
    const stale = await admin.put('/api/customer-setups', {
      id: created.data.id,
      version: created.data.version,
      channel: 'X',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');
    expect((await admin.put('/api/customer-setups', { id: 999999, version: 1, name: 'x' })).statusCode).toBe(404);
  });

  it('keeps prefixes unique and names bad fields', async () => {
    await admin.post('/api/customer-setups', { name: 'Online', prefix: 'WEB', channel: 'WEBSITE' });
    const dup = await admin.post('/api/customer-setups', { name: 'Online 2', prefix: 'web', channel: 'WEBSITE' });
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.errors[0].field).toBe('prefix');
    const bad = await admin.post('/api/customer-setups', { name: '', prefix: 'A B', channel: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.fromEntries(bad.envelope.errors.map((e) => [e.field, e.msg]))).toEqual({
      name: 'This is required field!',
      prefix: 'prefix may hold only letters, digits, - and _',
      channel: 'This is required field!',
    });
  });

  it('lets viewers read and only editors change', async () => {
    const viewer = await ctx.t.makeUser({ pages: [{ page_url: '/customers/setup', permission_type: 'view' }] });
    const before = await viewer.client.post<List<Setup>>('/api/customer-setups/filter', {});
    expect(before.statusCode).toBe(200);
    expect(
      (await viewer.client.post('/api/customer-setups', { name: 'x', prefix: 'VV', channel: 'WEBSITE' })).statusCode,
    ).toBe(403);
    const first = before.data.items[0];
    expect(
      (await viewer.client.put('/api/customer-setups', { id: first.id, version: first.version, name: 'changed' }))
        .statusCode,
    ).toBe(403);
    const after = await viewer.client.post<List<Setup>>('/api/customer-setups/filter', {});
    expect(after.data.total_count).toBe(before.data.total_count);
    expect(after.data.items[0].name).toBe(first.name);
    expect((await hanoi.post('/api/customer-setups/filter', {})).statusCode).toBe(403);
    expect((await ctx.t.anon.post('/api/customer-setups/filter', {})).statusCode).toBe(401);
  });
});

describe('customer records', () => {
  it("lists only the store's own customers and reads one record by phone", async () => {
    const mine = await makeCustomer(hanoi, { name: 'Bùi Văn Nam', district_code: '001' });
    const theirs = await makeCustomer(saigon, { name: 'Đinh Thị Thu' });
    const list = await hanoi.post<List<Record>>('/api/customer-records/filter', { pagination: { page: 1, size: 500 } });
    expect(list.data.items.every((r) => r.franchise_code === 'HN001')).toBe(true);
    expect(list.data.items.map((r) => r.customer_no)).toContain(mine.customer_no);
    const all = await admin.post<List<Record>>('/api/customer-records/filter', {
      filters: [{ field: 'customer_no', value: `${mine.customer_no}|${theirs.customer_no}` }],
    });
    expect(all.data.total_count).toBe(2);

    const info = await hanoi.post<Record & { loyalty: { scheme: string } }>('/api/customer-records/info', {
      phone_no: mine.phone_no,
    });
    expect(info.statusCode).toBe(200);
    expect(info.data).toMatchObject({
      customer_no: mine.customer_no,
      district_name: 'Ba Đình',
      province_name: 'Hà Nội',
    });
    expect(info.data.loyalty.scheme).toBe('Silver');
    const hidden = await hanoi.post('/api/customer-records/info', { phone_no: theirs.phone_no });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.envelope.errors[0].msg).toBe('No Customer Same Mobile Phone! Please Try Again!');
    const bad = await hanoi.post('/api/customer-records/info', { phone_no: '123' });
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'phone_no', msg: 'Please enter a valid phone number!' });
  });

  it('updates a record with the version read, keeping phones unique', async () => {
    const c = await makeCustomer(hanoi, { name: 'Tạ Văn Lộc' });
    const other = await makeCustomer(hanoi);
    const newPhone = nextPhone();
    const res = await hanoi.put<Record>('/api/customer-records', {
      customer_no: c.customer_no,
      phone_no: newPhone,
      version: c.version,
      name: 'Tạ Văn Lộc (mới)',
      email: 'loc@example.vn',
      birth_date: '1988-12-01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      phone_no: newPhone,
      name: 'Tạ Văn Lộc (mới)',
      email: 'loc@example.vn',
      birth_date: '1988-12-01',
      version: c.version + 1,
    });
    // Keyed by phone alone.
    const byPhone = await hanoi.put<Record>('/api/customer-records', {
      phone_no: newPhone,
      version: res.data.version,
      address: '3 Hàng Bạc',
    });
    expect(byPhone.statusCode).toBe(200);
    const stale = await hanoi.put('/api/customer-records', {
      customer_no: c.customer_no,
      version: c.version,
      name: 'x',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');
    const dup = await hanoi.put('/api/customer-records', {
      customer_no: c.customer_no,
      phone_no: other.phone_no,
      version: byPhone.data.version,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.errors[0].field).toBe('phone_no');
    const bad = await hanoi.put('/api/customer-records', {
      customer_no: c.customer_no,
      version: byPhone.data.version,
      name: '',
      email: 'x@',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.fromEntries(bad.envelope.errors.map((e) => [e.field, e.msg]))).toEqual({
      name: 'This is required field!',
      email: 'Please enter a valid email!',
    });
    const unchanged = await hanoi.post<Record>('/api/customer-records/info', { customer_no: c.customer_no });
    expect(unchanged.data).toMatchObject({ name: 'Tạ Văn Lộc (mới)', version: byPhone.data.version });
  });

  it('records who referred whom, and refuses a self-referral', async () => {
    const referrer = await makeCustomer(hanoi, { name: 'Người giới thiệu' });
    const c = await makeCustomer(hanoi);
    const res = await hanoi.put<Record>('/api/customer-records', {
      customer_no: c.customer_no,
      version: c.version,
      referred_by_code: referrer.referral_code.toLowerCase(),
    });
    expect(res.data).toMatchObject({
      referred_by_code: referrer.referral_code,
      referred_by_customer_no: referrer.customer_no,
      referred_by_name: 'Người giới thiệu',
    });
    const self = await hanoi.put('/api/customer-records', {
      customer_no: c.customer_no,
      version: res.data.version,
      referred_by_code: c.referral_code,
    });
    expect(self.statusCode).toBe(400);
    expect(self.envelope.errors[0]).toMatchObject({
      field: 'referred_by_code',
      msg: 'A customer cannot refer themself',
    });
  });

  it("cannot read, change or delete another franchise's record", async () => {
    const theirs = await makeCustomer(saigon, { name: 'Khách HCM' });
    expect(
      (
        await hanoi.put('/api/customer-records', {
          customer_no: theirs.customer_no,
          version: theirs.version,
          name: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect((await hanoi.post('/api/customer-records/delete', { customer_no: theirs.customer_no })).statusCode).toBe(
      404,
    );
    expect((await hanoi.post('/api/customer-records/info', { customer_no: theirs.customer_no })).statusCode).toBe(404);
    const still = await saigon.post<Record>('/api/customer-records/info', { customer_no: theirs.customer_no });
    expect(still.data.name).toBe('Khách HCM');
  });

  it('deletes a record without history and keeps one with points', async () => {
    const c = await makeCustomer(hanoi);
    const del = await hanoi.post('/api/customer-records/delete', { phone_no: c.phone_no });
    expect(del.statusCode).toBe(200);
    expect((await hanoi.get(`/api/customers/by-phone/${c.phone_no}`)).statusCode).toBe(404);
    expect((await hanoi.post('/api/customer-records/delete', { phone_no: c.phone_no })).statusCode).toBe(404);

    const loyal = await makeCustomer(hanoi);
    const db = ctx.t.services.db;
    await earnRedeemablePoints(db, await getCustomerByNo(db, systemAuth(), loyal.customer_no), {
      points: '100',
      pos_so_no: 'SO-1',
    });
    const refused = await hanoi.post('/api/customer-records/delete', { customer_no: loyal.customer_no });
    expect(refused.statusCode).toBe(422);
    expect(refused.envelope.errors[0].code).toBe('customer_has_history');
    expect((await hanoi.get(`/api/customers/${loyal.customer_no}`)).statusCode).toBe(200);
  });

  it('needs the records page to read and edit to change', async () => {
    const c = await makeCustomer(hanoi);
    const viewer = await ctx.t.makeUser({
      customer_no: 'HN001',
      pages: [{ page_url: '/customers/records', permission_type: 'view' }],
    });
    expect((await viewer.client.post('/api/customer-records/filter', {})).statusCode).toBe(200);
    expect(
      (await viewer.client.put('/api/customer-records', { customer_no: c.customer_no, version: c.version, name: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await viewer.client.post('/api/customer-records/delete', { customer_no: c.customer_no })).statusCode).toBe(
      403,
    );
    const after = await viewer.client.post<Record>('/api/customer-records/info', { customer_no: c.customer_no });
    expect(after.data.version).toBe(c.version);
    expect((await ctx.t.anon.post('/api/customer-records/filter', {})).statusCode).toBe(401);
  });
});

describe('new-customer referral check', () => {
  it('is valid once: the first order claims the referral', async () => {
    const referrer = await makeCustomer(hanoi, { name: 'Chị Giới Thiệu' });
    const c = await makeCustomer(hanoi, { referred_by_code: referrer.referral_code });
    const first = await hanoi.post<Check>('/api/customer-records/referral-check', {
      phone_no: c.phone_no,
      pos_so_no: 'SO-100',
    });
    expect(first.statusCode).toBe(200);
    expect(first.data).toMatchObject({
      valid: true,
      customer_no: c.customer_no,
      referral_code: referrer.referral_code,
      referrer_customer_no: referrer.customer_no,
      referrer_name: 'Chị Giới Thiệu',
    });
    const again = await hanoi.post<Check>('/api/customer-records/referral-check', {
      phone_no: c.phone_no,
      pos_so_no: 'SO-100',
    });
    expect(again.data.valid).toBe(true);
    const other = await hanoi.post<Check>('/api/customer-records/referral-check', {
      phone_no: c.phone_no,
      pos_so_no: 'SO-101',
    });
    expect(other.data).toMatchObject({ valid: false, message: 'The referral was already used on order SO-100' });
    // Once used, the referrer can no longer be changed.
    const info = await hanoi.post<Record>('/api/customer-records/info', { customer_no: c.customer_no });
    const change = await hanoi.put('/api/customer-records', {
      customer_no: c.customer_no,
      version: info.data.version,
      referred_by_code: '',
    });
    expect(change.statusCode).toBe(422);
  });

  it('is not valid without a referral or for a customer who bought before', async () => {
    const plain = await makeCustomer(hanoi);
    const none = await hanoi.post<Check>('/api/customer-records/referral-check', {
      phone_no: plain.phone_no,
      pos_so_no: 'SO-200',
    });
    expect(none.data).toMatchObject({ valid: false, message: 'The customer has no referral code' });

    const referrer = await makeCustomer(hanoi);
    const old = await makeCustomer(hanoi, { referred_by_code: referrer.referral_code });
    const db = ctx.t.services.db;
    await earnRedeemablePoints(db, await getCustomerByNo(db, systemAuth(), old.customer_no), {
      points: '10',
      pos_so_no: 'SO-OLD',
    });
    const notNew = await hanoi.post<Check>('/api/customer-records/referral-check', {
      phone_no: old.phone_no,
      pos_so_no: 'SO-201',
    });
    expect(notNew.data).toMatchObject({ valid: false, message: 'The customer is not new: they already bought before' });
  });

  it('validates its input and scope', async () => {
    const bad = await hanoi.post('/api/customer-records/referral-check', { phone_no: '099', pos_so_no: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.fromEntries(bad.envelope.errors.map((e) => [e.field, e.msg]))).toEqual({
      phone_no: 'Please enter a valid phone number!',
      pos_so_no: 'This is required field!',
    });
    const missing = await hanoi.post('/api/customer-records/referral-check', {
      phone_no: '0977777777',
      pos_so_no: 'SO-1',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.envelope.errors[0].msg).toBe('No Customer Same Mobile Phone! Please Try Again!');
    const theirs = await makeCustomer(saigon);
    expect(
      (await hanoi.post('/api/customer-records/referral-check', { phone_no: theirs.phone_no, pos_so_no: 'SO-1' }))
        .statusCode,
    ).toBe(404);
    const viewer = await ctx.t.makeUser({ customer_no: 'HN001', pages: customerPages('view') });
    expect(
      (
        await viewer.client.post('/api/customer-records/referral-check', {
          phone_no: theirs.phone_no,
          pos_so_no: 'SO-1',
        })
      ).statusCode,
    ).toBe(403);
  });
});
