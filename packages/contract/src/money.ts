import { z } from 'zod';
import { messages, optionalText } from './validators.js';
import { int32 } from './common.js';
import { dateInput, decimalInput } from './catalogue-common.js';
import { listRequest } from './filter.js';
import { bankDocumentTypes, bankEntrySources } from './constants.js';

// Bank account entries, the cashbook and the remaining-amount history (product.md 3 "Bank account entry"; calls.md
// 7.11, 7.13; api.md "Consignment, warehouse, money" and "Reports"; issue 11). Money is a decimal string with 2
// decimals; dates are business dates YYYY-MM-DD.

/**
 * What a bank account entry records (its `document_type`). Payment: a customer paid into the account (a processed
 * transfer or card receipt writes one); Refund: money paid back to a customer (a negative receipt); Deposit: cash
 * taken to the bank; Withdrawal: cash taken out; Fee: a bank charge; Interest: interest paid by the bank.
 */
export type BankDocumentType = (typeof bankDocumentTypes)[number];

export const moneyMessages = {
  /** A signed amount of 0 moves nothing. */
  amountZero: 'Amount must not be 0',
  dateOrder: 'To date must not be before from date',
  futurePosting: 'Posting date must not be after today!',
} as const;

const signedAmount = (field: string) =>
  decimalInput(field, { min: -999_999_999_999, max: 999_999_999_999, scale: 2 }).refine(
    (v) => Number(v) !== 0,
    moneyMessages.amountZero,
  );
/** One of `values`; left out or empty: "This is required field!". */
const requiredEnum = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, {
    error: (iss) =>
      iss.input === undefined || iss.input === null || iss.input === ''
        ? messages.required
        : `${field} must be one of ${values.join(', ')}`,
  });
const requiredText = (max: 30 | 100 | 250) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.maxLength(max));

/**
 * POST /api/bank-account-entries: a manual entry (BA number from the franchise's series). A store adds to its own
 * franchise (franchise_code may be left out); head office names the franchise (required there: 400 on
 * franchise_code). The posting date may not be after today's business date (422). Amount signed: > 0 into the
 * account, < 0 out of it; never 0.
 */
export const bankAccountEntryAdd = z.object({
  posting_date: dateInput(),
  document_type: requiredEnum('document_type', bankDocumentTypes),
  bank_account_no: requiredText(30),
  description: requiredText(100),
  amount: signedAmount('amount'),
  name: optionalText(100),
  address: optionalText(250),
  franchise_code: optionalText(30),
});
export type BankAccountEntryAdd = z.input<typeof bankAccountEntryAdd>;

/** A bank account entry as lists and the add answer show it. Append-only: never updated or deleted. */
export const bankAccountEntry = z.object({
  id: int32(),
  entry_no: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  posting_date: z.string(),
  document_type: z.string(),
  bank_account_no: z.string(),
  description: z.string(),
  amount: z.string(),
  name: z.string(),
  address: z.string(),
  source: z.enum(bankEntrySources),
  /** The receipt (RC number) a source cash_receipt entry was written for, '' for a manual one. */
  receipt_no: z.string(),
  created_at: z.string(),
});
export type BankAccountEntry = z.output<typeof bankAccountEntry>;

/** The cashbook's two books: cash (processed cash receipts) and bank (bank account entries). */
export const cashbookTypes = ['cash', 'bank'] as const;
export type CashbookType = (typeof cashbookTypes)[number];

const cashbookPeriod = {
  from_date: dateInput(),
  to_date: dateInput(),
  type: requiredEnum('type', cashbookTypes),
  /** Head office: one franchise ('' or left out: every franchise). A store always sees its own (another: 404). */
  franchise_code: optionalText(30),
};
const checkRange = <T extends { from_date: string; to_date: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.from_date > v.to_date) ctx.addIssue({ code: 'custom', message: moneyMessages.dateOrder, path: ['to_date'] });
};

/**
 * POST /api/cashbook/filter: the movements of one book between two dates (inclusive) — cash: processed receipts paid
 * in cash (signed amount, on their posting date); bank: bank account entries. Installment, payoo, viettel and
 * collection_on_behalf receipts are neither. Plus the list filters (every row field).
 */
export const cashbookRequest = listRequest.extend(cashbookPeriod).superRefine(checkRange);
export type CashbookRequest = z.input<typeof cashbookRequest>;

/**
 * One movement. Default order: posting date, then the time it was posted. `balance` is the running balance of the
 * movement's franchise after it: that franchise's opening balance at from_date + every movement of the franchise in
 * the period up to and including this one (list filters do not change it).
 */
export const cashbookRow = z.object({
  /** `cash_receipt:<receipt_id>` or `bank_account_entry:<id>`. */
  key: z.string(),
  posting_date: z.string(),
  type: z.enum(cashbookTypes),
  /** cash_receipt, or the bank entry's document type (Payment, Refund, Deposit, …). */
  document_type: z.string(),
  /** The receipt's RC number or the entry's BA number. */
  document_no: z.string(),
  /** The receipt's comment (else "Payment <pos_so_no>" / "Payment on account"), or the entry's description. */
  description: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  /** The receipt's customer; a bank entry: '' and its name. */
  customer_no: z.string(),
  customer_name: z.string(),
  pos_so_no: z.string(),
  /** Bank: the entry's account; cash: ''. */
  bank_account_no: z.string(),
  /** What came in (amount > 0) and went out (−amount, amount < 0); the other is 0.00. */
  amount_in: z.string(),
  amount_out: z.string(),
  balance: z.string(),
});
export type CashbookRow = z.output<typeof cashbookRow>;

/** POST /api/cashbook/balance: the opening and closing balance of one book. */
export const cashbookBalanceRequest = z.object(cashbookPeriod).superRefine(checkRange);
export type CashbookBalanceRequest = z.input<typeof cashbookBalanceRequest>;

/**
 * opening_balance = Σ movements before from_date; total_in = Σ positive movements in the period; total_out = Σ of the
 * negative ones, as a positive number; closing_balance = opening + in − out (= Σ movements up to to_date).
 */
export const cashbookBalance = z.object({
  from_date: z.string(),
  to_date: z.string(),
  type: z.enum(cashbookTypes),
  /** The franchise asked for ('' = every franchise in the caller's scope). */
  franchise_code: z.string(),
  opening_balance: z.string(),
  total_in: z.string(),
  total_out: z.string(),
  closing_balance: z.string(),
});
export type CashbookBalance = z.output<typeof cashbookBalance>;

/**
 * POST /api/remaining-amount-history/filter: per order (filter `pos_so_no`), every customer ledger entry of the order
 * in posting order with the order's remaining amount after it. remaining_amount after an entry = the order's amount
 * due (its grand total; Σ its invoices once invoiced; 0 once canceled) + Σ the order's entries up to it that change
 * what is owed (credit memos, payments, adjustments; an invoice entry records the sale and changes nothing): the last
 * entry's remaining amount is the order's remaining amount.
 */
export const remainingAmountHistoryRow = z.object({
  entry_id: z.number(),
  pos_so_no: z.string(),
  franchise_code: z.string(),
  customer_no: z.string(),
  posting_date: z.string(),
  /** invoice, credit_memo, payment, adjustment. */
  entry_type: z.string(),
  /** sales_invoice, sales_credit_memo, cash_receipt, remaining_amount_adjustment. */
  document_type: z.string(),
  document_no: z.string(),
  /** Signed, as in the ledger: + the customer owes, − paid or credited. */
  amount: z.string(),
  remaining_amount: z.string(),
  created_at: z.string(),
});
export type RemainingAmountHistoryRow = z.output<typeof remainingAmountHistoryRow>;
