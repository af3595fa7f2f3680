import { businessDate, purchaseCapMessages } from '@fp/contract';
import type { Tx } from '../../../db/client.js';
import type { Auth } from '../../../http/context.js';
import { businessRule } from '../../../http/errors.js';
import { D, toQty } from '../../../kernel/money.js';
import { enqueueErpDocument } from '../../../kernel/outbox.js';
import { runPosting } from '../../../kernel/posting.js';
import { postItemEntries } from '../../ledger/service.js';
import { takeNextNumber } from '../../number-series/service.js';
import { purchaseReceiptLines, purchaseReceipts } from '../schema.js';
import { postedPurchaseLinesOf, type PostedPurchaseLine, type PurchaseMovement } from './amounts.js';
import {
  baseQty,
  finishPurchaseOrder,
  lockPurchaseOrder,
  postingLinesOf,
  requestedLines,
  setPurchaseLineQuantities,
  type PurchaseLineRow,
  type PurchaseOrderRow,
} from './order.js';

// Receive Now: the store receives what head office shipped — a purchase receipt (PR) and item ledger entries
// (`purchase` / `purchase_receipt`, + at the location in base units), in one transaction (kernel/posting.ts steps).

export type ReceiveBody = {
  pos_po_no: string;
  version: number;
  lines: { line_no: number; qty_to_receive: string; la_so_line_note?: string | undefined }[];
};

type ReceivePlan = {
  lines: PurchaseLineRow[];
  moves: PurchaseMovement[];
  posted: PostedPurchaseLine[];
  postingDate: string;
  status: string;
};

/** Status after receiving: invoiced once every line is fully shipped and received, else partial_received. */
export function statusAfterReceipt(
  lines: readonly Pick<PurchaseLineRow, 'purchase_qty' | 'qty_shipped' | 'qty_received'>[],
) {
  return lines.every((l) => D(l.qty_shipped).gte(l.purchase_qty) && D(l.qty_received).gte(l.purchase_qty))
    ? 'invoiced'
    : 'partial_received';
}

/** `POST /api/purchase-orders/receive`: answers the receipt's number. */
export function receivePurchaseOrder(tx: Tx, auth: Auth, body: ReceiveBody) {
  return runPosting<PurchaseOrderRow, ReceivePlan, string, string>(tx, 'purchase_receive', {
    lock: (tx) => lockPurchaseOrder(tx, auth.scope, 'receive', body.pos_po_no, body.version),
    check: async (tx, order) => {
      const lines = await postingLinesOf(tx, order.pos_po_no);
      const moves = requestedLines(
        lines,
        body.lines.map((r) => ({ line_no: r.line_no, quantity: r.qty_to_receive })),
      ).map((r) => {
        const open = D(r.line.qty_shipped).minus(r.line.qty_received);
        if (D(r.quantity).gt(open))
          throw businessRule(
            purchaseCapMessages.receive(r.line, r.quantity, toQty(open)),
            'qty_exceeds_shipped',
            `lines.${r.index}.qty_to_receive`,
          );
        return { line: r.line, before: r.line.qty_received, quantity: r.quantity };
      });
      if (moves.length === 0) throw businessRule('Nothing to receive', 'nothing_to_receive', 'lines');
      const received = new Map(moves.map((m) => [m.line.line_no, D(m.before).plus(m.quantity)]));
      const after = lines.map((l) => ({ ...l, qty_received: toQty(received.get(l.line_no) ?? l.qty_received) }));
      return {
        lines,
        moves,
        posted: postedPurchaseLinesOf(order, moves),
        postingDate: businessDate(),
        status: statusAfterReceipt(after),
      };
    },
    number: (tx, order, plan) =>
      takeNextNumber(tx, { franchiseCode: order.franchise_code, documentType: 'PR', date: plan.postingDate }),
    write: async (tx, order, plan, pr) => {
      const createdBy = auth.userId || null;
      await tx.insert(purchaseReceipts).values({
        pos_pr_no: pr,
        pos_po_no: order.pos_po_no,
        franchise_code: order.franchise_code,
        location_code: order.location_code,
        vendor_no: order.vendor_no,
        vendor_name: order.vendor_name,
        order_date: order.order_date,
        posting_date: plan.postingDate,
        created_by: createdBy,
      });
      await tx.insert(purchaseReceiptLines).values(plan.posted.map((l) => ({ pos_pr_no: pr, ...l })));
      await postItemEntries(
        tx,
        plan.posted.map((l, i) => ({
          entry_type: 'purchase',
          franchise_code: order.franchise_code,
          location_code: l.location_code,
          item_no: l.item_no,
          variant_code: l.variant_code,
          quantity: baseQty(plan.moves[i].line, l.quantity),
          document_type: 'purchase_receipt',
          document_no: pr,
          document_line_no: l.line_no,
          order_no: order.pos_po_no,
          posting_date: plan.postingDate,
          created_by: createdBy,
        })),
      );
    },
    update: async (tx, order, plan, pr) => {
      const notes = new Map(
        body.lines.filter((r) => r.la_so_line_note !== undefined).map((r) => [r.line_no, r.la_so_line_note!]),
      );
      const moved = new Map(plan.moves.map((m) => [m.line.line_no, toQty(D(m.before).plus(m.quantity))]));
      await setPurchaseLineQuantities(
        tx,
        order.pos_po_no,
        plan.lines
          .filter((l) => moved.has(l.line_no) || notes.has(l.line_no))
          .map((l) => ({
            line_no: l.line_no,
            ...(moved.has(l.line_no) ? { qty_received: moved.get(l.line_no) } : {}),
            ...(notes.has(l.line_no) ? { la_so_line_note: notes.get(l.line_no) } : {}),
          })),
      );
      await finishPurchaseOrder(tx, auth.scope, {
        action: 'receive',
        posPoNo: order.pos_po_no,
        version: order.version,
        to: plan.status,
        set: { posting_date: plan.postingDate },
      });
      return pr;
    },
    enqueue: async (tx, order, _plan, pr) => {
      await enqueueErpDocument(tx, {
        kind: 'purchase_order',
        documentNo: order.pos_po_no,
        action: 'post',
        postedKind: 'purchase_receipt',
        postedNo: pr,
      });
    },
  });
}
