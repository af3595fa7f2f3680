import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_BUSINESS_TIME_ZONE, setBusinessTimeZone, type Customer } from '@fp/contract';
import { useTestApp, type Client } from './helpers.js';
import { loadConfig } from '../src/config.js';
import { customers } from '../src/modules/customers/schema.js';
import { customerPages, makeCustomer, makeFranchise } from '../src/modules/customers/test-support/builders.js';
import { makeItem, makePrice } from '../src/modules/items/test-support/builders.js';
import { priceOf } from '../src/modules/items/price.js';
import { birthdayEligibility } from '../src/modules/loyalty/birthday.js';
import { takeNextNumber } from '../src/modules/number-series/service.js';

const ctx = useTestApp();

// 00:30 on 1 January 2027 in Vietnam is still 31 December 2026, 17:30, in UTC.
const NEW_YEAR_IN_VIETNAM = new Date('2026-12-31T17:30:00Z');
let admin: Client;
let hanoi: Client;
let hanoiName: string;

/** Moves the process clock (Date only; the database keeps its own) and logs in again at that time. */
const atNewYearInVietnam = async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NEW_YEAR_IN_VIETNAM);
  admin = await ctx.t.admin();
  hanoi = await ctx.t.as(hanoiName, 'Passw0rd1');
};

beforeAll(async () => {
  await makeFranchise(ctx.t, 'BD001');
  admin = await ctx.t.admin();
  const user = await ctx.t.makeUser({
    customer_no: 'BD001',
    pages: [{ page_url: '/customers/records', permission_type: 'edit' }, ...customerPages('edit')],
  });
  hanoi = user.client;
  hanoiName = user.username;
});

afterEach(async () => {
  vi.useRealTimers();
  admin = await ctx.t.admin();
  hanoi = await ctx.t.as(hanoiName, 'Passw0rd1');
});

describe('the business day at 00:30 on 1 January in Vietnam', () => {
  it("takes the new year's number series, not UTC's old one", async () => {
    await atNewYearInVietnam();
    const no = await ctx.t.services.db.transaction((tx) =>
      takeNextNumber(tx, { franchiseCode: 'BD001', documentType: 'SO', date: new Date() }),
    );
    expect(no).toBe('BD001-SO-27-000001');
    const byDefault = await ctx.t.services.db.transaction((tx) =>
      takeNextNumber(tx, { franchiseCode: 'BD001', documentType: 'SO' }),
    );
    expect(byDefault).toBe('BD001-SO-27-000002');
    // A customer made now gets the 2027 customer series too.
    expect((await makeCustomer(hanoi)).customer_no).toBe('BD001-CUS-27-000001');
  });

  it('prices the new year: a price valid from 1 January applies (priceOf and the item list)', async () => {
    const itemNo = await makeItem(admin, { unit_price: '100000' });
    await makePrice(admin, {
      price_list_code: 'TET27',
      item_no: itemNo,
      unit_price: '77000',
      valid_from: '2027-01-01',
    });
    await atNewYearInVietnam();
    expect(await priceOf(ctx.t.services.db, { franchiseCode: null, itemNo })).toMatchObject({
      unit_price: '77000.00',
      source: 'item_price',
    });
    const list = await admin.post<{ items: { item_no: string; effective_price: string }[] }>('/api/items/filter', {
      filters: [{ field: 'item_no', value: itemNo }],
    });
    expect(list.statusCode).toBe(200);
    expect(list.data.items).toEqual([expect.objectContaining({ item_no: itemNo, effective_price: '77000.00' })]);
  });

  it('is the January birthday month', async () => {
    const c = await makeCustomer(hanoi, { birth_date: '1990-01-15' });
    const [row] = await ctx.t.services.db.select().from(customers).where(eq(customers.customer_no, c.customer_no));
    await atNewYearInVietnam();
    const check = await birthdayEligibility(ctx.t.services.db, row);
    expect(check).toMatchObject({ eligible: true, year: 2027, reason: 'Birthday month' });
  });
});

describe('date filters on timestamps', () => {
  it('a record made at 23:30 UTC (06:30 next day in Vietnam) is found on the Vietnamese day', async () => {
    const c = await makeCustomer(hanoi, { name: 'Khách sáng sớm' });
    await ctx.t.services.db
      .update(customers)
      .set({ created_at: '2026-03-09T23:30:00Z' })
      .where(eq(customers.customer_no, c.customer_no));
    const find = async (filters: { field: string; value: string; condition_type?: string }[]) => {
      const res = await hanoi.post<{ items: Customer[] }>('/api/customer-records/filter', {
        filters: [{ field: 'customer_no', value: c.customer_no }, ...filters],
      });
      expect(res.statusCode).toBe(200);
      return res.data.items.map((r) => r.customer_no);
    };
    // The screen's range filter (Created from … to …) and an exact day, in both date spellings.
    expect(
      await find([
        { field: 'created_at', value: '2026-03-10', condition_type: 'gteq' },
        { field: 'created_at', value: '2026-03-10', condition_type: 'lteq' },
      ]),
    ).toEqual([c.customer_no]);
    expect(await find([{ field: 'created_at', value: '10-03-2026', condition_type: 'eq' }])).toEqual([c.customer_no]);
    // Not on the UTC day.
    expect(await find([{ field: 'created_at', value: '2026-03-09', condition_type: 'eq' }])).toEqual([]);
    expect(await find([{ field: 'created_at', value: '2026-03-09', condition_type: 'lteq' }])).toEqual([]);
    expect(await find([{ field: 'created_at', value: '2026-03-11', condition_type: 'gteq' }])).toEqual([]);
    // Another configured zone moves the day with it.
    setBusinessTimeZone('UTC');
    try {
      expect(await find([{ field: 'created_at', value: '2026-03-09', condition_type: 'eq' }])).toEqual([c.customer_no]);
    } finally {
      setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE);
    }
  });
});

describe('BUSINESS_TIME_ZONE', () => {
  it('is checked at start and told to the web app', async () => {
    expect(loadConfig({}).businessTimeZone).toBe('Asia/Ho_Chi_Minh');
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'Asia/Bangkok' }).businessTimeZone).toBe('Asia/Bangkok');
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'BUSINESS_TIME_ZONE: unknown time zone Mars/Olympus',
    );
    const res = await ctx.t.anon.get<{ business_time_zone: string }>('/api/config');
    expect(res.data.business_time_zone).toBe('Asia/Ho_Chi_Minh');
  });
});
