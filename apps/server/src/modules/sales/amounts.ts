import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customerLedgerEntries } from '../ledger/schema.js';
import { salesOrders } from './schema.js';

// remaining_amount = grand total − processed payments (issue 8; issue 9 adds receipts and adjustments here, once).
// Payments are customer ledger entries of type 'payment' against the order (negative amounts).

/** What was paid on an order: −Σ payment entries of the order (0 when none). */
export const paidOnOrderSql = (orderNo: SQL | typeof salesOrders.pos_so_no = salesOrders.pos_so_no): SQL<string> =>
  sql<string>`coalesce((select -sum(${customerLedgerEntries.amount}) from ${customerLedgerEntries}
    where ${customerLedgerEntries.order_no} = ${orderNo} and ${customerLedgerEntries.entry_type} = 'payment'), 0)`;

/** The remaining amount of the order row in scope, as a SQL expression for lists and reads. */
export const remainingAmountSql = (): SQL<string> =>
  sql<string>`(${salesOrders.grand_total} - ${paidOnOrderSql()})::numeric(18,2)`;

/** Credited to the customer by credit memos of an order: Σ their grand totals. */
export const creditedAmountSql = (): SQL<string> =>
  sql<string>`coalesce((select sum(cm.grand_total) from sales_orders cm
    where cm.applies_to_order_no = ${salesOrders.pos_so_no} and cm.document_type = 'credit_memo'), 0)::numeric(18,2)`;

export async function amountsOf(db: DbOrTx, posSoNo: string) {
  const [row] = await db
    .select({ remaining_amount: remainingAmountSql(), credited_amount: creditedAmountSql() })
    .from(salesOrders)
    .where(and(eq(salesOrders.pos_so_no, posSoNo)));
  return row ?? { remaining_amount: '0.00', credited_amount: '0.00' };
}
