import { asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { salesDocumentOf, type AppliedPromotion, type DocumentRow, type SalesOrder } from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Scope } from '../../http/scope.js';
import { notFound, staleVersion } from '../../http/errors.js';
import { assertEditable, lockEditableOne } from '../../kernel/status.js';
import { erpDocumentSync } from '../../kernel/outbox.js';
import { D, toMoney, vatContained } from '../../kernel/money.js';
import { creditedAmountSql, remainingAmountSql } from './amounts.js';
import { salesOrderLines, salesOrders } from './schema.js';
import { documentTotals } from './totals.js';
import { feesJsonSql, type FeeJson } from './fees.js';
import { appliedPromotionsJsonSql } from '../promotions/apply.js';
import { earnedPointsOf, orderEarnedPointsJsonSql } from '../loyalty/order-points.js';
import { jsonOf } from '../../db/rows.js';
import {
  frozenSql,
  prepared,
  rowByKey,
  rowFromJson,
  rowJsonSql,
  rowsFromJson,
  rowsJsonSql,
} from '../../db/prepared.js';
import { briefOf } from '../einvoices/service.js';

/** The e-invoice brief as json_build_object answered it (a string on some drivers); its time as ISO. */
const parsedBrief = (v: unknown): Parameters<typeof briefOf>[0] => {
  return (typeof v === 'string' ? JSON.parse(v) : v) as Parameters<typeof briefOf>[0];
};

export const SALES_ORDER_NOT_FOUND = 'Sales order';
type PostedRef = {
  kind: string;
  no: string;
  posting_date: string;
  amount: string | null;
  /** The e-invoice's brief columns (invoices and credit memos), null when it has none. */
  e: Parameters<typeof briefOf>[0];
};
export type SalesOrderRow = typeof salesOrders.$inferSelect;
export type SalesLineRow = typeof salesOrderLines.$inferSelect;

/** The ERP document kind of a sales document. */
export const erpKindOf = (documentType: string) =>
  documentType === 'quote' ? 'sales_quote' : documentType === 'credit_memo' ? 'sales_credit_memo' : 'sales_order';

// The reads of a sales document are prepared statements (db/prepared.ts): built once, planned once per connection.
const orderByNo = rowByKey(salesOrders, salesOrders.pos_so_no);
const lockedOrderByNo = rowByKey(salesOrders, salesOrders.pos_so_no, { forUpdate: true });
const linesByOrder = prepared((db) =>
  db
    .select()
    .from(salesOrderLines)
    .where(eq(salesOrderLines.pos_so_no, sql.placeholder('no')))
    .orderBy(asc(salesOrderLines.line_no))
    .prepare('fp_sales_order_lines'),
);

/** Every line of a sales document (item and fee lines) in line order. */
export const salesOrderLinesOf = (db: DbOrTx, posSoNo: string): Promise<SalesLineRow[]> =>
  linesByOrder(db).execute({ no: posSoNo });

/** Reads one sales document in the caller's scope (another franchise's is "Sales order not found"). */
export async function findSalesOrder(db: DbOrTx, scope: Scope, posSoNo: string): Promise<SalesOrderRow> {
  const row = await orderByNo(db, posSoNo);
  if (!row) throw notFound(SALES_ORDER_NOT_FOUND);
  scope.assert(row.franchise_code, SALES_ORDER_NOT_FOUND);
  return row;
}

/**
 * Locks one sales document for a change (`SELECT … FOR UPDATE`) in the caller's scope: another franchise's or a
 * missing one is 404 "Sales order not found", then a stale `version` is 409 — in that order, so existence never leaks.
 */
export async function lockSalesOrder(tx: Tx, scope: Scope, posSoNo: string, version?: number): Promise<SalesOrderRow> {
  const row = await lockedOrderByNo(tx, posSoNo);
  if (!row) throw notFound(SALES_ORDER_NOT_FOUND);
  scope.assert(row.franchise_code, SALES_ORDER_NOT_FOUND);
  if (version !== undefined && row.version !== version) throw staleVersion();
  return row;
}

/**
 * lockSalesOrder's checks on a row the caller already holds locked (created or locked in this transaction): another
 * franchise's is 404 "Sales order not found", a stale `version` 409.
 */
export function knownOrder(scope: Scope, row: SalesOrderRow, version?: number): SalesOrderRow {
  scope.assert(row.franchise_code, SALES_ORDER_NOT_FOUND);
  if (version !== undefined && row.version !== version) throw staleVersion();
  return row;
}

/** A sales document locked with its lines (salesOrderLock). */
export type LockedSalesOrder<Extra = object> = { order: SalesOrderRow & Extra; lines: SalesLineRow[] };

/**
 * A prepared statement (declare it once, at module level) that locks one sales document FOR UPDATE and reads it with
 * every line (in line order) and `columns` computed on its row (what a posting checks with it: the remaining amount,
 * the fees, the settings, the stock locks of its lines, …; they name the row as "sales_orders"); null when there is
 * no such document. The scope and the version are the caller's to check on the row (knownOrder, assertLockedOrder),
 * and every caller checks a version: the lines (one json value, rowsJsonSql) are read as the statement began, so
 * when the lock waited for another transaction that changed them, they are stale, but that change moved the order's
 * version (every line change does), so the caller refuses with 409. One statement, whatever the number of lines.
 */
export function salesOrderLock<Extra extends Record<string, unknown> = Record<never, never>>(
  name: string,
  columns: () => Record<keyof Extra, SQL> = () => ({}) as Record<keyof Extra, SQL>,
) {
  const statement = prepared((db) => {
    // The order in a subquery that locks it, named as its table: `columns` and the lines (one json value) are read
    // on the locked row, after the lock.
    const locked = db
      .select(getTableColumns(salesOrders))
      .from(salesOrders)
      .where(eq(salesOrders.pos_so_no, sql.placeholder('no')))
      .for('update')
      .as('sales_orders');
    // The order's row and its lines as json values (rowJsonSql, rowsJsonSql): two fields, not one per column.
    const lines = sql`(select ${rowsJsonSql(salesOrderLines, 'l', 'l.line_no')} from ${salesOrderLines} as "l"
      where "l"."pos_so_no" = "sales_orders"."pos_so_no")`;
    return db
      .select({ extra: columns(), order: rowJsonSql(salesOrders, 'sales_orders'), lines })
      .from(locked)
      .prepare(name);
  });
  return async (tx: Tx, posSoNo: string): Promise<LockedSalesOrder<Extra> | null> => {
    const [row] = (await statement(tx).execute({ no: posSoNo })) as {
      extra: Extra;
      order: unknown;
      lines: unknown;
    }[];
    if (!row) return null;
    const order = { ...rowFromJson(salesOrders, row.order), ...row.extra };
    return { order, lines: rowsFromJson(salesOrderLines, row.lines) };
  };
}

const lockWithLines = salesOrderLock('fp_sales_order_lock');

/**
 * lockSalesOrder, answering the document's lines too (in line order), read in the same statement. The caller checks
 * the version it was given, here or on the row (assertAction): see salesOrderLock.
 */
export async function lockSalesOrderWithLines(
  tx: Tx,
  scope: Scope,
  posSoNo: string,
  version?: number,
): Promise<LockedSalesOrder> {
  const found = await lockWithLines(tx, posSoNo);
  if (!found) throw notFound(SALES_ORDER_NOT_FOUND);
  knownOrder(scope, found.order, version);
  return found;
}

/** The entity name of a document type, as the machines name it ("Sales Order", "Sales Quote"). */
export const salesEntityOf = (documentType: string) =>
  documentType === 'quote' ? 'Sales Quote' : documentType === 'credit_memo' ? 'Sales Credit Memo' : 'Sales Order';

/** Where a sales document lives, in the caller's scope; its declaration is its type's (order, quote, credit memo). */
export const salesTarget = (scope: Scope, posSoNo: string) => ({
  table: salesOrders,
  document: salesDocumentOfRow,
  key: [salesOrders.pos_so_no, posSoNo] as [typeof salesOrders.pos_so_no, string],
  statusColumn: salesOrders.status,
  versionColumn: salesOrders.version,
  where: scope.franchise(salesOrders.franchise_code),
  notFoundAs: SALES_ORDER_NOT_FOUND,
});
const salesDocumentOfRow = (row: DocumentRow) => salesDocumentOf(String(row.document_type));

/**
 * Locks a sales document for a change of its declaration (contract documents.ts: 'lines', 'fees', …): 404 in
 * another franchise, 409 on a stale version, 422 status_not_allowed naming `status` when its status does not allow
 * the change ("Sales Order in status released cannot change lines").
 */
export const lockSalesForChange = (tx: Tx, scope: Scope, posSoNo: string, version: number, change: string) =>
  lockEditableOne<typeof salesOrders, SalesOrderRow>(tx, { ...salesTarget(scope, posSoNo), version, change });

/** The same check on a document already locked (when what the request changes decides which change it is). */
export const assertSalesEditable = (doc: SalesOrderRow, change: string) =>
  assertEditable({ document: salesDocumentOfRow }, doc, change);

/** What an order answer holds besides its header and lines (read in the header's statement, or known by a posting). */
export type SalesOrderParts = {
  remaining_amount: string;
  credited_amount: string;
  erp: typeof erpDocumentSync.$inferSelect | null;
  fees: FeeJson[];
  promotions: AppliedPromotion[];
  earned: { redeemable: string; ranking: string };
  posted: PostedRef[];
};

const ORDER_NO = sql`"sales_orders"."pos_so_no"`;

/**
 * The posted documents of the order row in scope as one JSON array: shipments, invoices and credit memos, the latter
 * two with their e-invoice (issue 21).
 */
const postedJsonSql = () => sql`coalesce((select json_agg(p order by p.kind, p.no) from (
    select p.*, (select json_build_object('state', e.state, 'invoice_no', e.invoice_no,
        'template_code', e.template_code, 'invoice_series', e.invoice_series, 'code_of_tax', e.code_of_tax,
        'reservation_code', e.reservation_code, 'lookup_url', e.lookup_url, 'seller_name', e.seller_name,
        'seller_tax_code', e.supplier_tax_code, 'issued_at', e.issued_at, 'message', e.message)
        from e_invoices e where e.pos_si_no = p.no and p.kind <> 'shipment') as e
    from (
    select 'shipment' as kind, pos_ss_no as no, posting_date::text as posting_date, null::text as amount
      from sales_shipments where pos_so_no = ${ORDER_NO}
    union all
    select 'invoice', pos_si_no, posting_date::text, amount::text from sales_invoices where pos_so_no = ${ORDER_NO}
    union all
    select 'credit_memo', cm.pos_so_no, coalesce(cm.posting_date, cm.order_date)::text, cm.grand_total::text
      from sales_orders cm where cm.applies_to_order_no = ${ORDER_NO} and cm.applies_to_order_no <> ''
        and cm.document_type = 'credit_memo'
    ) p) p), '[]'::json)`;

/** The ERP sync row of the order row in scope as one json value (rowJsonSql), null when it was never sent. */
const erpSyncJsonSql = () => sql`(select ${rowJsonSql(erpDocumentSync, 'e')} from ${erpDocumentSync} as "e"
    where "e"."document_no" = ${ORDER_NO}
      -- The kinds as constants too: the sync table's key is (kind, document_no), and a kind computed from the row
      -- alone leaves PostgreSQL no index to use (it read every document's sync row).
      and "e"."kind" in ('sales_order', 'sales_quote', 'sales_credit_memo')
      and "e"."kind" = case "sales_orders"."document_type" when 'quote' then 'sales_quote'
        when 'credit_memo' then 'sales_credit_memo' else 'sales_order' end)`;

type PartsColumns = {
  remaining_amount: string;
  credited_amount: string;
  erp: unknown;
  fees: unknown;
  promotions: unknown;
  earned: unknown;
  posted: unknown;
};

/**
 * What an order's answer holds besides its header and lines (SalesOrderParts), as columns computed on the order row
 * named "sales_orders": the remaining and credited amounts, and the ERP sync row, fees, applied promotions, earned
 * points and posted documents as json values. The header's read selects them; a status change answers them from its
 * UPDATE (RETURNING), so it needs no read after it.
 */
export const salesOrderPartsColumns = (): Record<keyof PartsColumns, SQL> =>
  (partsColumns ??= {
    // Rendered once (frozenSql): a status change builds its statement per call, with these in it.
    remaining_amount: frozenSql(remainingAmountSql()),
    credited_amount: frozenSql(creditedAmountSql()),
    erp: frozenSql(erpSyncJsonSql()),
    fees: frozenSql(feesJsonSql(ORDER_NO)),
    promotions: frozenSql(appliedPromotionsJsonSql(ORDER_NO)),
    earned: frozenSql(orderEarnedPointsJsonSql(ORDER_NO)),
    posted: frozenSql(postedJsonSql()),
  });
let partsColumns: Record<keyof PartsColumns, SQL> | undefined;

/** A row with salesOrderPartsColumns split into the order's header and its parts. */
export function salesOrderPartsOf(row: SalesOrderRow & Partial<PartsColumns>): {
  header: SalesOrderRow;
  parts: SalesOrderParts;
} {
  const { remaining_amount, credited_amount, erp, fees, promotions, earned, posted, ...header } = row;
  return {
    header,
    parts: {
      remaining_amount: String(remaining_amount),
      credited_amount: String(credited_amount),
      erp: erp === null || erp === undefined ? null : rowFromJson(erpDocumentSync, erp),
      fees: jsonOf<FeeJson[]>(fees),
      promotions: jsonOf<AppliedPromotion[]>(promotions),
      earned: jsonOf<{ redeemable: string; ranking: string }>(earned),
      posted: jsonOf<PostedRef[]>(posted),
    },
  };
}

const headerStatement = prepared((db) =>
  db
    .select({ header: rowJsonSql(salesOrders, 'sales_orders'), ...salesOrderPartsColumns() })
    .from(salesOrders)
    .where(eq(salesOrders.pos_so_no, sql.placeholder('no')))
    .prepare('fp_sales_order_header'),
);

/**
 * One sales document's header with everything its answer needs but the lines, in ONE prepared statement: the
 * header's row and salesOrderPartsColumns. Null when there is no such document.
 */
export async function salesOrderHeaderOf(
  db: DbOrTx,
  posSoNo: string,
): Promise<{ header: SalesOrderRow; parts: SalesOrderParts } | null> {
  const [found] = await headerStatement(db).execute({ no: posSoNo });
  if (!found) return null;
  const { header, ...parts } = found;
  return salesOrderPartsOf({ ...rowFromJson(salesOrders, header), ...(parts as PartsColumns) });
}

/**
 * `GET /api/sales-orders/{pos_so_no}`: the header with its lines, fees, totals, posted documents and ERP sync state.
 * Two statements: the header with its parts (salesOrderHeaderOf) and the lines — or one, when the caller (a posting
 * that just wrote them) passes the lines as they now are.
 */
export async function getSalesOrder(
  db: DbOrTx,
  scope: Scope,
  posSoNo: string,
  o: { lines?: readonly SalesLineRow[] } = {},
): Promise<SalesOrder> {
  const found = await salesOrderHeaderOf(db, posSoNo);
  if (!found) throw notFound(SALES_ORDER_NOT_FOUND);
  scope.assert(found.header.franchise_code, SALES_ORDER_NOT_FOUND);
  const lines = o.lines ?? (await salesOrderLinesOf(db, posSoNo));
  return salesOrderAnswer(found.header, lines, found.parts);
}

/**
 * The answer of a document's row read with salesOrderPartsColumns (a status change's UPDATE answers it), its ERP sync
 * row replaced by `erp` unless undefined (the row the same statement wrote).
 */
export function salesOrderAnswerOfRow(
  row: SalesOrderRow & Record<string, unknown>,
  lines: readonly SalesLineRow[],
  erp?: typeof erpDocumentSync.$inferSelect | null,
): SalesOrder {
  const { header, parts } = salesOrderPartsOf(row);
  return salesOrderAnswer(header, lines, erp === undefined ? parts : { ...parts, erp });
}

/** The parts of a document that has just been created: nothing posted, paid, applied or sent yet. */
export const newDocumentParts = (header: SalesOrderRow): SalesOrderParts => ({
  remaining_amount: toMoney(D(header.grand_total)),
  credited_amount: '0.00',
  erp: null,
  fees: [],
  promotions: [],
  earned: { redeemable: '0', ranking: '0' },
  posted: [],
});

/** The answer of a sales document from its header, lines and parts (what GET answers; a posting answers the same). */
export function salesOrderAnswer(
  header: SalesOrderRow,
  lines: readonly SalesLineRow[],
  parts: SalesOrderParts,
): SalesOrder {
  const refs = parts.posted;
  const shipments = refs
    .filter((r) => r.kind === 'shipment')
    .map((r) => ({ pos_ss_no: r.no, posting_date: r.posting_date }));
  const invoices = refs
    .filter((r) => r.kind === 'invoice')
    .map((r) => ({
      pos_si_no: r.no,
      posting_date: r.posting_date,
      amount: r.amount ?? '0.00',
      e_invoice: briefOf(parsedBrief(r.e)),
    }));
  const creditMemos = refs
    .filter((r) => r.kind === 'credit_memo')
    .map((r) => ({
      pos_so_no: r.no,
      posting_date: r.posting_date,
      amount: r.amount ?? '0.00',
      e_invoice: briefOf(parsedBrief(r.e)),
    }));
  const itemLines = [...lines].filter((l) => l.line_type === 'item').sort((a, b) => a.line_no - b.line_no);
  const fees = parts.fees;
  const totals = documentTotals(itemLines, {
    invoiceDiscount: header.invoice_discount_amount,
    promotionDiscount: header.promotion_discount_amount,
    pointsDiscount: header.points_discount_amount,
    fees,
  });
  const erp = parts.erp;
  const { id: _id, created_by: _by, ...rest } = header as SalesOrderRow & { id?: number };
  return {
    ...rest,
    // Issue 9 loyalty: the points the order's invoices earned, net of its credit memos (derived from the ledgers).
    ...(header.document_type === 'order' ? earnedPointsOf(parts.earned) : {}),
    totals: { ...totals, remaining_amount: parts.remaining_amount, credited_amount: parts.credited_amount },
    remaining_amount: parts.remaining_amount,
    lines: itemLines.map(({ id: _lineId, pos_so_no: _no, created_at: _c, updated_at: _u, ...l }) => ({
      ...l,
      vat_amount: vatContained(l.amount, l.vat_percent),
    })),
    fees: fees.map((f) => ({
      line_no: f.line_no,
      fee_code: f.fee_code,
      description: f.description,
      amount: f.amount,
      vat_percent: f.vat_percent,
      version: f.version,
    })),
    applied_promotions: parts.promotions,
    shipments,
    invoices,
    credit_memos: creditMemos.map((c) => ({ ...c, amount: toMoney(D(c.amount)) })),
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
