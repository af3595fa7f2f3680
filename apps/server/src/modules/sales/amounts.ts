import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customerLedgerEntries } from '../ledger/schema.js';
import { salesOrders } from './schema.js';

// remaining_amount = grand total − processed payments (issue 8; issue 9 adds receipts and adjustments here, once).
// Payments are customer ledger entries of type 'payment' against the order (negative amounts).

/** What was paid on an order: −Σ payment entries of the order (0 when none). */
export const paidOnOrderSql = (orderNo: SQL = sql`"sales_orders"."pos_so_no"`): SQL<string> =>
  sql<string>`coalesce((select -sum(${customerLedgerEntries.amount}) from ${customerLedgerEntries}
    where ${customerLedgerEntries.order_no} = ${orderNo} and ${customerLedgerEntries.entry_type} = 'payment'), 0)`;

/**
 * What the customer owes on the order: its grand total while it is being delivered; once it is invoiced (everything
 * shipped was invoiced, the rest closed) what its invoices say, since what was never shipped is no longer owed.
 */
export const amountDueSql = (): SQL<string> =>
  sql<string>`case when ${salesOrders.status} = 'invoiced' then coalesce((select sum(si.amount) from sales_invoices si
    where si.pos_so_no = "sales_orders"."pos_so_no"), 0) else ${salesOrders.grand_total} end`;

/** The remaining amount of the order row in scope (amount due − payments), as a SQL expression for lists and reads. */
export const remainingAmountSql = (): SQL<string> =>
  sql<string>`(${amountDueSql()} - ${paidOnOrderSql()})::numeric(18,2)`;

/** Credited to the customer by credit memos of an order: Σ their grand totals. */
export const creditedAmountSql = (): SQL<string> =>
  sql<string>`coalesce((select sum(cm.grand_total) from sales_orders cm
    where cm.applies_to_order_no = "sales_orders"."pos_so_no" and cm.document_type = 'credit_memo'), 0)::numeric(18,2)`;

export async function amountsOf(db: DbOrTx, posSoNo: string) {
  const [row] = await db
    .select({ remaining_amount: remainingAmountSql(), credited_amount: creditedAmountSql() })
    .from(salesOrders)
    .where(and(eq(salesOrders.pos_so_no, posSoNo)));
  return row ?? { remaining_amount: '0.00', credited_amount: '0.00' };
}
