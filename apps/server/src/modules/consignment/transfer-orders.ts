import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  businessDate,
  consignmentMessages as msg,
  transferOrderDocument,
  type ConsignmentDirection,
  type TransferOrder,
  type transferOrderCreate,
  type transferOrderListItem,
  type transferOrderShip,
  type transferShipment,
} from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { AppError, businessRule, forbidden, notFound } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import type { ExportColumn } from '../../http/list-route.js';
import { Scope } from '../../http/scope.js';
import { D, toQty } from '../../kernel/money.js';
import { runPosting } from '../../kernel/posting.js';
import { applyAction, lockForAction } from '../../kernel/status.js';
import { franchises } from '../franchises/schema.js';
import { assertStock, postItemEntries } from '../ledger/service.js';
import { takeNextNumber } from '../number-series/service.js';
import { checkLines, LINE_NO_STEP, type CheckedLine } from './lines.js';
import {
  consignmentReceipts,
  transferOrderLines,
  transferOrders,
  transferShipmentLines,
  transferShipments,
} from './schema.js';
import { stampNow } from '../../db/clock.js';

// Transfer orders (README.md here): head office's documents moving consigned stock from transfer_from_code through
// intransit_code to transfer_to_code. Created by head office (standalone) or by a released consignment issue; shipped
// by head office (posted warehouse shipments, TS); received by the franchise (consignment receipts, receipts.ts).

export type { TransferOrderStatus } from '@fp/contract';
export type TransferOrderRow = typeof transferOrders.$inferSelect;
export type TransferOrderLineRow = typeof transferOrderLines.$inferSelect;
const NOT_FOUND = msg.transferOrderNotFound;
const HEAD_OFFICE = new Scope(null);

/** From, to and in-transit of a direction for a franchise; 422 naming franchise_code when it lacks the codes. */
export async function consignmentCodesOf(db: DbOrTx, franchiseCode: string, direction: ConsignmentDirection) {
  const [f] = await db.select().from(franchises).where(eq(franchises.customer_no, franchiseCode));
  if (!f) throw new AppError(404, 'not_found', 'Franchise not found', 'franchise_code');
  if (!f.consignment_warehouse_code || !f.consignment_location_code || !f.consignment_intransit_code)
    throw businessRule(msg.missingCodes(franchiseCode), 'consignment_codes_missing', 'franchise_code');
  const warehouse = f.consignment_warehouse_code;
  const location = f.consignment_location_code;
  return {
    franchise: f,
    transfer_from_code: direction === 'issue' ? warehouse : location,
    transfer_to_code: direction === 'issue' ? location : warehouse,
    intransit_code: f.consignment_intransit_code,
  };
}

/** Head office only (403) and only when head office ships in the product (standalone; 422 otherwise). */
export function assertHeadOfficeShips(auth: Auth, standalone: boolean, forbiddenMessage: string) {
  if (!auth.scope.all) throw forbidden(forbiddenMessage);
  if (!standalone) throw businessRule(msg.shipsInErp, 'erp_ships');
}

// ---------- list ----------

const t = transferOrders;
const sumOf = (col: 'quantity' | 'qty_shipped' | 'qty_received') =>
  sql<string>`(select coalesce(sum(l.${sql.raw(col)}), 0)::text from ${transferOrderLines} l where l.bc_to_no = "transfer_orders"."bc_to_no")`;
const listColumns = {
  bc_to_no: t.bc_to_no,
  franchise_code: t.franchise_code,
  franchise_name: sql<string>`coalesce(${franchises.name}, '')`,
  direction: t.direction,
  status: t.status,
  transfer_from_code: t.transfer_from_code,
  transfer_to_code: t.transfer_to_code,
  intransit_code: t.intransit_code,
  ci_no: t.ci_no,
  external_document_no: t.external_document_no,
  order_date: t.order_date,
  shipment_date: t.shipment_date,
  receipt_date: t.receipt_date,
  total_qty: sumOf('quantity'),
  qty_shipped: sumOf('qty_shipped'),
  qty_received: sumOf('qty_received'),
  version: t.version,
};
type ListItem = z.infer<typeof transferOrderListItem>;

export const transferOrderList: ListSpec<ListItem> = {
  source: (db, extra) =>
    db
      .select({ ...listColumns, ...extra })
      .from(t)
      .leftJoin(franchises, eq(franchises.customer_no, t.franchise_code))
      .$dynamic(),
  fields: {
    ...listColumns,
    franchise_name: { expr: listColumns.franchise_name, type: 'text' },
    total_qty: { expr: listColumns.total_qty, type: 'number' },
    qty_shipped: { expr: listColumns.qty_shipped, type: 'number' },
    qty_received: { expr: listColumns.qty_received, type: 'number' },
  },
  filterable: Object.keys(listColumns),
  sortable: Object.keys(listColumns),
  defaultSort: { field: 'bc_to_no', direction: 'desc' },
  key: t.bc_to_no,
};
export const transferOrderExportColumns: ExportColumn[] = [
  { key: 'bc_to_no', header: 'Transfer Order No', width: 22 },
  { key: 'franchise_code', header: 'Franchise' },
  { key: 'franchise_name', header: 'Franchise Name', width: 28 },
  { key: 'direction', header: 'Direction' },
  { key: 'status', header: 'Status' },
  { key: 'transfer_from_code', header: 'From' },
  { key: 'transfer_to_code', header: 'To' },
  { key: 'intransit_code', header: 'In-Transit' },
  { key: 'ci_no', header: 'Consignment Issue', width: 22 },
  { key: 'order_date', header: 'Order Date', format: 'date' },
  { key: 'shipment_date', header: 'Shipment Date', format: 'date' },
  { key: 'total_qty', header: 'Quantity' },
  { key: 'qty_shipped', header: 'Shipped' },
  { key: 'qty_received', header: 'Received' },
];

// ---------- reads ----------

async function findTransferOrder(db: DbOrTx, scope: Scope, bcToNo: string): Promise<TransferOrderRow> {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.bc_to_no, bcToNo), scope.franchise(t.franchise_code)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export const linesOf = (db: DbOrTx, bcToNo: string) =>
  db
    .select()
    .from(transferOrderLines)
    .where(eq(transferOrderLines.bc_to_no, bcToNo))
    .orderBy(asc(transferOrderLines.line_no));

const lineOut = (l: TransferOrderLineRow) => ({
  line_no: l.line_no,
  item_no: l.item_no,
  variant_code: l.variant_code,
  description: l.description,
  unit_of_measure: l.unit_of_measure,
  quantity: l.quantity,
  qty_shipped: l.qty_shipped,
  qty_received: l.qty_received,
  qty_to_receive: toQty(D(l.qty_shipped).minus(l.qty_received)),
  la_to_line_note: l.la_to_line_note,
});

/** `GET /api/transfer-orders/{bc_to_no}`: the header, lines (with what may be received) and its posted documents. */
export async function getTransferOrder(db: DbOrTx, scope: Scope, bcToNo: string): Promise<TransferOrder> {
  const h = await findTransferOrder(db, scope, bcToNo);
  // One after the other: `db` may be a transaction, one connection that takes one query at a time.
  const lines = await linesOf(db, bcToNo);
  const [f] = await db
    .select({ name: franchises.name })
    .from(franchises)
    .where(eq(franchises.customer_no, h.franchise_code));
  const shipments = await db
    .select({
      no: transferShipments.no,
      posting_date: transferShipments.posting_date,
      shipment_date: transferShipments.shipment_date,
    })
    .from(transferShipments)
    .where(eq(transferShipments.bc_to_no, bcToNo))
    .orderBy(asc(transferShipments.no));
  const receipts = await db
    .select({ no: consignmentReceipts.no, posting_date: consignmentReceipts.posting_date })
    .from(consignmentReceipts)
    .where(eq(consignmentReceipts.bc_to_no, bcToNo))
    .orderBy(asc(consignmentReceipts.no));
  const total = (k: 'quantity' | 'qty_shipped' | 'qty_received') => toQty(lines.reduce((s, l) => s.plus(l[k]), D(0)));
  return {
    bc_to_no: h.bc_to_no,
    franchise_code: h.franchise_code,
    franchise_name: f?.name ?? '',
    direction: h.direction,
    status: h.status,
    transfer_from_code: h.transfer_from_code,
    transfer_to_code: h.transfer_to_code,
    intransit_code: h.intransit_code,
    ci_no: h.ci_no,
    external_document_no: h.external_document_no,
    order_date: h.order_date,
    shipment_date: h.shipment_date,
    receipt_date: h.receipt_date,
    total_qty: total('quantity'),
    qty_shipped: total('qty_shipped'),
    qty_received: total('qty_received'),
    version: h.version,
    lines: lines.map(lineOut),
    shipments,
    receipts,
  };
}

type Shipment = z.infer<typeof transferShipment>;

async function shipmentsOf(db: DbOrTx, where: ReturnType<typeof eq>): Promise<Shipment[]> {
  const headers = await db.select().from(transferShipments).where(where).orderBy(asc(transferShipments.no));
  if (headers.length === 0) return [];
  const lines = await db
    .select()
    .from(transferShipmentLines)
    .where(
      inArray(
        transferShipmentLines.no,
        headers.map((h) => h.no),
      ),
    )
    .orderBy(asc(transferShipmentLines.no), asc(transferShipmentLines.line_no));
  return headers.map(({ created_by: _by, ...h }) => ({
    ...h,
    lines: lines.filter((l) => l.no === h.no).map(({ no: _no, qty_per_unit_of_measure: _q, ...l }) => l),
  }));
}

/** `GET …/{bc_to_no}/posted-shipment`: the order's posted warehouse shipments with their lines. */
export async function postedShipmentsOf(db: DbOrTx, scope: Scope, bcToNo: string) {
  await findTransferOrder(db, scope, bcToNo);
  return { bc_to_no: bcToNo, shipments: await shipmentsOf(db, eq(transferShipments.bc_to_no, bcToNo)) };
}

/** `GET …/{bc_to_no}/to-receive`: per line shipped − received (lines with nothing to receive included, at 0). */
export async function toReceiveOf(db: DbOrTx, scope: Scope, bcToNo: string) {
  const h = await findTransferOrder(db, scope, bcToNo);
  const lines = await linesOf(db, bcToNo);
  return {
    bc_to_no: h.bc_to_no,
    franchise_code: h.franchise_code,
    transfer_to_code: h.transfer_to_code,
    intransit_code: h.intransit_code,
    version: h.version,
    lines: lines.map(lineOut),
  };
}

// ---------- create ----------

/** Writes a transfer order (TO number of the franchise) with its checked lines; answers its number. */
export async function insertTransferOrder(
  tx: Tx,
  o: {
    franchiseCode: string;
    direction: ConsignmentDirection;
    lines: readonly (CheckedLine & { line_no?: number })[];
    ciNo?: string;
    externalDocumentNo?: string;
    shipmentDate?: string | null;
    createdBy?: number | null;
  },
): Promise<string> {
  const codes = await consignmentCodesOf(tx, o.franchiseCode, o.direction);
  const orderDate = businessDate();
  const bc_to_no = await takeNextNumber(tx, { franchiseCode: o.franchiseCode, documentType: 'TO', date: orderDate });
  await tx.insert(transferOrders).values({
    bc_to_no,
    franchise_code: o.franchiseCode,
    direction: o.direction,
    status: 'released',
    transfer_from_code: codes.transfer_from_code,
    transfer_to_code: codes.transfer_to_code,
    intransit_code: codes.intransit_code,
    ci_no: o.ciNo ?? '',
    external_document_no: o.externalDocumentNo ?? '',
    order_date: orderDate,
    shipment_date: o.shipmentDate ?? null,
    created_by: o.createdBy ?? null,
  });
  await tx.insert(transferOrderLines).values(
    o.lines.map((l, i) => ({
      bc_to_no,
      line_no: l.line_no ?? (i + 1) * LINE_NO_STEP,
      item_no: l.item_no,
      variant_code: l.variant_code,
      description: l.description,
      unit_of_measure: l.unit_of_measure,
      qty_per_unit_of_measure: l.qty_per_unit_of_measure,
      quantity: l.quantity,
      la_to_line_note: l.la_to_line_note,
    })),
  );
  return bc_to_no;
}

/** `POST /api/transfer-orders`: head office creates a transfer order for a franchise (standalone only). */
export async function createTransferOrder(
  tx: Tx,
  auth: Auth,
  standalone: boolean,
  body: z.output<typeof transferOrderCreate>,
): Promise<string> {
  assertHeadOfficeShips(auth, standalone, msg.onlyHeadOfficeCreates);
  const franchise = (await auth.scope.own(tx, body.franchise_code))!;
  const direction = body.direction ?? 'issue';
  await consignmentCodesOf(tx, franchise, direction);
  const lines = await checkLines(tx, body.lines);
  return insertTransferOrder(tx, {
    franchiseCode: franchise,
    direction,
    lines,
    externalDocumentNo: body.external_document_no,
    shipmentDate: body.shipment_date ?? null,
    createdBy: auth.userId || null,
  });
}

// ---------- locking ----------

const orderTarget = (scope: Scope, bcToNo: string) => ({
  table: transferOrders,
  document: transferOrderDocument,
  key: [t.bc_to_no, bcToNo] as [typeof t.bc_to_no, string],
  statusColumn: t.status,
  versionColumn: t.version,
  where: scope.franchise(t.franchise_code),
  notFoundAs: NOT_FOUND,
});

/**
 * Locks a transfer order for an action of its machine (`SELECT … FOR UPDATE`): another franchise's or a missing
 * order 404, a stale `version` (when given) 409, a status the action does not start from 422 on `status`.
 */
export const lockTransferOrder = (tx: Tx, scope: Scope, action: string, bcToNo: string, version?: number) =>
  lockForAction<typeof transferOrders, TransferOrderRow>(tx, { ...orderTarget(scope, bcToNo), action, version });

/** Ends an action on a locked order: status (computed), version + 1, other columns. */
export const finishTransferOrder = (
  tx: Tx,
  row: TransferOrderRow,
  action: string,
  o: { to?: string; set?: Record<string, unknown> } = {},
) =>
  applyAction<typeof transferOrders, TransferOrderRow>(tx, {
    ...orderTarget(HEAD_OFFICE, row.bc_to_no),
    action,
    version: row.version,
    to: o.to,
    set: o.set,
  });

/** The base quantity of a line's quantity (× qty_per_unit_of_measure). */
export const baseQty = (l: { qty_per_unit_of_measure: string }, quantity: string) =>
  toQty(D(quantity).mul(l.qty_per_unit_of_measure));

/**
 * Sets each line's shipped or received quantity (the lines by id) in one statement, version + 1: a posting writes its
 * lines together, never one statement per line.
 */
export async function setLineQuantity(
  tx: Tx,
  column: 'qty_shipped' | 'qty_received',
  rows: readonly { id: number; quantity: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${r.quantity}::numeric)`),
    sql`, `,
  );
  await tx.execute(sql`update transfer_order_lines as l set ${sql.identifier(column)} = v.quantity,
      version = l.version + 1, updated_at = ${stampNow()}
    from (values ${values}) as v(id, quantity)
    where l.id = v.id`);
}

// ---------- ship ----------

type ShipPlan = {
  lines: TransferOrderLineRow[];
  moves: { line: TransferOrderLineRow; quantity: string }[];
  postingDate: string;
  shipmentDate: string;
};

/** `POST /api/transfer-orders/ship`: a posted warehouse shipment (TS) into in-transit; answers the shipment. */
export function shipTransferOrder(
  tx: Tx,
  auth: Auth,
  standalone: boolean,
  body: z.output<typeof transferOrderShip>,
): Promise<Shipment> {
  assertHeadOfficeShips(auth, standalone, msg.onlyHeadOfficeShips);
  return runPosting<TransferOrderRow, ShipPlan, string, Shipment>(tx, 'transfer_ship', {
    lock: (tx) => lockTransferOrder(tx, auth.scope, 'ship', body.bc_to_no, body.version),
    check: async (tx, order) => {
      const lines = await linesOf(tx, order.bc_to_no);
      const outstanding = (l: TransferOrderLineRow) => D(l.quantity).minus(l.qty_shipped);
      const requested = body.lines
        ? body.lines.map((r, i) => {
            const line = lines.find((l) => l.line_no === r.line_no);
            if (!line) throw businessRule(msg.lineNotFound(r.line_no), 'line_not_found', `lines.${i}.line_no`);
            if (D(r.quantity).gt(outstanding(line)))
              throw businessRule(
                msg.shipExceeds(line.line_no, toQty(r.quantity), toQty(outstanding(line))),
                'qty_exceeds_outstanding',
                `lines.${i}.quantity`,
              );
            return { line, quantity: toQty(r.quantity), field: `lines.${i}.quantity` };
          })
        : lines.map((line, i) => ({ line, quantity: toQty(outstanding(line)), field: `lines.${i}.quantity` }));
      const moves = requested.filter((m) => D(m.quantity).gt(0));
      if (moves.length === 0) throw businessRule(msg.nothingToShip, 'nothing_to_ship', 'lines');
      if (order.direction === 'return')
        await assertStock(
          tx,
          order.franchise_code,
          moves.map((m) => ({
            locationCode: order.transfer_from_code,
            itemNo: m.line.item_no,
            variantCode: m.line.variant_code,
            quantity: baseQty(m.line, m.quantity),
            field: m.field,
          })),
        );
      const postingDate = businessDate();
      return { lines, moves, postingDate, shipmentDate: body.shipment_date ?? postingDate };
    },
    number: (tx, order, plan) =>
      takeNextNumber(tx, { franchiseCode: order.franchise_code, documentType: 'TS', date: plan.postingDate }),
    write: async (tx, order, plan, no) => {
      await tx.insert(transferShipments).values({
        no,
        bc_to_no: order.bc_to_no,
        franchise_code: order.franchise_code,
        transfer_from_code: order.transfer_from_code,
        transfer_to_code: order.transfer_to_code,
        intransit_code: order.intransit_code,
        posting_date: plan.postingDate,
        shipment_date: plan.shipmentDate,
        created_by: auth.userId || null,
      });
      const posted = plan.moves.map((m, i) => ({
        no,
        line_no: (i + 1) * LINE_NO_STEP,
        order_line_no: m.line.line_no,
        item_no: m.line.item_no,
        variant_code: m.line.variant_code,
        description: m.line.description,
        unit_of_measure: m.line.unit_of_measure,
        qty_per_unit_of_measure: m.line.qty_per_unit_of_measure,
        quantity: m.quantity,
      }));
      await tx.insert(transferShipmentLines).values(posted);
      const common = {
        entry_type: 'transfer',
        franchise_code: order.franchise_code,
        document_type: 'transfer_shipment',
        document_no: no,
        order_no: order.bc_to_no,
        posting_date: plan.postingDate,
        created_by: auth.userId || null,
      };
      await postItemEntries(
        tx,
        plan.moves.flatMap((m, i) => {
          const base = baseQty(m.line, m.quantity);
          const entry = {
            ...common,
            item_no: m.line.item_no,
            variant_code: m.line.variant_code,
            document_line_no: posted[i].line_no,
          };
          return [
            { ...entry, location_code: order.intransit_code, quantity: base },
            ...(order.direction === 'return'
              ? [{ ...entry, location_code: order.transfer_from_code, quantity: toQty(D(base).neg()) }]
              : []),
          ];
        }),
      );
    },
    update: async (tx, order, plan, no) => {
      const shippedNow = new Map(plan.moves.map((m) => [m.line.line_no, m.quantity]));
      await setLineQuantity(
        tx,
        'qty_shipped',
        plan.lines.flatMap((l) => {
          const q = shippedNow.get(l.line_no);
          return q ? [{ id: l.id, quantity: toQty(D(l.qty_shipped).plus(q)) }] : [];
        }),
      );
      const allShipped = plan.lines.every((l) =>
        D(l.qty_shipped)
          .plus(shippedNow.get(l.line_no) ?? 0)
          .gte(l.quantity),
      );
      await finishTransferOrder(tx, order, 'ship', {
        to: allShipped ? 'shipped' : 'released',
        set: { shipment_date: plan.shipmentDate },
      });
      const [shipment] = await shipmentsOf(tx, eq(transferShipments.no, no));
      return shipment;
    },
    // Head office ships in the product only when the product is the ERP (standalone): nothing to send.
    enqueue: async () => {},
  });
}

/** Cancels a transfer order that shipped nothing (its consignment issue was reopened or canceled); none here: no-op. */
export async function cancelTransferOrder(tx: Tx, bcToNo: string): Promise<void> {
  const [exists] = await tx.select({ status: t.status }).from(t).where(eq(t.bc_to_no, bcToNo));
  if (!exists || exists.status === 'canceled') return;
  const row = await lockTransferOrder(tx, HEAD_OFFICE, 'cancel', bcToNo);
  const lines = await linesOf(tx, bcToNo);
  if (lines.some((l) => D(l.qty_shipped).gt(0))) throw businessRule(msg.alreadyShipped, 'already_shipped', 'status');
  await finishTransferOrder(tx, row, 'cancel');
}
