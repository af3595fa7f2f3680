import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { ErpParty, ErpPurchaseDocument } from '../../erp/port.js';
import { onErpRelease, registerErpDocumentLoader } from '../../kernel/outbox.js';
import { purchaseOrderLines, purchaseOrders } from './schema.js';

// How the outbox reads a purchase document for the ERP (kernel/outbox.ts): the committed rows in the port's shape.

const party = (no: string, name: string, address: string, o: Partial<ErpParty> = {}): ErpParty => ({
  no,
  name,
  address,
  address_2: '',
  city: '',
  district_code: '',
  post_code: '',
  country_region_code: 'VNM',
  phone_no: '',
  contact: '',
  ...o,
});

/** A purchase order or a purchase credit memo (type 'Credit Memo') as ErpPurchaseDocument. */
export async function loadPurchaseDocument(db: DbOrTx, posPoNo: string): Promise<ErpPurchaseDocument | null> {
  const [o] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.pos_po_no, posPoNo));
  if (!o) return null;
  const lines = await db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.pos_po_no, posPoNo))
    .orderBy(asc(purchaseOrderLines.line_no));
  return {
    kind: o.type === 'Credit Memo' ? 'purchase_credit_memo' : 'purchase_order',
    document_no: o.pos_po_no,
    franchise_code: o.franchise_code,
    header: {
      vendor_no: o.vendor_no,
      vendor_name: o.vendor_name,
      buy_from: party(o.buy_from_code, o.franchise_name, o.buy_from_address, {
        phone_no: o.franchise_phone_no,
        contact: o.franchise_contact,
      }),
      receiving_location_code: o.location_code,
      receiving: party(o.receiving_code, o.receiving_contact, o.receiving_address, {
        district_code: o.receiving_district_code,
        post_code: o.receiving_post_code,
        contact: o.receiving_contact,
      }),
      order_date: o.order_date,
      requested_receipt_date: o.requested_receipt_date,
      external_document_no: o.pos_po_no,
      dimensions: {
        campaign: o.campaign,
        costcenter: o.costcenter,
        channel: o.channel,
        department: o.department,
        factory: o.factory,
      },
      invoice_discount_amount: o.invoice_discount_amount,
      agent_code: o.agent_code,
      agent_service_code: o.agent_service_code,
      comments: { general: o.nwv_general_comments, delivery: o.nwv_delivery_comments },
    },
    lines: lines.map((l) => ({
      line_no: l.line_no,
      line_type: 'item' as const,
      item_no: l.item_no,
      variant_code: l.variant_code,
      description: l.description,
      unit_of_measure: l.unit_of_measure,
      location_code: l.location_code,
      quantity: l.purchase_qty,
      qty_to_ship: l.purchase_qty,
      qty_to_invoice: l.purchase_qty,
      qty_to_receive: l.purchase_qty,
      unit_price: l.unit_price,
      line_discount_amount: l.line_discount_amount,
      vat_percent: l.vat_percent,
      amount: l.amount,
      dimensions: { campaign: l.campaign, costcenter: l.costcenter },
    })),
  };
}

/** The purchase order loader (the credit memo's is registered by the postings, which post it). */
export function registerPurchaseErpLoaders() {
  registerErpDocumentLoader('purchase_order', (db, no) => loadPurchaseDocument(db, no));
  // With an ERP, head office's sales order number (bc_so_no) is the ERP's, once it has answered the release
  // (standalone took it from the HSO series at release and answers our own number).
  onErpRelease('purchase_order', async (db, no, ack) => {
    if (ack.status === 'standalone' || !ack.external_no || ack.external_no === no) return;
    await db
      .update(purchaseOrders)
      .set({ bc_so_no: ack.external_no })
      .where(and(eq(purchaseOrders.pos_po_no, no), eq(purchaseOrders.bc_so_no, '')));
  });
}
