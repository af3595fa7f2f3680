import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { purchaseShipment, purchaseShipmentListItem } from '@fp/contract';
import type { DbOrTx } from '../../../db/client.js';
import { notFound } from '../../../http/errors.js';
import type { ListSpec } from '../../../http/list.js';
import type { ExportColumn } from '../../../http/list-route.js';
import type { Scope } from '../../../http/scope.js';
import { purchaseInvoices, purchaseShipmentLines, purchaseShipments } from '../schema.js';

// Head office's posted shipments of purchase orders (HSS) with the invoice posted with each (HSI): the posted
// shipment view. Immutable; filtered and read in the caller's franchise scope (another franchise's: not found).

type Item = z.infer<typeof purchaseShipmentListItem>;

const s = purchaseShipments;
const shipmentColumns = {
  no: s.no,
  order_no: s.order_no,
  pos_po_no: s.pos_po_no,
  franchise_code: s.franchise_code,
  customer: s.customer,
  customer_no: s.customer_no,
  order_date: s.order_date,
  posting_date: s.posting_date,
  shipment_date: s.shipment_date,
  ship_to_address: s.ship_to_address,
  shipping_agent_code: s.shipping_agent_code,
  external_document_no: s.external_document_no,
  invoice_no: purchaseInvoices.no,
  amount: purchaseInvoices.amount,
  created_at: s.created_at,
};

export const purchaseShipmentList: ListSpec<Item> = {
  source: (db, extra) =>
    db
      .select({ ...shipmentColumns, ...extra })
      .from(s)
      .innerJoin(purchaseInvoices, eq(purchaseInvoices.shipment_no, s.no))
      .$dynamic(),
  fields: { ...shipmentColumns },
  filterable: Object.keys(shipmentColumns),
  sortable: Object.keys(shipmentColumns),
  defaultSort: { field: 'posting_date', direction: 'desc' },
  key: s.no,
};

export const purchaseShipmentExportColumns: ExportColumn[] = [
  { key: 'no', header: 'No', width: 22 },
  { key: 'order_no', header: 'Order No', width: 22 },
  { key: 'pos_po_no', header: 'POSPO No', width: 22 },
  { key: 'customer', header: 'Customer', width: 28 },
  { key: 'customer_no', header: 'Customer No', width: 16 },
  { key: 'order_date', header: 'Order Date', format: 'date' },
  { key: 'posting_date', header: 'Posting Date', format: 'date' },
  { key: 'shipment_date', header: 'Shipment Date', format: 'date' },
  { key: 'ship_to_address', header: 'Ship-to Address', width: 36 },
  { key: 'shipping_agent_code', header: 'Shipping Agent Code' },
  { key: 'external_document_no', header: 'External Document No', width: 22 },
  { key: 'invoice_no', header: 'Invoice No', width: 22 },
  { key: 'amount', header: 'Amount', format: 'money', width: 16 },
];

const l = purchaseShipmentLines;
const lineColumns = {
  line_no: l.line_no,
  order_line_no: l.order_line_no,
  item_no: l.item_no,
  variant_code: l.variant_code,
  description: l.description,
  unit_of_measure: l.unit_of_measure,
  location_code: l.location_code,
  quantity: l.quantity,
  unit_price: l.unit_price,
  line_discount_amount: l.line_discount_amount,
  amount: l.amount,
  vat_percent: l.vat_percent,
};

export const PURCHASE_SHIPMENT_NOT_FOUND = 'Purchase shipment';

/** One posted shipment with its lines (GET /api/purchase-orders/shipments/{no}). */
export async function getPurchaseShipment(
  db: DbOrTx,
  scope: Scope,
  no: string,
): Promise<z.infer<typeof purchaseShipment>> {
  const [h] = await db
    .select(shipmentColumns)
    .from(s)
    .innerJoin(purchaseInvoices, eq(purchaseInvoices.shipment_no, s.no))
    .where(and(eq(s.no, no), scope.franchise(s.franchise_code)));
  if (!h) throw notFound(PURCHASE_SHIPMENT_NOT_FOUND);
  const lines = await db.select(lineColumns).from(l).where(eq(l.no, no)).orderBy(asc(l.line_no));
  return { ...h, lines };
}
