import { sql, type SQL } from 'drizzle-orm';

// The money of a purchase order that is never stored (README "Money"): one SQL expression per figure, used by the
// list, the answer (get) and GET …/remaining-amount, evaluated on a row of `purchase_orders` in scope.
//   invoiced  = Σ vendor ledger 'invoice' entries of the order (head office invoices what it ships)
//   credited  = −Σ 'credit_memo' entries (a positive amount)
//   paid      = −Σ 'payment' entries (a positive amount)
//   payable   = Σ every vendor ledger entry of the order (what the franchise owes head office for it)
//   remaining = max(0, due − invoiced), due = 0 when canceled, Σ invoiced once invoiced (closed: what was not
//               shipped is no longer outstanding), else the grand total.

const orderNo = sql`"purchase_orders"."pos_po_no"`;

const ledgerSum = (where: SQL): SQL<string> =>
  sql<string>`coalesce((select sum(vle.amount) from vendor_ledger_entries vle
    where vle.order_no = ${orderNo} and ${where}), 0)`;

/** Σ head office invoices of the order (vendor ledger, positive). */
export const invoicedAmountSql = (): SQL<string> =>
  sql<string>`(${ledgerSum(sql`vle.entry_type = 'invoice'`)})::numeric(18,2)`;
/** Σ credit memos of the order (vendor ledger, as a positive amount). */
export const creditedAmountSql = (): SQL<string> =>
  sql<string>`(-${ledgerSum(sql`vle.entry_type = 'credit_memo'`)})::numeric(18,2)`;
/** Σ payments against the order (vendor ledger, as a positive amount). */
export const paidAmountSql = (): SQL<string> =>
  sql<string>`(-${ledgerSum(sql`vle.entry_type = 'payment'`)})::numeric(18,2)`;
/** What the franchise owes head office for the order: Σ all its vendor ledger entries. */
export const payableSql = (): SQL<string> => sql<string>`(${ledgerSum(sql`true`)})::numeric(18,2)`;

/** What is still to be invoiced (never negative). */
export const remainingAmountSql = (): SQL<string> =>
  sql<string>`greatest(0, case "purchase_orders"."status" when 'canceled' then 0
    when 'invoiced' then ${ledgerSum(sql`vle.entry_type = 'invoice'`)}
    else "purchase_orders"."grand_total" end - ${ledgerSum(sql`vle.entry_type = 'invoice'`)})::numeric(18,2)`;

/** The figures of GET …/remaining-amount, for a select over `purchase_orders`. */
export const purchaseAmountsSql = () => ({
  invoiced_amount: invoicedAmountSql(),
  credited_amount: creditedAmountSql(),
  paid_amount: paidAmountSql(),
  remaining_amount: remainingAmountSql(),
  payable: payableSql(),
});
