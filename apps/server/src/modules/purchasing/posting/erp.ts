import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import type { ErpPostedLine, ErpPosting } from '../../../erp/port.js';
import { registerErpDocumentLoader } from '../../../kernel/outbox.js';
import { purchaseOrderLines, purchaseOrders, purchaseReceiptLines, purchaseReceipts } from '../schema.js';

// How the outbox reads the postings of purchase orders for the ERP (kernel/outbox.ts): a purchase receipt (PR) and a
// purchase credit memo (the PCM document itself, posted when written). Registered by the posting routes.

const line = (l: {
  line_no: number;
  order_line_no: number;
  item_no: string;
  variant_code: string;
  unit_of_measure: string;
  location_code: string;
  quantity: string;
  unit_price: string;
  line_discount_amount: string;
  vat_percent: string;
  amount: string;
}): ErpPostedLine => ({
  line_no: l.line_no,
  order_line_no: l.order_line_no,
  line_type: 'item',
  item_no: l.item_no,
  variant_code: l.variant_code,
  unit_of_measure: l.unit_of_measure,
  location_code: l.location_code,
  quantity: l.quantity,
  unit_price: l.unit_price,
  line_discount_amount: l.line_discount_amount,
  vat_percent: l.vat_percent,
  amount: l.amount,
});

export async function loadPurchaseReceipt(db: DbOrTx, no: string): Promise<ErpPosting | null> {
  const [h] = await db.select().from(purchaseReceipts).where(eq(purchaseReceipts.pos_pr_no, no));
  if (!h) return null;
  const lines = await db
    .select()
    .from(purchaseReceiptLines)
    .where(eq(purchaseReceiptLines.pos_pr_no, no))
    .orderBy(asc(purchaseReceiptLines.line_no));
  return {
    posted_kind: 'purchase_receipt',
    posted_no: no,
    kind: 'purchase_order',
    order_no: h.pos_po_no,
    franchise_code: h.franchise_code,
    posting_date: h.posting_date,
    document_date: h.order_date,
    external_document_no: h.pos_po_no,
    lines: lines.map(line),
  };
}

export async function loadPurchaseCreditMemo(db: DbOrTx, no: string): Promise<ErpPosting | null> {
  const [h] = await db
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.pos_po_no, no), eq(purchaseOrders.type, 'Credit Memo')));
  if (!h) return null;
  const lines = await db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.pos_po_no, no))
    .orderBy(asc(purchaseOrderLines.line_no));
  return {
    posted_kind: 'purchase_cr_memo',
    posted_no: no,
    kind: 'purchase_order',
    order_no: h.applies_to_order_no,
    franchise_code: h.franchise_code,
    posting_date: h.posting_date ?? h.order_date,
    document_date: h.order_date,
    external_document_no: no,
    lines: lines.map((l) => line({ ...l, order_line_no: l.applies_to_line_no ?? l.line_no, quantity: l.purchase_qty })),
  };
}

export function registerPurchasePostingLoaders() {
  registerErpDocumentLoader('purchase_receipt', (db, no) => loadPurchaseReceipt(db, no));
  registerErpDocumentLoader('purchase_cr_memo', (db, no) => loadPurchaseCreditMemo(db, no));
}
