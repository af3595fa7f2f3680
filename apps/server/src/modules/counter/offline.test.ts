import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  businessDate,
  type ApiResponse,
  type CounterSaleCreate,
  type FlaggedCounterSale,
  type ListResponse,
  type NumberRange,
  type NumberRangeList,
  type OfflineData,
} from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { pagePermissions } from '../access/schema.js';
import { customers } from '../customers/schema.js';
import { franchises } from '../franchises/schema.js';
import { franchiseItems } from '../items/schema.js';
import { onHand } from '../ledger/service.js';
import { salesOrders } from '../sales/schema.js';
import { addStock } from '../sales/posting/test-support.js';
import { salesWorld, type Order } from '../sales/test-support/builders.js';

// Offline selling through HTTP (issue 19 "Re-sync, exactly once"): device number ranges, the offline data, offline
// sales posted as they were handed over (flagged, never refused for stock, price, promotion or shift), the refusals
// of the impossible, the flagged sales list and its review, another franchise's records invisible.

const ctx = useTestApp();
type Sale = ApiResponse<'counterSales.create'>;
type World = Awaited<ReturnType<typeof salesWorld>>;

let w: World;
let other: World;
/** Cashier: the counter only, no guarded button (no price override, the discount limit applies). */
let cashier: Client;
let otherCashier: Client;
/** Store manager: the flagged sales page. */
let manager: Client;
let otherManager: Client;
const device = randomUUID();
const secondDevice = randomUUID();
const otherDevice = randomUUID();

async function userWith(franchise: string, pages: { page_url: string; permission_type: 'view' | 'edit' }[]) {
  const u = await ctx.t.makeUser({ role: 'Store Staff', customer_no: franchise, pages });
  await ctx.t.services.db
    .update(pagePermissions)
    .set({ permissions: [] })
    .where(eq(pagePermissions.name, `perm-${u.username}`));
  return u;
}

const counterPage = { page_url: '/counter', permission_type: 'edit' as const };
const flaggedPage = { page_url: '/counter/flagged', permission_type: 'edit' as const };

const yesterday = businessDate(new Date(Date.now() - 24 * 3600_000));
/** 23:30 in Vietnam yesterday: 16:30 UTC, the business day is yesterday's. */
const soldYesterday = `${yesterday}T23:30:00+07:00`;

const reserve = (client: Client, body: Record<string, unknown>) =>
  client.post<NumberRange>('/api/counter-sales/number-ranges', body);
const rangesOf = (client: Client, dev: string) =>
  client.get<NumberRangeList>(`/api/counter-sales/number-ranges?offline_device=${dev}`);

/** An offline sale of `qty` × SP110 (110,000) paid in cash, numbered `no` by `dev`. */
const offlineSale = (no: string, o: Partial<CounterSaleCreate> = {}, qty = 1, dev = device): CounterSaleCreate => ({
  client_id: randomUUID(),
  location_code: w.location_code,
  sell_to_code: w.customer.customer_no,
  lines: [{ item_no: 'SP110', quantity: qty, unit_price: '110000', line_discount_amount: '0' }],
  payments: [{ payment_type: 'cash', amount: String(110000 * qty) }],
  sold_at: soldYesterday,
  offline_device: dev,
  device_doc_no: no,
  promotion_discount_amount: '0',
  applied_promotions: [],
  ...o,
});
const sell = (body: CounterSaleCreate, client: Client = cashier) => client.post<Sale>('/api/counter-sales', body);

const ordersOf = async (franchise = 'OF001') =>
  Number(
    (
      await ctx.t.services.db
        .select({ n: sql<number>`count(*)` })
        .from(salesOrders)
        .where(eq(salesOrders.franchise_code, franchise))
    )[0].n,
  );
const stockOf = (item_no: string) =>
  onHand(ctx.t.services.db, { locationCode: w.location_code, itemNo: item_no, variantCode: '' });

/** The device's numbers, in order (the first range reserved below). */
let numbers: string[] = [];
const nextNumber = () => {
  const no = numbers.shift();
  if (!no) throw new Error('the test used up its range');
  return no;
};

beforeAll(async () => {
  w = await salesWorld(ctx.t, 'OF001');
  other = await salesWorld(ctx.t, 'OF002');
  await addStock(ctx.t, { franchise_code: 'OF001', location_code: w.location_code, item_no: 'SP110', quantity: '3' });
  await addStock(ctx.t, { franchise_code: 'OF001', location_code: w.location_code, item_no: 'SP050', quantity: '100' });
  await addStock(ctx.t, {
    franchise_code: 'OF002',
    location_code: other.location_code,
    item_no: 'SP110',
    quantity: '9',
  });
  // The store's item list (franchise items): what the store sells, and what the offline data carries.
  await ctx.t.services.db
    .insert(franchiseItems)
    .values(['SP110', 'SP050', 'SPBLK'].map((item_no, sort) => ({ franchise_code: 'OF001', item_no, sort })));
  cashier = (await userWith('OF001', [counterPage])).client;
  otherCashier = (await userWith('OF002', [counterPage])).client;
  manager = (await userWith('OF001', [counterPage, flaggedPage])).client;
  otherManager = (await userWith('OF002', [counterPage, flaggedPage])).client;
});

describe('device number ranges', () => {
  it('reserves the next numbers of the sales order series for a device, never overlapping, and lists them with used and left', async () => {
    const first = await reserve(cashier, { offline_device: device, location_code: w.location_code, count: 20 });
    expect(first.statusCode).toBe(201);
    expect(first.data).toMatchObject({ offline_device: device, franchise_code: 'OF001', used: 0, left: 20 });
    expect(first.data.last - first.data.first).toBe(19);
    expect(first.data.first_no).toMatch(/^OF001-SO-\d{2}-\d{6}$/);
    expect(first.data.next_no).toBe(first.data.first_no);
    numbers = Array.from(
      { length: 20 },
      (_, i) => `${first.data.prefix}${String(first.data.first + i).padStart(6, '0')}`,
    );
    // Default 50; a second device's range starts after the first's.
    const second = await reserve(cashier, { offline_device: secondDevice, location_code: w.location_code });
    expect(second.data.last - second.data.first).toBe(49);
    expect(second.data.first).toBe(first.data.last + 1);
    // An online sale after the reservations takes the number after them.
    const online = await sell({
      client_id: randomUUID(),
      location_code: w.location_code,
      sell_to_code: w.customer.customer_no,
      lines: [{ item_no: 'SP050', quantity: 1 }],
      payments: [{ payment_type: 'cash', amount: '50000' }],
    });
    expect(online.statusCode).toBe(201);
    expect(Number(online.data.pos_so_no.slice(-6))).toBe(second.data.last + 1);

    const listed = await rangesOf(cashier, device);
    expect(listed.statusCode).toBe(200);
    expect(listed.data.items.map((r) => [r.first_no, r.left])).toEqual([[first.data.first_no, 20]]);
    expect(listed.data.left).toBe(20);
    // Another franchise sees nothing of the device, and cannot reserve at this store.
    expect((await rangesOf(otherCashier, device)).data.items).toEqual([]);
    const foreign = await reserve(otherCashier, { offline_device: otherDevice, location_code: w.location_code });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.envelope.errors[0].field).toBe('location_code');
    expect(
      (await reserve(otherCashier, { offline_device: otherDevice, location_code: other.location_code, count: 5 }))
        .statusCode,
    ).toBe(201);
  });

  it('names the field of bad input', async () => {
    const bad = await reserve(cashier, { offline_device: 'dev-1', location_code: w.location_code, count: 501 });
    expect(bad.statusCode).toBe(400);
    const byField = Object.fromEntries(bad.envelope.errors.map((e) => [e.field, e.msg]));
    expect(byField).toMatchObject({
      offline_device: 'offline_device must be a UUID',
      count: 'count must be at most 500',
    });
    const zero = await reserve(cashier, { offline_device: device, location_code: w.location_code, count: 0 });
    expect(zero.envelope.errors[0]).toMatchObject({ field: 'count', msg: 'count must be at least 1' });
  });

  it('hands out disjoint ranges to reservations sent at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        reserve(cashier, { offline_device: randomUUID(), location_code: w.location_code, count: 7 }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    const sorted = answers.map((a) => [a.data.first, a.data.last]).sort((a, b) => a[0]! - b[0]!);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]![0]).toBe(sorted[i - 1]![1]! + 1);
  });
});

describe('an offline sale', () => {
  it('posts a sale handed over yesterday although the stock went short meanwhile: flagged stock_short, numbered by its device', async () => {
    const before = Number(await stockOf('SP110'));
    const no = nextNumber();
    const body = offlineSale(no, { payments: [{ payment_type: 'cash', amount: '550000', tendered: '600000' }] }, 5);
    const res = await sell(body);
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      pos_so_no: no,
      flags: ['stock_short'],
      offline_device: device,
      device_doc_no: no,
      change: '50000.00',
    });
    expect(Date.parse(res.data.sold_at!)).toBe(Date.parse(soldYesterday));
    expect(res.data.order).toMatchObject({ status: 'invoiced', order_date: yesterday, grand_total: '550000.00' });
    expect(Number(await stockOf('SP110'))).toBe(before - 5);
    // The order as the order screens read it carries the same.
    const order = await w.client.get<Order>(`/api/sales-orders/${no}`);
    expect(order.data).toMatchObject({ flags: ['stock_short'], device_doc_no: no, offline_device: device });
    // A resend (lost answer) answers the first result.
    const again = await sell(body);
    expect([again.statusCode, again.data.pos_so_no]).toEqual([201, no]);
    // The device's range counts the number used.
    const listed = await rangesOf(cashier, device);
    expect(listed.data.items[0]).toMatchObject({ used: 1, left: 19, next_no: numbers[0] });
  });

  it("keeps the cashier's price and flags price_changed where the server's differs", async () => {
    const no = nextNumber();
    const res = await sell(
      offlineSale(no, {
        lines: [{ item_no: 'SP050', quantity: 2, unit_price: '45000', line_discount_amount: '0' }],
        payments: [{ payment_type: 'cash', amount: '90000' }],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.data.flags).toEqual(['price_changed']);
    expect(res.data.order.lines.map((l) => [l.item_no, l.unit_price, l.amount])).toEqual([
      ['SP050', '45000.00', '90000.00'],
    ]);
    expect(res.data.order.grand_total).toBe('90000.00');
    // The same price sent online by this cashier is refused (Override Price), nothing written.
    const online = await sell({
      client_id: randomUUID(),
      location_code: w.location_code,
      sell_to_code: w.customer.customer_no,
      lines: [{ item_no: 'SP050', quantity: 2, unit_price: '45000' }],
      payments: [{ payment_type: 'cash', amount: '90000' }],
    });
    expect(online.statusCode).toBe(403);
    // The catalogue's price is no change.
    const same = await sell(
      offlineSale(nextNumber(), {
        lines: [{ item_no: 'SP050', quantity: 1, unit_price: '50000', line_discount_amount: '0' }],
        payments: [{ payment_type: 'cash', amount: '50000' }],
      }),
    );
    expect([same.statusCode, same.data.flags]).toEqual([201, []]);
  });

  it("keeps the promotion the cashier saw and flags promotion_changed where the server's differs", async () => {
    const no = nextNumber();
    const res = await sell(
      offlineSale(no, {
        lines: [{ item_no: 'SP050', quantity: 1, unit_price: '50000', line_discount_amount: '0' }],
        promotion_discount_amount: '5000',
        applied_promotions: [{ code: 'GONE10', amount: '5000' }],
        payments: [{ payment_type: 'cash', amount: '45000' }],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.data.flags).toEqual(['promotion_changed']);
    expect(res.data.order.grand_total).toBe('45000.00');
    expect(res.data.order.totals.promotion_discount_amount).toBe('5000.00');
    expect(res.data.order.applied_promotions).toEqual([expect.objectContaining({ code: 'GONE10', amount: '5000.00' })]);
  });

  it('takes the birthday promotion the cashier applied offline as the server does (not flagged); a second one this year is', async () => {
    // The customer's birthday month is the month of the sale (sold yesterday, Asia/Ho_Chi_Minh).
    await ctx.t.services.db
      .update(customers)
      .set({ birth_date: `1990-${yesterday.slice(5, 7)}-15` })
      .where(eq(customers.customer_no, w.customer.customer_no));
    // 10% (the counter settings' default) of 50,000.
    const birthdaySale = () =>
      offlineSale(nextNumber(), {
        lines: [{ item_no: 'SP050', quantity: 1, unit_price: '50000', line_discount_amount: '0' }],
        loyalty_birthday_used: true,
        promotion_discount_amount: '5000',
        applied_promotions: [{ code: 'BIRTHDAY', amount: '5000' }],
        payments: [{ payment_type: 'cash', amount: '45000' }],
      });
    const res = await sell(birthdaySale());
    expect(res.statusCode).toBe(201);
    expect(res.data.flags).toEqual([]);
    expect(res.data.order.grand_total).toBe('45000.00');
    expect(res.data.order.applied_promotions).toEqual([
      expect.objectContaining({ code: 'BIRTHDAY', amount: '5000.00' }),
    ]);
    // Once a year: a second offline birthday sale is posted as handed over and flagged.
    const again = await sell(birthdaySale());
    expect(again.statusCode).toBe(201);
    expect(again.data.flags).toEqual(['promotion_changed']);
    expect(again.data.order.grand_total).toBe('45000.00');
  });

  it('accepts cash taken when no shift was open where the franchise needs one, flagged no_open_shift', async () => {
    await ctx.t.services.db
      .update(franchises)
      .set({ cash_needs_open_shift: true })
      .where(eq(franchises.customer_no, 'OF001'));
    try {
      const online = await sell({
        client_id: randomUUID(),
        location_code: w.location_code,
        sell_to_code: w.customer.customer_no,
        lines: [{ item_no: 'SP050', quantity: 1 }],
        payments: [{ payment_type: 'cash', amount: '50000' }],
      });
      expect(online.statusCode).toBe(422);
      expect(online.envelope.errors[0].code).toBe('shift_not_open');
      const res = await sell(
        offlineSale(nextNumber(), {
          lines: [{ item_no: 'SP050', quantity: 1, unit_price: '50000', line_discount_amount: '0' }],
          payments: [{ payment_type: 'cash', amount: '50000' }],
        }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.data.flags).toEqual(['no_open_shift']);
      expect(res.data.order.remaining_amount).toBe('0.00');
    } finally {
      await ctx.t.services.db
        .update(franchises)
        .set({ cash_needs_open_shift: false })
        .where(eq(franchises.customer_no, 'OF001'));
    }
  });

  it('refuses only the impossible, 422 naming the field, and writes nothing', async () => {
    const before = await ordersOf();
    const unknownItem = await sell(
      offlineSale(numbers[0]!, { lines: [{ item_no: 'NOPE', quantity: 1, unit_price: '1000' }] }),
    );
    expect(unknownItem.statusCode).toBe(422);
    expect(unknownItem.envelope.errors[0]).toMatchObject({ field: 'lines.0.item_no', msg: 'Item NOPE not found' });
    const foreignCustomer = await sell(offlineSale(numbers[0]!, { sell_to_code: other.customer.customer_no }));
    expect(foreignCustomer.statusCode).toBe(422);
    expect(foreignCustomer.envelope.errors[0].field).toBe('sell_to_code');
    // A number of another device's range, a number of no range, a number already used.
    const secondDevicesNo = (await rangesOf(cashier, secondDevice)).data.items[0]!.first_no;
    for (const no of [secondDevicesNo, `OF001-SO-${yesterday.slice(2, 4)}-999999`, 'OF001-XX-1']) {
      const res = await sell(offlineSale(no));
      expect(res.statusCode, no).toBe(422);
      expect(res.envelope.errors[0]).toMatchObject({ field: 'device_doc_no', code: 'device_number_unknown' });
    }
    const usedNo = (await rangesOf(cashier, device)).data.items[0]!.first_no;
    const used = await sell(offlineSale(usedNo));
    expect(used.statusCode).toBe(422);
    expect(used.envelope.errors[0]).toMatchObject({
      field: 'device_doc_no',
      code: 'device_number_used',
      msg: `Device number ${usedNo} is already used by another sale`,
    });
    // Another franchise's device number for this franchise's sale.
    const othersNo = (await rangesOf(otherCashier, otherDevice)).data.items[0]!.first_no;
    const foreignNo = await sell(offlineSale(othersNo, {}, 1, otherDevice));
    expect(foreignNo.envelope.errors[0].field).toBe('device_doc_no');
    // A closed franchise sells nothing.
    await ctx.t.services.db.update(franchises).set({ is_active: false }).where(eq(franchises.customer_no, 'OF001'));
    try {
      const closed = await sell(offlineSale(numbers[0]!));
      expect(closed.statusCode).toBe(422);
      expect(closed.envelope.errors[0]).toMatchObject({ field: 'location_code', code: 'franchise_closed' });
    } finally {
      await ctx.t.services.db.update(franchises).set({ is_active: true }).where(eq(franchises.customer_no, 'OF001'));
    }
    expect(await ordersOf()).toBe(before);
  });

  it('names bad sold_at and device fields (400)', async () => {
    const future = new Date(Date.now() + 10 * 60_000).toISOString();
    const res = await sell(offlineSale(numbers[0]!, { sold_at: future }));
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errors[0]).toMatchObject({
      field: 'sold_at',
      msg: 'sold_at must not be more than 5 minutes in the future',
    });
    const noOffset = await sell(offlineSale(numbers[0]!, { sold_at: '2026-05-01T09:30:00' }));
    expect(noOffset.envelope.errors[0].field).toBe('sold_at');
    const half = await sell(offlineSale('', {}));
    expect(half.envelope.errors[0]).toMatchObject({
      field: 'device_doc_no',
      msg: 'Give offline_device and device_doc_no together',
    });
  });

  it('sells offline without a device number too (the server numbers it), flagged as any other', async () => {
    const res = await sell(offlineSale('', { offline_device: undefined }, 1));
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ offline_device: '', device_doc_no: '', flags: ['stock_short'] });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('an offline sale sent twenty times at once (PostgreSQL)', () => {
  it('makes one order and answers it twenty times', async () => {
    const before = await ordersOf();
    const body = offlineSale(nextNumber());
    const answers = await Promise.all(Array.from({ length: 20 }, () => sell(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    for (const a of answers) expect(a.data).toEqual(answers[0]!.data);
    expect(await ordersOf()).toBe(before + 1);
    // The same number under another client_id (a copied device) is refused.
    const copy = await sell({ ...body, client_id: randomUUID() });
    expect(copy.envelope.errors[0]).toMatchObject({ field: 'device_doc_no', code: 'device_number_used' });
  });
});

describe('offline data', () => {
  it('answers what the counter needs to sell offline, for the franchise and store only', async () => {
    const res = await cashier.get<OfflineData>(
      `/api/counter-sales/offline-data?location_code=${w.location_code}&offline_device=${device}`,
    );
    expect(res.statusCode).toBe(200);
    const d = res.data;
    expect(Date.parse(d.generated_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(d.business_date).toBe(businessDate());
    expect(d.franchise).toMatchObject({ franchise_code: 'OF001', cash_needs_open_shift: false });
    expect(d.location.location_code).toBe(w.location_code);
    const sp050 = d.items.find((i) => i.item_no === 'SP050');
    expect(sp050).toMatchObject({ unit_price: '50000.00', vat_percent: '8.00', base_unit_of_measure: 'PCS' });
    expect(sp050?.variants).toEqual([{ variant_code: 'RED', description: 'Đỏ', unit_price: '50000.00' }]);
    expect(d.items.some((i) => i.item_no === 'SPBLK')).toBe(false);
    expect(d.customers.map((c) => c.customer_no)).toContain(w.customer.customer_no);
    expect(d.customers.map((c) => c.customer_no)).not.toContain(other.customer.customer_no);
    // The birthday promotion's facts: the birth date and the latest year it was taken (once a year).
    expect(d.customers.find((c) => c.customer_no === w.customer.customer_no)).toMatchObject({
      birth_date: `1990-${yesterday.slice(5, 7)}-15`,
      birthday_used_year: Number(yesterday.slice(0, 4)),
    });
    expect(d.limits).toMatchObject({ may_override_price: false, may_discount_above_limit: false });
    expect(d.access.pages.map((p) => p.page)).toContain('/counter');
    expect(d.number_ranges?.items.map((r) => r.offline_device)).toEqual([device]);
    // Another franchise's store: 404 naming location_code.
    const foreign = await otherCashier.get(`/api/counter-sales/offline-data?location_code=${w.location_code}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.envelope.errors[0].field).toBe('location_code');
  });
});

describe('flagged sales for the store manager', () => {
  it("lists the franchise's flagged sales, marks one reviewed (who, when), and shows nothing of another franchise", async () => {
    // A flagged sale in the other franchise too (stock short there).
    const theirs = (await rangesOf(otherCashier, otherDevice)).data.items[0]!.first_no;
    const foreignSale = await sell(
      {
        ...offlineSale(theirs, {}, 20, otherDevice),
        location_code: other.location_code,
        sell_to_code: other.customer.customer_no,
      },
      otherCashier,
    );
    expect(foreignSale.data.flags).toEqual(['stock_short']);

    const list = await manager.post<ListResponse<FlaggedCounterSale>>('/api/counter-sales/flagged/filter', {});
    expect(list.statusCode).toBe(200);
    const nos = list.data.items.map((i) => i.pos_so_no);
    expect(nos).not.toContain(theirs);
    expect(list.data.items.every((i) => i.franchise_code === 'OF001' && i.flags.length > 0)).toBe(true);
    const first = list.data.items.find((i) => i.flags.includes('stock_short') && i.device_doc_no !== '')!;
    expect(first).toMatchObject({ offline_device: device, reviewed: false, cashier: expect.any(String) });
    const filtered = await manager.post<ListResponse<FlaggedCounterSale>>('/api/counter-sales/flagged/filter', {
      filters: [{ field: 'flags', condition_type: 'like', value: 'price_changed' }],
    });
    expect(filtered.data.items.length).toBe(1);

    const reviewed = await manager.post<FlaggedCounterSale>('/api/counter-sales/flagged/review', {
      pos_so_no: first.pos_so_no,
    });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.data).toMatchObject({ pos_so_no: first.pos_so_no, reviewed: true });
    expect(reviewed.data.reviewed_by).not.toBe('');
    expect(reviewed.data.reviewed_at).not.toBeNull();
    // Another franchise's sale is not found; the cashier may not review.
    const foreign = await manager.post('/api/counter-sales/flagged/review', { pos_so_no: theirs });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.envelope.errors[0].field).toBe('pos_so_no');
    expect((await cashier.post('/api/counter-sales/flagged/review', { pos_so_no: first.pos_so_no })).statusCode).toBe(
      403,
    );
    expect(
      (
        await otherManager.post<ListResponse<FlaggedCounterSale>>('/api/counter-sales/flagged/filter', {})
      ).data.items.map((i) => i.pos_so_no),
    ).toEqual([theirs]);
  });
});

describe('the sales order list', () => {
  it("shows an offline sale's device number and flags, and filters on flagged and on a flag", async () => {
    type Row = ApiResponse<'salesOrders.list'>['items'][number];
    const list = (body: unknown) => w.client.post<ListResponse<Row>>('/api/sales-orders/filter', body);
    const flagged = await list({ filters: [{ field: 'flagged', condition_type: 'eq', value: true }] });
    expect(flagged.statusCode).toBe(200);
    expect(flagged.data.items.length).toBeGreaterThan(0);
    expect(flagged.data.items.every((i) => i.franchise_code === 'OF001' && i.flags.length > 0)).toBe(true);
    const numbered = flagged.data.items.find((i) => i.device_doc_no !== '')!;
    expect(numbered).toMatchObject({ offline_device: device, pos_so_no: numbered.device_doc_no });
    const notFlagged = await list({ filters: [{ field: 'flagged', condition_type: 'eq', value: false }] });
    expect(notFlagged.data.items.every((i) => i.flags.length === 0)).toBe(true);
    expect(notFlagged.data.total_count + flagged.data.total_count).toBe((await list({})).data.total_count);
    const priceChanged = await list({
      filters: [{ field: 'flags', condition_type: 'like', value: 'price_changed' }],
    });
    expect(priceChanged.data.items.map((i) => i.flags)).toEqual([expect.arrayContaining(['price_changed'])]);
    // A flag that is not true or false: 400 naming the field.
    const bad = await list({ filters: [{ field: 'flagged', condition_type: 'eq', value: 'maybe' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0].field).toContain('flagged');
  });
});

describe('books', () => {
  it('hold after the offline sales: ranges, device numbers, the stock they took short, and list the flagged sales', async () => {
    const results = await checkBooks(ctx.t.services.db);
    expect(
      results.filter((r) => r.violations > 0).map((r) => [r.name, r.examples]),
      'violations',
    ).toEqual([]);
    expect(totalViolations(results)).toBe(0);
    const flagged = results.find((r) => r.name === 'flagged offline counter sales');
    expect(flagged?.listed).toBeGreaterThanOrEqual(5);
  });
});
