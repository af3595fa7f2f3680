import { and, asc, eq, sql } from 'drizzle-orm';
import { purchaseOrderDocument } from '@fp/contract';
import type { DbOrTx, Tx } from '../../../db/client.js';
import type { Scope } from '../../../http/scope.js';
import { businessRule } from '../../../http/errors.js';
import { applyAction, lockForAction } from '../../../kernel/status.js';
import { D, toQty } from '../../../kernel/money.js';
import { purchaseOrderLines, purchaseOrders } from '../schema.js';
import { PURCHASE_ORDER_NOT_FOUND, type PurchaseLineRow, type PurchaseOrderRow } from '../load.js';
import { stampNow } from '../../../db/clock.js';

// The purchase order a posting works on: locked in the caller's scope (another franchise's order or a credit memo is
// "Purchase order not found"), its lines, and the one UPDATE that writes the lines' quantities.

export type { PurchaseLineRow, PurchaseOrderRow };

const orderKey = (posPoNo: string) => ({
  table: purchaseOrders,
  document: purchaseOrderDocument,
  key: [purchaseOrders.pos_po_no, posPoNo] as [typeof purchaseOrders.pos_po_no, string],
  statusColumn: purchaseOrders.status,
  versionColumn: purchaseOrders.version,
  notFoundAs: PURCHASE_ORDER_NOT_FOUND,
});

const ordersOnly = (scope: Scope) =>
  and(eq(purchaseOrders.type, 'Order'), scope.franchise(purchaseOrders.franchise_code));

/** Locks an order for an action of the purchase order machine (version and status checked, FOR UPDATE). */
export const lockPurchaseOrder = (tx: Tx, scope: Scope, action: string, posPoNo: string, version: number) =>
  lockForAction<typeof purchaseOrders, PurchaseOrderRow>(tx, {
    ...orderKey(posPoNo),
    action,
    version,
    where: ordersOnly(scope),
  });

/** Ends a posting: the order's status (computed, or the action's own) and version move on in one UPDATE. */
export const finishPurchaseOrder = (
  tx: Tx,
  scope: Scope,
  o: { action: string; posPoNo: string; version: number; to?: string; set?: Record<string, unknown> },
) =>
  applyAction<typeof purchaseOrders, PurchaseOrderRow>(tx, {
    ...orderKey(o.posPoNo),
    action: o.action,
    version: o.version,
    ...(o.to ? { to: o.to } : {}),
    ...(o.set ? { set: o.set } : {}),
    where: ordersOnly(scope),
  });

/** The lines of a purchase document in line order. */
export const postingLinesOf = (db: DbOrTx, posPoNo: string): Promise<PurchaseLineRow[]> =>
  db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.pos_po_no, posPoNo))
    .orderBy(asc(purchaseOrderLines.line_no));

/** Base units of a quantity in the line's unit (the item ledger counts base units). */
export const baseQty = (line: Pick<PurchaseLineRow, 'qty_per_unit_of_measure'>, quantity: Parameters<typeof D>[0]) =>
  toQty(D(quantity).mul(line.qty_per_unit_of_measure));

/** The location a line's goods arrive at: its own, else the order's. */
export const lineLocation = (
  line: Pick<PurchaseLineRow, 'location_code'>,
  order: Pick<PurchaseOrderRow, 'location_code'>,
) => line.location_code || order.location_code;

/** A requested quantity of one line of the order (the body's `lines[i]`), checked against the order's lines. */
export type Requested = { index: number; line: PurchaseLineRow; quantity: string };

/**
 * Pairs the body's lines with the order's lines: an unknown line_no or a line named twice is a 422 naming
 * `lines.<i>.line_no`. Lines asking for 0 are dropped (nothing moves on them).
 */
export function requestedLines(
  lines: readonly PurchaseLineRow[],
  body: readonly { line_no: number; quantity: string }[],
): Requested[] {
  const byNo = new Map(lines.map((l) => [l.line_no, l]));
  const seen = new Set<number>();
  return body.flatMap((r, index) => {
    const line = byNo.get(r.line_no);
    if (!line)
      throw businessRule(
        `Line ${r.line_no} is not a line of this purchase order`,
        'line_not_found',
        `lines.${index}.line_no`,
      );
    if (seen.has(r.line_no))
      throw businessRule(`Line ${r.line_no} is named twice`, 'duplicate_line', `lines.${index}.line_no`);
    seen.add(r.line_no);
    return D(r.quantity).gt(0) ? [{ index, line, quantity: toQty(r.quantity) }] : [];
  });
}

export type LineQuantityChange = {
  line_no: number;
  qty_shipped?: string;
  qty_invoiced?: string;
  qty_received?: string;
  qty_credited?: string;
  la_so_line_note?: string;
};

/**
 * Writes quantities of many lines of one order in one UPDATE … FROM (VALUES …), bumping each line's version. A null
 * keeps the column. The caller holds the order's lock.
 */
export async function setPurchaseLineQuantities(
  tx: Tx,
  posPoNo: string,
  rows: readonly LineQuantityChange[],
): Promise<void> {
  if (rows.length === 0) return;
  const n = (v: string | undefined) => sql`${v ?? null}::numeric`;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.line_no}::int, ${n(r.qty_shipped)}, ${n(r.qty_invoiced)}, ${n(r.qty_received)}, ${n(r.qty_credited)}, ${r.la_so_line_note ?? null}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`update purchase_order_lines as l set
      qty_shipped = coalesce(v.shipped, l.qty_shipped), qty_invoiced = coalesce(v.invoiced, l.qty_invoiced),
      qty_received = coalesce(v.received, l.qty_received), qty_credited = coalesce(v.credited, l.qty_credited),
      la_so_line_note = coalesce(v.note, l.la_so_line_note), version = l.version + 1, updated_at = ${stampNow()}
    from (values ${values}) as v(line_no, shipped, invoiced, received, credited, note)
    where l.pos_po_no = ${posPoNo} and l.line_no = v.line_no`);
}
