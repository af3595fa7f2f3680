import { and, eq, ne, sql } from 'drizzle-orm';
import type { RemainingAmountHistoryRow } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { ListSpec } from '../../http/list.js';
import type { ExportColumn } from '../../http/list-route.js';
import type { Scope } from '../../http/scope.js';
import { toMoney } from '../../kernel/money.js';
import { customerLedgerEntries as e } from '../ledger/schema.js';
import { amountDueSql } from '../sales/amounts.js';
import { salesOrders } from '../sales/schema.js';

// POST /api/remaining-amount-history/filter (README.md here; calls.md 7.13; issue 11): every customer ledger entry of
// an order (order_no = pos_so_no, documents of type order) in posting order, with the order's remaining amount after
// it — a window over the order's ledger:
//   remaining after an entry = amount due of the order (sales/amounts.ts) + Σ the order's entries up to it that are
//   not 'invoice' (credit memos, payments, adjustments; an invoice records the sale the amount due already counts).
// The last entry's remaining amount is therefore the order's remaining amount (Σ settling and credit entries).

const col = (name: string) => sql`${sql.identifier('h')}.${sql.identifier(name)}`;

function history(db: DbOrTx) {
  return db
    .select({
      entry_id: sql<number>`${e.id}`.as('entry_id'),
      pos_so_no: sql<string>`${e.order_no}`.as('pos_so_no'),
      franchise_code: sql<string>`${e.franchise_code}`.as('franchise_code'),
      customer_no: sql<string>`${e.customer_no}`.as('customer_no'),
      posting_date: sql<string>`${e.posting_date}`.as('posting_date'),
      entry_type: sql<string>`${e.entry_type}`.as('entry_type'),
      document_type: sql<string>`${e.document_type}`.as('document_type'),
      document_no: sql<string>`${e.document_no}`.as('document_no'),
      amount: sql<string>`${e.amount}`.as('amount'),
      created_at: sql<string>`${e.created_at}`.as('created_at'),
      remaining_amount:
        sql<string>`(${amountDueSql()} + sum(case when ${e.entry_type} <> 'invoice' then ${e.amount} else 0 end)
        over (partition by ${e.order_no} order by ${e.id} rows between unbounded preceding and current row))::numeric(18,2)`.as(
          'remaining_amount',
        ),
    })
    .from(e)
    .innerJoin(salesOrders, and(eq(salesOrders.pos_so_no, e.order_no), eq(salesOrders.document_type, 'order')))
    .where(ne(e.order_no, ''))
    .as('h');
}

const TEXT = ['pos_so_no', 'franchise_code', 'customer_no', 'entry_type', 'document_type', 'document_no'] as const;

export const remainingAmountHistoryList: ListSpec<RemainingAmountHistoryRow> = {
  source: (db, extra) =>
    db
      .select({
        ...Object.fromEntries(TEXT.map((f) => [f, sql<string>`${col(f)}`.as(f)])),
        entry_id: sql<number>`${col('entry_id')}`.mapWith(Number).as('entry_id'),
        posting_date: sql<string>`${col('posting_date')}::text`.as('posting_date'),
        amount: sql<string>`${col('amount')}`.as('amount'),
        remaining_amount: sql<string>`${col('remaining_amount')}`.as('remaining_amount'),
        created_at: sql<string>`${col('created_at')}`.as('created_at'),
        ...extra,
      } as never)
      .from(history(db))
      .$dynamic(),
  fields: {
    ...Object.fromEntries(TEXT.map((f) => [f, { expr: col(f), type: 'text' as const }])),
    entry_id: { expr: col('entry_id'), type: 'number' },
    posting_date: { expr: col('posting_date'), type: 'date' },
    amount: { expr: col('amount'), type: 'number' },
    remaining_amount: { expr: col('remaining_amount'), type: 'number' },
    created_at: { expr: col('created_at'), type: 'datetime' },
  },
  filterable: [...TEXT, 'entry_id', 'posting_date', 'amount', 'remaining_amount', 'created_at'],
  sortable: [...TEXT, 'entry_id', 'posting_date', 'amount', 'remaining_amount', 'created_at'],
  defaultSort: { field: 'entry_id', direction: 'asc' },
  key: col('entry_id'),
  map: (r) => ({ ...r, amount: toMoney(r.amount), remaining_amount: toMoney(r.remaining_amount) }),
};

export const remainingAmountHistoryScope = (s: Scope) => s.franchise(col('franchise_code'));

export const remainingAmountHistoryExportColumns: ExportColumn[] = [
  { key: 'pos_so_no', header: 'POSSO No', width: 22 },
  { key: 'posting_date', header: 'Posting Date', format: 'date' },
  { key: 'entry_type', header: 'Entry Type' },
  { key: 'document_type', header: 'Document Type', width: 24 },
  { key: 'document_no', header: 'Document No', width: 22 },
  { key: 'customer_no', header: 'Customer No', width: 22 },
  { key: 'amount', header: 'Amount', format: 'money', width: 16 },
  { key: 'remaining_amount', header: 'Remaining Amount', format: 'money', width: 18 },
];
