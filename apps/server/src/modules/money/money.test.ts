import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { businessDate, businessYear, type ApiInput } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { franchises } from '../franchises/schema.js';
import { addStock, makeItem, makeOrder, makeStore } from '../sales/posting/test-support.js';
import { bankAccountEntries } from './schema.js';

// Bank account entries, the cashbook and the remaining-amount history through HTTP (issue 11). The fixture, by hand
// (every posting today, franchise MNA, bank account MNA-ACB-VND):
//   cash receipts   +150.000 (order), −20.000 (on account)        → cash: opening 0, in 150.000, out 20.000, closing 130.000
//   transfer        +300.000 (on account) → BA-000001 Payment     ┐
//   manual Fee      −50.000               → BA-000002             ├ bank (today): opening 1.000.000, in 300.000,
//   manual Deposit  +1.000.000 yesterday  → BA-000003             ┘   out 50.000, closing 1.250.000
//   installment     +50.000 (order), payoo +10.000 (on account)   → neither book
//   franchise MNB: cash +70.000                                   → head office over both: cash in 220.000

const ctx = useTestApp();
const yy = String(businessYear()).slice(-2);
const today = businessDate();
const yesterday = dayBefore(today);
let admin: Client;
let manager: Client;
let viewer: Client;
let otherManager: Client;
let store: Awaited<ReturnType<typeof makeStore>>;
let other: Awaited<ReturnType<typeof makeStore>>;
let orderNo: string;
const receiptNos: Record<string, string> = {};

function dayBefore(iso: string) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

const moneyPages = (level: 'view' | 'edit') =>
  ['/payment', '/payment/history', '/bankAccountEntries', '/reports/cashbook', '/salesOrders'].map((page_url) => ({
    page_url,
    permission_type: level,
  }));

type Receipt = ApiInput<'cashReceipts.add'>['body'];
type BankAdd = ApiInput<'bankAccountEntries.add'>['body'];

async function takePayment(c: Client, body: Receipt) {
  const added = await c.op('cashReceipts.add', { body });
  expect(added.statusCode, JSON.stringify(added.envelope.errors)).toBe(201);
  const done = await c.op('cashReceipts.process', { body: { receipt_id: added.data.receipt_id } });
  expect(done.statusCode, JSON.stringify(done.envelope.errors)).toBe(200);
  return done.data;
}

const bankRows = () => ctx.t.services.db.select().from(bankAccountEntries);

beforeAll(async () => {
  admin = await ctx.t.admin();
  store = await makeStore(ctx.t, 'MNA');
  other = await makeStore(ctx.t, 'MNB');
  await ctx.t.services.db
    .update(franchises)
    .set({ bank_account_code: 'MNA-ACB-VND' })
    .where(eq(franchises.customer_no, 'MNA'));
  manager = (await ctx.t.makeUser({ role: 'Store Manager', customer_no: 'MNA', pages: moneyPages('edit') })).client;
  viewer = (await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'MNA', pages: moneyPages('view') })).client;
  otherManager = (await ctx.t.makeUser({ role: 'Store Manager', customer_no: 'MNB', pages: moneyPages('edit') }))
    .client;
  const item = await makeItem(ctx.t);
  await addStock(ctx.t, { ...store, item_no: item, quantity: '100' });
  const order = await makeOrder(ctx.t, store, [{ item_no: item, quantity: '2', unit_price: '100000' }]);
  orderNo = order.pos_so_no;

  receiptNos.cash = (
    await takePayment(manager, { pos_so_no: orderNo, amount: '150000', payment_type: 'cash' })
  ).receipt_no;
  receiptNos.refund = (
    await takePayment(manager, { customer_no: store.customer_no, amount: '-20000', payment_type: 'cash' })
  ).receipt_no;
  receiptNos.transfer = (
    await takePayment(manager, { customer_no: store.customer_no, amount: '300000', payment_type: 'transfer' })
  ).receipt_no;
  const fee = await manager.op('bankAccountEntries.add', {
    body: {
      posting_date: today,
      document_type: 'Fee',
      bank_account_no: 'MNA-ACB-VND',
      description: 'Phí chuyển khoản',
      amount: '-50000',
    },
  });
  expect(fee.statusCode, JSON.stringify(fee.envelope.errors)).toBe(201);
  const deposit = await manager.op('bankAccountEntries.add', {
    body: {
      posting_date: yesterday,
      document_type: 'Deposit',
      bank_account_no: 'MNA-ACB-VND',
      description: 'Nộp tiền mặt',
      amount: '1000000',
      name: 'Cửa hàng MNA',
    },
  });
  expect(deposit.statusCode, JSON.stringify(deposit.envelope.errors)).toBe(201);
  receiptNos.installment = (
    await takePayment(manager, {
      pos_so_no: orderNo,
      amount: '50000',
      payment_type: 'installment',
      contract_no: 'HD-01',
      payment_term: '3_months',
    })
  ).receipt_no;
  receiptNos.payoo = (
    await takePayment(manager, {
      customer_no: store.customer_no,
      amount: '10000',
      payment_type: 'payoo',
      receipt_type: 'ecom_collect_store',
      receipt_kind: 'customer_ecom_payment',
    })
  ).receipt_no;
  await takePayment(otherManager, { customer_no: other.customer_no, amount: '70000', payment_type: 'cash' });
});

describe('bank account entries', () => {
  it('a processed transfer wrote its entry in the same posting: BA number, source cash_receipt, the account', async () => {
    const list = await manager.op('bankAccountEntries.list', {
      body: { sort_order: { field: 'id', direction: 'asc' } },
    });
    expect(list.statusCode).toBe(200);
    expect(list.data.items.map((e) => [e.entry_no, e.posting_date, e.document_type, e.amount, e.source])).toEqual([
      [`MNA-BA-${yy}-000001`, today, 'Payment', '300000.00', 'cash_receipt'],
      [`MNA-BA-${yy}-000002`, today, 'Fee', '-50000.00', 'manual'],
      [expect.stringMatching(/^MNA-BA-\d\d-00000[13]$/), yesterday, 'Deposit', '1000000.00', 'manual'],
    ]);
    expect(list.data.items[0]).toMatchObject({
      franchise_code: 'MNA',
      location_code: store.location_code,
      bank_account_no: 'MNA-ACB-VND',
      receipt_no: receiptNos.transfer,
      description: `Transfer ${receiptNos.transfer} on account`,
      name: `Khách ${store.customer_no}`,
    });
    expect(list.data.items[2]).toMatchObject({ name: 'Cửa hàng MNA', description: 'Nộp tiền mặt', receipt_no: '' });
    // Filters and the export.
    const fees = await manager.op('bankAccountEntries.list', {
      body: { filters: [{ field: 'document_type', value: 'Fee', condition_type: 'eq' }] },
    });
    expect(fees.data.items.map((e) => e.amount)).toEqual(['-50000.00']);
    const file = await manager.post('/api/bank-account-entries/filter/export', {});
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });

  it('a store sees only its own entries; head office sees every franchise', async () => {
    expect((await otherManager.op('bankAccountEntries.list', { body: {} })).data.items).toEqual([]);
    const all = await admin.op('bankAccountEntries.list', {
      body: { filters: [{ field: 'franchise_code', value: 'MNA', condition_type: 'eq' }] },
    });
    expect(all.data.total_count).toBe(3);
  });

  it('refuses bad input with the field and the exact message (400), nothing added', async () => {
    const before = (await bankRows()).length;
    const base: BankAdd = {
      posting_date: today,
      document_type: 'Deposit',
      bank_account_no: 'MNA-ACB-VND',
      description: 'x',
      amount: '1000',
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ posting_date: '' }, 'posting_date', 'This is required field!'],
      [{ posting_date: '31-02-2026' }, 'posting_date', 'Please enter a date as DD-MM-YYYY'],
      [{ document_type: undefined }, 'document_type', 'This is required field!'],
      [
        { document_type: 'Gift' },
        'document_type',
        'document_type must be one of Payment, Refund, Deposit, Withdrawal, Fee, Interest',
      ],
      [{ bank_account_no: ' ' }, 'bank_account_no', 'This is required field!'],
      [{ bank_account_no: 'x'.repeat(31) }, 'bank_account_no', 'Maximum 30 characters!'],
      [{ description: '' }, 'description', 'This is required field!'],
      [{ description: 'x'.repeat(101) }, 'description', 'Maximum 100 characters!'],
      [{ amount: '0' }, 'amount', 'Amount must not be 0'],
      [{ amount: 'abc' }, 'amount', 'Please enter number!'],
      [{ amount: '1.005' }, 'amount', 'Please enter at most 2 decimals!'],
      [{ name: 'x'.repeat(101) }, 'name', 'Maximum 100 characters!'],
      [{ address: 'x'.repeat(251) }, 'address', 'Maximum 250 characters!'],
    ];
    for (const [patch, field, msg] of cases) {
      const r = await manager.post('/api/bank-account-entries', { ...base, ...patch });
      expect(r.statusCode, JSON.stringify(patch)).toBe(400);
      expect(r.envelope.errors, JSON.stringify(patch)).toContainEqual(expect.objectContaining({ field, msg }));
    }
    // A posting date after today (422), head office without a franchise (400), another franchise (404).
    const future = await manager.op('bankAccountEntries.add', { body: { ...base, posting_date: '2999-01-01' } });
    expect(future.statusCode).toBe(422);
    expect(future.envelope.errors[0]).toEqual({
      code: 'future_posting_date',
      field: 'posting_date',
      msg: 'Posting date must not be after today!',
    });
    const noFranchise = await admin.op('bankAccountEntries.add', { body: base });
    expect(noFranchise.statusCode).toBe(400);
    expect(noFranchise.envelope.errors[0]).toMatchObject({ field: 'franchise_code', msg: 'This is required field!' });
    const foreign = await manager.op('bankAccountEntries.add', { body: { ...base, franchise_code: 'MNB' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.envelope.errors[0]).toMatchObject({ field: 'franchise_code', msg: 'Franchise not found' });
    expect((await bankRows()).length).toBe(before);
  });

  it('view only: 403 and nothing added', async () => {
    const before = (await bankRows()).length;
    const r = await viewer.op('bankAccountEntries.add', {
      body: { posting_date: today, document_type: 'Deposit', bank_account_no: 'A', description: 'x', amount: '1' },
    });
    expect(r.statusCode).toBe(403);
    expect((await bankRows()).length).toBe(before);
    // Viewing is fine.
    expect((await viewer.op('bankAccountEntries.list', { body: {} })).statusCode).toBe(200);
  });

  it('head office adds for a franchise it names; a repeated Idempotency-Key adds once', async () => {
    const body = {
      posting_date: today,
      document_type: 'Interest' as const,
      bank_account_no: 'MNB-VCB',
      description: 'Lãi tháng',
      amount: '1234.5',
      franchise_code: 'MNB',
    };
    const first = await admin.op('bankAccountEntries.add', { body }, { 'idempotency-key': 'mnb-interest' });
    expect(first.statusCode).toBe(201);
    expect(first.data).toMatchObject({ entry_no: `MNB-BA-${yy}-000001`, amount: '1234.50', franchise_code: 'MNB' });
    const again = await admin.op('bankAccountEntries.add', { body }, { 'idempotency-key': 'mnb-interest' });
    expect(again.data.id).toBe(first.data.id);
    expect((await bankRows()).filter((e) => e.franchise_code === 'MNB')).toHaveLength(1);
  });

  it('are append-only in the database', async () => {
    const [row] = await bankRows();
    await expect(
      ctx.t.services.db.execute(sql`update bank_account_entries set amount = 1 where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(
      ctx.t.services.db.execute(sql`delete from bank_account_entries where id = ${row!.id}`),
    ).rejects.toThrow();
  });
});

describe('cashbook', () => {
  const balance = (c: Client, body: ApiInput<'cashbook.balance'>['body']) => c.op('cashbook.balance', { body });

  it('cash: processed cash receipts only (installment, payoo and transfer are not cash)', async () => {
    const r = await balance(manager, { from_date: today, to_date: today, type: 'cash' });
    expect(r.statusCode).toBe(200);
    expect(r.data).toEqual({
      from_date: today,
      to_date: today,
      type: 'cash',
      franchise_code: '',
      opening_balance: '0.00',
      total_in: '150000.00',
      total_out: '20000.00',
      closing_balance: '130000.00',
    });
    const rows = await manager.op('cashbook.list', { body: { from_date: today, to_date: today, type: 'cash' } });
    expect(rows.data.items.map((m) => [m.document_no, m.amount_in, m.amount_out, m.balance])).toEqual([
      [receiptNos.cash, '150000.00', '0.00', '150000.00'],
      [receiptNos.refund, '0.00', '20000.00', '130000.00'],
    ]);
    expect(rows.data.items[0]).toMatchObject({
      type: 'cash',
      document_type: 'cash_receipt',
      posting_date: today,
      description: `Payment ${orderNo}`,
      customer_no: store.customer_no,
      pos_so_no: orderNo,
      franchise_code: 'MNA',
    });
    expect(rows.data.items[1]).toMatchObject({ description: 'Payment on account', pos_so_no: '' });
  });

  it('bank: the entries, with the opening balance of the days before', async () => {
    const r = await balance(manager, { from_date: today, to_date: today, type: 'bank' });
    expect(r.data).toMatchObject({
      opening_balance: '1000000.00',
      total_in: '300000.00',
      total_out: '50000.00',
      closing_balance: '1250000.00',
    });
    const rows = await manager.op('cashbook.list', { body: { from_date: today, to_date: today, type: 'bank' } });
    expect(rows.data.items.map((m) => [m.document_type, m.amount_in, m.amount_out, m.balance])).toEqual([
      ['Payment', '300000.00', '0.00', '1300000.00'],
      ['Fee', '0.00', '50000.00', '1250000.00'],
    ]);
    expect(rows.data.items[0]).toMatchObject({ bank_account_no: 'MNA-ACB-VND', document_no: `MNA-BA-${yy}-000001` });
    // From yesterday: the deposit is a movement, the opening is 0; a filter never changes the running balance.
    const both = await balance(manager, { from_date: yesterday, to_date: today, type: 'bank' });
    expect(both.data).toMatchObject({
      opening_balance: '0.00',
      total_in: '1300000.00',
      total_out: '50000.00',
      closing_balance: '1250000.00',
    });
    const fees = await manager.op('cashbook.list', {
      body: {
        from_date: yesterday,
        to_date: today,
        type: 'bank',
        filters: [{ field: 'document_type', value: 'Fee', condition_type: 'eq' }],
      },
    });
    expect(fees.data.items.map((m) => m.balance)).toEqual(['1250000.00']);
    // Before anything was posted: all zero.
    const empty = await balance(manager, { from_date: '2000-01-01', to_date: '2000-01-31', type: 'bank' });
    expect(empty.data).toMatchObject({ opening_balance: '0.00', closing_balance: '0.00' });
    const file = await manager.post('/api/cashbook/filter/export', { from_date: today, to_date: today, type: 'bank' });
    expect(file.statusCode).toBe(200);
  });

  it('head office: every franchise, or the one it names; a store naming another franchise is 404 (balance, list, export)', async () => {
    const all = await balance(admin, { from_date: today, to_date: today, type: 'cash' });
    expect(all.data).toMatchObject({ total_in: '220000.00', total_out: '20000.00', closing_balance: '200000.00' });
    const mna = await balance(admin, { from_date: today, to_date: today, type: 'cash', franchise_code: 'MNA' });
    expect(mna.data).toMatchObject({ franchise_code: 'MNA', closing_balance: '130000.00' });
    const rows = await admin.op('cashbook.list', {
      body: { from_date: today, to_date: today, type: 'cash', franchise_code: 'MNB' },
    });
    expect(rows.data.items.map((m) => [m.franchise_code, m.balance])).toEqual([['MNB', '70000.00']]);
    const foreign = await balance(otherManager, {
      from_date: today,
      to_date: today,
      type: 'cash',
      franchise_code: 'MNA',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.envelope.errors[0]).toMatchObject({ field: 'franchise_code', msg: 'Franchise not found' });
    // The movements and their export answer the same.
    const foreignRows = await otherManager.op('cashbook.list', {
      body: { from_date: today, to_date: today, type: 'cash', franchise_code: 'MNA' },
    });
    expect(foreignRows.statusCode).toBe(404);
    expect(foreignRows.envelope.errors[0]).toMatchObject({ field: 'franchise_code', msg: 'Franchise not found' });
    const foreignFile = await otherManager.post('/api/cashbook/filter/export', {
      from_date: today,
      to_date: today,
      type: 'cash',
      franchise_code: 'MNA',
    });
    expect(foreignFile.statusCode).toBe(404);
    const own = await balance(otherManager, { from_date: today, to_date: today, type: 'cash' });
    expect(own.data.closing_balance).toBe('70000.00');
  });

  it('refuses a bad period or book (400)', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ from_date: '' }, 'from_date', 'This is required field!'],
      [{ to_date: 'x' }, 'to_date', 'Please enter a date as DD-MM-YYYY'],
      [{ from_date: '2026-02-01', to_date: '2026-01-01' }, 'to_date', 'To date must not be before from date'],
      [{ type: undefined }, 'type', 'This is required field!'],
      [{ type: 'card' }, 'type', 'type must be one of cash, bank'],
    ];
    for (const [patch, field, msg] of cases) {
      for (const url of ['/api/cashbook/balance', '/api/cashbook/filter']) {
        const r = await manager.post(url, { from_date: today, to_date: today, type: 'cash', ...patch });
        expect(r.statusCode, `${url} ${JSON.stringify(patch)}`).toBe(400);
        expect(r.envelope.errors).toContainEqual(expect.objectContaining({ field, msg }));
      }
    }
  });

  it('needs a money page (403 without)', async () => {
    const nobody = (await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'MNA' })).client;
    const r = await nobody.op('cashbook.balance', { body: { from_date: today, to_date: today, type: 'cash' } });
    expect(r.statusCode).toBe(403);
  });
});

describe('remaining-amount history', () => {
  it("lists the order's ledger entries with the remaining amount after each", async () => {
    const r = await manager.op('remainingAmountHistory.list', {
      body: { filters: [{ field: 'pos_so_no', value: orderNo, condition_type: 'eq' }] },
    });
    expect(r.statusCode).toBe(200);
    // Order 200.000: cash 150.000 leaves 50.000; installment 50.000 leaves 0.
    expect(r.data.items.map((e) => [e.entry_type, e.document_no, e.amount, e.remaining_amount])).toEqual([
      ['payment', receiptNos.cash, '-150000.00', '50000.00'],
      ['payment', receiptNos.installment, '-50000.00', '0.00'],
    ]);
    expect(r.data.items[0]).toMatchObject({
      pos_so_no: orderNo,
      document_type: 'cash_receipt',
      posting_date: today,
      franchise_code: 'MNA',
      customer_no: store.customer_no,
    });
    const order = await admin.op('salesOrders.get', { params: { pos_so_no: orderNo } });
    expect(order.data.totals.remaining_amount).toBe(r.data.items.at(-1)!.remaining_amount);
    // Payments on account belong to no order: they are not in any order's history.
    const all = await manager.op('remainingAmountHistory.list', { body: {} });
    expect(all.data.items.every((e) => e.pos_so_no !== '')).toBe(true);
  });

  it("another franchise's order shows nothing", async () => {
    const r = await otherManager.op('remainingAmountHistory.list', {
      body: { filters: [{ field: 'pos_so_no', value: orderNo, condition_type: 'eq' }] },
    });
    expect(r.statusCode).toBe(200);
    expect(r.data.items).toEqual([]);
  });
});

describe('books', () => {
  it('hold after everything above', async () => {
    expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
  });
});
