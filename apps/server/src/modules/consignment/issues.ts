import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  actionForTarget,
  businessDate,
  consignmentIssueDocument,
  consignmentMessages as msg,
  messages,
  type ConsignmentIssue,
  type consignmentIssueCreate,
  type consignmentIssueListItem,
  type consignmentIssueStatusChange,
  type consignmentIssueUpdate,
  type consignmentLineAdd,
  type consignmentLineRemove,
  type consignmentLineUpdate,
} from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { badRequest, businessRule, notFound } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import type { ExportColumn } from '../../http/list-route.js';
import type { Scope } from '../../http/scope.js';
import { D } from '../../kernel/money.js';
import { enqueueErpDocument, erpDocumentSync, erpSyncOf, erpSyncOn } from '../../kernel/outbox.js';
import { applyAction, lockEditableOne, lockForAction } from '../../kernel/status.js';
import { cancelReasons } from '../cancel-reasons/schema.js';
import { takeNextNumber } from '../number-series/service.js';
import { checkLines, LINE_NO_STEP, type LineDraft } from './lines.js';
import { consignmentIssueLines, consignmentIssues, transferOrderLines } from './schema.js';
import { cancelTransferOrder, consignmentCodesOf, insertTransferOrder, linesOf } from './transfer-orders.js';
import { stampNow } from '../../db/clock.js';

// Consignment issues (CI, README.md here): the franchise asks for consigned goods (direction 'issue') or sends them
// back ('return'). Machine consignmentIssueMachine (contract): open → released (standalone: its transfer order is
// created at once) → completed (its transfer order fully received, receipts.ts); reopen and cancel while the
// transfer order shipped nothing.

export type IssueRow = typeof consignmentIssues.$inferSelect;
type IssueLineRow = typeof consignmentIssueLines.$inferSelect;
const NOT_FOUND = msg.consignmentIssueNotFound;
const c = consignmentIssues;

// ---------- list ----------

const totalQty = sql<string>`(select coalesce(sum(l.ci_qty), 0)::text from ${consignmentIssueLines} l where l.ci_no = "consignment_issues"."ci_no")`;
const listColumns = {
  ci_no: c.ci_no,
  franchise_code: c.franchise_code,
  franchise_name: c.franchise_name,
  direction: c.direction,
  status: c.status,
  la_status: c.status,
  la_external_doc: c.la_external_doc,
  la_request_delivery_date: c.la_request_delivery_date,
  transfer_from_code: c.transfer_from_code,
  transfer_to_code: c.transfer_to_code,
  intransit_code: c.intransit_code,
  bc_to_no: c.bc_to_no,
  total_qty: totalQty,
  order_date: c.order_date,
  cancel_reason_description: c.cancel_reason_description,
  version: c.version,
};
type ListItem = z.infer<typeof consignmentIssueListItem>;
export const consignmentIssueList: ListSpec<ListItem> = {
  source: (db, extra) =>
    db
      .select({ ...listColumns, ...extra })
      .from(c)
      .$dynamic(),
  fields: { ...listColumns, total_qty: { expr: totalQty, type: 'number' } },
  filterable: Object.keys(listColumns),
  sortable: Object.keys(listColumns),
  defaultSort: { field: 'ci_no', direction: 'desc' },
  key: c.ci_no,
};
export const consignmentIssueExportColumns: ExportColumn[] = [
  { key: 'ci_no', header: 'Consignment No', width: 22 },
  { key: 'franchise_code', header: 'Franchise' },
  { key: 'franchise_name', header: 'Franchise Name', width: 28 },
  { key: 'direction', header: 'Direction' },
  { key: 'status', header: 'Status' },
  { key: 'la_external_doc', header: 'External Doc', width: 20 },
  { key: 'la_request_delivery_date', header: 'Request Delivery Date', format: 'date' },
  { key: 'bc_to_no', header: 'Transfer Order No', width: 22 },
  { key: 'total_qty', header: 'Quantity' },
  { key: 'order_date', header: 'Order Date', format: 'date' },
];

// ---------- get ----------

/** `GET /api/consignment-issues/{ci_no}`: header, lines with what its transfer order shipped and received, ERP state. */
export async function getConsignmentIssue(db: DbOrTx, scope: Scope, ciNo: string): Promise<ConsignmentIssue> {
  const [found] = await db
    .select({ h: c, sync: erpDocumentSync })
    .from(c)
    .leftJoin(erpDocumentSync, erpSyncOn('consignment_issue', c.ci_no))
    .where(and(eq(c.ci_no, ciNo), scope.franchise(c.franchise_code)));
  if (!found) throw notFound(NOT_FOUND);
  const { h, sync } = found;
  const lines = await db
    .select({
      l: consignmentIssueLines,
      qty_shipped: sql<string>`coalesce(${transferOrderLines.qty_shipped}, 0)::text`,
      qty_received: sql<string>`coalesce(${transferOrderLines.qty_received}, 0)::text`,
    })
    .from(consignmentIssueLines)
    .leftJoin(
      transferOrderLines,
      and(eq(transferOrderLines.bc_to_no, h.bc_to_no), eq(transferOrderLines.line_no, consignmentIssueLines.line_no)),
    )
    .where(eq(consignmentIssueLines.ci_no, ciNo))
    .orderBy(asc(consignmentIssueLines.line_no));
  const { created_by: _by, ...header } = h;
  return {
    ...header,
    la_status: h.status,
    lines: lines.map(({ l, qty_shipped, qty_received }) => ({
      line_no: l.line_no,
      item_no: l.item_no,
      variant_code: l.variant_code,
      description: l.description,
      unit_of_measure: l.unit_of_measure,
      ci_qty: l.ci_qty,
      la_to_line_note: l.la_to_line_note,
      qty_shipped,
      qty_received,
      version: l.version,
    })),
    erp: sync
      ? {
          state: sync.sync_state,
          external_no: sync.external_no,
          etag: sync.etag,
          last_error: sync.last_error,
          synced_at: sync.synced_at,
        }
      : { state: 'not_sent', external_no: null, etag: null, last_error: null, synced_at: null },
  };
}

// ---------- create and change ----------

const draftsOf = (lines: readonly z.output<typeof consignmentLineAdd>['lines'][number][]): LineDraft[] =>
  lines.map((l) => ({ ...l, quantity: l.ci_qty }));

async function insertLines(tx: Tx, ciNo: string, firstLineNo: number, drafts: readonly LineDraft[], field = 'lines') {
  const checked = await checkLines(tx, drafts, (i) => `${field}.${i}.`);
  if (checked.length === 0) return;
  await tx.insert(consignmentIssueLines).values(
    checked.map((l, i) => ({
      ci_no: ciNo,
      line_no: firstLineNo + i * LINE_NO_STEP,
      item_no: l.item_no,
      variant_code: l.variant_code,
      description: l.description,
      unit_of_measure: l.unit_of_measure,
      qty_per_unit_of_measure: l.qty_per_unit_of_measure,
      ci_qty: l.quantity,
      la_to_line_note: l.la_to_line_note,
    })),
  );
}

const headerValues = (b: z.output<typeof consignmentIssueUpdate> | z.output<typeof consignmentIssueCreate>) => {
  const { ci_no: _n, version: _v, ...rest } = b as z.output<typeof consignmentIssueUpdate>;
  const {
    franchise_code: _f,
    direction: _d,
    lines: _l,
    ...values
  } = rest as typeof rest & {
    franchise_code?: string;
    direction?: string;
    lines?: unknown;
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
};

/** `POST /api/consignment-issues`: franchise blocks copied from the franchise, codes from the direction, CI number. */
export async function createConsignmentIssue(
  tx: Tx,
  auth: Auth,
  body: z.output<typeof consignmentIssueCreate>,
): Promise<string> {
  const franchise = await auth.scope.own(tx, body.franchise_code);
  if (!franchise) throw badRequest(messages.required, 'franchise_code');
  const direction = body.direction ?? 'issue';
  const codes = await consignmentCodesOf(tx, franchise, direction);
  const drafts = draftsOf(body.lines ?? []);
  await checkLines(tx, drafts);
  const orderDate = businessDate();
  const ci_no = await takeNextNumber(tx, { franchiseCode: franchise, documentType: 'CI', date: orderDate });
  const f = codes.franchise;
  await tx.insert(consignmentIssues).values({
    ...headerValues(body),
    ci_no,
    franchise_code: franchise,
    direction,
    status: 'open',
    franchise_name: f.name,
    franchise_address: f.address,
    franchise_district_code: f.district_code,
    franchise_district_name: f.district_name,
    franchise_phone_no: f.phone_no,
    franchise_contact: f.contact,
    franchise_post_code: f.post_code,
    franchise_region_code: f.region_code,
    transfer_from_code: codes.transfer_from_code,
    transfer_to_code: codes.transfer_to_code,
    intransit_code: codes.intransit_code,
    order_date: orderDate,
    created_by: auth.userId || null,
  });
  await insertLines(tx, ci_no, LINE_NO_STEP, drafts);
  return ci_no;
}

/** Where an issue lives, in the caller's scope (another franchise's is "not found"). */
const issueTarget = (scope: Scope | null, ciNo: string) => ({
  table: c,
  document: consignmentIssueDocument,
  key: [c.ci_no, ciNo] as [typeof c.ci_no, string],
  statusColumn: c.status,
  versionColumn: c.version,
  where: scope?.franchise(c.franchise_code),
  notFoundAs: NOT_FOUND,
});

/** Locks an issue for a change of its header or lines: 404 (scope), 409 stale version, 422 when it is not open. */
const lockOpenIssue = (tx: Tx, scope: Scope, ciNo: string, version: number, change: 'header' | 'lines') =>
  lockEditableOne<typeof consignmentIssues, IssueRow>(tx, { ...issueTarget(scope, ciNo), change, version });

const bumpIssue = (tx: Tx, ciNo: string, set: Record<string, unknown> = {}) =>
  tx
    .update(c)
    .set({ ...set, version: sql`${c.version} + 1`, updated_at: stampNow() })
    .where(eq(c.ci_no, ciNo));

export async function updateConsignmentIssue(tx: Tx, scope: Scope, body: z.output<typeof consignmentIssueUpdate>) {
  await lockOpenIssue(tx, scope, body.ci_no, body.version, 'header');
  await bumpIssue(tx, body.ci_no, headerValues(body));
}

async function nextLineNo(tx: Tx, ciNo: string) {
  const [r] = await tx
    .select({ max: sql<number>`coalesce(max(${consignmentIssueLines.line_no}), 0)`.mapWith(Number) })
    .from(consignmentIssueLines)
    .where(eq(consignmentIssueLines.ci_no, ciNo));
  return (r?.max ?? 0) + LINE_NO_STEP;
}

export async function addIssueLines(tx: Tx, scope: Scope, body: z.output<typeof consignmentLineAdd>) {
  await lockOpenIssue(tx, scope, body.ci_no, body.version, 'lines');
  await insertLines(tx, body.ci_no, await nextLineNo(tx, body.ci_no), draftsOf(body.lines));
  await bumpIssue(tx, body.ci_no);
}

async function lineOf(tx: Tx, ciNo: string, lineNo: number, field: string): Promise<IssueLineRow> {
  const [l] = await tx
    .select()
    .from(consignmentIssueLines)
    .where(and(eq(consignmentIssueLines.ci_no, ciNo), eq(consignmentIssueLines.line_no, lineNo)));
  if (!l) throw businessRule(msg.lineNotFound(lineNo), 'line_not_found', field);
  return l;
}

export async function updateIssueLine(tx: Tx, scope: Scope, body: z.output<typeof consignmentLineUpdate>) {
  await lockOpenIssue(tx, scope, body.ci_no, body.version, 'lines');
  const l = await lineOf(tx, body.ci_no, body.line_no, 'line_no');
  const [checked] = await checkLines(
    tx,
    [
      {
        item_no: l.item_no,
        variant_code: body.variant_code ?? l.variant_code,
        unit_of_measure: body.unit_of_measure ?? l.unit_of_measure,
        quantity: body.ci_qty ?? l.ci_qty,
        la_to_line_note: body.la_to_line_note ?? l.la_to_line_note,
      },
    ],
    () => '',
  );
  await tx
    .update(consignmentIssueLines)
    .set({
      variant_code: checked.variant_code,
      description: checked.description,
      unit_of_measure: checked.unit_of_measure,
      qty_per_unit_of_measure: checked.qty_per_unit_of_measure,
      ci_qty: checked.quantity,
      la_to_line_note: checked.la_to_line_note,
      version: sql`${consignmentIssueLines.version} + 1`,
      updated_at: stampNow(),
    })
    .where(eq(consignmentIssueLines.id, l.id));
  await bumpIssue(tx, body.ci_no);
}

export async function removeIssueLines(tx: Tx, scope: Scope, body: z.output<typeof consignmentLineRemove>) {
  await lockOpenIssue(tx, scope, body.ci_no, body.version, 'lines');
  for (const [i, n] of body.line_nos.entries()) await lineOf(tx, body.ci_no, n, `line_nos.${i}`);
  await tx
    .delete(consignmentIssueLines)
    .where(and(eq(consignmentIssueLines.ci_no, body.ci_no), inArray(consignmentIssueLines.line_no, body.line_nos)));
  await bumpIssue(tx, body.ci_no);
}

// ---------- release, reopen, cancel, complete ----------

const lockIssue = (tx: Tx, scope: Scope, action: string, ciNo: string, version: number) =>
  lockForAction<typeof consignmentIssues, IssueRow>(tx, { ...issueTarget(scope, ciNo), action, version });

const finishIssue = (tx: Tx, row: IssueRow, action: string, set?: Record<string, unknown>) =>
  applyAction<typeof consignmentIssues, IssueRow>(tx, {
    ...issueTarget(null, row.ci_no),
    action,
    version: row.version,
    set,
  });

/**
 * `POST /api/consignment-issues/release`: at least one line; standalone creates the transfer order at once (its
 * number onto bc_to_no, its ci_no the issue); the ERP release is enqueued (loader 'consignment_issue', erp.ts).
 */
export async function releaseConsignmentIssue(
  tx: Tx,
  auth: Auth,
  standalone: boolean,
  body: { ci_no: string; version: number },
) {
  const issue = await lockIssue(tx, auth.scope, 'release', body.ci_no, body.version);
  const lines = await tx
    .select()
    .from(consignmentIssueLines)
    .where(eq(consignmentIssueLines.ci_no, issue.ci_no))
    .orderBy(asc(consignmentIssueLines.line_no));
  if (lines.length === 0) throw businessRule(msg.releaseNeedsLine, 'release_incomplete', 'lines');
  let bcToNo = issue.bc_to_no;
  if (standalone)
    bcToNo = await insertTransferOrder(tx, {
      franchiseCode: issue.franchise_code,
      direction: issue.direction,
      ciNo: issue.ci_no,
      externalDocumentNo: issue.la_external_doc,
      shipmentDate: issue.la_request_delivery_date,
      createdBy: auth.userId || null,
      lines: lines.map((l) => ({ ...l, quantity: l.ci_qty })),
    });
  await finishIssue(tx, issue, 'release', { bc_to_no: bcToNo });
  await enqueueErpDocument(tx, { kind: 'consignment_issue', documentNo: issue.ci_no, action: 'release' });
}

/** Whether the issue's transfer order shipped anything (then it may neither reopen nor cancel). */
async function transferShippedAnything(tx: Tx, bcToNo: string) {
  if (!bcToNo) return false;
  return (await linesOf(tx, bcToNo)).some((l) => D(l.qty_shipped).gt(0));
}

/** `PUT /api/consignment-issues/status`: reopen (released → open) or cancel (open/released → canceled). */
export async function changeConsignmentIssueStatus(
  tx: Tx,
  scope: Scope,
  body: z.output<typeof consignmentIssueStatusChange>,
) {
  const t = actionForTarget(consignmentIssueDocument.machine, body.status);
  if (!t) throw badRequest(`A consignment issue cannot be set to ${body.status} with a status change`, 'status');
  const issue = await lockIssue(tx, scope, t.action, body.ci_no, body.version);
  if (await transferShippedAnything(tx, issue.bc_to_no))
    throw businessRule(msg.alreadyShipped, 'already_shipped', 'status');
  let set: Record<string, unknown>;
  if (t.action === 'cancel') {
    const code = body.cancel_reason_code?.trim().toUpperCase();
    if (!code) throw badRequest(messages.required, 'cancel_reason_code');
    const [reason] = await tx
      .select()
      .from(cancelReasons)
      .where(and(eq(cancelReasons.reason_code, code), eq(cancelReasons.page, t.reasonPage!)));
    if (!reason) throw badRequest(`Cancel reason ${code} not found for ${t.reasonPage}`, 'cancel_reason_code');
    set = { cancel_reason_code: reason.reason_code, cancel_reason_description: reason.description };
  } else set = { bc_to_no: '' };
  // The transfer order the release created (standalone) ends with it; in ERP mode the ERP cancels its own.
  if (issue.bc_to_no && issue.status === 'released') await cancelTransferOrder(tx, issue.bc_to_no);
  await finishIssue(tx, issue, t.action, set);
  const sent = await erpSyncOf(tx, 'consignment_issue', issue.ci_no);
  if (sent)
    await enqueueErpDocument(tx, {
      kind: 'consignment_issue',
      documentNo: issue.ci_no,
      action: t.action === 'cancel' ? 'cancel' : 'reopen',
      reason: (set.cancel_reason_description as string | undefined) ?? '',
    });
}

/** The receipt that received all of the issue's transfer order completes the issue (released → completed). */
export async function completeIssue(tx: Tx, ciNo: string) {
  const [row] = await tx.select().from(c).where(eq(c.ci_no, ciNo)).for('update');
  if (!row || row.status !== 'released') return;
  await finishIssue(tx, row, 'complete');
}
