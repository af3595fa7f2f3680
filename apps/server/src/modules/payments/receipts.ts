import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  cashReceiptDocument,
  isBankPaymentType,
  isEcomReceiptType,
  type CashReceipt,
  type cashReceiptAdd,
} from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import type { Scope } from '../../http/scope.js';
import { AppError, businessRule } from '../../http/errors.js';
import { D, toMoney } from '../../kernel/money.js';
import { lockEditableOne } from '../../kernel/status.js';
import { takeNextNumber } from '../number-series/service.js';
import { customers } from '../customers/schema.js';
import { franchises } from '../franchises/schema.js';
import { assertCashShift, type ShiftRule } from '../shifts/service.js';
import { amountsOf } from '../sales/amounts.js';
import { SALES_ORDER_NOT_FOUND, type SalesOrderRow } from '../sales/load.js';
import { salesOrders } from '../sales/schema.js';
import { cashReceipts } from './schema.js';

// Cash receipts (calls.md 7.11; README.md here): add an open receipt to an order, delete an open one. Processing
// (posting) is process.ts.

export const CASH_RECEIPT_NOT_FOUND = 'Cash receipt';
export type CashReceiptRow = typeof cashReceipts.$inferSelect;
type AddBody = z.output<typeof cashReceiptAdd>;

const notFoundOn = (what: string, field: string) => new AppError(404, 'not_found', `${what} not found`, field);

/** The answer shape of a receipt row. */
export const receiptOut = (r: CashReceiptRow): CashReceipt => {
  const { processed_by: _p, created_by: _c, updated_at: _u, ...rest } = r;
  return rest;
};

/**
 * Locks an order (a document of type order) in the caller's scope: another franchise's, a quote or a credit memo is
 * 404 "Sales order not found" on `field`. Receipts of one order queue on this lock (add, process, process all).
 */
export async function lockOrderForPayment(tx: Tx, scope: Scope, posSoNo: string): Promise<SalesOrderRow> {
  const [row] = await tx
    .select()
    .from(salesOrders)
    .where(
      and(
        eq(salesOrders.pos_so_no, posSoNo),
        eq(salesOrders.document_type, 'order'),
        scope.franchise(salesOrders.franchise_code),
      ),
    )
    .for('update');
  if (!row) throw notFoundOn(SALES_ORDER_NOT_FOUND, 'pos_so_no');
  return row;
}

/** Σ amounts of the order's open receipts (signed), except `exceptId`. */
export async function openReceiptsTotal(db: DbOrTx, posSoNo: string, exceptId?: number): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${cashReceipts.amount}), 0)::text` })
    .from(cashReceipts)
    .where(
      and(
        eq(cashReceipts.pos_so_no, posSoNo),
        eq(cashReceipts.status, 'open'),
        exceptId === undefined ? undefined : sql`${cashReceipts.receipt_id} <> ${exceptId}`,
      ),
    );
  return row?.total ?? '0';
}

/**
 * The payment rule (issue 9 "overpayment refused unless it is cash with change"; a refund only of what is owed back):
 * `amount` must lie between 0 and `cap`, the remaining amount not yet covered by other receipts. A positive amount
 * above the cap is an overpayment (cash pays more through `tendered_amount`, never through the amount); a negative
 * amount needs a negative cap (a credit memo or a cancellation owes the customer) and pays back at most that.
 */
export function assertWithinRemaining(amount: string, cap: string): void {
  const a = D(amount);
  const c = D(cap);
  if (a.gt(0) && a.gt(c))
    throw businessRule(
      c.gt(0)
        ? `Amount ${toMoney(a)} is more than the remaining amount ${toMoney(c)}`
        : `Nothing remains to be paid on this order (remaining amount ${toMoney(c)})`,
      'overpayment',
      'amount',
    );
  if (a.lt(0) && c.gte(0))
    throw businessRule(
      `Nothing is owed back to the customer (remaining amount ${toMoney(c)}): a refund needs a negative remaining amount`,
      'refund_not_owed',
      'amount',
    );
  if (a.lt(0) && a.lt(c))
    throw businessRule(
      `Refund ${toMoney(a.neg())} is more than the ${toMoney(c.neg())} owed back to the customer`,
      'refund_too_large',
      'amount',
    );
}

/**
 * The bank account a transfer or card receipt goes to (issue 11): an e-commerce transfer names ACB04-VND or VCB02-VND
 * (the contract checks it); a store receipt goes to the franchise's own account (franchises.bank_account_code; ''
 * while the franchise has none set). A store receipt naming another account is 422 on bank_account_code.
 */
async function bankAccountOf(tx: Tx, franchiseCode: string, body: AddBody): Promise<string> {
  if (!isBankPaymentType(body.payment_type)) return '';
  if (isEcomReceiptType(body.receipt_type)) return body.bank_account_code;
  const [f] = await tx
    .select({ code: franchises.bank_account_code })
    .from(franchises)
    .where(eq(franchises.customer_no, franchiseCode));
  const own = f?.code ?? '';
  if (body.bank_account_code && body.bank_account_code !== own)
    throw businessRule(
      own
        ? `A store receipt goes to the franchise's bank account ${own}`
        : `Franchise ${franchiseCode} has no bank account: a store receipt cannot name one`,
      'bank_account_mismatch',
      'bank_account_code',
    );
  return own;
}

/** Who, where and for which order a new receipt is: from the order, or (on account) from the customer. */
type Target = {
  franchise_code: string;
  location_code: string;
  customer_no: string;
  customer_name: string;
  phone: string;
  pos_so_no: string;
};

/**
 * An order the caller holds locked in this transaction (the counter sale, issue 22) and what remains to be paid on it
 * beyond its open receipts (the cap): neither is read again.
 */
export type LockedForPayment = { order: SalesOrderRow; cap: string };

async function orderTarget(tx: Tx, auth: Auth, body: AddBody, locked?: LockedForPayment): Promise<Target> {
  const scope = auth.scope;
  const order = locked ? locked.order : await lockOrderForPayment(tx, scope, body.pos_so_no);
  if (locked && (order.pos_so_no !== body.pos_so_no || order.document_type !== 'order'))
    throw new Error("addCashReceipt: the locked order is not the body's");
  const franchise = await scope.own(tx, body.franchise_code);
  if (franchise && franchise !== order.franchise_code)
    throw businessRule(
      `The receipt's franchise must be the order's (${order.franchise_code})`,
      'franchise_mismatch',
      'franchise_code',
    );
  if (body.customer_no && body.customer_no !== order.sell_to_code) await scope.assertCustomer(tx, body.customer_no);
  if (body.location_code && body.location_code !== order.location_code)
    await scope.assertLocation(tx, body.location_code);
  const cap = locked
    ? D(locked.cap)
    : D((await amountsOf(tx, order.pos_so_no)).remaining_amount).minus(await openReceiptsTotal(tx, order.pos_so_no));
  assertWithinRemaining(body.amount, toMoney(cap));
  return {
    franchise_code: order.franchise_code,
    location_code: body.location_code || order.location_code,
    customer_no: body.customer_no || order.sell_to_code,
    customer_name: body.customer_name || order.sell_to_name,
    phone: body.phone || order.sell_to_phone_no,
    pos_so_no: order.pos_so_no,
  };
}

/**
 * A payment on account (issue 11): no order; the customer (in scope, else 404 "Customer not found" on customer_no)
 * gives the franchise, location, name and phone. Not capped: nothing is owed on an order.
 */
async function customerTarget(tx: Tx, auth: Auth, body: AddBody): Promise<Target> {
  const scope = auth.scope;
  const [c] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.customer_no, body.customer_no), scope.franchise(customers.franchise_code)));
  if (!c) throw notFoundOn('Customer', 'customer_no');
  const franchise = await scope.own(tx, body.franchise_code);
  if (franchise && franchise !== c.franchise_code)
    throw businessRule(
      `The receipt's franchise must be the customer's (${c.franchise_code})`,
      'franchise_mismatch',
      'franchise_code',
    );
  if (body.location_code && body.location_code !== c.location_code) await scope.assertLocation(tx, body.location_code);
  return {
    franchise_code: c.franchise_code,
    location_code: body.location_code || c.location_code,
    customer_no: c.customer_no,
    customer_name: body.customer_name || c.name,
    phone: body.phone || c.phone_no,
    pos_so_no: '',
  };
}

/**
 * POST /api/cash-receipts: an open receipt for an order or, without pos_so_no, a payment on account of a customer
 * (RC number from the franchise's series).
 */
export async function addCashReceipt(
  tx: Tx,
  auth: Auth,
  body: AddBody,
  o: ShiftRule & { locked?: LockedForPayment } = {},
): Promise<CashReceiptRow> {
  const target = body.pos_so_no ? await orderTarget(tx, auth, body, o.locked) : await customerTarget(tx, auth, body);
  // Issue 17: no cash without an open shift where the franchise asks for one (processing checks again under lock).
  if (!o.takenWithoutShift) await assertCashShift(tx, [{ ...target, payment_type: body.payment_type }], undefined, o);
  const cash = body.payment_type === 'cash' && D(body.amount).gt(0);
  const tendered = cash ? D(body.tendered_amount ?? body.amount) : null;
  const installment = body.payment_type === 'installment';
  const bankAccount = await bankAccountOf(tx, target.franchise_code, body);
  const receiptNo = await takeNextNumber(tx, { franchiseCode: target.franchise_code, documentType: 'RC' });
  const [row] = await tx
    .insert(cashReceipts)
    .values({
      ...target,
      receipt_no: receiptNo,
      sales_order_no: body.sales_order_no,
      amount: toMoney(body.amount),
      tendered_amount: tendered ? toMoney(tendered) : null,
      change_amount: tendered ? toMoney(tendered.minus(body.amount)) : null,
      receipt_type: body.receipt_type,
      receipt_kind: body.receipt_kind,
      payment_type: body.payment_type,
      contract_no: installment ? body.contract_no : '',
      payment_term: installment ? body.payment_term : '',
      comment: body.comment,
      collect_store_code: body.collect_store_code,
      bank_account_code: bankAccount,
      created_by: auth.userId || null,
    })
    .returning();
  return row!;
}

/** One receipt in the caller's scope (another franchise's is "Cash receipt not found"), locked when `lock`. */
export async function findCashReceipt(db: DbOrTx, scope: Scope, receiptId: number, lock = false) {
  const q = db
    .select()
    .from(cashReceipts)
    .where(and(eq(cashReceipts.receipt_id, receiptId), scope.franchise(cashReceipts.franchise_code)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFoundOn(CASH_RECEIPT_NOT_FOUND, 'receipt_id');
  return row;
}

/**
 * Where receipts live, in the caller's scope (contract cashReceiptDocument): a processed receipt never changes, its
 * refusal (422 status_not_allowed) and a missing one (404) name receipt_id.
 */
export const receiptTarget = (scope: Scope, ids: number | readonly number[]) => ({
  table: cashReceipts,
  document: cashReceiptDocument,
  key: [cashReceipts.receipt_id, ids] as [typeof cashReceipts.receipt_id, number | readonly number[]],
  statusColumn: cashReceipts.status,
  versionColumn: cashReceipts.version,
  where: scope.franchise(cashReceipts.franchise_code),
  notFoundAs: CASH_RECEIPT_NOT_FOUND,
  notFoundField: 'receipt_id',
  field: 'receipt_id',
});

/** DELETE /api/cash-receipts?receipt_id=: an open receipt only. */
export async function deleteCashReceipt(tx: Tx, scope: Scope, receiptId: number) {
  await lockEditableOne(tx, { ...receiptTarget(scope, receiptId), change: 'delete' });
  await tx.delete(cashReceipts).where(eq(cashReceipts.receipt_id, receiptId));
  return { ok: true, receipt_id: receiptId };
}
