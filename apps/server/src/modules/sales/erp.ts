import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { ErpParty, ErpPostedLine, ErpPosting, ErpSalesDocument } from '../../erp/port.js';
import { registerErpDocumentLoader } from '../../kernel/outbox.js';
import {
  salesInvoiceLines,
  salesInvoices,
  salesOrderLines,
  salesOrders,
  salesShipmentLines,
  salesShipments,
} from './schema.js';
import type { SalesOrderRow } from './load.js';

// How the outbox reads sales documents and their postings for the ERP (kernel/outbox.ts): the committed rows in
// the port's shapes. Registered once at start by the sales routes.

const party = (o: SalesOrderRow, p: 'sell_to' | 'bill_to' | 'ship_to', no: string): ErpParty => ({
  no,
  name: o[`${p}_name`],
  address: o[`${p}_address`],
  address_2: o[`${p}_address_2`],
  city: o[`${p}_city`],
  district_code: o[`${p}_district_code`],
  post_code: o[`${p}_post_code`],
  country_region_code: o[`${p}_country`],
  phone_no: o[`${p}_phone_no`],
  contact: o[`${p}_contact`],
});

async function loadSalesDocument(db: DbOrTx, posSoNo: string): Promise<ErpSalesDocument | null> {
  const [o] = await db.select().from(salesOrders).where(eq(salesOrders.pos_so_no, posSoNo));
  if (!o) return null;
  const lines = await db
    .select()
    .from(salesOrderLines)
    .where(eq(salesOrderLines.pos_so_no, posSoNo))
    .orderBy(asc(salesOrderLines.line_no));
  const kind =
    o.document_type === 'quote'
      ? 'sales_quote'
      : o.document_type === 'credit_memo'
        ? 'sales_credit_memo'
        : 'sales_order';
  return {
    kind,
    document_no: o.pos_so_no,
    franchise_code: o.franchise_code,
    header: {
      sell_to: party(o, 'sell_to', o.sell_to_code),
      bill_to: party(o, 'bill_to', o.bill_to_code || o.sell_to_code),
      ship_to: party(o, 'ship_to', o.ship_to_code),
      location_code: o.location_code,
      sales_type: o.sales_type,
      order_date: o.order_date,
      requested_delivery_date: o.requested_delivery_date,
      external_document_no: o.pos_so_no,
      dimensions: { campaign: o.campaign, costcenter: o.costcenter },
      invoice_discount_amount: o.invoice_discount_amount,
      agent_code: o.agent_code,
      agent_service_code: o.agent_service_code,
      quote_no: o.quote_no,
      applies_to_doc_no: o.applies_to_order_no,
      comments: { general: o.general_comments, delivery: o.delivery_comments, internal: o.la_internal_comment },
    },
    lines: lines.map((l) => ({
      line_no: l.line_no,
      line_type: l.line_type,
      item_no: l.item_no,
      variant_code: l.variant_code,
      description: l.description,
      unit_of_measure: l.unit_of_measure,
      location_code: l.location_code,
      quantity: l.quantity,
      qty_to_ship: l.qty_to_ship,
      qty_to_invoice: l.qty_to_invoice,
      unit_price: l.unit_price,
      line_discount_amount: l.line_discount_amount,
      vat_percent: l.vat_percent,
      amount: l.amount,
    })),
  };
}

type PostedLineRow = Omit<typeof salesShipmentLines.$inferSelect, 'pos_ss_no'>;
const postedLine = (l: PostedLineRow): ErpPostedLine => ({
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

async function loadShipment(db: DbOrTx, no: string): Promise<ErpPosting | null> {
  const [h] = await db.select().from(salesShipments).where(eq(salesShipments.pos_ss_no, no));
  if (!h) return null;
  const lines = await db.select().from(salesShipmentLines).where(eq(salesShipmentLines.pos_ss_no, no));
  return posting('sales_shipment', no, h, lines);
}

async function loadInvoice(db: DbOrTx, no: string): Promise<ErpPosting | null> {
  const [h] = await db.select().from(salesInvoices).where(eq(salesInvoices.pos_si_no, no));
  if (!h) return null;
  const lines = await db.select().from(salesInvoiceLines).where(eq(salesInvoiceLines.pos_si_no, no));
  return posting('sales_invoice', no, h, lines);
}

/** A posted credit memo is the credit memo document itself (posted when written). */
async function loadCreditMemo(db: DbOrTx, no: string): Promise<ErpPosting | null> {
  const doc = await loadSalesDocument(db, no);
  if (!doc || doc.kind !== 'sales_credit_memo') return null;
  const [h] = await db.select().from(salesOrders).where(eq(salesOrders.pos_so_no, no));
  return {
    posted_kind: 'sales_cr_memo',
    posted_no: no,
    kind: 'sales_order',
    order_no: h.applies_to_order_no,
    franchise_code: h.franchise_code,
    posting_date: h.posting_date ?? h.order_date,
    document_date: h.order_date,
    external_document_no: no,
    lines: doc.lines.map((l) => ({
      line_no: l.line_no,
      order_line_no: l.line_no,
      line_type: l.line_type,
      item_no: l.item_no,
      variant_code: l.variant_code,
      unit_of_measure: l.unit_of_measure,
      location_code: l.location_code,
      quantity: l.quantity,
      unit_price: l.unit_price,
      line_discount_amount: l.line_discount_amount,
      vat_percent: l.vat_percent,
      amount: l.amount,
    })),
  };
}

function posting(
  postedKind: 'sales_shipment' | 'sales_invoice',
  no: string,
  h: {
    pos_so_no: string;
    franchise_code: string;
    posting_date: string;
    order_date: string;
    external_document_no: string;
  },
  lines: PostedLineRow[],
): ErpPosting {
  return {
    posted_kind: postedKind,
    posted_no: no,
    kind: 'sales_order',
    order_no: h.pos_so_no,
    franchise_code: h.franchise_code,
    posting_date: h.posting_date,
    document_date: h.order_date,
    external_document_no: h.external_document_no || h.pos_so_no,
    lines: lines.sort((a, b) => a.line_no - b.line_no).map(postedLine),
  };
}

export function registerSalesErpLoaders() {
  registerErpDocumentLoader('sales_order', (db, no) => loadSalesDocument(db, no));
  registerErpDocumentLoader('sales_quote', (db, no) => loadSalesDocument(db, no));
  registerErpDocumentLoader('sales_credit_memo', (db, no) => loadSalesDocument(db, no));
  registerErpDocumentLoader('sales_shipment', (db, no) => loadShipment(db, no));
  registerErpDocumentLoader('sales_invoice', (db, no) => loadInvoice(db, no));
  registerErpDocumentLoader('sales_cr_memo', (db, no) => loadCreditMemo(db, no));
}
