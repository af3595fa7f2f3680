import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  actionForTarget,
  buttonAllowedOnAny,
  messages,
  pageStructureOf,
  purchaseOrderFacts,
  purchaseOrderDocument,
  purchaseOrderMachine,
  ruledOut,
  transitionOf,
  type purchaseOrderByPoNo,
  type purchaseStatusChange,
} from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError, badRequest, businessRule, notFound } from '../../http/errors.js';
import { canAccess, type Auth } from '../../http/context.js';
import type { Scope } from '../../http/scope.js';
import { applyAction, lockForAction } from '../../kernel/status.js';
import { enqueueErpDocument } from '../../kernel/outbox.js';
import { cancelReasons } from '../cancel-reasons/schema.js';
import { takeNextNumber } from '../number-series/service.js';
import { findPurchaseOrder, PURCHASE_ORDER_NOT_FOUND, type PurchaseOrderRow } from './load.js';
import { purchaseOrderLines, purchaseOrders } from './schema.js';

// The purchase order machine (packages/contract machines.ts purchaseOrderMachine; README "Machine"): reopen and
// cancel through PUT …/status (actionForTarget), release and close by po_no. Every change goes through
// lockForAction/applyAction (status IN from AND version = v); the ERP job is enqueued in the same transaction.

/** The screens the machine's buttons live on (the button permission check narrows to those the user holds). */
export const PURCHASE_DOCUMENT_PAGES = [
  '/purchasesOrders/detail',
  '/tablet/purchasesOrders/detail',
  '/purchasesOrdersInvoicedCanceled/detail',
] as const;

/**
 * 403 unless the caller may use the action's button (its label) on the purchase order pages whose structure lists
 * it, narrowed to the pages the caller holds (as sales/limits.ts requireAction; DEVELOPING "Button permissions").
 */
export function requirePurchaseAction(auth: Auth, action: string): void {
  if (auth.isAdmin) return;
  const t = transitionOf(purchaseOrderMachine, action);
  if (!t) return;
  const candidates = PURCHASE_DOCUMENT_PAGES.filter((p) => pageStructureOf(p).buttons.includes(t.label));
  if (!candidates.length) return;
  const held = candidates.filter((p) => canAccess(auth, p, 'view'));
  if (!buttonAllowedOnAny(auth, held.length ? held : candidates, t.label))
    throw new AppError(403, 'forbidden', `You are not allowed to ${t.label}`, 'status');
}

const common = (doc: Pick<PurchaseOrderRow, 'pos_po_no'>, scope: Scope, action: string, version: number) => ({
  table: purchaseOrders,
  document: purchaseOrderDocument,
  action,
  key: [purchaseOrders.pos_po_no, doc.pos_po_no] as [typeof purchaseOrders.pos_po_no, string],
  statusColumn: purchaseOrders.status,
  versionColumn: purchaseOrders.version,
  version,
  where: and(eq(purchaseOrders.type, 'Order'), scope.franchise(purchaseOrders.franchise_code)),
  notFoundAs: PURCHASE_ORDER_NOT_FOUND,
});

/** The order's facts for the machine's `unless` (contract purchaseOrderFacts over its lines, as the screen reads them). */
async function factsOf(tx: Tx, posPoNo: string) {
  const lines = await tx
    .select({ qty_shipped: purchaseOrderLines.qty_shipped })
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.pos_po_no, posPoNo));
  return purchaseOrderFacts(lines);
}

/** The cancel reason of page /purchasesOrders: required, and it must exist there (400 naming cancel_reason_code). */
async function cancelReasonOf(tx: Tx, page: string, code: string | undefined) {
  const c = code?.trim().toUpperCase();
  if (!c) throw badRequest(messages.required, 'cancel_reason_code');
  const [reason] = await tx
    .select()
    .from(cancelReasons)
    .where(and(eq(cancelReasons.reason_code, c), eq(cancelReasons.page, page)));
  if (!reason) throw badRequest(`Cancel reason ${c} not found for ${page}`, 'cancel_reason_code');
  return reason;
}

/**
 * PUT /api/purchase-orders/status: reopen (released → open) or cancel (open/released → canceled, with a cancel
 * reason), both only while nothing was shipped (422 naming status). Reopen and the cancel of a released order
 * enqueue the ERP job.
 */
export async function changePurchaseStatus(
  tx: Tx,
  auth: Auth,
  body: z.output<typeof purchaseStatusChange>,
): Promise<void> {
  const found = await findPurchaseOrder(tx, auth.scope, body.pos_po_no);
  if (found.type === 'Credit Memo')
    throw businessRule(
      `Purchase Credit Memo ${found.pos_po_no} is posted and cannot change status`,
      'status_not_allowed',
      'status',
    );
  const t = actionForTarget(purchaseOrderMachine, body.status);
  if (!t)
    throw businessRule(
      `${purchaseOrderMachine.entity} cannot be set to status ${body.status}`,
      'status_not_allowed',
      'status',
    );
  requirePurchaseAction(auth, t.action);
  const c = common(found, auth.scope, t.action, body.version);
  const doc = await lockForAction<typeof purchaseOrders, PurchaseOrderRow>(tx, c);
  if (ruledOut(t, await factsOf(tx, doc.pos_po_no)))
    throw businessRule(
      `${purchaseOrderMachine.entity} ${doc.pos_po_no} has shipped lines and cannot ${t.label.toLowerCase()}`,
      'already_shipped',
      'status',
    );
  let set: Record<string, unknown> = { cancel_reason_code: '', cancel_reason_description: '' };
  if (t.action === 'cancel') {
    const reason = await cancelReasonOf(tx, t.reasonPage ?? '/purchasesOrders', body.cancel_reason_code);
    set = { cancel_reason_code: reason.reason_code, cancel_reason_description: reason.description };
  }
  await applyAction(tx, { ...c, set });
  if (t.action === 'reopen' || doc.status === 'released')
    await enqueueErpDocument(tx, {
      kind: 'purchase_order',
      documentNo: doc.pos_po_no,
      action: t.action === 'reopen' ? 'reopen' : 'cancel',
      ...(t.action === 'cancel' ? { reason: set.cancel_reason_description as string } : {}),
    });
}

/** The order a release or close names by `po_no`: our number (pos_po_no) or the ERP's (po_no), in scope. */
export async function orderByPoNo(db: DbOrTx, scope: Scope, poNo: string): Promise<PurchaseOrderRow> {
  const [row] = await db
    .select()
    .from(purchaseOrders)
    .where(
      and(
        or(eq(purchaseOrders.pos_po_no, poNo), eq(purchaseOrders.po_no, poNo)),
        eq(purchaseOrders.type, 'Order'),
        scope.franchise(purchaseOrders.franchise_code),
      ),
    )
    .limit(1);
  if (!row) throw notFound(PURCHASE_ORDER_NOT_FOUND);
  return row;
}

/**
 * POST /api/purchase-orders/release: open → released. Needs a line (422 naming lines). Standalone ERP: head office's
 * sales order number bc_so_no from series HSO (once: a release after a reopen keeps it) and po_no = pos_po_no. The
 * ERP release is enqueued. Returns the order's number.
 */
export async function releasePurchaseOrder(
  tx: Tx,
  auth: Auth,
  body: z.output<typeof purchaseOrderByPoNo>,
  o: { standalone: boolean },
): Promise<string> {
  const found = await orderByPoNo(tx, auth.scope, body.po_no);
  requirePurchaseAction(auth, 'release');
  const c = common(found, auth.scope, 'release', body.version);
  const doc = await lockForAction<typeof purchaseOrders, PurchaseOrderRow>(tx, c);
  const [r] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.pos_po_no, doc.pos_po_no));
  if (!r?.n)
    throw businessRule('Add at least one line before releasing the purchase order', 'release_incomplete', 'lines');
  const set: Record<string, unknown> = {};
  if (o.standalone) {
    set.po_no = doc.pos_po_no;
    // The number last: a refusal above gives nothing back to the series.
    if (!doc.bc_so_no)
      set.bc_so_no = await takeNextNumber(tx, { franchiseCode: doc.franchise_code, documentType: 'HSO' });
  }
  await applyAction(tx, { ...c, set });
  await enqueueErpDocument(tx, { kind: 'purchase_order', documentNo: doc.pos_po_no, action: 'release' });
  return doc.pos_po_no;
}

/** POST /api/purchase-orders/close: partial_received → invoiced (what was not shipped is no longer outstanding). */
export async function closePurchaseOrder(
  tx: Tx,
  auth: Auth,
  body: z.output<typeof purchaseOrderByPoNo>,
): Promise<string> {
  const found = await orderByPoNo(tx, auth.scope, body.po_no);
  requirePurchaseAction(auth, 'close');
  await applyAction(tx, common(found, auth.scope, 'close', body.version));
  return found.pos_po_no;
}
