import Decimal from 'decimal.js';
import { businessDate, paymentTermMonths, type InstallmentSchedule } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { businessRule } from '../../http/errors.js';
import type { Scope } from '../../http/scope.js';
import { D, toMoney } from '../../kernel/money.js';
import { findCashReceipt } from './receipts.js';

// GET /api/cash-receipts/:receipt_id/schedule (issue 11): the monthly instalments of a processed installment receipt.

/** `iso` (YYYY-MM-DD) plus `months` calendar months; a day past the month's end becomes its last day (31-01 → 28-02). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * `amount` split in `n` instalments: each amount ÷ n truncated to whole VND, the last one takes the rest (so the sum
 * is exactly the amount, decimals included).
 */
export function splitInstalments(amount: string, n: number): string[] {
  const total = D(amount);
  const each = total.div(n).toDecimalPlaces(0, Decimal.ROUND_DOWN);
  const out = Array.from({ length: n - 1 }, () => toMoney(each));
  out.push(toMoney(total.minus(each.mul(n - 1))));
  return out;
}

export async function installmentSchedule(db: DbOrTx, scope: Scope, receiptId: number): Promise<InstallmentSchedule> {
  const r = await findCashReceipt(db, scope, receiptId);
  if (r.payment_type !== 'installment')
    throw businessRule(
      `Cash receipt ${r.receipt_no} is not an installment payment and has no schedule`,
      'not_installment',
      'receipt_id',
    );
  if (r.status !== 'processed' || !r.posting_date)
    throw businessRule(
      `Cash receipt ${r.receipt_no} is not processed yet: its schedule starts on its posting date`,
      'not_processed',
      'receipt_id',
    );
  const n = paymentTermMonths[r.payment_term as keyof typeof paymentTermMonths];
  if (!n) throw businessRule(`Cash receipt ${r.receipt_no} has no payment term`, 'no_payment_term', 'receipt_id');
  const today = businessDate();
  const postingDate = r.posting_date;
  const instalments = splitInstalments(r.amount, n).map((amount, i) => {
    const due_date = addMonths(postingDate, i + 1);
    return { instalment_no: i + 1, due_date, amount, still_due: due_date > today };
  });
  const due = instalments.filter((i) => i.still_due);
  return {
    receipt_id: r.receipt_id,
    receipt_no: r.receipt_no,
    pos_so_no: r.pos_so_no,
    customer_no: r.customer_no,
    customer_name: r.customer_name,
    contract_no: r.contract_no,
    payment_term: r.payment_term,
    amount: r.amount,
    posting_date: postingDate,
    business_date: today,
    instalments,
    still_due_count: due.length,
    still_due_amount: toMoney(due.reduce((s, i) => s.plus(i.amount), D(0))),
  };
}
