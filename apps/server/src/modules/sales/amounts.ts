import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customerLedgerEntries } from '../ledger/schema.js';
import { salesOrders } from './schema.js';

// The remaining amount of an order (issue 9; README "Amounts"), one SQL expression for the list and the answer:
//   remaining = amount due − credited − settled
// - amount due: 0 once canceled; Σ its invoices once invoiced (what was never shipped is no longer owed); else the
//   grand total;
// - credited: Σ grand totals of its credit memos (goods returned are not owed; on a canceled order there are none);
// - settled: −Σ customer ledger entries 'payment' (processed cash receipts; a refund is a negative receipt) and
//   'adjustment' (PUT …/remaining-amount) of the order. Open receipts never count.
// Negative: the store owes the customer (a refund receipt pays it back).

/** Entry types of the customer ledger that settle an order: processed receipts and remaining-amount adjustments. */
export const SETTLING_ENTRY_TYPES = ['payment', 'adjustment'] as const;

/** What was settled on an order: −Σ its 'payment' and 'adjustment' customer ledger entries (0 when none). */
export const paidOnOrderSql = (orderNo: SQL = sql`"sales_orders"."pos_so_no"`): SQL<string> =>
  sql<string>`coalesce((select -sum(${customerLedgerEntries.amount}) from ${customerLedgerEntries}
    where ${customerLedgerEntries.order_no} = ${orderNo} and ${customerLedgerEntries.entry_type} in ('payment', 'adjustment')), 0)`;

/**
 * What the customer owes on the order before credits and payments: nothing once it is canceled; its grand total while
 * it is being delivered; once it is invoiced (everything shipped was invoiced, the rest closed) what its invoices say.
 */
export const amountDueSql = (): SQL<string> =>
  sql<string>`case when ${salesOrders.status} = 'canceled' then 0 when ${salesOrders.status} = 'invoiced' then coalesce((select sum(si.amount) from sales_invoices si
    where si.pos_so_no = "sales_orders"."pos_so_no"), 0) else ${salesOrders.grand_total} end`;

/**
 * Credited to the customer by credit memos of an order: Σ their grand totals. (`<> ''` lets PostgreSQL use the
 * partial index sales_orders_applies_to; without it every order's read scans every sales document.)
 */
export const creditedAmountSql = (): SQL<string> =>
  sql<string>`coalesce((select sum(cm.grand_total) from sales_orders cm
    where cm.applies_to_order_no = "sales_orders"."pos_so_no" and cm.applies_to_order_no <> ''
      and cm.document_type = 'credit_memo'), 0)::numeric(18,2)`;

/** The remaining amount of the order row in scope (amount due − credited − settled), for lists and reads. */
export const remainingAmountSql = (): SQL<string> =>
  sql<string>`(${amountDueSql()} - ${creditedAmountSql()} - ${paidOnOrderSql()})::numeric(18,2)`;

export async function amountsOf(db: DbOrTx, posSoNo: string) {
  const [row] = await db
    .select({ remaining_amount: remainingAmountSql(), credited_amount: creditedAmountSql() })
    .from(salesOrders)
    .where(and(eq(salesOrders.pos_so_no, posSoNo)));
  return row ?? { remaining_amount: '0.00', credited_amount: '0.00' };
}
