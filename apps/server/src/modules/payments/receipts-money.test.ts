import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { businessDate, businessYear, type ApiInput } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { franchises } from '../franchises/schema.js';
import { customerLedgerEntries } from '../ledger/schema.js';
import { bankAccountEntries } from '../money/schema.js';
import { addStock, makeItem, makeOrder, makeStore } from '../sales/posting/test-support.js';
import { addMonths, splitInstalments } from './schedule.js';
import { cashReceipts } from './schema.js';
import { storeUser } from './test-support.js';

// Cash receipts of issue 11 through HTTP: payments on account, the e-commerce methods and bank accounts, payoo and
// viettel to their fixed customer accounts (test config: the defaults KH-PAYOO, KH-VIETTEL), the bank account entry
// of a processed transfer or card receipt, and the installment schedule.

const ctx = useTestApp();
const yy = String(businessYear()).slice(-2);
const today = businessDate();
let manager: Client;
let viewer: Client;
let otherManager: Client;
let store: Awaited<ReturnType<typeof makeStore>>;
let other: Awaited<ReturnType<typeof makeStore>>;
let item: string;

type Add = ApiInput<'cashReceipts.add'>['body'];
const add = (c: Client, body: Add) => c.op('cashReceipts.add', { body });
const processIt = (c: Client, receipt_id: number) => c.op('cashReceipts.process', { body: { receipt_id } });
const ledgerOf = (receiptNo: string) =>
  ctx.t.services.db
    .select()
    .from(customerLedgerEntries)
    .where(
      and(eq(customerLedgerEntries.document_type, 'cash_receipt'), eq(customerLedgerEntries.document_no, receiptNo)),
    );
const bankOf = (receiptNo: string) =>
  ctx.t.services.db.select().from(bankAccountEntries).where(eq(bankAccountEntries.receipt_no, receiptNo));

beforeAll(async () => {
  store = await makeStore(ctx.t, 'RMA');
  other = await makeStore(ctx.t, 'RMB');
  await ctx.t.services.db
    .update(franchises)
    .set({ bank_account_code: 'RMA-VCB-VND' })
    .where(eq(franchises.customer_no, 'RMA'));
  manager = await storeUser(ctx.t, 'RMA', 'edit');
  viewer = await storeUser(ctx.t, 'RMA', 'view');
  otherManager = await storeUser(ctx.t, 'RMB', 'edit');
  item = await makeItem(ctx.t);
  await addStock(ctx.t, { ...store, item_no: item, quantity: '1000' });
});

const order200 = () => makeOrder(ctx.t, store, [{ item_no: item, quantity: '2', unit_price: '100000' }]);

describe('payment on account', () => {
  it('takes a payment for a customer without an order: not capped, ledger entry with order_no ""', async () => {
    const r = await add(manager, { customer_no: store.customer_no, amount: '5000000', payment_type: 'cash' });
    expect(r.statusCode).toBe(201);
    expect(r.data).toMatchObject({
      franchise_code: 'RMA',
      location_code: store.location_code,
      customer_no: store.customer_no,
      customer_name: `Khách ${store.customer_no}`,
      pos_so_no: '',
      amount: '5000000.00',
      status: 'open',
      bank_account_code: '',
      shift_id: null,
    });
    const done = await processIt(manager, r.data.receipt_id);
    expect(done.data).toMatchObject({ status: 'processed', posting_date: today });
    const [entry, ...more] = await ledgerOf(r.data.receipt_no);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      entry_type: 'payment',
      customer_no: store.customer_no,
      order_no: '',
      amount: '-5000000.00',
      posting_date: today,
    });
  });

  it("needs customer_no without pos_so_no (400); another franchise's customer is 404", async () => {
    const none = await manager.post('/api/cash-receipts', { amount: '1000', payment_type: 'cash' });
    expect(none.statusCode).toBe(400);
    expect(none.envelope.errors).toContainEqual(
      expect.objectContaining({ field: 'customer_no', msg: 'This is required field!' }),
    );
    const foreign = await add(manager, { customer_no: other.customer_no, amount: '1000', payment_type: 'cash' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.envelope.errors[0]).toMatchObject({ field: 'customer_no', msg: 'Customer not found' });
    expect(
      (await ctx.t.services.db.select().from(cashReceipts).where(eq(cashReceipts.customer_no, other.customer_no)))
        .length,
    ).toBe(0);
  });
});

describe('bank account entry of a transfer or card receipt', () => {
  it("a store transfer goes to the franchise's account; processing writes one BA entry in the same posting", async () => {
    const order = await order200();
    const r = await add(manager, { pos_so_no: order.pos_so_no, amount: '120000', payment_type: 'transfer' });
    expect(r.data.bank_account_code).toBe('RMA-VCB-VND');
    expect(await bankOf(r.data.receipt_no)).toEqual([]);
    expect((await processIt(manager, r.data.receipt_id)).statusCode).toBe(200);
    const entries = await bankOf(r.data.receipt_no);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entry_no: `RMA-BA-${yy}-000001`,
      franchise_code: 'RMA',
      location_code: store.location_code,
      posting_date: today,
      document_type: 'Payment',
      bank_account_no: 'RMA-VCB-VND',
      amount: '120000.00',
      source: 'cash_receipt',
      description: `Transfer ${r.data.receipt_no} for ${order.pos_so_no}`,
    });
    // Processing again: 422, still one entry, no BA number taken.
    const again = await processIt(manager, r.data.receipt_id);
    expect(again.statusCode).toBe(422);
    expect(again.envelope.errors[0]).toMatchObject({ code: 'status_not_allowed', field: 'receipt_id' });
    expect(await bankOf(r.data.receipt_no)).toHaveLength(1);
  });

  it('card too; process-all writes one entry per bank receipt, none for cash', async () => {
    const order = await order200();
    const card = await add(manager, { pos_so_no: order.pos_so_no, amount: '80000', payment_type: 'card' });
    const cash = await add(manager, { pos_so_no: order.pos_so_no, amount: '20000', payment_type: 'cash' });
    const all = await manager.op('cashReceipts.processAll', { body: { pos_so_no: order.pos_so_no } });
    expect(all.statusCode).toBe(200);
    const [entry] = await bankOf(card.data.receipt_no);
    expect(entry).toMatchObject({ amount: '80000.00', bank_account_no: 'RMA-VCB-VND' });
    expect(entry!.description).toBe(`Card ${card.data.receipt_no} for ${order.pos_so_no}`);
    expect(await bankOf(cash.data.receipt_no)).toEqual([]);
  });

  it('a store receipt naming another account is 422; view only cannot process (403, nothing written)', async () => {
    const order = await order200();
    const wrong = await add(manager, {
      pos_so_no: order.pos_so_no,
      amount: '1000',
      payment_type: 'transfer',
      bank_account_code: 'ACB04-VND',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.envelope.errors[0]).toEqual({
      code: 'bank_account_mismatch',
      field: 'bank_account_code',
      msg: "A store receipt goes to the franchise's bank account RMA-VCB-VND",
    });
    const r = await add(manager, { pos_so_no: order.pos_so_no, amount: '1000', payment_type: 'transfer' });
    const denied = await processIt(viewer, r.data.receipt_id);
    expect(denied.statusCode).toBe(403);
    expect(await bankOf(r.data.receipt_no)).toEqual([]);
    const [row] = await ctx.t.services.db
      .select()
      .from(cashReceipts)
      .where(eq(cashReceipts.receipt_id, r.data.receipt_id));
    expect(row!.status).toBe('open');
    // Another franchise's receipt: 404.
    const foreign = await processIt(otherManager, r.data.receipt_id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.envelope.errors[0]).toMatchObject({ field: 'receipt_id', msg: 'Cash receipt not found' });
  });

  it('a refund by transfer writes a Refund entry of the negative amount', async () => {
    const r = await add(manager, { customer_no: store.customer_no, amount: '-3000', payment_type: 'transfer' });
    await processIt(manager, r.data.receipt_id);
    const [entry] = await bankOf(r.data.receipt_no);
    expect(entry).toMatchObject({ document_type: 'Refund', amount: '-3000.00' });
  });
});

describe('e-commerce receipts', () => {
  const ecom = { receipt_type: 'ecom_collect_store', receipt_kind: 'shopee_payment' } as const;

  it('an e-commerce transfer needs ACB04-VND or VCB02-VND; the methods are the e-commerce ones', async () => {
    const order = await order200();
    const base = { pos_so_no: order.pos_so_no, amount: '1000', ...ecom };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ payment_type: 'transfer' }, 'bank_account_code', 'This is required field!'],
      [
        { payment_type: 'transfer', bank_account_code: 'RMA-VCB-VND' },
        'bank_account_code',
        'bank_account_code must be one of ACB04-VND, VCB02-VND',
      ],
      [
        { payment_type: 'cash' },
        'payment_type',
        'payment_type must be one of transfer, payoo, viettel, collection_on_behalf',
      ],
      [
        { payment_type: 'payoo', bank_account_code: 'ACB04-VND' },
        'bank_account_code',
        'A bank account is for transfer and card payments only',
      ],
      [
        { payment_type: 'viettel', receipt_type: 'collect_store' },
        'payment_type',
        'payment_type must be one of cash, installment, transfer, card',
      ],
    ];
    for (const [patch, field, msg] of cases) {
      const r = await manager.post('/api/cash-receipts', { ...base, ...patch });
      expect(r.statusCode, JSON.stringify(patch)).toBe(400);
      expect(r.envelope.errors, JSON.stringify(patch)).toContainEqual(expect.objectContaining({ field, msg }));
    }
    const ok = await add(manager, { ...base, payment_type: 'transfer', bank_account_code: 'VCB02-VND' });
    expect(ok.statusCode).toBe(201);
    expect(ok.data).toMatchObject({ bank_account_code: 'VCB02-VND', receipt_kind: 'shopee_payment' });
    await processIt(manager, ok.data.receipt_id);
    const [entry] = await bankOf(ok.data.receipt_no);
    expect(entry).toMatchObject({ bank_account_no: 'VCB02-VND', amount: '1000.00' });
  });

  it('payoo and viettel post their ledger entry to the fixed accounts, on the order; no bank entry', async () => {
    const order = await order200();
    const payoo = await add(manager, { pos_so_no: order.pos_so_no, amount: '60000', payment_type: 'payoo', ...ecom });
    const viettel = await add(manager, {
      pos_so_no: order.pos_so_no,
      amount: '40000',
      payment_type: 'viettel',
      ...ecom,
    });
    const cob = await add(manager, {
      pos_so_no: order.pos_so_no,
      amount: '100000',
      payment_type: 'collection_on_behalf',
      ...ecom,
    });
    expect(payoo.data.customer_no).toBe(store.customer_no);
    await manager.op('cashReceipts.processAll', { body: { pos_so_no: order.pos_so_no } });
    expect((await ledgerOf(payoo.data.receipt_no))[0]).toMatchObject({
      customer_no: 'KH-PAYOO',
      order_no: order.pos_so_no,
      amount: '-60000.00',
    });
    expect((await ledgerOf(viettel.data.receipt_no))[0]).toMatchObject({
      customer_no: 'KH-VIETTEL',
      amount: '-40000.00',
    });
    expect((await ledgerOf(cob.data.receipt_no))[0]).toMatchObject({ customer_no: store.customer_no });
    for (const r of [payoo, viettel, cob]) expect(await bankOf(r.data.receipt_no)).toEqual([]);
    const got = await manager.op('salesOrders.get', { params: { pos_so_no: order.pos_so_no } });
    expect(got.data.totals.remaining_amount).toBe('0.00');
  });
});

describe('installment schedule', () => {
  it('splits exactly, the last instalment takes the rest', () => {
    expect(splitInstalments('50000', 3)).toEqual(['16666.00', '16666.00', '16668.00']);
    expect(splitInstalments('100000.50', 6)).toEqual([
      '16666.00',
      '16666.00',
      '16666.00',
      '16666.00',
      '16666.00',
      '16670.50',
    ]);
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-03-15', -2)).toBe('2026-01-15');
  });

  it('3 monthly instalments from the posting date, all still due', async () => {
    const order = await order200();
    const r = await add(manager, {
      pos_so_no: order.pos_so_no,
      amount: '50000',
      payment_type: 'installment',
      contract_no: 'HD-3',
      payment_term: '3_months',
    });
    const open = await manager.op('cashReceipts.schedule', { params: { receipt_id: r.data.receipt_id } });
    expect(open.statusCode).toBe(422);
    expect(open.envelope.errors[0]).toEqual({
      code: 'not_processed',
      field: 'receipt_id',
      msg: `Cash receipt ${r.data.receipt_no} is not processed yet: its schedule starts on its posting date`,
    });
    await processIt(manager, r.data.receipt_id);
    const s = await viewer.op('cashReceipts.schedule', { params: { receipt_id: r.data.receipt_id } });
    expect(s.statusCode).toBe(200);
    expect(s.data).toEqual({
      receipt_id: r.data.receipt_id,
      receipt_no: r.data.receipt_no,
      pos_so_no: order.pos_so_no,
      customer_no: store.customer_no,
      customer_name: `Khách ${store.customer_no}`,
      contract_no: 'HD-3',
      payment_term: '3_months',
      amount: '50000.00',
      posting_date: today,
      business_date: today,
      instalments: [
        { instalment_no: 1, due_date: addMonths(today, 1), amount: '16666.00', still_due: true },
        { instalment_no: 2, due_date: addMonths(today, 2), amount: '16666.00', still_due: true },
        { instalment_no: 3, due_date: addMonths(today, 3), amount: '16668.00', still_due: true },
      ],
      still_due_count: 3,
      still_due_amount: '50000.00',
    });
    // Another franchise: 404.
    const foreign = await otherManager.op('cashReceipts.schedule', { params: { receipt_id: r.data.receipt_id } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.envelope.errors[0]).toMatchObject({ msg: 'Cash receipt not found' });
  });

  it('what is still due: only instalments due after today', async () => {
    // A 6-month installment posted two months ago (written directly: the API posts on today's business date).
    const posted = addMonths(today, -2);
    const [row] = await ctx.t.services.db
      .insert(cashReceipts)
      .values({
        receipt_no: 'RMA-RC-OLD-1',
        franchise_code: 'RMA',
        customer_no: store.customer_no,
        amount: '600000',
        receipt_type: 'collect_store',
        payment_type: 'installment',
        contract_no: 'HD-6',
        payment_term: '6_months',
        status: 'processed',
        posting_date: posted,
      })
      .returning();
    const s = await manager.op('cashReceipts.schedule', { params: { receipt_id: row!.receipt_id } });
    const due = s.data.instalments.map((i) => [i.due_date, i.still_due]);
    expect(due).toEqual([1, 2, 3, 4, 5, 6].map((n) => [addMonths(posted, n), addMonths(posted, n) > today]));
    // The first is past; the second falls on today at the latest (not after it): not still due either.
    expect(due[0]![1]).toBe(false);
    expect(due[1]![1]).toBe(false);
    expect(s.data).toMatchObject({ still_due_count: 4, still_due_amount: '400000.00' });
  });

  it('a receipt that is not an installment has no schedule (422)', async () => {
    const r = await add(manager, { customer_no: store.customer_no, amount: '1000', payment_type: 'cash' });
    const s = await manager.op('cashReceipts.schedule', { params: { receipt_id: r.data.receipt_id } });
    expect(s.statusCode).toBe(422);
    expect(s.envelope.errors[0]).toEqual({
      code: 'not_installment',
      field: 'receipt_id',
      msg: `Cash receipt ${r.data.receipt_no} is not an installment payment and has no schedule`,
    });
    const unknown = await manager.get('/api/cash-receipts/99999999/schedule');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('books', () => {
  it('hold after every payment above', async () => {
    // The directly written old installment receipt has no ledger entry: leave it out of the books.
    await ctx.t.services.db.execute(sql`alter table cash_receipts disable trigger user`);
    await ctx.t.services.db.delete(cashReceipts).where(eq(cashReceipts.receipt_no, 'RMA-RC-OLD-1'));
    await ctx.t.services.db.execute(sql`alter table cash_receipts enable trigger user`);
    expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
  });
});
