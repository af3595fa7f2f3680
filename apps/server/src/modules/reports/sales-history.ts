import { and, asc, eq, sql } from 'drizzle-orm';
import { reportMessages, type SalesHistoryDetail, type SalesHistoryRow } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import type { Scope } from '../../http/scope.js';
import { toMoney, toQty } from '../../kernel/money.js';
import { salesInvoiceLines, salesInvoices, salesOrders as o } from '../sales/schema.js';

// Sales history (calls.md 7.12 "historical sales"): per order a customer bought, from its posted invoices only —
// lines, quantity and amount are Σ the order's invoices (sales_invoices, sales_invoice_lines), one lateral
// aggregate per order over the index sales_invoices_order. Orders without an invoice are not in it.

const inv = sql`inv`;
const x = (name: string) => sql`${inv}.${sql.identifier(name)}`;
/** Σ of the order's invoices: count of invoice lines, Σ quantity, Σ amount (invoice amounts, discounts and fees in). */
const invoiced = sql`lateral (
  select count(*) filter (where l.line_no is not null) as lines,
         coalesce(sum(l.quantity), 0) as quantity,
         (select coalesce(sum(s2.amount), 0) from ${salesInvoices} s2 where s2.pos_so_no = ${o.pos_so_no}) as amount,
         count(distinct s.pos_si_no) as invoices
    from ${salesInvoices} s left join ${salesInvoiceLines} l on l.pos_si_no = s.pos_si_no
   where s.pos_so_no = ${o.pos_so_no}
) ${inv}`;

const TEXT = [
  'pos_so_no',
  'customer_no',
  'customer_name',
  'phone',
  'franchise_code',
  'location_code',
  'sales_type',
  'status',
] as const;

type Row = Omit<SalesHistoryRow, 'lines'> & { lines: number | string };

export const salesHistoryScope = (s: Scope) => s.franchise(o.franchise_code);

export const salesHistoryList: ListSpec<Row, SalesHistoryRow> = {
  source: (db, extra) =>
    db
      .select({
        pos_so_no: o.pos_so_no,
        order_date: o.order_date,
        customer_no: o.sell_to_code,
        customer_name: o.sell_to_name,
        phone: o.sell_to_phone_no,
        franchise_code: o.franchise_code,
        location_code: o.location_code,
        sales_type: o.sales_type,
        lines: sql<number>`${x('lines')}`.mapWith(Number).as('lines'),
        quantity: sql<string>`${x('quantity')}`.as('quantity'),
        amount: sql<string>`${x('amount')}`.as('amount'),
        status: o.status,
        ...extra,
      })
      .from(o)
      .innerJoin(invoiced, sql`${x('invoices')} > 0`)
      .$dynamic(),
  where: eq(o.document_type, 'order'),
  fields: {
    pos_so_no: o.pos_so_no,
    order_date: o.order_date,
    customer_no: o.sell_to_code,
    customer_name: o.sell_to_name,
    phone: o.sell_to_phone_no,
    franchise_code: o.franchise_code,
    location_code: o.location_code,
    sales_type: o.sales_type,
    status: o.status,
    lines: { expr: x('lines'), type: 'number' },
    quantity: { expr: x('quantity'), type: 'number' },
    amount: { expr: x('amount'), type: 'number' },
  },
  filterable: [...TEXT, 'order_date', 'lines', 'quantity', 'amount'],
  sortable: [...TEXT, 'order_date', 'lines', 'quantity', 'amount'],
  defaultSort: { field: 'order_date', direction: 'desc' },
  key: o.pos_so_no,
  map: (r) => ({ ...r, lines: Number(r.lines), quantity: toQty(r.quantity), amount: toMoney(r.amount) }),
};

/** One order of the history with its invoices and their lines; another franchise's or an unbilled order is 404. */
export async function getSalesHistory(db: DbOrTx, scope: Scope, posSoNo: string): Promise<SalesHistoryDetail> {
  const rows = await salesHistoryList
    .source(db, { __total: sql<number>`1`.as('__total') })
    .where(and(salesHistoryList.where, eq(o.pos_so_no, posSoNo), scope.franchise(o.franchise_code)))
    .limit(1);
  const row = rows[0];
  if (!row) throw new AppError(404, 'not_found', reportMessages.salesHistoryNotFound, 'pos_so_no');
  const invoices = await db
    .select({
      pos_si_no: salesInvoices.pos_si_no,
      posting_date: salesInvoices.posting_date,
      amount: salesInvoices.amount,
    })
    .from(salesInvoices)
    .where(eq(salesInvoices.pos_so_no, posSoNo))
    .orderBy(asc(salesInvoices.posting_date), asc(salesInvoices.pos_si_no));
  const lines = await db
    .select({
      pos_si_no: salesInvoiceLines.pos_si_no,
      line_no: salesInvoiceLines.line_no,
      item_no: salesInvoiceLines.item_no,
      variant_code: salesInvoiceLines.variant_code,
      description: salesInvoiceLines.description,
      unit_of_measure: salesInvoiceLines.unit_of_measure,
      quantity: salesInvoiceLines.quantity,
      unit_price: salesInvoiceLines.unit_price,
      line_discount_amount: salesInvoiceLines.line_discount_amount,
      amount: salesInvoiceLines.amount,
    })
    .from(salesInvoiceLines)
    .innerJoin(salesInvoices, eq(salesInvoices.pos_si_no, salesInvoiceLines.pos_si_no))
    .where(eq(salesInvoices.pos_so_no, posSoNo))
    .orderBy(asc(salesInvoices.posting_date), asc(salesInvoiceLines.pos_si_no), asc(salesInvoiceLines.line_no));
  const [credited] = await db
    .select({ amount: sql<string>`coalesce(sum(${o.grand_total}), 0)` })
    .from(o)
    .where(and(eq(o.document_type, 'credit_memo'), eq(o.applies_to_order_no, posSoNo)));
  const { __total: _t, ...r } = row as Row & { __total: number };
  return {
    ...salesHistoryList.map!(r),
    invoices: invoices.map((i) => ({ ...i, amount: toMoney(i.amount) })),
    invoiced_lines: lines.map((l) => ({
      ...l,
      quantity: toQty(l.quantity),
      unit_price: toMoney(l.unit_price),
      line_discount_amount: toMoney(l.line_discount_amount),
      amount: toMoney(l.amount),
    })),
    credited_amount: toMoney(credited.amount),
  };
}
