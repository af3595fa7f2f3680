import { and, asc, eq } from 'drizzle-orm';
import { businessDate } from '@fp/contract';
import type { Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { businessRule } from '../../http/errors.js';
import { D, toMoney } from '../../kernel/money.js';
import { runPosting } from '../../kernel/posting.js';
import { applyActionAll, lockForAction } from '../../kernel/status.js';
import { postCustomerEntries } from '../ledger/service.js';
import { takeBankEntryNumbers, writeReceiptBankEntries } from '../money/bank-entries.js';
import { assertCashShift, lockOpenShifts, shiftIdOfLocation, type ShiftRule } from '../shifts/service.js';
import { amountsOf } from '../sales/amounts.js';
import type { SalesOrderRow } from '../sales/load.js';
import {
  assertWithinRemaining,
  findCashReceipt,
  lockOrderForPayment,
  receiptTarget,
  type CashReceiptRow,
} from './receipts.js';
import { CASH_RECEIPT_DOC } from './documents.js';
import { cashReceipts } from './schema.js';
import { stampClock } from '../../db/clock.js';

// Processing cash receipts (calls.md 7.11 "process", "process-all"; issues 9, 11): one posting through
// kernel/posting.ts: the customer ledger entry (payoo/viettel: to their fixed accounts; on account: order_no '') and,
// for transfer/card, a bank account entry with its BA number, in the same transaction.
// Lock order: the order row, then its receipts (FOR UPDATE) — the same as add — so a process and a process-all of
// one order queue instead of deadlocking, and of 20 concurrent "process" of one receipt exactly one posts; last the
// open shift of the receipts' location (FOR SHARE, issue 11), which a shift's close locks FOR UPDATE and alone.

/**
 * The receipts to post; `order` is null for a payment on account (pos_so_no ''). `remaining`: the order's remaining
 * amount when the caller knows it (else it is read in the check step).
 */
type Locked = { order: SalesOrderRow | null; receipts: CashReceiptRow[]; remaining?: string };
type Plan = { postingDate: string; open: Map<string, number> };

/**
 * The fixed customer accounts of the payoo and viettel channels (config PAYOO_CUSTOMER_NO, VIETTEL_CUSTOMER_NO):
 * such a receipt posts its customer ledger entry to that account (still on its order, so the remaining amount moves).
 */
export type ChannelAccounts = { payoo: string; viettel: string };

/** The customer a receipt's ledger entry is posted to. */
export function ledgerCustomerOf(r: CashReceiptRow, accounts: ChannelAccounts, order: SalesOrderRow | null): string {
  if (r.payment_type === 'payoo') return accounts.payoo;
  if (r.payment_type === 'viettel') return accounts.viettel;
  return r.customer_no || order?.sell_to_code || '';
}

/**
 * Posts locked receipts: checks each against what remains on its order (in order; on account: no cap), writes the
 * customer ledger and, for transfer/card receipts, the bank account entries (BA numbers), marks them processed.
 */
function postReceipts(
  tx: Tx,
  auth: Auth,
  accounts: ChannelAccounts,
  name: string,
  /** The action of the receipt machine: process (one) or process_all (an order's open receipts). */
  action: 'process' | 'process_all',
  lock: (tx: Tx) => Promise<Locked>,
  o: ShiftRule = {},
) {
  return runPosting<Locked, Plan, Map<number, string>, CashReceiptRow[]>(tx, name, {
    lock,
    check: async (tx, { order, receipts, remaining: known }) => {
      // Only processed receipts count in the remaining amount; each one processed must still fit what remains
      // (the order may have changed since the receipt was added: a line removed, a credit memo).
      if (order) {
        let remaining = D(known ?? (await amountsOf(tx, order.pos_so_no)).remaining_amount);
        for (const r of receipts) {
          assertWithinRemaining(r.amount, toMoney(remaining));
          remaining = remaining.minus(r.amount);
        }
      }
      // Issue 11: each receipt belongs to the open shift of its location, locked FOR SHARE after the order and the
      // receipts (the close locks the shift FOR UPDATE and nothing else: modules/shifts/README.md "Lock order").
      // Issue 17: cash where the franchise needs an open shift is refused without one (after that lock).
      const open = await lockOpenShifts(
        tx,
        receipts.map((r) => r.location_code),
      );
      if (!o.takenWithoutShift) await assertCashShift(tx, receipts, open, o);
      return { postingDate: businessDate(), open };
    },
    // The RC number was taken when the receipt was added; a BA number per transfer/card receipt now.
    number: (tx, { receipts }, plan) => takeBankEntryNumbers(tx, receipts, plan.postingDate),
    write: async (tx, { order, receipts }, plan, numbers) => {
      await postCustomerEntries(
        tx,
        receipts.map((r) => ({
          entry_type: 'payment',
          franchise_code: r.franchise_code,
          customer_no: ledgerCustomerOf(r, accounts, order),
          amount: toMoney(D(r.amount).neg()),
          document_type: CASH_RECEIPT_DOC,
          document_no: r.receipt_no,
          order_no: order?.pos_so_no ?? '',
          posting_date: plan.postingDate,
          created_by: auth.userId || null,
        })),
      );
      await writeReceiptBankEntries(tx, auth, receipts, plan.postingDate, numbers);
    },
    update: (tx, { receipts }, plan) =>
      // processed_at is the clock after the shift lock (check step), so it lies between the shift's opened_at and
      // closed_at.
      applyActionAll<typeof cashReceipts, CashReceiptRow>(tx, {
        ...receiptTarget(
          auth.scope,
          receipts.map((r) => r.receipt_id),
        ),
        action,
        set: {
          posting_date: plan.postingDate,
          processed_at: stampClock(),
          shift_id: shiftIdOfLocation(plan.open),
          processed_by: auth.userId || null,
        },
      }),
    // Standalone: the product keeps its own books; an ERP cash receipt journal is a later connector's job.
    enqueue: () => Promise.resolve(),
  });
}

/** POST /api/cash-receipts/process: posts one open receipt (a processed one is 422 naming receipt_id). */
export async function processCashReceipt(
  tx: Tx,
  auth: Auth,
  accounts: ChannelAccounts,
  receiptId: number,
): Promise<CashReceiptRow> {
  const [row] = await postReceipts(tx, auth, accounts, 'cash_receipt', 'process', async (tx) => {
    const seen = await findCashReceipt(tx, auth.scope, receiptId);
    // A payment on account has no order to lock: the receipt's own lock is enough.
    const order = seen.pos_so_no ? await lockOrderForPayment(tx, auth.scope, seen.pos_so_no) : null;
    const receipt = await lockForAction<typeof cashReceipts, CashReceiptRow>(tx, {
      ...receiptTarget(auth.scope, receiptId),
      action: 'process',
    });
    return { order, receipts: [receipt] };
  });
  return row!;
}

/**
 * POST /api/cash-receipts/process-all: posts every open receipt of an order, oldest first, in one transaction.
 * `locked`: the order and its open receipts as the caller holds them, locked or written in this transaction, with the
 * order's remaining amount (the counter sale, issue 22: the receipts it has just added): not read again.
 */
export async function processAllCashReceipts(
  tx: Tx,
  auth: Auth,
  accounts: ChannelAccounts,
  posSoNo: string,
  o: ShiftRule & { locked?: { order: SalesOrderRow; receipts: CashReceiptRow[]; remaining: string } } = {},
): Promise<CashReceiptRow[]> {
  const rows = await postReceipts(
    tx,
    auth,
    accounts,
    'cash_receipt_all',
    'process_all',
    async (tx) => {
      if (o.locked) {
        const { order, receipts, remaining } = o.locked;
        if (order.pos_so_no !== posSoNo || receipts.some((r) => r.pos_so_no !== posSoNo || r.status !== 'open'))
          throw new Error("processAllCashReceipts: the locked receipts are not the order's open ones");
        if (receipts.length)
          return { order, receipts: [...receipts].sort((a, b) => a.receipt_id - b.receipt_id), remaining };
      }
      const order = await lockOrderForPayment(tx, auth.scope, posSoNo);
      const receipts = await tx
        .select()
        .from(cashReceipts)
        .where(and(eq(cashReceipts.pos_so_no, order.pos_so_no), eq(cashReceipts.status, 'open')))
        .orderBy(asc(cashReceipts.receipt_id))
        .for('update');
      if (receipts.length === 0)
        throw businessRule(
          `Sales order ${order.pos_so_no} has no open receipts to process`,
          'nothing_to_process',
          'pos_so_no',
        );
      return { order, receipts };
    },
    o,
  );
  return rows.sort((a, b) => a.receipt_id - b.receipt_id);
}
