import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { customerPages, makeCustomer, makeFranchise, nextPhone } from './test-support/builders.js';

const ctx = useTestApp();

type Customer = {
  customer_no: string;
  franchise_code: string;
  location_code: string;
  name: string;
  phone_no: string;
  birth_date: string;
  country_region_code: string;
  district_code: string;
  post_code: string;
  prefix: string;
  channel: string;
  is_temporary: boolean;
  referral_code: string;
  version: number;
};
type Details = {
  customer: Customer;
  ship_to_addresses: { code: string }[];
  loyalty: {
    scheme: string;
    ranking_points: string;
    redeemable_points: string;
    referral_code: string;
    birthday_promotion_eligible: boolean;
  };
};

let admin: Client;
let hanoi: Client;
let saigon: Client;

beforeAll(async () => {
  await makeFranchise(ctx.t, 'HN001', 'HN001-S1');
  await makeFranchise(ctx.t, 'HCM001', 'HCM001-S1');
  admin = await ctx.t.admin();
  hanoi = (await ctx.t.makeUser({ customer_no: 'HN001', pages: customerPages('edit') })).client;
  saigon = (await ctx.t.makeUser({ customer_no: 'HCM001', pages: customerPages('edit') })).client;
});

describe('temporary customers', () => {
  it('creates a customer with the defaults of the spec', async () => {
    const res = await hanoi.post<Customer>('/api/customers/temporary', {
      name: 'Trần Thị Bình',
      phone_no: '+84912345001',
      birth_date: '',
      country_region_code: 'USA',
      address: '12 Phố Huế',
      post_code: '',
      district_code: '002',
      location_code: 'HN001-S1',
      email: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      franchise_code: 'HN001',
      location_code: 'HN001-S1',
      name: 'Trần Thị Bình',
      phone_no: '0912345001',
      birth_date: '0001-01-01',
      country_region_code: 'VNM',
      district_code: '002',
      post_code: '01',
      prefix: 'KH',
      is_temporary: true,
    });
    expect(res.data.customer_no).toMatch(/^HN001-CUS-\d{2}-\d{6}$/);
    expect(res.data.referral_code).toMatch(/^[A-Z2-9]{8}$/);

    const withDate = await hanoi.post<Customer>('/api/customers/temporary', {
      name: 'Lê Văn Cường',
      phone_no: nextPhone(),
      birth_date: '15-03-1990',
    });
    expect(withDate.data.birth_date).toBe('1990-03-15');
    const numbers = [res.data.customer_no, withDate.data.customer_no].map((n) => Number(n.slice(2)));
    expect(numbers[1]).toBe(numbers[0] + 1);
  });

  it('takes the prefix and channel of a customer setup; the number from the CUS series', async () => {
    const setup = await admin.post('/api/customer-setups', { name: 'Khách online', prefix: 'onl', channel: 'WEBSITE' });
    expect(setup.statusCode).toBe(201);
    const res = await hanoi.post<Customer>('/api/customers/temporary', {
      name: 'Phạm Thu Hà',
      phone_no: nextPhone(),
      prefix: 'ONL',
    });
    expect(res.data).toMatchObject({ prefix: 'ONL', channel: 'WEBSITE' });
    expect(res.data.customer_no).toMatch(/^HN001-CUS-\d{2}-\d{6}$/);
  });

  it('names every bad field with the validator messages and writes nothing', async () => {
    const before = await admin.post<{ total_count: number }>('/api/customer-records/filter', {});
    const empty = await hanoi.post('/api/customers/temporary', {
      name: '',
      email: 'not-mail',
      birth_date: '31-02-1990',
    });
    expect(empty.statusCode).toBe(400);
    const byField = Object.fromEntries(empty.envelope.errors.map((e) => [e.field, e.msg]));
    expect(byField).toMatchObject({
      name: 'This is required field!',
      phone_no: 'This is required field!',
      email: 'Please enter a valid email!',
      birth_date: 'birth_date must be a date (DD-MM-YYYY or YYYY-MM-DD)',
    });
    const phone = await hanoi.post('/api/customers/temporary', { name: 'A', phone_no: '0012345678' });
    expect(phone.envelope.errors[0]).toMatchObject({ field: 'phone_no', msg: 'Please enter a valid phone number!' });
    const long = await hanoi.post('/api/customers/temporary', { name: 'x'.repeat(101), phone_no: nextPhone() });
    expect(long.envelope.errors[0]).toMatchObject({ field: 'name', msg: 'Maximum 100 characters!' });
    const noFranchise = await admin.post('/api/customers/temporary', { name: 'A', phone_no: nextPhone() });
    expect(noFranchise.statusCode).toBe(400);
    expect(noFranchise.envelope.errors[0]).toMatchObject({ field: 'franchise_code', msg: 'This is required field!' });
    const unknownFranchise = await admin.post('/api/customers/temporary', {
      name: 'A',
      phone_no: nextPhone(),
      franchise_code: 'ZZ999',
    });
    expect(unknownFranchise.statusCode).toBe(404);
    expect(unknownFranchise.envelope.errors[0].field).toBe('franchise_code');
    const otherStore = await hanoi.post('/api/customers/temporary', {
      name: 'A',
      phone_no: nextPhone(),
      location_code: 'HCM001-S1',
    });
    expect(otherStore.statusCode).toBe(404);
    expect(otherStore.envelope.errors[0]).toMatchObject({
      field: 'location_code',
      msg: 'Location HCM001-S1 not found',
    });
    const district = await hanoi.post('/api/customers/temporary', {
      name: 'A',
      phone_no: nextPhone(),
      post_code: '79',
      district_code: '001',
    });
    expect(district.envelope.errors[0]).toMatchObject({
      field: 'district_code',
      msg: 'District Ba Đình is not in post code 79',
    });
    const referral = await hanoi.post('/api/customers/temporary', {
      name: 'A',
      phone_no: nextPhone(),
      referred_by_code: 'NOPE1234',
    });
    expect(referral.envelope.errors[0]).toMatchObject({
      field: 'referred_by_code',
      msg: 'Referral code NOPE1234 does not exist',
    });
    const after = await admin.post<{ total_count: number }>('/api/customer-records/filter', {});
    expect(after.data.total_count).toBe(before.data.total_count);
  });

  it('refuses a phone already used in the same franchise, in any spelling, but not in another franchise', async () => {
    const phone = nextPhone();
    await makeCustomer(hanoi, { phone_no: phone });
    const dup = await hanoi.post('/api/customers/temporary', { name: 'B', phone_no: `+84${phone.slice(1)}` });
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.errors[0].field).toBe('phone_no');
    const elsewhere = await saigon.post<Customer>('/api/customers/temporary', { name: 'C', phone_no: phone });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.data.franchise_code).toBe('HCM001');
  });

  it('keeps store users inside their franchise and needs the edit permission', async () => {
    const other = await hanoi.post('/api/customers/temporary', {
      name: 'A',
      phone_no: nextPhone(),
      franchise_code: 'HCM001',
    });
    expect(other.statusCode).toBe(404);
    const viewer = await ctx.t.makeUser({ customer_no: 'HN001', pages: customerPages('view') });
    const phone = nextPhone();
    expect((await viewer.client.post('/api/customers/temporary', { name: 'A', phone_no: phone })).statusCode).toBe(403);
    expect((await hanoi.get(`/api/customers/by-phone/${phone}`)).statusCode).toBe(404);
    expect((await ctx.t.anon.post('/api/customers/temporary', { name: 'A', phone_no: phone })).statusCode).toBe(401);
    // A sales order editor may create customers at the counter too.
    const seller = await ctx.t.makeUser({
      customer_no: 'HN001',
      pages: [{ page_url: '/salesOrders/detail', permission_type: 'edit' }],
    });
    expect((await seller.client.post('/api/customers/temporary', { name: 'A', phone_no: phone })).statusCode).toBe(201);
  });

  it('returns the first answer again for a repeated Idempotency-Key', async () => {
    const body = { name: 'Đỗ Minh Khoa', phone_no: nextPhone() };
    const a = await hanoi.post<Customer>('/api/customers/temporary', body, { 'idempotency-key': 'cust-1' });
    const b = await hanoi.post<Customer>('/api/customers/temporary', body, { 'idempotency-key': 'cust-1' });
    expect(b.statusCode).toBe(201);
    expect(b.data.customer_no).toBe(a.data.customer_no);
  });
});

describe('customer lookups', () => {
  it('finds a customer by mobile phone in any spelling', async () => {
    const c = await makeCustomer(hanoi, { name: 'Vũ Thị Lan' });
    const found = await hanoi.get<Customer>(`/api/customers/by-phone/${c.phone_no}`);
    expect(found.statusCode).toBe(200);
    expect(found.data).toMatchObject({ customer_no: c.customer_no, name: 'Vũ Thị Lan' });
    const intl = await hanoi.get<Customer>(
      `/api/customers/by-phone/${encodeURIComponent(`+84${c.phone_no.slice(1)}`)}`,
    );
    expect(intl.data.customer_no).toBe(c.customer_no);
  });

  it('answers the catalogue messages for a bad phone and for no customer', async () => {
    const bad = await hanoi.get('/api/customers/by-phone/12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'phone_no', msg: 'Please enter a valid phone number!' });
    const none = await hanoi.get('/api/customers/by-phone/0999999999');
    expect(none.statusCode).toBe(404);
    expect(none.envelope.errors[0].msg).toBe('No Customer Same Mobile Phone! Please Try Again!');
    const byId = await hanoi.get('/api/customers/KH999999');
    expect(byId.statusCode).toBe(404);
    expect(byId.envelope.errors[0].msg).toBe('No Customer Same ID! Please Try Again!');
  });

  it('finds a customer by number', async () => {
    const c = await makeCustomer(hanoi);
    const res = await hanoi.get<Customer>(`/api/customers/${c.customer_no}`);
    expect(res.statusCode).toBe(200);
    expect(res.data.phone_no).toBe(c.phone_no);
  });

  it("hides another franchise's customers from a store user", async () => {
    const c = await makeCustomer(saigon, { name: 'Khách Sài Gòn' });
    expect((await hanoi.get(`/api/customers/by-phone/${c.phone_no}`)).envelope.errors[0].msg).toBe(
      'No Customer Same Mobile Phone! Please Try Again!',
    );
    expect((await hanoi.get(`/api/customers/${c.customer_no}`)).statusCode).toBe(404);
    expect((await hanoi.post('/api/customers/details-pos', { customer_no: c.customer_no })).statusCode).toBe(404);
    expect((await hanoi.get(`/api/customers/by-phone/${c.phone_no}?franchise_code=HCM001`)).statusCode).toBe(404);
    expect((await admin.get(`/api/customers/by-phone/${c.phone_no}`)).statusCode).toBe(200);
  });

  it('asks head office to choose the franchise when a phone is known in two', async () => {
    const phone = nextPhone();
    await makeCustomer(hanoi, { phone_no: phone });
    await makeCustomer(saigon, { phone_no: phone });
    const both = await admin.get(`/api/customers/by-phone/${phone}`);
    expect(both.statusCode).toBe(409);
    expect(both.envelope.errors[0].field).toBe('franchise_code');
    const one = await admin.get<Customer>(`/api/customers/by-phone/${phone}?franchise_code=HCM001`);
    expect(one.data.franchise_code).toBe('HCM001');
  });

  it('lists the stores a user may create customers in', async () => {
    const mine = await hanoi.get<{ franchise_code: string; location_code: string }[]>('/api/customers/stores');
    expect(mine.data).toEqual([
      {
        franchise_code: 'HN001',
        franchise_name: 'Franchise HN001',
        location_code: 'HN001-S1',
        location_name: 'Store HN001-S1',
        cash_needs_open_shift: false,
      },
    ]);
    const all = await admin.get<{ franchise_code: string }[]>('/api/customers/stores');
    expect(all.data.map((s) => s.franchise_code)).toEqual(['HCM001', 'HN001']);
  });

  it('needs a session and the page', async () => {
    const none = await ctx.t.makeUser({ customer_no: 'HN001' });
    expect((await none.client.get('/api/customers/by-phone/0912345001')).statusCode).toBe(403);
    expect((await none.client.post('/api/customers/details-pos', { phone_no: '0912345001' })).statusCode).toBe(403);
    expect((await ctx.t.anon.get('/api/customers/by-phone/0912345001')).statusCode).toBe(401);
  });
});

describe('details for the POS', () => {
  it('returns the customer, ship-to addresses and loyalty balances', async () => {
    const c = await makeCustomer(hanoi, { name: 'Hoàng Văn Đức' });
    await hanoi.post('/api/ship-to-addresses', {
      customer_no: c.customer_no,
      name: 'Nhà riêng',
      address: '5 Lý Thường Kiệt',
      district_code: '002',
    });
    const res = await hanoi.post<Details>('/api/customers/details-pos', { phone_no: c.phone_no });
    expect(res.statusCode).toBe(200);
    expect(res.data.customer.customer_no).toBe(c.customer_no);
    expect(res.data.ship_to_addresses.map((a) => a.code)).toEqual(['SA001']);
    expect(res.data.loyalty).toMatchObject({
      scheme: 'Silver',
      ranking_points: '0',
      redeemable_points: '0',
      referral_code: c.referral_code,
      birthday_promotion_eligible: false,
    });
    const byNo = await hanoi.post<Details>('/api/customers/details-pos', { customer_no: c.customer_no });
    expect(byNo.data.customer.name).toBe('Hoàng Văn Đức');
  });

  it('needs a customer_no or a phone_no', async () => {
    const res = await hanoi.post('/api/customers/details-pos', {});
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errors[0]).toMatchObject({ field: 'phone_no', msg: 'This is required field!' });
    const none = await hanoi.post('/api/customers/details-pos', { customer_no: 'KH999999' });
    expect(none.envelope.errors[0].msg).toBe('No Customer Same ID! Please Try Again!');
  });
});
