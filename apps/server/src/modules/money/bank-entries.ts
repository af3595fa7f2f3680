import { isBankPaymentType, type BankAccountEntry, type bankAccountEntryAdd } from '@fp/contract';
import { businessDate } from '@fp/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { badRequest, businessRule } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import type { ExportColumn } from '../../http/list-route.js';
import { D, toMoney } from '../../kernel/money.js';
import { takeNextNumber, takeNumberRun } from '../number-series/service.js';
import type { CashReceiptRow } from '../payments/receipts.js';
import { bankAccountEntries as t } from './schema.js';

// Bank account entries (README.md here; calls.md 7.11; issue 11): manual ones (POST /api/bank-account-entries) and
// the one a processed transfer or card receipt writes in its posting transaction. Append-only (trigger
// fp_refuse_change, custom migration *_money_append_only.sql): a correction is a new entry.

type AddBody = z.output<typeof bankAccountEntryAdd>;
export type BankEntryRow = typeof t.$inferSelect;

export const entryOut = (r: BankEntryRow): BankAccountEntry => {
  const { created_by: _c, ...rest } = r;
  return rest;
};

/**
 * POST /api/bank-account-entries: a manual entry. A store writes to its own franchise; head office must name one
 * (400 "This is required field!" on franchise_code; unknown: 404). Not after today's business date (422).
 */
export async function addBankEntry(tx: Tx, auth: Auth, body: AddBody): Promise<BankEntryRow> {
  const franchise = await auth.scope.own(tx, body.franchise_code);
  if (!franchise) throw badRequest('This is required field!', 'franchise_code');
  if (body.posting_date > businessDate())
    throw businessRule('Posting date must not be after today!', 'future_posting_date', 'posting_date');
  const entryNo = await takeNextNumber(tx, {
    franchiseCode: franchise,
    documentType: 'BA',
    date: body.posting_date,
  });
  const [row] = await tx
    .insert(t)
    .values({
      entry_no: entryNo,
      franchise_code: franchise,
      posting_date: body.posting_date,
      document_type: body.document_type,
      bank_account_no: body.bank_account_no,
      description: body.description,
      amount: toMoney(body.amount),
      name: body.name,
      address: body.address,
      source: 'manual',
      created_by: auth.userId || null,
    })
    .returning();
  return row!;
}

/** The receipts of a posting that move money through a bank account (transfer, card). */
export const bankReceipts = (receipts: CashReceiptRow[]) => receipts.filter((r) => isBankPaymentType(r.payment_type));

/**
 * One BA number per transfer/card receipt of a posting (the posting's "number" step), by receipt_id: one statement per
 * franchise, whatever the number of receipts.
 */
export async function takeBankEntryNumbers(tx: Tx, receipts: CashReceiptRow[], postingDate: string) {
  const numbers = new Map<number, string>();
  const byFranchise = new Map<string, CashReceiptRow[]>();
  for (const r of bankReceipts(receipts))
    byFranchise.set(r.franchise_code, [...(byFranchise.get(r.franchise_code) ?? []), r]);
  for (const [franchiseCode, rs] of byFranchise) {
    // One run of BA numbers per franchise (one statement), handed out in the receipts' order.
    const run = await takeNumberRun(tx, { franchiseCode, documentType: 'BA', count: rs.length, date: postingDate });
    rs.forEach((r, i) => numbers.set(r.receipt_id, run[i]));
  }
  return numbers;
}

/**
 * The bank account entries of processed transfer/card receipts (the posting's "write" step): source cash_receipt,
 * receipt_no, amount = the receipt's (signed), bank_account_no = the receipt's bank account, document type Payment
 * (amount > 0) or Refund (< 0).
 */
export async function writeReceiptBankEntries(
  tx: Tx,
  auth: Auth,
  receipts: CashReceiptRow[],
  postingDate: string,
  numbers: Map<number, string>,
) {
  const rows = bankReceipts(receipts).map((r) => ({
    entry_no: numbers.get(r.receipt_id)!,
    franchise_code: r.franchise_code,
    location_code: r.location_code,
    posting_date: postingDate,
    document_type: D(r.amount).gt(0) ? 'Payment' : 'Refund',
    bank_account_no: r.bank_account_code,
    description: `${r.payment_type === 'card' ? 'Card' : 'Transfer'} ${r.receipt_no} ${
      r.pos_so_no ? `for ${r.pos_so_no}` : 'on account'
    }`,
    amount: r.amount,
    name: r.customer_name,
    address: '',
    source: 'cash_receipt' as const,
    receipt_no: r.receipt_no,
    created_by: auth.userId || null,
  }));
  if (rows.length) await tx.insert(t).values(rows);
}

// POST /api/bank-account-entries/filter (+ export): every answer field filters and sorts; newest first.
const columns = {
  id: t.id,
  entry_no: t.entry_no,
  franchise_code: t.franchise_code,
  location_code: t.location_code,
  posting_date: t.posting_date,
  document_type: t.document_type,
  bank_account_no: t.bank_account_no,
  description: t.description,
  amount: t.amount,
  name: t.name,
  address: t.address,
  source: t.source,
  receipt_no: t.receipt_no,
  created_at: t.created_at,
};

export const bankEntryList: ListSpec<BankAccountEntry> = {
  source: (db, extra) =>
    db
      .select({ ...columns, ...extra })
      .from(t)
      .$dynamic(),
  fields: columns,
  filterable: Object.keys(columns),
  sortable: Object.keys(columns),
  defaultSort: { field: 'id', direction: 'desc' },
  key: t.id,
};

export const bankEntryExportColumns: ExportColumn[] = [
  { key: 'entry_no', header: 'Entry No', width: 22 },
  { key: 'posting_date', header: 'Posting Date', format: 'date' },
  { key: 'document_type', header: 'Document Type' },
  { key: 'bank_account_no', header: 'Bank Account No', width: 18 },
  { key: 'description', header: 'Description', width: 36 },
  { key: 'amount', header: 'Amount', format: 'money', width: 16 },
  { key: 'name', header: 'Name', width: 28 },
  { key: 'address', header: 'Address', width: 36 },
  { key: 'franchise_code', header: 'Franchise' },
  { key: 'source', header: 'Source' },
  { key: 'receipt_no', header: 'Receipt No', width: 22 },
];
