import { describe, expect, it } from 'vitest';
import { businessDate, pages } from '@fp/contract';
import { useTestApp, type Client } from '../../test/helpers.js';
import { checkBooks, totalViolations } from '../books/checks.js';
import { DEMO_PASSWORD } from './demo.js';
import { ADMINISTRATORS_ONLY, DEMO_MATRIX, demoGrantsOf } from './demo-access.js';

// Issue 17: what the demo roles may do (README "Demo roles and what they may do") and the history a new user meets.
// One demo database for the whole file (SEED_DEMO: the same seed a fresh start runs).

const ctx = useTestApp({ SEED_DEMO: 'true' });

type Rows<T = Record<string, unknown>> = { items: T[]; total_count: number };
const today = businessDate();
const month = { from_date: `${today.slice(0, 8)}01`, to_date: today };

describe('the demo matrix covers the page structure', () => {
  it('grants every page of pages.ts to a demo role, or names why only Administrators have it', () => {
    const unexplained = pages
      .map((p) => p.url)
      .filter((url) => {
        const l = DEMO_MATRIX[url];
        const granted = Boolean(l && (l.headOffice || l.manager || l.staff));
        return !granted && !ADMINISTRATORS_ONLY[url]?.trim();
      });
    expect(unexplained).toEqual([]);
  });

  it('names only pages that exist, never grants an Administrators-only page, and gives a reason for every one', () => {
    const known = new Set(pages.map((p) => p.url));
    expect([...Object.keys(DEMO_MATRIX), ...Object.keys(ADMINISTRATORS_ONLY)].filter((u) => !known.has(u))).toEqual([]);
    for (const p of pages.filter((pg) => pg.adminOnly)) {
      expect(ADMINISTRATORS_ONLY[p.url], p.url).toBeTruthy();
      const l = DEMO_MATRIX[p.url];
      expect(l && (l.headOffice || l.manager || l.staff), p.url).toBeFalsy();
    }
  });

  it('the demo permissions in the database are the matrix', async () => {
    const admin = await ctx.t.admin();
    const list = await admin.post<Rows<{ id: number; name: string }>>('/api/page-permissions/filter', {});
    const pagesOf = async (name: string) => {
      const id = list.data.items.find((p) => p.name === name)!.id;
      const perm = await admin.get<{ pages: { page_url: string; permission_type: string }[] }>(
        `/api/page-permissions/${id}`,
      );
      return perm.data.pages.map((p) => `${p.page_url} ${p.permission_type}`).sort();
    };
    const expected = (role: 'headOffice' | 'manager' | 'staff') =>
      demoGrantsOf(role)
        .map((p) => `${p.page_url} ${p.permission_type}`)
        .sort();
    for (const [name, role] of [
      ['Head Office', 'headOffice'],
      ['Store Manager', 'manager'],
      ['Store Staff', 'staff'],
    ] as const) {
      const held = await pagesOf(name);
      const want = expected(role);
      expect({ missing: want.filter((p) => !held.includes(p)), extra: held.filter((p) => !want.includes(p)) }).toEqual({
        missing: [],
        extra: [],
      });
    }
  });
});

/** The list calls of the money and report pages, each with a body for this month. */
const calls: Record<string, [string, Record<string, unknown>]> = {
  payments: ['/api/cash-receipts/filter', {}],
  paymentHistory: ['/api/cash-receipts/filter', { filters: [{ field: 'status', value: 'processed' }] }],
  bankEntries: ['/api/bank-account-entries/filter', {}],
  cashbook: ['/api/cashbook/filter', { ...month, type: 'cash' }],
  revenueSummary: ['/api/reports/revenue/summary', { ...month, group_by: 'franchise' }],
  revenueDetail: ['/api/reports/revenue/detail', month],
  salesHistory: [
    '/api/sales-history/filter',
    { filters: [{ field: 'order_date', value: month.from_date, condition_type: 'gteq' }] },
  ],
  newCustomers: ['/api/reports/new-customers', month],
  pointsUsed: ['/api/reports/redeemable-points-used', month],
  shifts: ['/api/shifts/filter', {}],
  purchaseOrders: ['/api/purchase-orders/filter', {}],
  warehouseEntries: ['/api/warehouse/entries/filter', {}],
  onHand: ['/api/reports/on-hand', {}],
};
type Call = keyof typeof calls;

/** The franchises a call's rows belong to (a revenue summary by franchise names them in `key`). */
async function franchisesOf(c: Client, call: Call) {
  const [url, body] = calls[call];
  const res = await c.post<Rows>(url, { ...body, pagination: { page: 1, size: 500 } });
  expect(res.statusCode, `${call}: ${res.body.slice(0, 200)}`).toBe(200);
  expect(res.data.items.length, `${call} has rows this month`).toBeGreaterThan(0);
  const codes = res.data.items.map((r) => String(r.franchise_code ?? r.key ?? ''));
  return [...new Set(codes)].sort();
}

async function refused(c: Client, call: Call) {
  const [url, body] = calls[call];
  const res = await c.post(url, body);
  expect(res.statusCode, call).toBe(403);
}

describe('each demo role does what the matrix allows (through HTTP)', () => {
  const money: Call[] = ['payments', 'paymentHistory', 'bankEntries', 'cashbook'];
  const reports: Call[] = ['revenueSummary', 'revenueDetail', 'salesHistory', 'newCustomers', 'pointsUsed'];
  const stores: Call[] = ['shifts', 'purchaseOrders', 'warehouseEntries', 'onHand'];

  it('a store manager works its own franchise: payments, bank entries, cashbook, reports, shifts, stock', async () => {
    for (const [user, code] of [
      ['hanoi.manager', 'HN001'],
      ['saigon.manager', 'HCM001'],
      ['danang.manager', 'DN001'],
    ] as const) {
      const m = await ctx.t.as(user, DEMO_PASSWORD);
      for (const call of [...money, ...reports, ...stores])
        expect(await franchisesOf(m, call), `${user} ${call}`).toEqual([code]);
    }
    const m = await ctx.t.as('hanoi.manager', DEMO_PASSWORD);
    // Edit where the job needs it: a bank entry and a warehouse entry of its store.
    const bank = await m.post('/api/bank-account-entries', {
      posting_date: today,
      document_type: 'Deposit',
      bank_account_no: '0071001234567',
      description: 'Nộp tiền bán hàng',
      amount: '1000000',
    });
    expect(bank.statusCode, bank.body).toBe(201);
    const entry = await m.post('/api/warehouse/entries', {
      location_code: 'HN001-01',
      item_no: 'SP00001',
      entry_type: 'positive_adjmt',
      quantity: '1',
      reason_code: 'Found',
      posting_date: today,
    });
    expect(entry.statusCode, entry.body).toBe(201);
    // Not head office's side: transfer orders and the page structures.
    expect((await m.post('/api/transfer-orders/filter', {})).statusCode).toBe(200); // through the consignment pages
    expect((await m.post('/api/page-structures/filter', {})).statusCode).toBe(403);
  });

  it('head office sees every franchise and takes e-commerce payments at the /payment desk', async () => {
    const ho = await ctx.t.as('headoffice', DEMO_PASSWORD);
    for (const call of [...money, ...reports, 'shifts', 'purchaseOrders'] as Call[])
      expect((await franchisesOf(ho, call)).length, call).toBeGreaterThan(1);
    const [order] = (
      await ho.post<Rows<{ pos_so_no: string }>>('/api/sales-orders/filter', {
        filters: [
          { field: 'franchise_code', value: 'HCM001' },
          { field: 'status', value: 'released' },
        ],
      })
    ).data.items;
    const paid = await ho.post<{ receipt_type: string; status: string }>('/api/cash-receipts', {
      pos_so_no: order.pos_so_no,
      amount: '1000',
      receipt_type: 'ecom_collect_store',
      payment_type: 'transfer',
      bank_account_code: 'ACB04-VND',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.data).toMatchObject({ receipt_type: 'ecom_collect_store', status: 'open' });
  });

  it('the cashier takes payments and keeps the shift, sees stock, and may not touch purchases, stock entries or reports', async () => {
    const cashier = await ctx.t.as('hanoi.staff', DEMO_PASSWORD);
    // The counter looks an order's history up (sales history is shared with the sales pages), not the reports.
    for (const call of ['payments', 'paymentHistory', 'shifts', 'onHand', 'salesHistory'] as Call[])
      expect(await franchisesOf(cashier, call), call).toEqual(['HN001']);
    for (const call of reports.filter((c) => c !== 'salesHistory')) await refused(cashier, call);
    await refused(cashier, 'purchaseOrders');
    const [order] = (
      await cashier.post<Rows<{ pos_so_no: string }>>('/api/sales-orders/filter', {
        filters: [{ field: 'status', value: 'released' }],
      })
    ).data.items;
    const paid = await cashier.post('/api/cash-receipts', {
      pos_so_no: order.pos_so_no,
      amount: '1000',
      payment_type: 'card',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const po = await cashier.post('/api/purchase-orders', { lines: [{ item_no: 'SP00001', purchase_qty: '1' }] });
    expect(po.statusCode).toBe(403);
    const entry = await cashier.post('/api/warehouse/entries', {
      location_code: 'HN001-01',
      item_no: 'SP00001',
      entry_type: 'positive_adjmt',
      quantity: '1',
      reason_code: 'Found',
      posting_date: today,
    });
    expect(entry.statusCode).toBe(403);
    const bank = await cashier.post('/api/bank-account-entries', {
      posting_date: today,
      document_type: 'Deposit',
      bank_account_no: '0071001234567',
      description: 'Nộp tiền',
      amount: '1000',
    });
    expect(bank.statusCode).toBe(403);
  });
});

describe('the demo history', () => {
  it('five weeks of trade up to today through the postings: every report has this month, the books are clean', async () => {
    const admin = await ctx.t.admin();
    for (const call of ['revenueSummary', 'revenueDetail', 'cashbook', 'paymentHistory', 'salesHistory'] as Call[])
      expect((await franchisesOf(admin, call)).length, call).toBe(3);
    for (const call of ['newCustomers', 'pointsUsed'] as Call[])
      expect((await franchisesOf(admin, call)).length, call).toBeGreaterThan(0);
    const bank = await admin.post<Rows>('/api/cashbook/filter', { ...month, type: 'bank' });
    expect(bank.data.items.length).toBeGreaterThan(0);
    // Weeks back: invoices from five weeks ago, a credit memo, a closed shift every day, receipts by every method.
    const revenue = await admin.post<Rows<{ key: string }>>('/api/reports/revenue/summary', {
      from_date: '2000-01-01',
      to_date: today,
      group_by: 'day',
      pagination: { page: 1, size: 500 },
    });
    expect(revenue.data.items.length).toBeGreaterThanOrEqual(35);
    const shifts = await admin.post<Rows<{ status: string; business_date: string }>>('/api/shifts/filter', {
      pagination: { page: 1, size: 500 },
    });
    expect(shifts.data.items.every((s) => s.status === 'closed')).toBe(true);
    expect(new Set(shifts.data.items.map((s) => s.business_date)).size).toBeGreaterThanOrEqual(36);
    const receipts = await admin.post<Rows<{ payment_type: string }>>('/api/cash-receipts/filter', {
      filters: [{ field: 'status', value: 'processed' }],
      pagination: { page: 1, size: 500 },
    });
    expect(new Set(receipts.data.items.map((r) => r.payment_type))).toEqual(new Set(['cash', 'transfer', 'card']));
    const memos = await admin.post<Rows>('/api/sales-credit-memos/filter', {});
    expect(memos.data.total_count).toBeGreaterThanOrEqual(3);
    const promotions = await admin.post<Rows<{ kind: string; scope: string; discount_type: string }>>(
      '/api/promotions/filter',
      {},
    );
    expect(new Set(promotions.data.items.map((p) => `${p.kind} ${p.scope}`))).toEqual(
      new Set(['auto category', 'auto item', 'auto all', 'coupon all']),
    );
    expect((await admin.post<Rows>('/api/fees/filter', {})).data.total_count).toBeGreaterThanOrEqual(2);
    expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
  });

  it('past days read as past days: shifts open and close on their business date, new customers and points used fall on past days', async () => {
    const admin = await ctx.t.admin();
    const shifts = await admin.post<Rows<{ business_date: string; opened_at: string; closed_at: string | null }>>(
      '/api/shifts/filter',
      { pagination: { page: 1, size: 500 } },
    );
    const past = shifts.data.items.filter((s) => s.business_date < today);
    expect(past.length).toBeGreaterThanOrEqual(35);
    for (const s of shifts.data.items) {
      expect(businessDate(new Date(s.opened_at)), `opened_at of ${s.business_date}`).toBe(s.business_date);
      expect(businessDate(new Date(s.closed_at!)), `closed_at of ${s.business_date}`).toBe(s.business_date);
    }
    // Weeks back up to yesterday: the reports count by creation time, which is the day the history wrote.
    const weeksBack = { from_date: addDays(today, -40), to_date: addDays(today, -1) };
    const created = await admin.post<Rows<{ created_date: string; first_order_date: string | null }>>(
      '/api/reports/new-customers',
      { ...weeksBack, pagination: { page: 1, size: 500 } },
    );
    expect(created.statusCode, created.body).toBe(200);
    const days = new Set(created.data.items.map((r) => r.created_date));
    expect(days.size).toBeGreaterThanOrEqual(5);
    for (const d of days) expect(d < today && d >= weeksBack.from_date, d).toBe(true);
    // A walk-in customer bought on the day they were written.
    expect(created.data.items.some((r) => r.first_order_date === r.created_date)).toBe(true);
    const used = await admin.post<Rows<{ posting_date: string }>>('/api/reports/redeemable-points-used', {
      ...weeksBack,
      pagination: { page: 1, size: 500 },
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.data.items.length).toBeGreaterThan(0);
    for (const r of used.data.items) expect(r.posting_date < today, r.posting_date).toBe(true);
    // Receipts are processed on their posting date.
    const receipts = await admin.post<Rows<{ posting_date: string; processed_at: string }>>(
      '/api/cash-receipts/filter',
      {
        filters: [{ field: 'status', value: 'processed' }],
        pagination: { page: 1, size: 500 },
      },
    );
    for (const r of receipts.data.items)
      expect(businessDate(new Date(r.processed_at)), r.processed_at).toBe(r.posting_date);
  });
});

/** YYYY-MM-DD plus n days. */
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
