import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { actionForTarget, messages, salesDocumentOf, salesMachineOf, type salesStatusChange } from '@fp/contract';
import type { Tx } from '../../db/client.js';
import { badRequest, businessRule } from '../../http/errors.js';
import type { Scope } from '../../http/scope.js';
import { assertAction, batchAction, batchActionAnswered } from '../../kernel/status.js';
import { WriteBatch } from '../../kernel/batch.js';
import { D } from '../../kernel/money.js';
import { batchErpDocument, erpDocumentSync, type ErpSync } from '../../kernel/outbox.js';
import { rowFromJson } from '../../db/prepared.js';
import { cancelReasons } from '../cancel-reasons/schema.js';
import {
  erpKindOf,
  knownOrder,
  lockSalesOrderWithLines,
  SALES_ORDER_NOT_FOUND,
  salesEntityOf,
  type SalesLineRow,
  type SalesOrderRow,
} from './load.js';
import { salesOrders } from './schema.js';
import { releaseOrderPromotions } from '../promotions/service.js';
import { releaseOrderPoints } from '../loyalty/order-redeem.js';
import type { Auth } from '../../http/context.js';
import { hasProcessedReceipts, requireAction, requireCancelAfterPayment } from './limits.js';

// PUT /api/sales-orders/status (api.md Sales): the target status maps onto the document type's machine
// (packages/contract/src/machines.ts) with actionForTarget; the one way a plain status changes. Release, reopen and
// cancel enqueue the ERP job in the same transaction (in the statement of the status change).

const ERP_ACTIONS: Record<string, 'release' | 'reopen' | 'cancel'> = {
  release: 'release',
  reopen: 'reopen',
  cancel: 'cancel',
};

/** What release needs: at least one item line, a customer and a location (422 naming the missing one). */
function assertReleasable(doc: SalesOrderRow, lines: readonly SalesLineRow[]) {
  const entity = salesEntityOf(doc.document_type).toLowerCase();
  if (!lines.some((l) => l.line_type === 'item'))
    throw businessRule(`Add at least one line before releasing the ${entity}`, 'release_incomplete', 'lines');
  if (!doc.sell_to_code)
    throw businessRule(`Choose a customer before releasing the ${entity}`, 'release_incomplete', 'sell_to_code');
  if (!doc.location_code)
    throw businessRule(`Choose a location before releasing the ${entity}`, 'release_incomplete', 'location_code');
}

/** The cancel reason of the machine's page (/salesOrders, /salesQuotes): required, and it must exist there. */
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
 * Release, reopen, confirm or cancel: the document (locked), its machine, the action ending in the target status, the
 * rules of that action, then applyAction (status IN from AND version = v) and the ERP job. Answers the document's
 * lines (a status change leaves them as they are), so the caller's answer need not read them again.
 */
export async function changeSalesStatus(
  tx: Tx,
  scope: Scope,
  body: z.output<typeof salesStatusChange>,
  /** The user (button permissions and cashier limits, limits.ts); absent: the system (demo). */
  auth?: Auth,
  /**
   * `known` (the counter sale, issue 22): the document and all its lines as the caller holds them, locked or created
   * in this transaction (checked as the locked row would be, not read again). `answer`: the status change's own
   * statement answers `changed` the row as it now is with `columns` computed on it (RETURNING: what Ship Now reads
   * with its lock, or what the document's answer holds) and, with `erp`, the ERP sync row as the change leaves it
   * (undefined: the action sends nothing). Not called when the change wrote the document again after its status (a
   * cancel that gave redeemed points back): the caller reads it.
   */
  o: {
    known?: { doc: SalesOrderRow; lines: SalesLineRow[] };
    answer?: {
      columns: Record<string, SQL>;
      erp?: boolean;
      changed: (row: SalesOrderRow & Record<string, unknown>, erp: ErpSync | null | undefined) => void;
    };
  } = {},
): Promise<SalesLineRow[]> {
  // Locked first, with its lines (one statement): the row tells the machine; another franchise's is "Sales order not
  // found".
  const { order: doc, lines } = o.known
    ? { order: knownOrder(scope, o.known.doc), lines: o.known.lines }
    : await lockSalesOrderWithLines(tx, scope, body.pos_so_no);
  if (doc.pos_so_no !== body.pos_so_no) throw new Error("changeSalesStatus: the known document is not the body's");
  const machine = salesMachineOf(doc.document_type);
  const entity = salesEntityOf(doc.document_type);
  if (!machine)
    throw businessRule(`A ${entity.toLowerCase()} is posted and cannot change status`, 'status_not_allowed', 'status');
  const t = actionForTarget(machine, body.status);
  if (!t) throw businessRule(`${entity} cannot be set to status ${body.status}`, 'status_not_allowed', 'status');
  if (auth) requireAction(auth, doc.document_type, t.action);
  const common = {
    table: salesOrders,
    document: salesDocumentOf(doc.document_type),
    action: t.action,
    key: [salesOrders.pos_so_no, doc.pos_so_no] as [typeof salesOrders.pos_so_no, string],
    statusColumn: salesOrders.status,
    versionColumn: salesOrders.version,
    version: body.version,
    where: scope.franchise(salesOrders.franchise_code),
    notFoundAs: SALES_ORDER_NOT_FOUND,
  };
  assertAction(common, doc);
  let set: Record<string, unknown> = {};
  if (t.action === 'release') assertReleasable(doc, lines);
  if (t.action === 'reopen' || t.action === 'cancel') {
    if (lines.some((l) => D(l.qty_shipped).gt(0)))
      throw businessRule(
        `${entity} ${doc.pos_so_no} has shipped lines and cannot ${t.label.toLowerCase()}`,
        'already_shipped',
        'status',
      );
  }
  if (t.action === 'cancel') {
    // Cash already taken for the order: only a user granted Cancel After Payment may cancel it (issue 9).
    if (auth && (await hasProcessedReceipts(tx, doc.pos_so_no))) requireCancelAfterPayment(auth);
    const reason = await cancelReasonOf(tx, t.reasonPage ?? '/salesOrders', body.cancel_reason_code);
    set = { cancel_reason_code: reason.reason_code, cancel_reason_description: reason.description };
    await releaseOrderPromotions(tx, doc);
  }
  if (t.action === 'reopen') set = { cancel_reason_code: '', cancel_reason_description: '' };
  // The UPDATE and the ERP job in one statement (a WriteBatch), which answers the row when asked.
  const batch = new WriteBatch();
  const row = o.answer
    ? batchActionAnswered<typeof salesOrders, SalesOrderRow & Record<string, unknown>>(tx, batch, {
        ...common,
        set,
        columns: o.answer.columns,
      })
    : (batchAction(tx, batch, { ...common, set }), undefined);
  const erp = ERP_ACTIONS[t.action];
  const erpSync = erp
    ? batchErpDocument(batch, { kind: erpKindOf(doc.document_type), documentNo: doc.pos_so_no, action: erp })
    : undefined;
  const erpRead = o.answer?.erp && erpSync ? batch.answer({ erp: erpSync }) : undefined;
  await batch.run(tx);
  // Issue 9 loyalty: used points go back (the order is written again).
  const rewritten = t.action === 'cancel' && (await releaseOrderPoints(tx, doc.pos_so_no));
  if (o.answer && row && !rewritten) {
    const sync = erpRead?.().erp;
    o.answer.changed(row(), erpRead ? (sync ? rowFromJson(erpDocumentSync, sync) : null) : undefined);
  }
  return lines;
}
