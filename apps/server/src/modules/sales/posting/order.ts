import { and, eq, sql } from 'drizzle-orm';
import { salesOrderDocument } from '@fp/contract';
import type { DbOrTx, Tx } from '../../../db/client.js';
import type { Scope } from '../../../http/scope.js';
import { applyAction, assertAction, batchAction } from '../../../kernel/status.js';
import { notFound } from '../../../http/errors.js';
import { D, toQty } from '../../../kernel/money.js';
import {
  SALES_ORDER_NOT_FOUND,
  salesOrderLinesOf,
  salesOrderLock,
  type LockedSalesOrder,
  type SalesLineRow,
  type SalesOrderRow,
} from '../load.js';
import { salesOrders } from '../schema.js';
import { stampNow } from '../../../db/clock.js';
import type { WriteBatch } from '../../../kernel/batch.js';

// The order a posting works on: locked in the caller's scope (another franchise's order, a quote or a credit memo is
// "Sales order not found"), its item lines, and what is outstanding on them.

const orderKey = (posSoNo: string) => ({
  table: salesOrders,
  document: salesOrderDocument,
  key: [salesOrders.pos_so_no, posSoNo] as [typeof salesOrders.pos_so_no, string],
  statusColumn: salesOrders.status,
  versionColumn: salesOrders.version,
  notFoundAs: SALES_ORDER_NOT_FOUND,
});

const ordersOnly = (scope: Scope) =>
  and(eq(salesOrders.document_type, 'order'), scope.franchise(salesOrders.franchise_code));

/** The item lines of a document's lines, in line order (fee lines carry no stock and are not shipped). */
export const itemLinesIn = (lines: readonly SalesLineRow[]): SalesLineRow[] =>
  lines.filter((l) => l.line_type === 'item').sort((a, b) => a.line_no - b.line_no);

const plainLock = salesOrderLock('fp_sales_order_lock');

/**
 * Locks an order for an action of the order machine and reads its item lines, in one prepared statement (`lock`: a
 * salesOrderLock that also reads what the posting checks; default the order and its lines), then checks it as
 * lockForAction does (assertLockedOrder): another franchise's order, a quote or a credit memo is 404, then
 * `authorize`, the version (409) and the action's from-statuses (422).
 */
export async function lockOrder<Extra = object>(
  tx: Tx,
  scope: Scope,
  action: string,
  posSoNo: string,
  version: number,
  o: {
    lock?: (tx: Tx, posSoNo: string) => Promise<LockedSalesOrder<Extra> | null>;
    authorize?: (row: SalesOrderRow) => void;
  } = {},
): Promise<LockedSalesOrder<Extra>> {
  const found = await (o.lock ?? (plainLock as unknown as NonNullable<typeof o.lock>))(tx, posSoNo);
  if (!found) throw notFound(SALES_ORDER_NOT_FOUND);
  return {
    order: assertLockedOrder(scope, action, found.order, version, o.authorize),
    lines: itemLinesIn(found.lines),
  };
}

/**
 * lockOrder's checks on an order row the caller already holds locked and read with the posting's columns (the
 * counter sale, issue 22: the row its release answered): an order of the caller's scope (else 404), `authorize`, the
 * version (409) and the action's from-statuses (422), in lockForAction's order.
 */
export function assertLockedOrder<Row extends SalesOrderRow>(
  scope: Scope,
  action: string,
  row: Row,
  version: number,
  authorize?: (row: SalesOrderRow) => void,
): Row {
  if (row.document_type !== 'order' || !scope.sees(row.franchise_code)) throw notFound(SALES_ORDER_NOT_FOUND);
  authorize?.(row);
  assertAction({ ...orderKey(row.pos_so_no), action, version }, row);
  return row;
}

type Finish = { action: string; posSoNo: string; version: number; to?: string; set?: Record<string, unknown> };
const finishTarget = (scope: Scope, o: Finish) => ({
  ...orderKey(o.posSoNo),
  action: o.action,
  version: o.version,
  ...(o.to ? { to: o.to } : {}),
  ...(o.set ? { set: o.set } : {}),
  where: ordersOnly(scope),
});

/** Ends an action: the order's status (computed, or the action's own) and version move on in one UPDATE. */
export const finishOrder = (tx: Tx, scope: Scope, o: Finish) =>
  applyAction<typeof salesOrders, SalesOrderRow>(tx, finishTarget(scope, o));

/** finishOrder in a posting's WriteBatch: the UPDATE joins the posting's one statement (its row count checked there). */
export const batchFinishOrder = (tx: Tx, batch: WriteBatch, scope: Scope, o: Finish) =>
  batchAction(tx, batch, finishTarget(scope, o));

/** The item lines of a document in line order (fee lines carry no stock and are not shipped). */
export const itemLinesOf = async (db: DbOrTx, posSoNo: string): Promise<SalesLineRow[]> =>
  itemLinesIn(await salesOrderLinesOf(db, posSoNo));

/**
 * What is still to ship on a line: quantity − shipped while the order is open for shipping. Once an order is
 * closed (status invoiced) or canceled nothing is outstanding, whatever quantity says (README "Outstanding").
 */
export const outstandingOf = (line: Pick<SalesLineRow, 'quantity' | 'qty_shipped'>, status: string) =>
  status === 'invoiced' || status === 'canceled' ? D(0) : D(line.quantity).minus(line.qty_shipped);

/** Base units of a quantity in the line's unit (the item ledger counts base units). */
export const baseQty = (line: Pick<SalesLineRow, 'qty_per_unit_of_measure'>, quantity: Parameters<typeof D>[0]) =>
  toQty(D(quantity).mul(line.qty_per_unit_of_measure));

/** The location a line ships from: its own, else the order's. */
export const lineLocation = (line: Pick<SalesLineRow, 'location_code'>, order: Pick<SalesOrderRow, 'location_code'>) =>
  line.location_code || order.location_code;

export type LineQuantities = {
  line_no: number;
  qty_to_ship: string;
  qty_shipped: string;
  qty_to_invoice: string;
  qty_invoiced: string;
  qty_credited: string;
};

/**
 * Writes the quantities of many lines of one document in one UPDATE … FROM json_to_recordset(…), bumping each line's
 * version.
 * The caller holds the order's lock (the order row is locked FOR UPDATE by lockOrder).
 */
export async function setLineQuantities(
  tx: Tx,
  posSoNo: string,
  rows: readonly LineQuantities[],
  /** A posting's WriteBatch (kernel/batch.ts): the UPDATE joins the posting's one statement instead of running. */
  batch?: WriteBatch,
): Promise<void> {
  if (rows.length === 0) return;
  // The lines as one json parameter: the text is the same for any number of lines (kernel/batch.ts).
  const values = JSON.stringify(
    rows.map((r) => ({
      line_no: r.line_no,
      to_ship: r.qty_to_ship,
      shipped: r.qty_shipped,
      to_invoice: r.qty_to_invoice,
      invoiced: r.qty_invoiced,
      credited: r.qty_credited,
    })),
  );
  const update = sql`update sales_order_lines as l set
      qty_to_ship = v.to_ship, qty_shipped = v.shipped, qty_to_invoice = v.to_invoice, qty_invoiced = v.invoiced,
      qty_credited = v.credited, version = l.version + 1, updated_at = ${stampNow()}
    from json_to_recordset(${values}::json)
      as v(line_no int, to_ship numeric, shipped numeric, to_invoice numeric, invoiced numeric, credited numeric)
    where l.pos_so_no = ${posSoNo} and l.line_no = v.line_no`;
  if (batch) batch.add(update);
  else await tx.execute(update);
}

/**
 * The status after a posting (issue 8 order machine): invoiced once everything is shipped and invoiced, shipped once
 * everything is shipped, partial_delivered otherwise.
 */
export function statusAfterPosting(lines: readonly { quantity: string; qty_shipped: string; qty_invoiced: string }[]) {
  const allShipped = lines.every((l) => D(l.qty_shipped).gte(l.quantity));
  const allInvoiced = lines.every((l) => D(l.qty_invoiced).gte(l.quantity));
  return allShipped && allInvoiced ? 'invoiced' : allShipped ? 'shipped' : 'partial_delivered';
}
