import { systemAuth } from '../../http/context.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { getCustomerByNo } from '../customers/lookup.js';
import { customerPages, makeCustomer, makeFranchise } from '../customers/test-support/builders.js';
import { earnRedeemablePoints, postRankingPoints, useBirthdayPromotion } from './service.js';

const ctx = useTestApp();

type Total = {
  customer_no: string;
  referral_code: string;
  earned: string;
  used: string;
  reversed: string;
  total: string;
  bc_points_used: string;
  available: string;
};
type Entry = {
  id: number;
  customer_no: string;
  customer_name: string;
  pos_so_no: string;
  source: string;
  entry_type: string;
  points: string;
  reverses_id: number | null;
  website_no: string;
};
type List<T> = { items: T[]; total_count: number };

const pointPages = (level: 'view' | 'edit') => [
  { page_url: '/customers/redeemablePoints', permission_type: level },
  ...customerPages('edit'),
];
const anyFranchise = systemAuth();

let hanoi: Client;
let saigon: Client;

async function customerWithPoints(client: Client, points: string, extra: Record<string, unknown> = {}) {
  const c = await makeCustomer(client, extra);
  const db = ctx.t.services.db;
  await earnRedeemablePoints(db, await getCustomerByNo(db, anyFranchise, c.customer_no), {
    points,
    pos_so_no: 'SO-EARN',
    description: 'Tích điểm',
  });
  return c;
}

beforeAll(async () => {
  await makeFranchise(ctx.t, 'HN001');
  await makeFranchise(ctx.t, 'HCM001');
  hanoi = (await ctx.t.makeUser({ customer_no: 'HN001', pages: pointPages('edit') })).client;
  saigon = (await ctx.t.makeUser({ customer_no: 'HCM001', pages: pointPages('edit') })).client;
});

describe('redeemable points', () => {
  it('uses, totals and reverses points as ledger entries, never deleting one', async () => {
    const c = await customerWithPoints(hanoi, '500');
    const before = await hanoi.post<Total>('/api/redeemable-points/total', {
      customer_no: c.customer_no,
      referral_code: c.referral_code,
      bc_points_used: 100,
    });
    expect(before.data).toMatchObject({
      earned: '500',
      used: '0',
      total: '500',
      bc_points_used: '100',
      available: '400',
    });

    const used = await hanoi.post<{ entry: Entry; total: Total }>('/api/redeemable-points', {
      pos_so_no: 'SO-001',
      customer_no: c.customer_no,
      referral_code: c.referral_code,
      redeemable_point_used: 200,
      website_no: '',
    });
    expect(used.statusCode).toBe(201);
    expect(used.data.entry).toMatchObject({
      pos_so_no: 'SO-001',
      source: 'Franchise',
      entry_type: 'used',
      points: '-200.00',
      customer_name: 'Nguyễn Văn An',
    });
    expect(used.data.total).toMatchObject({ used: '200', total: '300' });

    const twice = await hanoi.post('/api/redeemable-points', {
      pos_so_no: 'SO-001',
      customer_no: c.customer_no,
      redeemable_point_used: 1,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.envelope.errors[0].field).toBe('pos_so_no');

    const removed = await hanoi.post<{ reversed: Entry[]; total: Total }>('/api/redeemable-points/remove', {
      order_number: 'SO-001',
      source: 'Franchise',
      customer_no: c.customer_no,
      referral_code: c.referral_code,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.data.reversed).toHaveLength(1);
    expect(removed.data.reversed[0]).toMatchObject({
      entry_type: 'reversed',
      points: '200.00',
      reverses_id: used.data.entry.id,
    });
    expect(removed.data.total).toMatchObject({ earned: '500', used: '200', reversed: '200', total: '500' });

    const again = await hanoi.post('/api/redeemable-points/remove', {
      order_number: 'SO-001',
      customer_no: c.customer_no,
    });
    expect(again.statusCode).toBe(404);
    expect(again.envelope.errors[0]).toMatchObject({
      field: 'order_number',
      msg: 'No redeemable points used on order SO-001',
    });

    const ledger = await hanoi.post<List<Entry>>('/api/redeemable-points/filter', {
      filters: [{ field: 'customer_no', value: c.customer_no }],
      sort_order: { field: 'id', direction: 'asc' },
    });
    expect(ledger.data.items.map((e) => [e.entry_type, e.points])).toEqual([
      ['earned', '500.00'],
      ['used', '-200.00'],
      ['reversed', '200.00'],
    ]);
    // The order may use points again after the reversal.
    const reuse = await hanoi.post('/api/redeemable-points', {
      pos_so_no: 'SO-001',
      referral_code: c.referral_code,
      redeemable_point_used: '150.5',
    });
    expect(reuse.statusCode).toBe(201);
    const after = await hanoi.post<Total>('/api/redeemable-points/total', { referral_code: c.referral_code });
    expect(after.data.total).toBe('349.5');
  });

  it('refuses to spend more than the balance and writes nothing', async () => {
    const c = await customerWithPoints(hanoi, '50');
    const res = await hanoi.post('/api/redeemable-points', {
      pos_so_no: 'SO-002',
      customer_no: c.customer_no,
      redeemable_point_used: 51,
    });
    expect(res.statusCode).toBe(422);
    expect(res.envelope.errors[0]).toMatchObject({
      code: 'insufficient_points',
      field: 'redeemable_point_used',
      msg: 'Not enough redeemable points: 50 available',
    });
    const total = await hanoi.post<Total>('/api/redeemable-points/total', { customer_no: c.customer_no });
    expect(total.data.total).toBe('50');
  });

  it('names bad fields', async () => {
    const c = await customerWithPoints(hanoi, '10');
    const empty = await hanoi.post('/api/redeemable-points', { redeemable_point_used: 'abc', source: 'Shop' });
    expect(empty.statusCode).toBe(400);
    expect(Object.fromEntries(empty.envelope.errors.map((e) => [e.field, e.msg]))).toEqual({
      pos_so_no: 'This is required field!',
      redeemable_point_used: 'Please enter number!',
      source: 'source must be one of Franchise, Website',
      customer_no: 'This is required field!',
    });
    const zero = await hanoi.post('/api/redeemable-points', {
      pos_so_no: 'SO-3',
      customer_no: c.customer_no,
      redeemable_point_used: 0,
    });
    expect(zero.envelope.errors[0]).toMatchObject({
      field: 'redeemable_point_used',
      msg: 'redeemable_point_used must be greater than 0',
    });
    const unknownCode = await hanoi.post('/api/redeemable-points/total', { referral_code: 'ZZZZZZZZ' });
    expect(unknownCode.statusCode).toBe(404);
    expect(unknownCode.envelope.errors[0]).toMatchObject({
      field: 'referral_code',
      msg: 'No Customer Same ID! Please Try Again!',
    });
    const noCustomer = await hanoi.post('/api/redeemable-points/total', { customer_no: 'KH999999' });
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.envelope.errors[0].msg).toBe('No Customer Same ID! Please Try Again!');
    const remove = await hanoi.post('/api/redeemable-points/remove', { customer_no: c.customer_no });
    expect(remove.envelope.errors[0]).toMatchObject({ field: 'order_number', msg: 'This is required field!' });
  });

  it("keeps each franchise's points to itself", async () => {
    const theirs = await customerWithPoints(saigon, '300');
    expect((await hanoi.post('/api/redeemable-points/total', { customer_no: theirs.customer_no })).statusCode).toBe(
      404,
    );
    expect((await hanoi.post('/api/redeemable-points/total', { referral_code: theirs.referral_code })).statusCode).toBe(
      404,
    );
    expect(
      (
        await hanoi.post('/api/redeemable-points', {
          pos_so_no: 'SO-X',
          customer_no: theirs.customer_no,
          redeemable_point_used: 1,
        })
      ).statusCode,
    ).toBe(404);
    const seen = await hanoi.post<List<Entry>>('/api/redeemable-points/filter', {
      filters: [{ field: 'customer_no', value: theirs.customer_no }],
    });
    expect(seen.data.total_count).toBe(0);
    const total = await saigon.post<Total>('/api/redeemable-points/total', { customer_no: theirs.customer_no });
    expect(total.data.total).toBe('300');
  });

  it('needs the points page (or a sales order screen) to change points', async () => {
    const c = await customerWithPoints(hanoi, '20');
    const viewer = await ctx.t.makeUser({
      customer_no: 'HN001',
      pages: [{ page_url: '/customers/redeemablePoints', permission_type: 'view' }],
    });
    expect((await viewer.client.post('/api/redeemable-points/total', { customer_no: c.customer_no })).statusCode).toBe(
      200,
    );
    expect(
      (
        await viewer.client.post('/api/redeemable-points', {
          pos_so_no: 'SO-V',
          customer_no: c.customer_no,
          redeemable_point_used: 5,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await viewer.client.post('/api/redeemable-points/remove', { order_number: 'SO-V', customer_no: c.customer_no }))
        .statusCode,
    ).toBe(403);
    const total = await viewer.client.post<Total>('/api/redeemable-points/total', { customer_no: c.customer_no });
    expect(total.data.total).toBe('20');
    const seller = await ctx.t.makeUser({
      customer_no: 'HN001',
      pages: [{ page_url: '/salesOrders/detail', permission_type: 'edit' }],
    });
    expect(
      (
        await seller.client.post('/api/redeemable-points', {
          pos_so_no: 'SO-S',
          customer_no: c.customer_no,
          redeemable_point_used: 5,
        })
      ).statusCode,
    ).toBe(201);
    expect((await seller.client.post('/api/redeemable-points/filter', {})).statusCode).toBe(403);
    expect((await ctx.t.anon.post('/api/redeemable-points/total', { customer_no: c.customer_no })).statusCode).toBe(
      401,
    );
  });
});

describe('schemes, ranking points and the birthday promotion', () => {
  it('starts everyone at Silver and moves up with ranking points', async () => {
    const schemes = await hanoi.get<{ code: string; min_ranking_points: string }[]>('/api/loyalty/schemes');
    expect(schemes.data[0]).toMatchObject({ code: 'Silver', min_ranking_points: '0.00' });
    const c = await makeCustomer(hanoi);
    const db = ctx.t.services.db;
    await postRankingPoints(db, {
      customer_no: c.customer_no,
      franchise_code: 'HN001',
      pos_so_no: 'SO-R1',
      points: '6000',
    });
    const gold = await hanoi.post<{
      loyalty: { scheme: string; ranking_points: string; next_scheme: string; points_to_next_scheme: string };
    }>('/api/customers/details-pos', { customer_no: c.customer_no });
    expect(gold.data.loyalty).toMatchObject({
      scheme: 'Gold',
      ranking_points: '6000',
      next_scheme: 'Platinum',
      points_to_next_scheme: '9000',
    });
    await postRankingPoints(db, {
      customer_no: c.customer_no,
      franchise_code: 'HN001',
      pos_so_no: 'SO-R1',
      points: '-6000',
    });
    const back = await hanoi.post<{ loyalty: { scheme: string } }>('/api/customers/details-pos', {
      customer_no: c.customer_no,
    });
    expect(back.data.loyalty.scheme).toBe('Silver');
  });

  it('offers the birthday promotion in the birthday month, once a year', async () => {
    const c = await makeCustomer(hanoi, { birth_date: '15/03/1990' });
    const march = await hanoi.get<{ eligible: boolean; reason: string }>(
      `/api/customers/${c.customer_no}/birthday-promotion?date=2026-03-02`,
    );
    expect(march.data).toMatchObject({ eligible: true, reason: 'Birthday month' });
    const april = await hanoi.get<{ eligible: boolean; reason: string }>(
      `/api/customers/${c.customer_no}/birthday-promotion?date=2026-04-02`,
    );
    expect(april.data).toMatchObject({ eligible: false, reason: 'Not the birthday month' });
    const db = ctx.t.services.db;
    const row = await getCustomerByNo(db, anyFranchise, c.customer_no);
    await useBirthdayPromotion(db, row, 'SO-BD1', '2026-03-05');
    const used = await hanoi.get<{ eligible: boolean; reason: string }>(
      `/api/customers/${c.customer_no}/birthday-promotion?date=2026-03-20`,
    );
    expect(used.data).toMatchObject({ eligible: false, reason: 'Already used this year on order SO-BD1' });
    await expect(useBirthdayPromotion(db, row, 'SO-BD2', '2026-03-21')).rejects.toThrow(
      'Already used this year on order SO-BD1',
    );
    const nextYear = await hanoi.get<{ eligible: boolean }>(
      `/api/customers/${c.customer_no}/birthday-promotion?date=2027-03-01`,
    );
    expect(nextYear.data.eligible).toBe(true);
    const unknown = await makeCustomer(hanoi);
    const none = await hanoi.get<{ eligible: boolean; reason: string }>(
      `/api/customers/${unknown.customer_no}/birthday-promotion?date=2026-01-01`,
    );
    expect(none.data).toMatchObject({ eligible: false, reason: 'Birth date is not known' });
    const bad = await hanoi.get(`/api/customers/${c.customer_no}/birthday-promotion?date=03-2026`);
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'date', msg: 'date must be YYYY-MM-DD' });
  });
});
