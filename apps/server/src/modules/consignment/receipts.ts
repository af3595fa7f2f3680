import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  businessDate,
  consignmentMessages as msg,
  type consignmentReceipt,
  type consignmentReceiptListItem,
  type consignmentReceive,
} from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { businessRule, notFound } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import type { ExportColumn } from '../../http/list-route.js';
import type { Scope } from '../../http/scope.js';
import { D, toQty } from '../../kernel/money.js';
import { enqueueErpDocument } from '../../kernel/outbox.js';
import { runPosting } from '../../kernel/posting.js';
import { postItemEntries } from '../ledger/service.js';
import { takeNextNumber } from '../number-series/service.js';
import { completeIssue } from './issues.js';
import { LINE_NO_STEP } from './lines.js';
import { consignmentReceiptLines, consignmentReceipts } from './schema.js';
import {
  baseQty,
  finishTransferOrder,
  linesOf,
  lockTransferOrder,
  setLineQuantity,
  type TransferOrderLineRow,
  type TransferOrderRow,
} from './transfer-orders.js';

// Consignment receipts (CR, README.md here): the franchise receives what head office shipped. Out of the in-transit
// code and (direction 'issue') into the franchise's consignment location; per line at most shipped − received.

type Receipt = z.infer<typeof consignmentReceipt>;
type ListItem = z.infer<typeof consignmentReceiptListItem>;
const NOT_FOUND = msg.consignmentReceiptNotFound;

const r = consignmentReceipts;
const totalQty = sql<string>`(select coalesce(sum(l.quantity), 0)::text from ${consignmentReceiptLines} l where l.no = "consignment_receipts"."no")`;
const listColumns = {
  no: r.no,
  bc_to_no: r.bc_to_no,
  ci_no: r.ci_no,
  franchise_code: r.franchise_code,
  location_code: r.location_code,
  intransit_code: r.intransit_code,
  posting_date: r.posting_date,
  total_qty: totalQty,
  created_at: r.created_at,
};

export const consignmentReceiptList: ListSpec<ListItem> = {
  source: (db, extra) =>
    db
      .select({ ...listColumns, ...extra })
      .from(r)
      .$dynamic(),
  fields: { ...listColumns, total_qty: { expr: totalQty, type: 'number' } },
  filterable: Object.keys(listColumns),
  sortable: Object.keys(listColumns),
  defaultSort: { field: 'no', direction: 'desc' },
  key: r.no,
};
export const consignmentReceiptExportColumns: ExportColumn[] = [
  { key: 'no', header: 'Receipt No', width: 22 },
  { key: 'bc_to_no', header: 'Transfer Order No', width: 22 },
  { key: 'ci_no', header: 'Consignment Issue', width: 22 },
  { key: 'franchise_code', header: 'Franchise' },
  { key: 'location_code', header: 'Location' },
  { key: 'posting_date', header: 'Posting Date', format: 'date' },
  { key: 'total_qty', header: 'Quantity' },
];

/** `GET /api/consignment-receipts/{no}`: one posted receipt with its lines. */
export async function getConsignmentReceipt(db: DbOrTx, scope: Scope, no: string): Promise<Receipt> {
  const [h] = await db
    .select(listColumns)
    .from(r)
    .where(and(eq(r.no, no), scope.franchise(r.franchise_code)));
  if (!h) throw notFound(NOT_FOUND);
  const lines = await db
    .select()
    .from(consignmentReceiptLines)
    .where(inArray(consignmentReceiptLines.no, [no]))
    .orderBy(asc(consignmentReceiptLines.line_no));
  return { ...h, lines: lines.map(({ no: _no, qty_per_unit_of_measure: _q, ...l }) => l) };
}

type Plan = {
  lines: TransferOrderLineRow[];
  moves: { line: TransferOrderLineRow; quantity: string }[];
  postingDate: string;
};

/**
 * `POST /api/consignment-receipts/receive`: locks the transfer order (so receipts of one order queue and each sees
 * what the previous received), checks each line's qty_to_receive ≤ shipped − received (422 naming
 * `lines.<i>.qty_to_receive`), posts the receipt (CR) and its ledger entries, updates the order's lines and status
 * (received when all is received, which completes its consignment issue) and enqueues the ERP posting.
 */
export async function receiveConsignment(
  tx: Tx,
  auth: Auth,
  body: z.output<typeof consignmentReceive>,
): Promise<Receipt> {
  const franchise = await auth.scope.own(tx, body.franchise_code);
  return runPosting<TransferOrderRow, Plan, string, Receipt>(tx, 'consignment_receive', {
    lock: async (tx) => {
      const order = await lockTransferOrder(tx, auth.scope, 'receive', body.bc_to_no, body.version);
      if (franchise && franchise !== order.franchise_code)
        throw businessRule(msg.franchiseMismatch(order.bc_to_no), 'franchise_mismatch', 'franchise_code');
      return order;
    },
    check: async (tx, order) => {
      const lines = await linesOf(tx, order.bc_to_no);
      const seen = new Map<number, ReturnType<typeof D>>();
      const moves = body.lines.map((q, i) => {
        const line = lines.find((l) => l.line_no === q.line_no);
        if (!line) throw businessRule(msg.lineNotFound(q.line_no), 'line_not_found', `lines.${i}.line_no`);
        const open = D(line.qty_shipped)
          .minus(line.qty_received)
          .minus(seen.get(line.line_no) ?? 0);
        if (D(q.qty_to_receive).gt(open))
          throw businessRule(
            msg.receiveExceeds(line.line_no, toQty(q.qty_to_receive), toQty(open)),
            'qty_exceeds_shipped',
            `lines.${i}.qty_to_receive`,
          );
        seen.set(line.line_no, (seen.get(line.line_no) ?? D(0)).plus(q.qty_to_receive));
        return { line, quantity: toQty(q.qty_to_receive) };
      });
      const wanted = moves.filter((m) => D(m.quantity).gt(0));
      if (wanted.length === 0) throw businessRule(msg.nothingToReceive, 'nothing_to_receive', 'lines');
      return { lines, moves: wanted, postingDate: businessDate() };
    },
    number: (tx, order, plan) =>
      takeNextNumber(tx, { franchiseCode: order.franchise_code, documentType: 'CR', date: plan.postingDate }),
    write: async (tx, order, plan, no) => {
      await tx.insert(consignmentReceipts).values({
        no,
        bc_to_no: order.bc_to_no,
        ci_no: order.ci_no,
        franchise_code: order.franchise_code,
        location_code: order.transfer_to_code,
        intransit_code: order.intransit_code,
        posting_date: plan.postingDate,
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
      await tx.insert(consignmentReceiptLines).values(posted);
      const common = {
        entry_type: 'transfer',
        franchise_code: order.franchise_code,
        document_type: 'consignment_receipt',
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
            { ...entry, location_code: order.intransit_code, quantity: toQty(D(base).neg()) },
            ...(order.direction === 'issue'
              ? [{ ...entry, location_code: order.transfer_to_code, quantity: base }]
              : []),
          ];
        }),
      );
    },
    update: async (tx, order, plan, no) => {
      const now = new Map<number, ReturnType<typeof D>>();
      for (const m of plan.moves) now.set(m.line.line_no, (now.get(m.line.line_no) ?? D(0)).plus(m.quantity));
      await setLineQuantity(
        tx,
        'qty_received',
        plan.lines.flatMap((l) => {
          const q = now.get(l.line_no);
          return q ? [{ id: l.id, quantity: toQty(D(l.qty_received).plus(q)) }] : [];
        }),
      );
      const allReceived = plan.lines.every((l) =>
        D(l.qty_received)
          .plus(now.get(l.line_no) ?? 0)
          .gte(l.quantity),
      );
      await finishTransferOrder(tx, order, allReceived ? 'receive_all' : 'receive', {
        set: { receipt_date: plan.postingDate },
      });
      if (allReceived && order.ci_no) await completeIssue(tx, order.ci_no);
      return getConsignmentReceipt(tx, auth.scope, no);
    },
    enqueue: async (tx, order, _plan, no) => {
      await enqueueErpDocument(tx, {
        kind: 'transfer_order',
        documentNo: order.bc_to_no,
        action: 'post',
        postedKind: 'transfer_receipt',
        postedNo: no,
      });
    },
  });
}
