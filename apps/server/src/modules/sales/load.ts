import { asc, eq } from 'drizzle-orm';
import type { SalesOrder } from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Scope } from '../../http/scope.js';
import { businessRule, notFound, staleVersion } from '../../http/errors.js';
import { erpSyncOf } from '../../kernel/outbox.js';
import { D, toMoney, vatContained } from '../../kernel/money.js';
import { amountsOf } from './amounts.js';
import { salesInvoices, salesOrderLines, salesOrders, salesShipments } from './schema.js';
import { documentTotals } from './totals.js';

export const SALES_ORDER_NOT_FOUND = 'Sales order';
export type SalesOrderRow = typeof salesOrders.$inferSelect;
export type SalesLineRow = typeof salesOrderLines.$inferSelect;

/** The ERP document kind of a sales document. */
export const erpKindOf = (documentType: string) =>
  documentType === 'quote' ? 'sales_quote' : documentType === 'credit_memo' ? 'sales_credit_memo' : 'sales_order';

/** Reads one sales document in the caller's scope (another franchise's is "Sales order not found"). */
export async function findSalesOrder(db: DbOrTx, scope: Scope, posSoNo: string): Promise<SalesOrderRow> {
  const [row] = await db.select().from(salesOrders).where(eq(salesOrders.pos_so_no, posSoNo));
  if (!row) throw notFound(SALES_ORDER_NOT_FOUND);
  scope.assert(row.franchise_code, SALES_ORDER_NOT_FOUND);
  return row;
}

/**
 * Locks one sales document for a change (`SELECT … FOR UPDATE`) in the caller's scope: another franchise's or a
 * missing one is 404 "Sales order not found", then a stale `version` is 409 — in that order, so existence never leaks.
 */
export async function lockSalesOrder(tx: Tx, scope: Scope, posSoNo: string, version?: number): Promise<SalesOrderRow> {
  const [row] = await tx.select().from(salesOrders).where(eq(salesOrders.pos_so_no, posSoNo)).for('update');
  if (!row) throw notFound(SALES_ORDER_NOT_FOUND);
  scope.assert(row.franchise_code, SALES_ORDER_NOT_FOUND);
  if (version !== undefined && row.version !== version) throw staleVersion();
  return row;
}

/** The entity name of a document type, as the machines name it ("Sales Order", "Sales Quote"). */
export const salesEntityOf = (documentType: string) =>
  documentType === 'quote' ? 'Sales Quote' : documentType === 'credit_memo' ? 'Sales Credit Memo' : 'Sales Order';

/** Statuses in which an order's lines can still ship (postQty, comments and the requested delivery date). */
export const ORDER_UNSHIPPED_STATUSES = ['open', 'released', 'confirmed', 'partial_delivered'] as const;
/** Statuses of a quote that is still alive. */
export const QUOTE_LIVE_STATUSES = ['open', 'released'] as const;

/**
 * 422 `status_not_allowed` naming `status` when the document's status is not one of `allowed`:
 * "Sales Order in status released cannot change lines".
 */
export function assertStatus(doc: SalesOrderRow, allowed: readonly string[], what: string): void {
  if (!allowed.includes(doc.status))
    throw businessRule(
      `${salesEntityOf(doc.document_type)} in status ${doc.status} cannot ${what}`,
      'status_not_allowed',
      'status',
    );
}

/** `GET /api/sales-orders/{pos_so_no}`: the header with its lines, fees, totals, posted documents and ERP sync state. */
export async function getSalesOrder(db: DbOrTx, scope: Scope, posSoNo: string): Promise<SalesOrder> {
  const header = await findSalesOrder(db, scope, posSoNo);
  const [lines, shipments, invoices, creditMemos, amounts, erp] = await Promise.all([
    db
      .select()
      .from(salesOrderLines)
      .where(eq(salesOrderLines.pos_so_no, posSoNo))
      .orderBy(asc(salesOrderLines.line_no)),
    db
      .select({ pos_ss_no: salesShipments.pos_ss_no, posting_date: salesShipments.posting_date })
      .from(salesShipments)
      .where(eq(salesShipments.pos_so_no, posSoNo))
      .orderBy(asc(salesShipments.pos_ss_no)),
    db
      .select({
        pos_si_no: salesInvoices.pos_si_no,
        posting_date: salesInvoices.posting_date,
        amount: salesInvoices.amount,
      })
      .from(salesInvoices)
      .where(eq(salesInvoices.pos_so_no, posSoNo))
      .orderBy(asc(salesInvoices.pos_si_no)),
    db
      .select({
        pos_so_no: salesOrders.pos_so_no,
        posting_date: salesOrders.posting_date,
        amount: salesOrders.grand_total,
      })
      .from(salesOrders)
      .where(eq(salesOrders.applies_to_order_no, posSoNo))
      .orderBy(asc(salesOrders.pos_so_no)),
    amountsOf(db, posSoNo),
    erpSyncOf(db, erpKindOf(header.document_type), posSoNo),
  ]);
  const itemLines = lines.filter((l) => l.line_type === 'item');
  const totals = documentTotals(itemLines, header.invoice_discount_amount);
  const { id: _id, created_by: _by, auto_promotion: _auto, ...rest } = header as SalesOrderRow & { id?: number };
  return {
    ...rest,
    totals: { ...totals, remaining_amount: amounts.remaining_amount, credited_amount: amounts.credited_amount },
    remaining_amount: amounts.remaining_amount,
    lines: itemLines.map(
      ({ id: _lineId, pos_so_no: _no, qty_per_unit_of_measure: _q, created_at: _c, updated_at: _u, ...l }) => ({
        ...l,
        vat_amount: vatContained(l.amount, l.vat_percent),
      }),
    ),
    fees: [],
    shipments,
    invoices,
    credit_memos: creditMemos.map((c) => ({ ...c, posting_date: c.posting_date ?? '', amount: toMoney(D(c.amount)) })),
    erp,
  };
}
