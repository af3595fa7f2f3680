import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { ErpDocumentLine, ErpTransferDocument, ErpTransferOrder, ErpTransferOrders } from '../../erp/port.js';
import { etagOf, readPaging, toPage } from '../../erp/standalone/paging.js';
import { registerErpDocumentLoader } from '../../kernel/outbox.js';
import {
  consignmentIssueLines,
  consignmentIssues,
  consignmentReceiptLines,
  consignmentReceipts,
  transferOrderLines,
  transferOrders,
} from './schema.js';

// How the outbox reads consignment documents for the ERP (kernel/outbox.ts), and the standalone ERP's transfer
// orders (erp/standalone/transfer-orders.ts reads them here): the committed rows in the port's shapes.

const docLine = (l: {
  line_no: number;
  item_no: string;
  variant_code: string;
  description: string;
  unit_of_measure: string;
  quantity: string;
  location_code: string;
}): ErpDocumentLine => ({
  line_no: l.line_no,
  line_type: 'item',
  item_no: l.item_no,
  variant_code: l.variant_code,
  description: l.description,
  unit_of_measure: l.unit_of_measure,
  location_code: l.location_code,
  quantity: l.quantity,
  qty_to_ship: l.quantity,
  qty_to_invoice: '0',
  unit_price: '0',
  line_discount_amount: '0',
  vat_percent: '0',
  amount: '0',
});

/** A consignment issue as the ERP's transfer order request. */
export async function loadConsignmentIssue(db: DbOrTx, ciNo: string): Promise<ErpTransferDocument | null> {
  const [h] = await db.select().from(consignmentIssues).where(eq(consignmentIssues.ci_no, ciNo));
  if (!h) return null;
  const lines = await db
    .select()
    .from(consignmentIssueLines)
    .where(eq(consignmentIssueLines.ci_no, ciNo))
    .orderBy(asc(consignmentIssueLines.line_no));
  return {
    kind: 'consignment_issue',
    document_no: h.ci_no,
    franchise_code: h.franchise_code,
    header: {
      transfer_from_code: h.transfer_from_code,
      transfer_to_code: h.transfer_to_code,
      intransit_code: h.intransit_code,
      shipment_date: h.la_request_delivery_date,
      receipt_date: null,
      external_document_no: h.la_external_doc || h.ci_no,
      dimensions: { campaign: '', costcenter: '' },
    },
    lines: lines.map((l) => docLine({ ...l, quantity: l.ci_qty, location_code: h.transfer_from_code })),
  };
}

/** A consignment receipt as the ERP's posted transfer receipt of its transfer order. */
async function loadReceipt(db: DbOrTx, no: string) {
  const [h] = await db.select().from(consignmentReceipts).where(eq(consignmentReceipts.no, no));
  if (!h) return null;
  const lines = await db
    .select()
    .from(consignmentReceiptLines)
    .where(eq(consignmentReceiptLines.no, no))
    .orderBy(asc(consignmentReceiptLines.line_no));
  return {
    posted_kind: 'transfer_receipt' as const,
    posted_no: h.no,
    kind: 'transfer_order' as const,
    order_no: h.bc_to_no,
    franchise_code: h.franchise_code,
    posting_date: h.posting_date,
    document_date: h.posting_date,
    external_document_no: h.ci_no || h.bc_to_no,
    lines: lines.map((l) => ({
      line_no: l.line_no,
      order_line_no: l.order_line_no,
      line_type: 'item' as const,
      item_no: l.item_no,
      variant_code: l.variant_code,
      unit_of_measure: l.unit_of_measure,
      location_code: h.location_code,
      quantity: l.quantity,
      unit_price: '0',
      line_discount_amount: '0',
      vat_percent: '0',
      amount: '0',
    })),
  };
}

export function registerConsignmentErpLoaders() {
  registerErpDocumentLoader('consignment_issue', (db, no) => loadConsignmentIssue(db, no));
  registerErpDocumentLoader('transfer_receipt', (db, no) => loadReceipt(db, no));
}

// ---------- the standalone ERP's transfer orders ----------

async function erpTransferOrder(db: DbOrTx, h: typeof transferOrders.$inferSelect): Promise<ErpTransferOrder> {
  const lines = await db
    .select()
    .from(transferOrderLines)
    .where(eq(transferOrderLines.bc_to_no, h.bc_to_no))
    .orderBy(asc(transferOrderLines.line_no));
  return {
    bc_to_no: h.bc_to_no,
    franchise_code: h.franchise_code,
    transfer_from_code: h.transfer_from_code,
    transfer_to_code: h.transfer_to_code,
    intransit_code: h.intransit_code,
    status: h.status as ErpTransferOrder['status'],
    shipment_date: h.shipment_date,
    etag: etagOf(h.version),
    system_id: h.bc_to_no,
    lines: lines.map((l) => ({
      line_no: l.line_no,
      item_no: l.item_no,
      variant_code: l.variant_code,
      quantity: l.quantity,
      qty_shipped: l.qty_shipped,
      qty_received: l.qty_received,
    })),
  };
}

/** Standalone: head office's transfer orders are this module's tables. */
export function standaloneTransferOrdersOf(db: DbOrTx): ErpTransferOrders {
  return {
    async list(q = {}) {
      const { top, skip } = readPaging(q);
      const rows = await db
        .select()
        .from(transferOrders)
        .where(q.franchise_code ? eq(transferOrders.franchise_code, q.franchise_code) : undefined)
        .orderBy(asc(transferOrders.bc_to_no))
        .limit(top + 1)
        .offset(skip);
      const page = toPage('transferOrders', rows, top, skip);
      return { ...page, value: await Promise.all(page.value.map((h) => erpTransferOrder(db, h))) };
    },
    async get(bcToNo) {
      const [h] = await db.select().from(transferOrders).where(eq(transferOrders.bc_to_no, bcToNo));
      return h ? erpTransferOrder(db, h) : null;
    },
    async sync() {
      return { records: 0, message: 'Standalone: transfer orders are created in the product; nothing to pull' };
    },
  };
}
