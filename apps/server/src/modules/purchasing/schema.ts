import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned, stampedAt } from '../../db/columns.js';
import { money, percent, qty } from '../../kernel/money.js';

// Purchase orders (product.md 3 Purchase order and line; calls.md 7.9; issue 10). An Order and a Credit Memo are rows
// of one table, told apart by `type`; numbers from the franchise's series PO and PCM. Head office's side (standalone
// ERP): its sales order number bc_so_no (HSO), posted shipments (HSS) and invoices (HSI). The store's side: purchase
// receipts (PR). Posted documents, the vendor ledger and credit memo documents are append-only (trigger).

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    pos_po_no: text('pos_po_no').primaryKey(),
    type: text('type').$type<'Order' | 'Credit Memo'>().notNull().default('Order'),
    franchise_code: text('franchise_code').notNull(),
    /** The franchise's location that receives (or, for a credit memo, returns) the goods. */
    location_code: text('location_code').notNull().default(''),
    status: text('status').notNull().default('open'),
    /** The ERP's number once released (standalone: pos_po_no). */
    po_no: text('po_no').notNull().default(''),
    /** Head office's sales order for this purchase order (standalone: HSO series, taken at release). */
    bc_so_no: text('bc_so_no').notNull().default(''),
    vendor_no: text('vendor_no').notNull().default(''),
    vendor_name: text('vendor_name').notNull().default(''),
    buy_from_code: text('buy_from_code').notNull().default(''),
    buy_from_address: text('buy_from_address').notNull().default(''),
    warehouse_code: text('warehouse_code').notNull().default(''),
    nwv_general_comments: text('nwv_general_comments').notNull().default(''),
    nwv_delivery_comments: text('nwv_delivery_comments').notNull().default(''),
    franchise_name: text('franchise_name').notNull().default(''),
    franchise_address: text('franchise_address').notNull().default(''),
    franchise_district_code: text('franchise_district_code').notNull().default(''),
    franchise_district_name: text('franchise_district_name').notNull().default(''),
    franchise_phone_no: text('franchise_phone_no').notNull().default(''),
    franchise_contact: text('franchise_contact').notNull().default(''),
    franchise_post_code: text('franchise_post_code').notNull().default(''),
    franchise_region_code: text('franchise_region_code').notNull().default(''),
    receiving_code: text('receiving_code').notNull().default(''),
    receiving_address: text('receiving_address').notNull().default(''),
    receiving_contact: text('receiving_contact').notNull().default(''),
    receiving_district_code: text('receiving_district_code').notNull().default(''),
    receiving_district_name: text('receiving_district_name').notNull().default(''),
    receiving_post_code: text('receiving_post_code').notNull().default(''),
    receiving_region_code: text('receiving_region_code').notNull().default(''),
    agent_code: text('agent_code').notNull().default(''),
    agent_service_code: text('agent_service_code').notNull().default(''),
    order_date: date('order_date', { mode: 'string' }).notNull(),
    requested_receipt_date: date('requested_receipt_date', { mode: 'string' }),
    /** A credit memo's posting date; an order's last receipt date. */
    posting_date: date('posting_date', { mode: 'string' }),
    campaign: text('campaign').notNull().default(''),
    costcenter: text('costcenter').notNull().default(''),
    channel: text('channel').notNull().default(''),
    department: text('department').notNull().default(''),
    factory: text('factory').notNull().default(''),
    invoice_discount_amount: money('invoice_discount_amount').notNull().default('0'),
    /** Σ line amounts, recomputed from the lines in every transaction that changes them (books verify). */
    total_lines: money('total_lines').notNull().default('0'),
    /** total_lines − invoice_discount_amount ("Purch Amount"). */
    grand_total: money('grand_total').notNull().default('0'),
    /** A credit memo: the order whose received goods it returns. */
    applies_to_order_no: text('applies_to_order_no').notNull().default(''),
    cancel_reason_code: text('cancel_reason_code').notNull().default(''),
    cancel_reason_description: text('cancel_reason_description').notNull().default(''),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('purchase_orders_list').on(t.franchise_code, t.order_date),
    index('purchase_orders_list_all').on(t.order_date.desc(), t.pos_po_no),
    index('purchase_orders_status').on(t.status, t.order_date),
    index('purchase_orders_bc_so_no')
      .on(t.bc_so_no)
      .where(sql`${t.bc_so_no} <> ''`),
    index('purchase_orders_applies_to')
      .on(t.applies_to_order_no)
      .where(sql`${t.applies_to_order_no} <> ''`),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: serial('id').primaryKey(),
    pos_po_no: text('pos_po_no')
      .notNull()
      .references(() => purchaseOrders.pos_po_no, { onDelete: 'cascade' }),
    line_no: integer('line_no').notNull(),
    item_no: text('item_no').notNull(),
    variant_code: text('variant_code').notNull().default(''),
    description: text('description').notNull().default(''),
    unit_of_measure: text('unit_of_measure').notNull(),
    /** Base units per unit of measure (the item ledger counts base units). */
    qty_per_unit_of_measure: qty('qty_per_unit_of_measure').notNull().default('1'),
    location_code: text('location_code').notNull().default(''),
    purchase_qty: qty('purchase_qty').notNull().default('1'),
    unit_price: money('unit_price').notNull(),
    line_discount_amount: money('line_discount_amount').notNull().default('0'),
    /** purchase_qty × unit_price − line_discount_amount (VAT included). */
    amount: money('amount').notNull(),
    vat_percent: percent('vat_percent').notNull().default('10'),
    /** Σ head office shipment lines; = qty_invoiced (head office invoices what it ships). */
    qty_shipped: qty('qty_shipped').notNull().default('0'),
    qty_invoiced: qty('qty_invoiced').notNull().default('0'),
    /** Σ purchase receipt lines. */
    qty_received: qty('qty_received').notNull().default('0'),
    /** Σ credit memo lines applying to this line. */
    qty_credited: qty('qty_credited').notNull().default('0'),
    campaign: text('campaign').notNull().default(''),
    costcenter: text('costcenter').notNull().default(''),
    gen_bus_posting_group: text('gen_bus_posting_group').notNull().default(''),
    la_so_line_note: text('la_so_line_note').notNull().default(''),
    /** A credit memo line: the order line it returns. */
    applies_to_line_no: integer('applies_to_line_no'),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('purchase_order_lines_doc_line').on(t.pos_po_no, t.line_no),
    index('purchase_order_lines_item').on(t.item_no),
  ],
);

const postedLine = () => ({
  line_no: integer('line_no').notNull(),
  order_line_no: integer('order_line_no').notNull(),
  item_no: text('item_no').notNull(),
  variant_code: text('variant_code').notNull().default(''),
  description: text('description').notNull().default(''),
  unit_of_measure: text('unit_of_measure').notNull(),
  qty_per_unit_of_measure: qty('qty_per_unit_of_measure').notNull().default('1'),
  location_code: text('location_code').notNull().default(''),
  quantity: qty('quantity').notNull(),
  unit_price: money('unit_price').notNull().default('0'),
  line_discount_amount: money('line_discount_amount').notNull().default('0'),
  amount: money('amount').notNull().default('0'),
  vat_percent: percent('vat_percent').notNull().default('0'),
});

/** Head office's posted shipments of purchase orders (HSS; the posted shipment view). Immutable. */
export const purchaseShipments = pgTable(
  'purchase_shipments',
  {
    no: text('no').primaryKey(),
    /** Head office's sales order (bc_so_no). */
    order_no: text('order_no').notNull(),
    pos_po_no: text('pos_po_no').notNull(),
    franchise_code: text('franchise_code').notNull(),
    location_code: text('location_code').notNull().default(''),
    customer: text('customer').notNull().default(''),
    customer_no: text('customer_no').notNull().default(''),
    order_date: date('order_date', { mode: 'string' }).notNull(),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    shipment_date: date('shipment_date', { mode: 'string' }).notNull(),
    ship_to_address: text('ship_to_address').notNull().default(''),
    shipping_agent_code: text('shipping_agent_code').notNull().default(''),
    external_document_no: text('external_document_no').notNull().default(''),
    created_by: integer('created_by'),
    created_at: stampedAt('created_at'),
  },
  (t) => [
    index('purchase_shipments_order').on(t.pos_po_no),
    index('purchase_shipments_franchise').on(t.franchise_code, t.posting_date),
  ],
);
export const purchaseShipmentLines = pgTable(
  'purchase_shipment_lines',
  {
    no: text('no')
      .notNull()
      .references(() => purchaseShipments.no),
    ...postedLine(),
  },
  (t) => [uniqueIndex('purchase_shipment_lines_pk').on(t.no, t.line_no)],
);

/** Head office's invoices to the franchise (HSI), one per shipment: the vendor ledger's invoice entries. Immutable. */
export const purchaseInvoices = pgTable(
  'purchase_invoices',
  {
    no: text('no').primaryKey(),
    shipment_no: text('shipment_no').notNull(),
    pos_po_no: text('pos_po_no').notNull(),
    order_no: text('order_no').notNull(),
    franchise_code: text('franchise_code').notNull(),
    vendor_no: text('vendor_no').notNull().default(''),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    subtotal: money('subtotal').notNull(),
    /** The order's invoice discount spread over what this invoice bills. */
    invoice_discount_amount: money('invoice_discount_amount').notNull().default('0'),
    vat_amount: money('vat_amount').notNull().default('0'),
    /** subtotal − invoice_discount_amount (VAT included). */
    amount: money('amount').notNull(),
    created_by: integer('created_by'),
    created_at: stampedAt('created_at'),
  },
  (t) => [
    index('purchase_invoices_order').on(t.pos_po_no),
    index('purchase_invoices_franchise').on(t.franchise_code, t.posting_date),
  ],
);
export const purchaseInvoiceLines = pgTable(
  'purchase_invoice_lines',
  {
    no: text('no')
      .notNull()
      .references(() => purchaseInvoices.no),
    ...postedLine(),
  },
  (t) => [uniqueIndex('purchase_invoice_lines_pk').on(t.no, t.line_no)],
);

/** The store's purchase receipts (PR): what arrived at the location. Immutable. */
export const purchaseReceipts = pgTable(
  'purchase_receipts',
  {
    pos_pr_no: text('pos_pr_no').primaryKey(),
    pos_po_no: text('pos_po_no').notNull(),
    franchise_code: text('franchise_code').notNull(),
    location_code: text('location_code').notNull().default(''),
    vendor_no: text('vendor_no').notNull().default(''),
    vendor_name: text('vendor_name').notNull().default(''),
    order_date: date('order_date', { mode: 'string' }).notNull(),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    created_by: integer('created_by'),
    created_at: stampedAt('created_at'),
  },
  (t) => [
    index('purchase_receipts_order').on(t.pos_po_no),
    index('purchase_receipts_franchise').on(t.franchise_code, t.posting_date),
  ],
);
export const purchaseReceiptLines = pgTable(
  'purchase_receipt_lines',
  {
    pos_pr_no: text('pos_pr_no')
      .notNull()
      .references(() => purchaseReceipts.pos_pr_no),
    ...postedLine(),
  },
  (t) => [uniqueIndex('purchase_receipt_lines_pk').on(t.pos_pr_no, t.line_no)],
);
