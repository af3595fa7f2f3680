import { and, eq, getTableColumns } from 'drizzle-orm';
import { businessDate, purchaseCapMessages } from '@fp/contract';
import type { Tx } from '../../../db/client.js';
import type { Auth } from '../../../http/context.js';
import { businessRule } from '../../../http/errors.js';
import { D, toMoney, toQty } from '../../../kernel/money.js';
import { enqueueErpDocument } from '../../../kernel/outbox.js';
import { runPosting } from '../../../kernel/posting.js';
import { cancelReasons } from '../../cancel-reasons/schema.js';
import { vendorLedgerEntries } from '../../ledger/schema.js';
import { assertStock, postItemEntries } from '../../ledger/service.js';
import { takeNextNumber } from '../../number-series/service.js';
import { purchaseOrderLines, purchaseOrders } from '../schema.js';
import { pricePurchaseMovements, type PurchaseMovement } from './amounts.js';
import {
  baseQty,
  finishPurchaseOrder,
  lineLocation,
  lockPurchaseOrder,
  postingLinesOf,
  requestedLines,
  setPurchaseLineQuantities,
  type PurchaseLineRow,
  type PurchaseOrderRow,
} from './order.js';

// Create Credit Memo: the store returns received goods to head office. The credit memo is a purchase_orders row of
// type 'Credit Memo' (PCM, status invoiced, applies_to_order_no = the order), written once (trigger), with item
// ledger entries (`purchase_return` / `purchase_credit_memo`, − at the location, assertStock) and the vendor ledger's
// credit_memo entry (− amount), in one transaction (kernel/posting.ts steps).

/** The page whose cancel reasons a purchase credit memo may name. */
export const PURCHASE_REASON_PAGE = '/purchasesOrders';

export type CreditMemoBody = {
  pos_po_no: string;
  version: number;
  lines: { line_no: number; quantity: string }[];
  cancel_reason_code?: string | undefined;
};

type CreditPlan = {
  lines: PurchaseLineRow[];
  moves: PurchaseMovement[];
  priced: ReturnType<typeof pricePurchaseMovements>;
  postingDate: string;
  reason: { code: string; description: string };
};

async function reasonOf(tx: Tx, code: string | undefined) {
  if (!code) return { code: '', description: '' };
  const [row] = await tx
    .select({ description: cancelReasons.description })
    .from(cancelReasons)
    .where(and(eq(cancelReasons.reason_code, code), eq(cancelReasons.page, PURCHASE_REASON_PAGE)));
  if (!row) throw businessRule(`Cancel reason ${code} not found`, 'reference_not_found', 'cancel_reason_code');
  return { code, description: row.description };
}

const {
  pos_po_no: _no,
  version: _v,
  created_at: _c,
  updated_at: _u,
  ...headerColumns
} = getTableColumns(purchaseOrders);
const copiedHeader = (o: PurchaseOrderRow) =>
  Object.fromEntries(Object.keys(headerColumns).map((k) => [k, o[k as keyof PurchaseOrderRow]])) as Omit<
    PurchaseOrderRow,
    'pos_po_no' | 'version' | 'created_at' | 'updated_at'
  >;

/** `POST /api/purchase-orders/credit-memo`: answers the credit memo's number (pos_po_no of the PCM row). */
export function postPurchaseCreditMemo(tx: Tx, auth: Auth, body: CreditMemoBody) {
  return runPosting<PurchaseOrderRow, CreditPlan, string, string>(tx, 'purchase_credit_memo', {
    lock: (tx) => lockPurchaseOrder(tx, auth.scope, 'credit_memo', body.pos_po_no, body.version),
    check: async (tx, order) => {
      const lines = await postingLinesOf(tx, order.pos_po_no);
      const moves = requestedLines(lines, body.lines).map((r) => {
        const open = D(r.line.qty_received).minus(r.line.qty_credited);
        if (D(r.quantity).gt(open))
          throw businessRule(
            purchaseCapMessages.credit(r.line, r.quantity, toQty(open)),
            'credit_too_large',
            `lines.${r.index}.quantity`,
          );
        return { index: r.index, line: r.line, before: r.line.qty_credited, quantity: r.quantity };
      });
      if (moves.length === 0) throw businessRule('Nothing to credit', 'nothing_to_credit', 'lines');
      const reason = await reasonOf(tx, body.cancel_reason_code);
      await assertStock(
        tx,
        order.franchise_code,
        moves.map((m) => ({
          locationCode: lineLocation(m.line, order),
          itemNo: m.line.item_no,
          variantCode: m.line.variant_code,
          quantity: baseQty(m.line, m.quantity),
          field: `lines.${m.index}.quantity`,
        })),
        { verb: 'to return' },
      );
      return {
        lines,
        moves,
        priced: pricePurchaseMovements(order, lines, moves),
        postingDate: businessDate(),
        reason,
      };
    },
    number: (tx, order, plan) =>
      takeNextNumber(tx, { franchiseCode: order.franchise_code, documentType: 'PCM', date: plan.postingDate }),
    write: async (tx, order, plan, pcm) => {
      const createdBy = auth.userId || null;
      const { totals, lines } = plan.priced;
      await tx.insert(purchaseOrders).values({
        ...copiedHeader(order),
        pos_po_no: pcm,
        type: 'Credit Memo',
        status: 'invoiced',
        po_no: '',
        // The HSO number is the order's (books: each number used once).
        bc_so_no: '',
        applies_to_order_no: order.pos_po_no,
        posting_date: plan.postingDate,
        order_date: plan.postingDate,
        invoice_discount_amount: totals.invoice_discount_amount,
        total_lines: totals.subtotal,
        grand_total: totals.amount,
        cancel_reason_code: plan.reason.code,
        cancel_reason_description: plan.reason.description,
        created_by: createdBy,
      });
      await tx.insert(purchaseOrderLines).values(
        lines.map((l, i) => {
          const m = plan.moves[i].line;
          return {
            pos_po_no: pcm,
            line_no: l.line_no,
            item_no: l.item_no,
            variant_code: l.variant_code,
            description: l.description,
            unit_of_measure: l.unit_of_measure,
            qty_per_unit_of_measure: l.qty_per_unit_of_measure,
            location_code: l.location_code,
            purchase_qty: l.quantity,
            unit_price: l.unit_price,
            line_discount_amount: l.line_discount_amount,
            amount: l.amount,
            vat_percent: l.vat_percent,
            campaign: m.campaign,
            costcenter: m.costcenter,
            gen_bus_posting_group: m.gen_bus_posting_group,
            applies_to_line_no: l.order_line_no,
          };
        }),
      );
      await postItemEntries(
        tx,
        lines.map((l, i) => ({
          entry_type: 'purchase_return',
          franchise_code: order.franchise_code,
          location_code: l.location_code,
          item_no: l.item_no,
          variant_code: l.variant_code,
          quantity: toQty(D(baseQty(plan.moves[i].line, l.quantity)).neg()),
          document_type: 'purchase_credit_memo',
          document_no: pcm,
          document_line_no: l.line_no,
          order_no: order.pos_po_no,
          posting_date: plan.postingDate,
          created_by: createdBy,
        })),
      );
      await tx.insert(vendorLedgerEntries).values({
        entry_type: 'credit_memo',
        franchise_code: order.franchise_code,
        vendor_no: order.vendor_no,
        amount: toMoney(D(totals.amount).neg()),
        document_type: 'purchase_credit_memo',
        document_no: pcm,
        order_no: order.pos_po_no,
        posting_date: plan.postingDate,
        created_by: createdBy,
      });
    },
    update: async (tx, order, plan, pcm) => {
      await setPurchaseLineQuantities(
        tx,
        order.pos_po_no,
        plan.moves.map((m) => ({ line_no: m.line.line_no, qty_credited: toQty(D(m.before).plus(m.quantity)) })),
      );
      await finishPurchaseOrder(tx, auth.scope, {
        action: 'credit_memo',
        posPoNo: order.pos_po_no,
        version: order.version,
      });
      return pcm;
    },
    enqueue: async (tx, order, _plan, pcm) => {
      await enqueueErpDocument(tx, {
        kind: 'purchase_order',
        documentNo: order.pos_po_no,
        action: 'post',
        postedKind: 'purchase_cr_memo',
        postedNo: pcm,
      });
    },
  });
}
