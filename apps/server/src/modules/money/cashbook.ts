import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CashbookBalance, CashbookRow, CashbookType, ListRequest } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import type { ListSpec } from '../../http/list.js';
import type { ExportColumn } from '../../http/list-route.js';
import type { Scope } from '../../http/scope.js';
import { D, toMoney } from '../../kernel/money.js';
import { cashReceipts } from '../payments/schema.js';
import { bankAccountEntries } from './schema.js';

// The cashbook (README.md here; calls.md 7.11; issue 11): two books, computed from posted data only, nothing stored.
// - cash: processed cash receipts paid in cash (signed amount, on their posting date);
// - bank: bank account entries (manual ones and those of processed transfer/card receipts).
// Installment, payoo, viettel and collection_on_behalf receipts are neither. A store sees its franchise; head office
// every franchise or the one it names (franchise_code). Balances are per franchise: the running balance of a row is
// its franchise's opening balance + its franchise's movements up to it.

export type CashbookPeriod = { from_date: string; to_date: string; type: CashbookType; franchise_code?: string };
export type CashbookBody = ListRequest & CashbookPeriod;

const r = cashReceipts;
const b = bankAccountEntries;

/** The movement columns of one book, as one row each (`at`: the instant it was posted, for the order of a day). */
function movementColumns(type: CashbookType) {
  if (type === 'cash')
    return {
      id: sql<number>`${r.receipt_id}`.as('id'),
      key: sql<string>`'cash_receipt:' || ${r.receipt_id}`.as('key'),
      posting_date: sql<string>`${r.posting_date}`.as('posting_date'),
      type: sql<string>`'cash'`.as('type'),
      document_type: sql<string>`'cash_receipt'`.as('document_type'),
      document_no: sql<string>`${r.receipt_no}`.as('document_no'),
      description:
        sql<string>`case when ${r.comment} <> '' then ${r.comment} when ${r.pos_so_no} <> '' then 'Payment ' || ${r.pos_so_no} else 'Payment on account' end`.as(
          'description',
        ),
      franchise_code: sql<string>`${r.franchise_code}`.as('franchise_code'),
      location_code: sql<string>`${r.location_code}`.as('location_code'),
      customer_no: sql<string>`${r.customer_no}`.as('customer_no'),
      customer_name: sql<string>`${r.customer_name}`.as('customer_name'),
      pos_so_no: sql<string>`${r.pos_so_no}`.as('pos_so_no'),
      bank_account_no: sql<string>`''`.as('bank_account_no'),
      amount: sql<string>`${r.amount}`.as('amount'),
      at: sql<string>`${r.processed_at}`.as('at'),
    };
  return {
    id: sql<number>`${b.id}`.as('id'),
    key: sql<string>`'bank_account_entry:' || ${b.id}`.as('key'),
    posting_date: sql<string>`${b.posting_date}`.as('posting_date'),
    type: sql<string>`'bank'`.as('type'),
    document_type: sql<string>`${b.document_type}`.as('document_type'),
    document_no: sql<string>`${b.entry_no}`.as('document_no'),
    description: sql<string>`${b.description}`.as('description'),
    franchise_code: sql<string>`${b.franchise_code}`.as('franchise_code'),
    location_code: sql<string>`${b.location_code}`.as('location_code'),
    customer_no: sql<string>`''`.as('customer_no'),
    customer_name: sql<string>`${b.name}`.as('customer_name'),
    pos_so_no: sql<string>`''`.as('pos_so_no'),
    bank_account_no: sql<string>`${b.bank_account_no}`.as('bank_account_no'),
    amount: sql<string>`${b.amount}`.as('amount'),
    at: sql<string>`${b.created_at}`.as('at'),
  };
}

/** Which rows of the book's table are movements, in the caller's scope and the franchise asked for. */
function movementWhere(type: CashbookType, scope: Scope, franchise: string | undefined): SQL | undefined {
  if (type === 'cash')
    return and(
      eq(r.status, 'processed'),
      eq(r.payment_type, 'cash'),
      scope.franchise(r.franchise_code),
      franchise ? eq(r.franchise_code, franchise) : undefined,
    );
  return and(scope.franchise(b.franchise_code), franchise ? eq(b.franchise_code, franchise) : undefined);
}

const dateCol = (type: CashbookType) => (type === 'cash' ? r.posting_date : b.posting_date);

/** A column of the movements `m` as the outer query names it. */
const col = (name: string) => sql`${sql.identifier('m')}.${sql.identifier(name)}`;

/**
 * The movements from from_date to to_date with the running balance: the window runs over every movement up to
 * to_date (so the rows before from_date make the opening), then only the period's rows are kept.
 */
function movements(db: DbOrTx, scope: Scope, p: CashbookPeriod) {
  const c = movementColumns(p.type);
  const order = sql`partition by ${c.franchise_code.getSQL()} order by ${dateCol(p.type)}, ${c.at.getSQL()}, ${c.id.getSQL()}`;
  const w = db
    .select({
      ...c,
      balance:
        sql<string>`sum(${c.amount.getSQL()}) over (${order} rows between unbounded preceding and current row)`.as(
          'balance',
        ),
    })
    .from(p.type === 'cash' ? r : b)
    .where(and(movementWhere(p.type, scope, p.franchise_code || undefined), sql`${dateCol(p.type)} <= ${p.to_date}`))
    .as('w');
  const w2 = (name: string) => sql`${sql.identifier('w')}.${sql.identifier(name)}`;
  return db
    .select({
      id: sql<number>`${w2('id')}`.as('id'),
      key: sql<string>`${w2('key')}`.as('key'),
      posting_date: sql<string>`${w2('posting_date')}`.as('posting_date'),
      type: sql<string>`${w2('type')}`.as('type'),
      document_type: sql<string>`${w2('document_type')}`.as('document_type'),
      document_no: sql<string>`${w2('document_no')}`.as('document_no'),
      description: sql<string>`${w2('description')}`.as('description'),
      franchise_code: sql<string>`${w2('franchise_code')}`.as('franchise_code'),
      location_code: sql<string>`${w2('location_code')}`.as('location_code'),
      customer_no: sql<string>`${w2('customer_no')}`.as('customer_no'),
      customer_name: sql<string>`${w2('customer_name')}`.as('customer_name'),
      pos_so_no: sql<string>`${w2('pos_so_no')}`.as('pos_so_no'),
      bank_account_no: sql<string>`${w2('bank_account_no')}`.as('bank_account_no'),
      amount: sql<string>`${w2('amount')}`.as('amount'),
      at: sql<string>`${w2('at')}`.as('at'),
      balance: sql<string>`${w2('balance')}`.as('balance'),
    })
    .from(w)
    .where(sql`${w2('posting_date')} >= ${p.from_date}::date`)
    .as('m');
}

const TEXT = [
  'key',
  'type',
  'document_type',
  'document_no',
  'description',
  'franchise_code',
  'location_code',
  'customer_no',
  'customer_name',
  'pos_so_no',
  'bank_account_no',
] as const;
const amountIn = sql`greatest(${col('amount')}, 0)`;
const amountOut = sql`greatest(-${col('amount')}, 0)`;

type DbRow = Omit<CashbookRow, 'type'> & { type: string };

/** POST /api/cashbook/filter: the movements of the body's book and period; every row field filters and sorts. */
export function cashbookList(auth: Auth, body: CashbookBody): ListSpec<DbRow, CashbookRow> {
  return {
    source: (db, extra) =>
      db
        .select({
          ...Object.fromEntries(TEXT.map((f) => [f, sql<string>`${col(f)}`.as(f)])),
          posting_date: sql<string>`${col('posting_date')}::text`.as('posting_date'),
          amount_in: sql<string>`${amountIn}`.as('amount_in'),
          amount_out: sql<string>`${amountOut}`.as('amount_out'),
          balance: sql<string>`${col('balance')}`.as('balance'),
          ...extra,
        } as never)
        .from(movements(db, auth.scope, body))
        .$dynamic(),
    fields: {
      ...Object.fromEntries(TEXT.map((f) => [f, { expr: col(f), type: 'text' as const }])),
      posting_date: { expr: col('posting_date'), type: 'date' },
      amount_in: { expr: amountIn, type: 'number' },
      amount_out: { expr: amountOut, type: 'number' },
      balance: { expr: col('balance'), type: 'number' },
    },
    filterable: [...TEXT, 'posting_date', 'amount_in', 'amount_out', 'balance'],
    sortable: [...TEXT, 'posting_date', 'amount_in', 'amount_out', 'balance'],
    defaultSort: { field: 'posting_date', direction: 'asc' },
    key: sql`(${col('at')}, ${col('id')})`,
    map: (row) => ({
      ...row,
      type: row.type as CashbookType,
      amount_in: toMoney(row.amount_in),
      amount_out: toMoney(row.amount_out),
      balance: toMoney(row.balance),
    }),
  };
}

/** The cashbook list's check: a store that names another franchise is 404, as on the balance. */
export const cashbookCheck = async (db: DbOrTx, auth: Auth, body: CashbookBody) => {
  if (body.franchise_code) await auth.scope.own(db, body.franchise_code);
};

/** The scope of the cashbook list: the movement's franchise. */
export const cashbookScope = (s: Scope) => s.franchise(col('franchise_code'));

/**
 * POST /api/cashbook/balance: opening = Σ movements before from_date; in / out = Σ positive / −Σ negative movements
 * from from_date to to_date; closing = opening + in − out. A store that names another franchise: 404.
 */
export async function cashbookBalance(db: DbOrTx, auth: Auth, p: CashbookPeriod): Promise<CashbookBalance> {
  const franchise = p.franchise_code ? await auth.scope.own(db, p.franchise_code) : undefined;
  const c = movementColumns(p.type);
  const amount = c.amount.getSQL();
  const date = dateCol(p.type);
  const inRange = sql`${date} >= ${p.from_date}::date`;
  const [row] = await db
    .select({
      opening: sql<string>`coalesce(sum(case when ${date} < ${p.from_date}::date then ${amount} else 0 end), 0)`,
      total_in: sql<string>`coalesce(sum(case when ${inRange} and ${amount} > 0 then ${amount} else 0 end), 0)`,
      total_out: sql<string>`coalesce(sum(case when ${inRange} and ${amount} < 0 then -${amount} else 0 end), 0)`,
    })
    .from(p.type === 'cash' ? r : b)
    .where(and(movementWhere(p.type, auth.scope, franchise), sql`${date} <= ${p.to_date}::date`));
  const opening = D(row?.opening);
  const totalIn = D(row?.total_in);
  const totalOut = D(row?.total_out);
  return {
    from_date: p.from_date,
    to_date: p.to_date,
    type: p.type,
    franchise_code: franchise ?? '',
    opening_balance: toMoney(opening),
    total_in: toMoney(totalIn),
    total_out: toMoney(totalOut),
    closing_balance: toMoney(opening.plus(totalIn).minus(totalOut)),
  };
}

export const cashbookExportColumns: ExportColumn[] = [
  { key: 'posting_date', header: 'Date', format: 'date' },
  { key: 'type', header: 'Type' },
  { key: 'document_type', header: 'Document Type' },
  { key: 'document_no', header: 'Document No', width: 22 },
  { key: 'description', header: 'Description', width: 36 },
  { key: 'customer_no', header: 'Customer No', width: 22 },
  { key: 'customer_name', header: 'Customer Name', width: 28 },
  { key: 'bank_account_no', header: 'Bank Account No', width: 18 },
  { key: 'amount_in', header: 'Amount In', format: 'money', width: 16 },
  { key: 'amount_out', header: 'Amount Out', format: 'money', width: 16 },
  { key: 'balance', header: 'Balance', format: 'money', width: 16 },
  { key: 'franchise_code', header: 'Franchise' },
];
