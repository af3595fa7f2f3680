import { and, asc, eq, sql } from 'drizzle-orm';
import {
  businessDate,
  minRequestedReceiptDate,
  purchaseCreditMemoDocument,
  purchaseOrderDocument,
  type DocumentRow,
  type PurchaseOrder,
  type PurchaseOrderLine,
} from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Scope } from '../../http/scope.js';
import { notFound } from '../../http/errors.js';
import { lockEditableOne } from '../../kernel/status.js';
import { erpDocumentSync } from '../../kernel/outbox.js';
import { D, toMoney } from '../../kernel/money.js';
import { franchises } from '../franchises/schema.js';
import { purchaseAmountsSql } from './amounts.js';
import { purchaseOrderLines, purchaseOrders } from './schema.js';

// Reading and locking purchase orders (README). Another franchise's order is "Purchase order not found" (404), a
// stale version 409 — in that order, so existence never leaks.

export const PURCHASE_ORDER_NOT_FOUND = 'Purchase order';
export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseLineRow = typeof purchaseOrderLines.$inferSelect;

/** The ERP document kind of a purchase document. */
export const purchaseErpKind = (type: string) => (type === 'Credit Memo' ? 'purchase_credit_memo' : 'purchase_order');

/** One purchase order in the caller's scope (missing or another franchise's: 404 "Purchase order not found"). */
export async function findPurchaseOrder(db: DbOrTx, scope: Scope, posPoNo: string): Promise<PurchaseOrderRow> {
  const [row] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.pos_po_no, posPoNo));
  if (!row) throw notFound(PURCHASE_ORDER_NOT_FOUND);
  scope.assert(row.franchise_code, PURCHASE_ORDER_NOT_FOUND);
  return row;
}

/** Where a purchase document lives, in the caller's scope; its declaration is its type's (order, credit memo). */
const purchaseTarget = (scope: Scope, posPoNo: string) => ({
  table: purchaseOrders,
  document: (row: DocumentRow) => (row.type === 'Credit Memo' ? purchaseCreditMemoDocument : purchaseOrderDocument),
  key: [purchaseOrders.pos_po_no, posPoNo] as [typeof purchaseOrders.pos_po_no, string],
  statusColumn: purchaseOrders.status,
  versionColumn: purchaseOrders.version,
  where: scope.franchise(purchaseOrders.franchise_code),
  notFoundAs: PURCHASE_ORDER_NOT_FOUND,
});

/**
 * Locks one purchase document for a change of its declaration ('header', 'lines'; contract documents.ts): 404 first
 * (scope), then 409 for a stale `version`, then 422 status_not_allowed naming `status`: "Purchase Order in status
 * released cannot change lines" ("Purchase Credit Memo PCM… is posted and cannot change lines").
 */
export const lockPurchaseForChange = (tx: Tx, scope: Scope, posPoNo: string, version: number, change: string) =>
  lockEditableOne<typeof purchaseOrders, PurchaseOrderRow>(tx, { ...purchaseTarget(scope, posPoNo), version, change });

/** The franchise's first allowed requested receipt date: the business date + receipt_lead_time. */
export async function minReceiptDateOf(db: DbOrTx, franchiseCode: string): Promise<string> {
  const [f] = await db
    .select({ lead: franchises.receipt_lead_time })
    .from(franchises)
    .where(eq(franchises.customer_no, franchiseCode));
  return minRequestedReceiptDate(businessDate(), f?.lead ?? 0);
}

type LineDates = { line_no: number; posting_date: string | null; shipment_date: string | null };
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows?: T[] }).rows ?? [])) as T[];

/**
 * The lines of an order as the shipment line table shows them: the stored quantities (books verify each against
 * its posted lines) and, from the posted tables, the last receipt's posting date and the last shipment's date.
 */
export async function purchaseLinesOf(db: DbOrTx, posPoNo: string): Promise<PurchaseOrderLine[]> {
  const lines = await db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.pos_po_no, posPoNo))
    .orderBy(asc(purchaseOrderLines.line_no));
  if (!lines.length) return [];
  const dates = rowsOf<LineDates>(
    await db.execute(sql`
      select l.line_no, r.posting_date::text as posting_date, s.shipment_date::text as shipment_date
        from purchase_order_lines l
        left join (select rl.order_line_no, max(pr.posting_date) as posting_date
                     from purchase_receipt_lines rl join purchase_receipts pr on pr.pos_pr_no = rl.pos_pr_no
                    where pr.pos_po_no = ${posPoNo} group by rl.order_line_no) r on r.order_line_no = l.line_no
        left join (select sl.order_line_no, max(ps.shipment_date) as shipment_date
                     from purchase_shipment_lines sl join purchase_shipments ps on ps.no = sl.no
                    where ps.pos_po_no = ${posPoNo} group by sl.order_line_no) s on s.order_line_no = l.line_no
       where l.pos_po_no = ${posPoNo}`),
  );
  const dateOf = new Map(dates.map((d) => [Number(d.line_no), d]));
  return lines.map((l) => ({
    line_no: l.line_no,
    item_no: l.item_no,
    variant_code: l.variant_code,
    description: l.description,
    unit_of_measure: l.unit_of_measure,
    location_code: l.location_code,
    purchase_qty: l.purchase_qty,
    unit_price: l.unit_price,
    line_discount_amount: l.line_discount_amount,
    amount: l.amount,
    vat_percent: l.vat_percent,
    qty_shipped: l.qty_shipped,
    qty_to_receive: D(l.qty_shipped).minus(l.qty_received).toFixed(5),
    qty_received: l.qty_received,
    qty_invoiced: l.qty_invoiced,
    qty_credit_memo: D(l.qty_received).minus(l.qty_credited).toFixed(5),
    qty_credited_memo: l.qty_credited,
    posting_date: dateOf.get(l.line_no)?.posting_date ?? null,
    shipment_date: dateOf.get(l.line_no)?.shipment_date ?? null,
    campaign: l.campaign,
    costcenter: l.costcenter,
    gen_bus_posting_group: l.gen_bus_posting_group,
    la_so_line_note: l.la_so_line_note,
    version: l.version,
  }));
}

type PostedRef = { kind: string; no: string; posting_date: string; shipment_date: string | null; amount: string };

/**
 * `GET /api/purchase-orders/{pos_po_no}`: the header with its amounts (amounts.ts), the first allowed requested
 * receipt date, the lines, the posted documents (shipments, receipts, credit memos) and the ERP sync state.
 */
export async function getPurchaseOrder(db: DbOrTx, scope: Scope, posPoNo: string): Promise<PurchaseOrder> {
  const [found] = await db
    .select({
      header: purchaseOrders,
      amounts: purchaseAmountsSql(),
      lead: franchises.receipt_lead_time,
      sync: erpDocumentSync,
    })
    .from(purchaseOrders)
    .leftJoin(franchises, eq(franchises.customer_no, purchaseOrders.franchise_code))
    .leftJoin(
      erpDocumentSync,
      and(
        eq(erpDocumentSync.document_no, purchaseOrders.pos_po_no),
        eq(
          erpDocumentSync.kind,
          sql`case ${purchaseOrders.type} when 'Credit Memo' then 'purchase_credit_memo' else 'purchase_order' end`,
        ),
      ),
    )
    .where(eq(purchaseOrders.pos_po_no, posPoNo));
  if (!found) throw notFound(PURCHASE_ORDER_NOT_FOUND);
  scope.assert(found.header.franchise_code, PURCHASE_ORDER_NOT_FOUND);
  const { header: h, sync: erp, amounts } = found;
  const lines = await purchaseLinesOf(db, posPoNo);
  const refs = rowsOf<PostedRef>(
    await db.execute(sql`
      select 'shipment' as kind, no, posting_date::text as posting_date, shipment_date::text as shipment_date,
             '0' as amount
        from purchase_shipments where pos_po_no = ${posPoNo}
      union all
      select 'receipt', pos_pr_no, posting_date::text, null, '0' from purchase_receipts where pos_po_no = ${posPoNo}
      union all
      select 'credit_memo', pos_po_no, coalesce(posting_date, order_date)::text, null, grand_total::text
        from purchase_orders where applies_to_order_no = ${posPoNo} and type = 'Credit Memo'
      order by 1, 2`),
  );
  const { created_by: _by, ...rest } = h;
  const totalLines = D(h.total_lines);
  return {
    ...rest,
    la_status: h.status,
    min_requested_receipt_date: minRequestedReceiptDate(businessDate(), found.lead ?? 0),
    subtotal: h.total_lines,
    invoice_discount_percent: totalLines.isZero()
      ? '0.00'
      : D(h.invoice_discount_amount).div(totalLines).mul(100).toFixed(2),
    remaining_amount: toMoney(D(amounts.remaining_amount)),
    payable: toMoney(D(amounts.payable)),
    lines,
    shipments: refs
      .filter((r) => r.kind === 'shipment')
      .map((r) => ({ no: r.no, posting_date: r.posting_date, shipment_date: r.shipment_date ?? r.posting_date })),
    receipts: refs.filter((r) => r.kind === 'receipt').map((r) => ({ pos_pr_no: r.no, posting_date: r.posting_date })),
    credit_memos: refs
      .filter((r) => r.kind === 'credit_memo')
      .map((r) => ({ pos_po_no: r.no, posting_date: r.posting_date, amount: toMoney(D(r.amount)) })),
    erp: erp
      ? {
          state: erp.sync_state,
          external_no: erp.external_no,
          etag: erp.etag,
          last_error: erp.last_error,
          synced_at: erp.synced_at,
        }
      : { state: 'not_sent', external_no: null, etag: null, last_error: null, synced_at: null },
  };
}

/** Alias of getPurchaseOrder: the answer every purchase order operation gives. */
export const purchaseOrderAnswer = getPurchaseOrder;
