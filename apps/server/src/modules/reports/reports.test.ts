import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { businessDate, LIST_TOTAL_CAP } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { categories } from '../categories/schema.js';
import { items } from '../items/schema.js';
import { cashReceipts } from '../payments/schema.js';
import { redeemablePointEntries } from '../loyalty/schema.js';
import { salesOrders } from '../sales/schema.js';
import { shifts } from '../shifts/schema.js';
import { addStock, makeItem, makeOrder, makeStore } from '../sales/posting/test-support.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { runList } from '../../http/list.js';
import { Scope } from '../../http/scope.js';
import { revenueDetailList } from './revenue.js';
import { compactRollUps } from './rollups.js';

// Hand-computed fixture (README "Tests"): two franchises, three invoices and one credit memo over two days and two
// sales types.
//   D1 (yesterday): RA  A1 STEP IN STORE  X 2 × 100,000 + Y 1 × 50,000 − invoice discount 10,000 = 240,000 (qty 3)
//                   RB  B1 STEP IN STORE  Y 4 × 50,000                                            = 200,000 (qty 4)
//   D2 (today):     RA  A2 ZALO STORE     X 1 × 100,000                                            = 100,000 (qty 1)
//                   RA  credit memo of A1: X 1 → 100,000 − 10,000 × 100,000 / 250,000 = 96,000    (qty −1)

const ctx = useTestApp();
let admin: Client;
let storeA: Client;
let noPage: Client;
const D2 = businessDate();
const D1 = businessDate(new Date(Date.now() - 24 * 3600 * 1000));
let X: string;
let Y: string;
let Z: string;
let A1: string;
let A2: string;
let B1: string;
let CM: string;
let ra: Awaited<ReturnType<typeof makeStore>>;
let rb: Awaited<ReturnType<typeof makeStore>>;

const range = { from_date: D1, to_date: D2 };
const f = (documents: number, quantity: string, sales: string, returns: string, net: string) => ({
  documents,
  quantity,
  sales_amount: sales,
  return_amount: returns,
  net_amount: net,
});
const dmy = (d: string) => `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`;

beforeAll(async () => {
  admin = await ctx.t.admin();
  ra = await makeStore(ctx.t, 'RA');
  rb = await makeStore(ctx.t, 'RB');
  const db = ctx.t.services.db;
  const [cat] = await db.insert(categories).values({ code: 'CAT-X', name: 'Category X' }).returning();
  X = await makeItem(ctx.t, { unit_price: '100000' });
  Y = await makeItem(ctx.t, { unit_price: '50000' });
  Z = await makeItem(ctx.t, { unit_price: '10000' });
  await db.update(items).set({ category_id: cat.id }).where(eq(items.item_no, X));
  for (const item_no of [X, Y]) await addStock(ctx.t, { ...ra, item_no, quantity: '10' });
  await addStock(ctx.t, { ...ra, item_no: Z, quantity: '3' });
  await addStock(ctx.t, { ...rb, item_no: Y, quantity: '10' });

  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.now() - 24 * 3600 * 1000));
  try {
    const a1 = await makeOrder(
      ctx.t,
      ra,
      [
        { item_no: X, quantity: '2', unit_price: '100000' },
        { item_no: Y, quantity: '1', unit_price: '50000' },
      ],
      { invoice_discount_amount: '10000' },
    );
    A1 = a1.pos_so_no;
    expect((await admin.op('salesOrders.ship', { body: { ...a1, sell_on_credit: true } })).data.grand_total).toBe(
      '240000.00',
    );
    const b1 = await makeOrder(ctx.t, rb, [{ item_no: Y, quantity: '4', unit_price: '50000' }]);
    B1 = b1.pos_so_no;
    expect((await admin.op('salesOrders.ship', { body: { ...b1, sell_on_credit: true } })).statusCode).toBe(200);
  } finally {
    vi.useRealTimers();
  }
  const a2 = await makeOrder(ctx.t, ra, [{ item_no: X, quantity: '1', unit_price: '100000' }]);
  A2 = a2.pos_so_no;
  await db.update(salesOrders).set({ sales_type: 'ZALO STORE' }).where(eq(salesOrders.pos_so_no, A2));
  expect((await admin.op('salesOrders.ship', { body: { ...a2, sell_on_credit: true } })).statusCode).toBe(200);
  const [a1now] = await db.select().from(salesOrders).where(eq(salesOrders.pos_so_no, A1));
  const cm = await admin.op('salesOrders.creditMemo', {
    body: { pos_so_no: A1, version: a1now.version, lines: [{ line_no: 10000, quantity: '1' }] },
  });
  expect(cm.data.amount).toBe('96000.00');
  CM = cm.data.pos_so_no;

  storeA = (
    await ctx.t.makeUser({
      customer_no: 'RA',
      pages: [
        { page_url: '/reports/revenue/summaries', permission_type: 'view' },
        { page_url: '/reports/salesHistorical', permission_type: 'view' },
      ],
    })
  ).client;
  noPage = (await ctx.t.makeUser({ customer_no: 'RA', pages: [{ page_url: '/items', permission_type: 'view' }] }))
    .client;
});

const summary = (c: Client, body: Record<string, unknown>) =>
  c.op('revenueReports.summary', { body: { ...range, ...body } as never });
const summaryTotal = (c: Client, body: Record<string, unknown>) =>
  c.op('revenueReports.summaryTotal', { body: { ...range, ...body } as never });
/** Only the fixture's franchises (the test database may hold others). */
const ours = [{ field: 'franchise_code', condition_type: 'eq' as const, value: 'RA|RB' }];

describe('revenue summary', () => {
  it('groups by day (the default): documents, quantity, sales, returns, net; total = Σ rows', async () => {
    const res = await summary(admin, { filters: ours });
    expect(res.statusCode).toBe(200);
    expect(res.data.items).toEqual([
      { key: D1, label: dmy(D1), ...f(2, '7', '440000.00', '0.00', '440000.00') },
      { key: D2, label: dmy(D2), ...f(2, '0', '100000.00', '96000.00', '4000.00') },
    ]);
    const total = await summaryTotal(admin, { filters: ours });
    expect(total.data).toEqual(f(4, '7', '540000.00', '96000.00', '444000.00'));
  });

  it('groups by sales type, franchise, location and month', async () => {
    const bySalesType = await summary(admin, { group_by: 'sales_type', filters: ours });
    expect(bySalesType.data.items).toEqual([
      { key: 'STEP IN STORE', label: 'STEP IN STORE', ...f(3, '6', '440000.00', '96000.00', '344000.00') },
      { key: 'ZALO STORE', label: 'ZALO STORE', ...f(1, '1', '100000.00', '0.00', '100000.00') },
    ]);
    const byFranchise = await summary(admin, { group_by: 'franchise', filters: ours });
    expect(byFranchise.data.items).toEqual([
      { key: 'RA', label: 'Franchise RA', ...f(3, '3', '340000.00', '96000.00', '244000.00') },
      { key: 'RB', label: 'Franchise RB', ...f(1, '4', '200000.00', '0.00', '200000.00') },
    ]);
    const byLocation = await summary(admin, { group_by: 'location', filters: ours });
    expect(byLocation.data.items.map((r) => [r.key, r.label, r.net_amount])).toEqual([
      ['RA-01', 'Store RA-01', '244000.00'],
      ['RB-01', 'Store RB-01', '200000.00'],
    ]);
    const byMonth = await summary(admin, { group_by: 'month', filters: ours });
    const months = [...new Set([D1.slice(0, 7), D2.slice(0, 7)])];
    expect(byMonth.data.items.map((r) => r.key)).toEqual(months);
    expect(byMonth.data.items[0].label).toBe(`${months[0].slice(5, 7)}-${months[0].slice(0, 4)}`);
    const total = await summaryTotal(admin, { group_by: 'month', filters: ours });
    expect(total.data.net_amount).toBe('444000.00');
  });

  it('filters by item and category before grouping (the matching lines only), as body fields or list filters', async () => {
    const expected = [
      { key: D1, label: dmy(D1), ...f(1, '2', '200000.00', '0.00', '200000.00') },
      { key: D2, label: dmy(D2), ...f(2, '0', '100000.00', '100000.00', '0.00') },
    ];
    expect((await summary(admin, { item_no: X })).data.items).toEqual(expected);
    expect(
      (await summary(admin, { filters: [{ field: 'item_no', condition_type: 'eq', value: X }] })).data.items,
    ).toEqual(expected);
    expect((await summary(admin, { category_code: 'CAT-X' })).data.items).toEqual(expected);
    expect((await summaryTotal(admin, { category_code: 'CAT-X' })).data).toEqual(
      f(3, '2', '300000.00', '100000.00', '200000.00'),
    );
    const zalo = await summary(admin, { sales_type: 'ZALO STORE', location_code: 'RA-01' });
    expect(zalo.data.items).toEqual([{ key: D2, label: dmy(D2), ...f(1, '1', '100000.00', '0.00', '100000.00') }]);
  });

  it('with an item or category filter (the item and category roll-ups, or the entries) answers what the value entries hold', async () => {
    // The fixture has a credit memo of X, a header discount on A1 (its entry has item_no '' and category '': no item
    // or category filter takes it) and Y in two franchises' documents on one day.
    const db = ctx.t.services.db;
    const keyOf = {
      day: sql`to_char(posting_date, 'YYYY-MM-DD')`,
      month: sql`to_char(posting_date, 'YYYY-MM')`,
      franchise: sql`franchise_code`,
      location: sql`location_code`,
      sales_type: sql`sales_type`,
    } as const;
    const money = (v: unknown) => Number(v).toFixed(2);
    const cases: [Record<string, unknown>, ReturnType<typeof sql>][] = [
      [{ item_no: X }, sql`item_no = ${X}`],
      [{ item_no: Y }, sql`item_no = ${Y}`],
      [{ category_code: 'CAT-X' }, sql`category_code = 'CAT-X'`],
      [{ item_no: X, category_code: 'CAT-X' }, sql`item_no = ${X} and category_code = 'CAT-X'`],
      [{ filters: [{ field: 'item_no', condition_type: 'in', value: `${X}|${Y}` }] }, sql`item_no in (${X}, ${Y})`],
      [
        { category_code: 'CAT-X', filters: [{ field: 'item_no', condition_type: 'like', value: X.slice(0, -1) }] },
        sql`category_code = 'CAT-X' and item_no like ${`%${X.slice(0, -1)}%`}`,
      ],
      [{ item_no: 'NO-SUCH-ITEM' }, sql`false`],
      // Category '': A1's line of Y and its header discount (one document, two entries of one category key).
      [{ filters: [{ field: 'category_code', condition_type: 'eq', value: '' }] }, sql`category_code = ''`],
    ];
    for (const [filter, where] of cases)
      for (const group_by of Object.keys(keyOf) as (keyof typeof keyOf)[]) {
        const res = await db.execute(sql`
          select ${keyOf[group_by]} as key, count(distinct document_no)::int as documents, sum(quantity) as quantity,
            coalesce(sum(amount) filter (where document_type = 'invoice'), 0) as sales,
            coalesce(-sum(amount) filter (where document_type = 'credit_memo'), 0) as returns, sum(amount) as net
          from sales_value_entries
          where franchise_code in ('RA', 'RB') and posting_date between ${D1}::date and ${D2}::date and ${where}
          group by 1 order by 1`);
        const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
        const body = { ...filter, group_by, filters: [...ours, ...((filter.filters as never[]) ?? [])] };
        const got = await summary(admin, body);
        const label = JSON.stringify(body);
        expect(got.statusCode, label).toBe(200);
        expect(
          got.data.items.map((r) => [
            r.key,
            r.documents,
            Number(r.quantity),
            r.sales_amount,
            r.return_amount,
            r.net_amount,
          ]),
          label,
        ).toEqual(
          rows.map((e) => [e.key, e.documents, Number(e.quantity), money(e.sales), money(e.returns), money(e.net)]),
        );
        const total = (await summaryTotal(admin, body)).data;
        const sum = (k: string) => rows.reduce((a, e) => a + Number(e[k]), 0);
        expect(
          [total.documents, Number(total.quantity), total.sales_amount, total.return_amount, total.net_amount],
          label,
        ).toEqual([sum('documents'), sum('quantity'), money(sum('sales')), money(sum('returns')), money(sum('net'))]);
      }
    // And read from the roll-ups: a row only the item roll-up holds shows in the one-item summary, one only the
    // category roll-up holds in the one-category summary (removed again: the books checks below hold).
    const before = [
      (await summaryTotal(admin, { item_no: X })).data,
      (await summaryTotal(admin, { category_code: 'CAT-X' })).data,
    ];
    const key = sql`${D1}::date, 'RA', 'RA-01', 'STEP IN STORE', 'invoice'`;
    try {
      await db.execute(sql`insert into sales_value_daily_items (posting_date, franchise_code, location_code,
          sales_type, document_type, item_no, category_code, documents, quantity, amount)
        values (${key}, ${X}, 'CAT-X', 1, 1, 1)`);
      await db.execute(sql`insert into sales_value_daily_categories (posting_date, franchise_code, location_code,
          sales_type, document_type, category_code, documents, quantity, amount)
        values (${key}, 'CAT-X', 1, 1, 2)`);
      expect((await summaryTotal(admin, { item_no: X })).data.net_amount).toBe(money(Number(before[0].net_amount) + 1));
      expect((await summaryTotal(admin, { category_code: 'CAT-X' })).data.net_amount).toBe(
        money(Number(before[1].net_amount) + 2),
      );
    } finally {
      await db.execute(sql`delete from sales_value_daily_items where amount = 1 and item_no = ${X}`);
      await db.execute(sql`delete from sales_value_daily_categories where amount = 2 and category_code = 'CAT-X'`);
    }
  });

  it('filters and sorts the grouped rows; the total follows the same row filters', async () => {
    const body = {
      filters: [...ours, { field: 'net_amount', condition_type: 'gteq', value: '5000' }],
      sort_order: { field: 'net_amount', direction: 'desc' },
    };
    expect((await summary(admin, body)).data.items.map((r) => r.key)).toEqual([D1]);
    expect((await summaryTotal(admin, body)).data).toEqual(f(2, '7', '440000.00', '0.00', '440000.00'));
  });

  it("shows a store only its own franchise's documents, whatever it filters", async () => {
    const res = await summary(storeA, {});
    expect(res.data.items).toEqual([
      { key: D1, label: dmy(D1), ...f(1, '3', '240000.00', '0.00', '240000.00') },
      { key: D2, label: dmy(D2), ...f(2, '0', '100000.00', '96000.00', '4000.00') },
    ]);
    expect((await summary(storeA, { franchise_code: 'RB' })).data.items).toEqual([]);
    expect((await summaryTotal(storeA, { group_by: 'franchise' })).data).toEqual(
      f(3, '3', '340000.00', '96000.00', '244000.00'),
    );
    const byFranchise = await summary(storeA, { group_by: 'franchise' });
    expect(byFranchise.data.items.map((r) => r.key)).toEqual(['RA']);
  });

  it('exports the whole filtered set as .xlsx', async () => {
    const res = await admin.post('/api/reports/revenue/summary/export', {
      ...range,
      group_by: 'franchise',
      filters: ours,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Key',
      'Group',
      'Documents',
      'Quantity',
      'Sales Amount',
      'Return Amount',
      'Net Amount',
    ]);
    expect(ws.getRow(2).getCell(1).value).toBe('RA');
    expect(ws.getRow(2).getCell(7).value).toBe(244000);
    expect(ws.getRow(3).getCell(1).value).toBe('RB');
    expect(ws.rowCount).toBe(3);
  });

  it('refuses a request without from_date, dates in the wrong order, an unknown grouping (400 naming the field)', async () => {
    const missing = await admin.op('revenueReports.summary', { body: { to_date: D2 } as never });
    expect(missing.statusCode).toBe(400);
    expect(missing.envelope.errors).toEqual([
      expect.objectContaining({ field: 'from_date', msg: 'This is required field!' }),
    ]);
    const order = await summary(admin, { from_date: D2, to_date: D1 });
    expect(order.statusCode).toBe(400);
    expect(order.envelope.errors).toEqual([
      expect.objectContaining({ field: 'to_date', msg: 'To date must not be before from date' }),
    ]);
    const total = await summaryTotal(admin, { from_date: D2, to_date: D1 });
    expect(total.statusCode).toBe(400);
    const group = await summary(admin, { group_by: 'week' });
    expect(group.statusCode).toBe(400);
    expect(group.envelope.errors[0]).toMatchObject({
      field: 'group_by',
      msg: 'group_by must be one of franchise, location, day, month, sales_type',
    });
    const unknown = await summary(admin, { filters: [{ field: 'nope', condition_type: 'eq', value: '1' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.envelope.errors[0].field).toBe('filters.field');
  });

  it('refuses a user without a report page (403) and an anonymous caller (401)', async () => {
    for (const name of [
      'revenueReports.summary',
      'revenueReports.summaryTotal',
      'revenueReports.detail',
      'revenueReports.detailTotal',
      'customerReports.newCustomers',
      'customerReports.newCustomersByDay',
      'customerReports.redeemablePointsUsed',
      'customerReports.redeemablePointsUsedTotal',
      'salesHistory.list',
    ] as const) {
      const res = await noPage.op(name, { body: range as never });
      expect(res.statusCode, name).toBe(403);
      expect((await ctx.t.anon.op(name, { body: range as never })).statusCode, name).toBe(401);
    }
    expect((await noPage.op('salesHistory.get', { params: { pos_so_no: A1 } })).statusCode).toBe(403);
    expect((await noPage.post('/api/reports/revenue/summary/export', range)).statusCode).toBe(403);
  });
});

describe('revenue detail', () => {
  it('lists one row per posted document, newest first; total = Σ rows', async () => {
    const res = await admin.op('revenueReports.detail', { body: { ...range, filters: ours } });
    expect(res.statusCode).toBe(200);
    const [si2, cmRow, si1a, si1b] = res.data.items;
    expect(si2.posting_date).toBe(D2);
    expect(res.data.items).toHaveLength(4);
    const byNo = Object.fromEntries(res.data.items.map((r) => [r.pos_so_no + r.document_type, r]));
    expect(byNo[`${A1}invoice`]).toMatchObject({
      document_type: 'invoice',
      posting_date: D1,
      franchise_code: 'RA',
      location_code: 'RA-01',
      sales_type: 'STEP IN STORE',
      customer_no: ra.customer_no,
      customer_name: `Khách ${ra.customer_no}`,
      quantity: '3',
      amount: '240000.00',
    });
    expect(byNo[`${A1}credit_memo`]).toMatchObject({
      document_no: CM,
      posting_date: D2,
      quantity: '-1',
      amount: '-96000.00',
    });
    expect(byNo[`${A2}invoice`]).toMatchObject({ sales_type: 'ZALO STORE', quantity: '1', amount: '100000.00' });
    expect(byNo[`${B1}invoice`]).toMatchObject({ franchise_code: 'RB', quantity: '4', amount: '200000.00' });
    expect([si2, cmRow].every((r) => r.posting_date === D2)).toBe(true);
    expect([si1a, si1b].every((r) => r.posting_date === D1)).toBe(true);
    const total = await admin.op('revenueReports.detailTotal', { body: { ...range, filters: ours } });
    expect(total.data).toEqual(f(4, '7', '540000.00', '96000.00', '444000.00'));
  });

  it('finds a document by number; filters by document type; a store sees only its own', async () => {
    const one = await admin.op('revenueReports.detail', { body: { ...range, document_no: CM } });
    expect(one.data.items.map((r) => r.document_no)).toEqual([CM]);
    const cms = await admin.op('revenueReports.detailTotal', {
      body: {
        ...range,
        filters: [...ours, { field: 'document_type', condition_type: 'eq' as const, value: 'credit_memo' }],
      },
    });
    expect(cms.data).toEqual(f(1, '-1', '0.00', '96000.00', '-96000.00'));
    const mine = await storeA.op('revenueReports.detail', { body: range });
    expect(mine.data.items.map((r) => r.franchise_code)).toEqual(['RA', 'RA', 'RA']);
    const theirs = await storeA.op('revenueReports.detailTotal', { body: { ...range, document_no: B1 } });
    expect(theirs.data.documents).toBe(0);
  });

  it('counts a million-row month only up to LIST_TOTAL_CAP: the page says its total is capped', async () => {
    class Rollback extends Error {}
    const body = {
      from_date: '2031-01-01',
      to_date: '2031-01-31',
      filters: [],
      pagination: { page: 1, size: 50 },
    };
    const seen: unknown[] = [];
    await ctx.t.services.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into sales_value_documents (document_type, document_no, pos_so_no, posting_date,
            franchise_code, quantity, amount)
          select 'invoice', 'RZ-SI-' || g, 'RZ-SO-' || g, date '2031-01-01' + g % 31, 'RZ', 1, 1000
            from generate_series(1, ${LIST_TOTAL_CAP + 1}) g`);
        const spec = revenueDetailList(new Scope(null), body);
        for (const [page, size] of [
          [1, 50],
          [2, 50],
          [1, 500],
        ])
          seen.push(await runList(tx, spec, { ...body, pagination: { page, size } }));
        // A page beyond the cap counts just past itself; a short last page is exact.
        seen.push(await runList(tx, spec, { ...body, pagination: { page: 21, size: 500 } }));
        seen.push(await runList(tx, spec, { ...body, pagination: { page: 2, size: 7000 } }));
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
    const shape = (r: unknown) => {
      const { items, ...rest } = r as { items: unknown[] };
      return { rows: items.length, ...rest };
    };
    expect(seen.map(shape)).toEqual([
      { rows: 50, total_count: LIST_TOTAL_CAP, total_capped: true, page: 1, size: 50 },
      { rows: 50, total_count: LIST_TOTAL_CAP, total_capped: true, page: 2, size: 50 },
      { rows: 500, total_count: LIST_TOTAL_CAP, total_capped: true, page: 1, size: 500 },
      { rows: 1, total_count: LIST_TOTAL_CAP + 1, page: 21, size: 500 },
      { rows: 3001, total_count: LIST_TOTAL_CAP + 1, page: 2, size: 7000 },
    ]);
  });

  it('refuses a missing to_date naming it', async () => {
    const res = await admin.op('revenueReports.detail', { body: { from_date: D1 } as never });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errors).toEqual([
      expect.objectContaining({ field: 'to_date', msg: 'This is required field!' }),
    ]);
  });
});

describe('sales history', () => {
  it('lists per order what was invoiced; a store sees its own orders only', async () => {
    const res = await admin.op('salesHistory.list', {
      body: { filters: ours, sort_order: { field: 'pos_so_no', direction: 'asc' } },
    });
    expect(res.statusCode).toBe(200);
    const rows = Object.fromEntries(res.data.items.map((r) => [r.pos_so_no, r]));
    expect(Object.keys(rows).sort()).toEqual([A1, A2, B1].sort());
    expect(rows[A1]).toMatchObject({
      customer_no: ra.customer_no,
      franchise_code: 'RA',
      location_code: 'RA-01',
      sales_type: 'STEP IN STORE',
      lines: 2,
      quantity: '3',
      amount: '240000.00',
      status: 'invoiced',
    });
    expect(rows[B1]).toMatchObject({ lines: 1, quantity: '4', amount: '200000.00' });
    const mine = await storeA.op('salesHistory.list', { body: {} });
    expect(mine.data.items.map((r) => r.pos_so_no).sort()).toEqual([A1, A2].sort());
  });

  it('shows one order with its invoices, invoiced lines and credited amount; another franchise is 404', async () => {
    const res = await storeA.op('salesHistory.get', { params: { pos_so_no: A1 } });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ pos_so_no: A1, amount: '240000.00', credited_amount: '96000.00' });
    expect(res.data.invoices).toHaveLength(1);
    expect(res.data.invoiced_lines.map((l) => [l.item_no, l.quantity, l.amount])).toEqual([
      [X, '2', '200000.00'],
      [Y, '1', '50000.00'],
    ]);
    const other = await storeA.op('salesHistory.get', { params: { pos_so_no: B1 } });
    expect(other.statusCode).toBe(404);
    expect(other.envelope.errors[0]).toMatchObject({ msg: 'Sales order not found', field: 'pos_so_no' });
    const none = await storeA.op('salesHistory.get', { params: { pos_so_no: 'NOPE' } });
    expect(none.statusCode).toBe(404);
    expect(none.envelope.errors[0].msg).toBe('Sales order not found');
  });
});

describe('new customers and points used', () => {
  it('lists customers created in the range with their first order, and the chart per day', async () => {
    const body = { from_date: D1, to_date: D2, filters: ours };
    const res = await admin.op('customerReports.newCustomers', { body });
    expect(res.statusCode).toBe(200);
    const a = res.data.items.find((r) => r.customer_no === ra.customer_no);
    expect(a).toMatchObject({
      franchise_code: 'RA',
      franchise_name: 'Franchise RA',
      location_code: 'RA-01',
      created_date: D2,
      first_order_no: A1,
      first_order_date: D1,
    });
    expect(res.data.items.map((r) => r.franchise_code).sort()).toEqual(['RA', 'RB']);
    const chart = await admin.op('customerReports.newCustomersByDay', { body });
    expect(chart.statusCode, chart.body).toBe(200);
    expect(chart.data).toEqual({
      from_date: D1,
      to_date: D2,
      total: 2,
      days: [
        { date: D1, customers: 0 },
        { date: D2, customers: 2 },
      ],
    });
    const mine = await storeA.op('customerReports.newCustomers', { body: { from_date: D1, to_date: D2 } });
    // Any report page grants the reports (REPORT_PAGES); a store sees its own customers only.
    expect(mine.data.items.map((r) => r.customer_no)).toEqual([ra.customer_no]);
    const mineByDay = await storeA.op('customerReports.newCustomersByDay', { body: { from_date: D2, to_date: D2 } });
    expect(mineByDay.data).toEqual({ from_date: D2, to_date: D2, total: 1, days: [{ date: D2, customers: 1 }] });
    const long = await admin.op('customerReports.newCustomersByDay', {
      body: { from_date: '2024-01-01', to_date: '2025-01-01' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.envelope.errors[0]).toMatchObject({ field: 'to_date', msg: 'The chart covers at most 366 days' });
    const yesterday = await admin.op('customerReports.newCustomersByDay', { body: { from_date: D1, to_date: D1 } });
    expect(yesterday.data.total).toBe(0);
  });

  it('lists points used (not reversed) with their value; total = Σ rows; scoped by franchise', async () => {
    const db = ctx.t.services.db;
    const entry = (customer_no: string, franchise_code: string, pos_so_no: string, points: string, type = 'used') => ({
      customer_no,
      franchise_code,
      pos_so_no,
      referral_code: 'REF1',
      source: 'Franchise',
      entry_type: type,
      points,
    });
    await db.insert(redeemablePointEntries).values(entry(ra.customer_no, 'RA', 'WEB-RA-1', '-100'));
    const [undone] = await db
      .insert(redeemablePointEntries)
      .values(entry(ra.customer_no, 'RA', 'WEB-RA-2', '-30'))
      .returning();
    await db
      .insert(redeemablePointEntries)
      .values({ ...entry(ra.customer_no, 'RA', 'WEB-RA-2', '30', 'reversed'), reverses_id: undone.id });
    await db.insert(redeemablePointEntries).values(entry(rb.customer_no, 'RB', 'WEB-RB-1', '-20'));
    const body = { ...range, filters: ours };
    const res = await admin.op('customerReports.redeemablePointsUsed', { body });
    expect(res.data.items.map((r) => [r.pos_so_no, r.redeemable_point_used, r.value]).sort()).toEqual(
      [
        ['WEB-RA-1', '100.00', '100000.00'],
        ['WEB-RB-1', '20.00', '20000.00'],
      ].sort(),
    );
    expect(res.data.items.find((r) => r.pos_so_no === 'WEB-RA-1')).toMatchObject({
      customer_no: ra.customer_no,
      referral_code: 'REF1',
      source: 'Franchise',
      website_no: '',
      posting_date: D2,
    });
    const total = await admin.op('customerReports.redeemablePointsUsedTotal', { body });
    expect(total.data).toEqual({ entries: 2, redeemable_point_used: '120.00', value: '120000.00' });
    const user = await ctx.t.makeUser({
      customer_no: 'RA',
      pages: [{ page_url: '/reports/redeemablePointUsed', permission_type: 'view' }],
    });
    const mine = await user.client.op('customerReports.redeemablePointsUsedTotal', { body: range });
    expect(mine.data).toEqual({ entries: 1, redeemable_point_used: '100.00', value: '100000.00' });
  });
});

describe('home', () => {
  it("answers a store its day: today's invoices, open orders, cash in drawer, low stock", async () => {
    const open = await makeOrder(ctx.t, ra, [{ item_no: Z, quantity: '1' }], { status: 'open' });
    let res = await noPage.op('home.get');
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      kind: 'store',
      franchise_code: 'RA',
      business_date: D2,
      today: { sales_amount: '100000.00', orders: 1 },
      open_orders: 1,
      cash_in_drawer: null,
      low_stock_threshold: '5',
    });
    expect(res.data.kind === 'store' && res.data.low_stock).toEqual([
      { location_code: 'RA-01', item_no: Z, variant_code: '', description: `Item ${Z}`, quantity: '3' },
    ]);
    const db = ctx.t.services.db;
    const [shift] = await db
      .insert(shifts)
      .values({
        shift_no: 'RA-SH-T1',
        franchise_code: 'RA',
        location_code: 'RA-01',
        opening_float: '500000',
        business_date: D2,
      })
      .returning();
    const receipt = (no: string, amount: string, payment_type: string, status: 'open' | 'processed') => ({
      receipt_no: no,
      franchise_code: 'RA',
      location_code: 'RA-01',
      amount,
      receipt_type: 'collect_store',
      payment_type,
      status,
      shift_id: shift.id,
    });
    await db
      .insert(cashReceipts)
      .values([
        receipt('RA-RC-T1', '240000', 'cash', 'processed'),
        receipt('RA-RC-T2', '-40000', 'cash', 'processed'),
        receipt('RA-RC-T3', '99000', 'card', 'processed'),
        receipt('RA-RC-T4', '77000', 'cash', 'open'),
      ]);
    res = await noPage.op('home.get');
    expect(res.data).toMatchObject({ kind: 'store', cash_in_drawer: '700000.00', open_orders: 1 });
    await db.update(salesOrders).set({ status: 'canceled' }).where(eq(salesOrders.pos_so_no, open.pos_so_no));
    expect((await noPage.op('home.get')).data).toMatchObject({ open_orders: 0 });
  });

  it('answers head office the net revenue per franchise this month against last month', async () => {
    const res = await admin.op('home.get');
    expect(res.data.kind).toBe('head_office');
    if (res.data.kind !== 'head_office') return;
    const sameMonth = D1.slice(0, 7) === D2.slice(0, 7);
    const rows = Object.fromEntries(res.data.revenue_by_franchise.map((r) => [r.franchise_code, r]));
    // RA: 240,000 (D1) + 100,000 − 96,000 (D2); RB: 200,000 (D1).
    expect(rows.RA).toEqual({
      franchise_code: 'RA',
      name: 'Franchise RA',
      this_month: sameMonth ? '244000.00' : '4000.00',
      last_month: sameMonth ? '0.00' : '240000.00',
    });
    expect(rows.RB).toEqual({
      franchise_code: 'RB',
      name: 'Franchise RB',
      this_month: sameMonth ? '200000.00' : '0.00',
      last_month: sameMonth ? '0.00' : '200000.00',
    });
    expect(res.data.this_month).toEqual({ from_date: `${D2.slice(0, 7)}-01`, to_date: D2 });
  });
});

describe('books', () => {
  it('the revenue checks hold over the fixture', async () => {
    // Only the revenue checks: the home test writes receipts and shifts straight into their tables.
    const results = await checkBooks(ctx.t.services.db, { only: ['revenue', 'value entries'] });
    expect(results.map((r) => r.name)).toEqual([
      'revenue documents = posted invoices and credit memos',
      'value entries per document = its amount',
      'revenue roll-up = value documents',
      'item revenue roll-up = value entries',
      'category revenue roll-up = value entries',
      'revenue summary = posted documents',
    ]);
    expect(totalViolations(results), JSON.stringify(results.filter((r) => r.violations))).toBe(0);
  });

  it("the compaction folds the postings' roll-up rows into one per key; the summary and the books are unchanged", async () => {
    const db = ctx.t.services.db;
    const rowsPerKey = async () => {
      const res =
        await db.execute(sql`select count(*)::int as n, bool_and(compacted) as compacted from sales_value_daily
          where franchise_code in ('RA', 'RB') group by posting_date, franchise_code, location_code, sales_type, document_type
          order by 1 desc limit 1`);
      return (res as unknown as { rows: { n: number; compacted: boolean }[] }).rows[0];
    };
    const before = await summary(admin, { filters: ours, group_by: 'location' });
    // Two more delta rows of one key that cancel out (as a sale and its return of one store and day would).
    await db.execute(sql`insert into sales_value_daily (posting_date, franchise_code, location_code, sales_type,
        document_type, documents, quantity, amount)
      select posting_date, franchise_code, location_code, sales_type, document_type, d, d, 5000 * d
        from sales_value_daily, (values (1), (-1)) v(d) where franchise_code = 'RB'`);
    expect(await rowsPerKey()).toEqual({ n: 3, compacted: false });
    expect(await compactRollUps(db)).toBeGreaterThan(0);
    expect(await rowsPerKey()).toEqual({ n: 1, compacted: true });
    expect((await summary(admin, { filters: ours, group_by: 'location' })).data).toEqual(before.data);
    const results = await checkBooks(db, { only: ['roll-up', 'stock balances'] });
    expect(results.map((r) => [r.name, r.violations])).toEqual([
      ['revenue roll-up = value documents', 0],
      ['item revenue roll-up = value entries', 0],
      ['category revenue roll-up = value entries', 0],
      ['stock balances = item ledger', 0],
    ]);
  });

  it('value entries refuse UPDATE and DELETE', async () => {
    await expect(ctx.t.services.db.execute(sql`update sales_value_entries set amount = 0`)).rejects.toThrow();
    await expect(ctx.t.services.db.execute(sql`delete from sales_value_documents`)).rejects.toThrow();
  });
});
