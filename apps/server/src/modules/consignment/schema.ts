import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned, stampedAt } from '../../db/columns.js';
import { qty } from '../../kernel/money.js';

// Consignment (product.md 3 Consignment issue, line, receipt; calls.md 7.16; issue 10). Head office's transfer orders
// (TO series of the franchise) move consigned stock from transfer_from_code through intransit_code to
// transfer_to_code; their posted warehouse shipments (TS) put it in transit, the franchise's consignment receipts (CR)
// take it out of transit into the location. A consignment issue (CI) is the franchise's request; releasing it answers
// with a transfer order. Posted documents are append-only (trigger).

export const transferOrders = pgTable(
  'transfer_orders',
  {
    bc_to_no: text('bc_to_no').primaryKey(),
    franchise_code: text('franchise_code').notNull(),
    direction: text('direction').$type<'issue' | 'return'>().notNull().default('issue'),
    /** released, shipped, received, canceled (contract transferOrderStatuses). */
    status: text('status').notNull().default('released'),
    transfer_from_code: text('transfer_from_code').notNull(),
    transfer_to_code: text('transfer_to_code').notNull(),
    intransit_code: text('intransit_code').notNull(),
    /** The consignment issue it answers ('' when head office created it on its own). */
    ci_no: text('ci_no').notNull().default(''),
    external_document_no: text('external_document_no').notNull().default(''),
    order_date: date('order_date', { mode: 'string' }).notNull(),
    shipment_date: date('shipment_date', { mode: 'string' }),
    receipt_date: date('receipt_date', { mode: 'string' }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('transfer_orders_franchise').on(t.franchise_code, t.order_date),
    index('transfer_orders_ci').on(t.ci_no),
  ],
);

export const transferOrderLines = pgTable(
  'transfer_order_lines',
  {
    id: serial('id').primaryKey(),
    bc_to_no: text('bc_to_no')
      .notNull()
      .references(() => transferOrders.bc_to_no, { onDelete: 'cascade' }),
    line_no: integer('line_no').notNull(),
    item_no: text('item_no').notNull(),
    variant_code: text('variant_code').notNull().default(''),
    description: text('description').notNull().default(''),
    unit_of_measure: text('unit_of_measure').notNull(),
    qty_per_unit_of_measure: qty('qty_per_unit_of_measure').notNull().default('1'),
    quantity: qty('quantity').notNull(),
    /** Σ transfer shipment lines. */
    qty_shipped: qty('qty_shipped').notNull().default('0'),
    /** Σ consignment receipt lines. */
    qty_received: qty('qty_received').notNull().default('0'),
    la_to_line_note: text('la_to_line_note').notNull().default(''),
    ...versioned(),
  },
  (t) => [uniqueIndex('transfer_order_lines_doc_line').on(t.bc_to_no, t.line_no)],
);

const postedTransferLine = () => ({
  line_no: integer('line_no').notNull(),
  order_line_no: integer('order_line_no').notNull(),
  item_no: text('item_no').notNull(),
  variant_code: text('variant_code').notNull().default(''),
  description: text('description').notNull().default(''),
  unit_of_measure: text('unit_of_measure').notNull(),
  qty_per_unit_of_measure: qty('qty_per_unit_of_measure').notNull().default('1'),
  quantity: qty('quantity').notNull(),
});

/** Posted warehouse shipments of transfer orders (TS): out of transfer_from_code, into intransit_code. Immutable. */
export const transferShipments = pgTable(
  'transfer_shipments',
  {
    no: text('no').primaryKey(),
    bc_to_no: text('bc_to_no').notNull(),
    franchise_code: text('franchise_code').notNull(),
    transfer_from_code: text('transfer_from_code').notNull(),
    transfer_to_code: text('transfer_to_code').notNull(),
    intransit_code: text('intransit_code').notNull(),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    shipment_date: date('shipment_date', { mode: 'string' }).notNull(),
    created_by: integer('created_by'),
    created_at: stampedAt('created_at'),
  },
  (t) => [index('transfer_shipments_order').on(t.bc_to_no)],
);
export const transferShipmentLines = pgTable(
  'transfer_shipment_lines',
  {
    no: text('no')
      .notNull()
      .references(() => transferShipments.no),
    ...postedTransferLine(),
  },
  (t) => [uniqueIndex('transfer_shipment_lines_pk').on(t.no, t.line_no)],
);

/** Consignment receipts (CR): out of intransit_code, into the location (transfer_to_code). Immutable. */
export const consignmentReceipts = pgTable(
  'consignment_receipts',
  {
    no: text('no').primaryKey(),
    bc_to_no: text('bc_to_no').notNull(),
    ci_no: text('ci_no').notNull().default(''),
    franchise_code: text('franchise_code').notNull(),
    location_code: text('location_code').notNull(),
    intransit_code: text('intransit_code').notNull(),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    created_by: integer('created_by'),
    created_at: stampedAt('created_at'),
  },
  (t) => [
    index('consignment_receipts_order').on(t.bc_to_no),
    index('consignment_receipts_franchise').on(t.franchise_code, t.posting_date),
  ],
);
export const consignmentReceiptLines = pgTable(
  'consignment_receipt_lines',
  {
    no: text('no')
      .notNull()
      .references(() => consignmentReceipts.no),
    ...postedTransferLine(),
  },
  (t) => [uniqueIndex('consignment_receipt_lines_pk').on(t.no, t.line_no)],
);

/** Consignment issues (CI): the franchise asks for consigned goods (direction issue) or sends them back (return). */
export const consignmentIssues = pgTable(
  'consignment_issues',
  {
    ci_no: text('ci_no').primaryKey(),
    franchise_code: text('franchise_code').notNull(),
    direction: text('direction').$type<'issue' | 'return'>().notNull().default('issue'),
    status: text('status').notNull().default('open'),
    la_external_doc: text('la_external_doc').notNull().default(''),
    la_notes: text('la_notes').notNull().default(''),
    la_internal_comment: text('la_internal_comment').notNull().default(''),
    la_request_delivery_date: date('la_request_delivery_date', { mode: 'string' }),
    la_so_payment: boolean('la_so_payment').notNull().default(false),
    la_ship_card: boolean('la_ship_card').notNull().default(false),
    franchise_name: text('franchise_name').notNull().default(''),
    franchise_address: text('franchise_address').notNull().default(''),
    franchise_district_code: text('franchise_district_code').notNull().default(''),
    franchise_district_name: text('franchise_district_name').notNull().default(''),
    franchise_phone_no: text('franchise_phone_no').notNull().default(''),
    franchise_contact: text('franchise_contact').notNull().default(''),
    franchise_post_code: text('franchise_post_code').notNull().default(''),
    franchise_region_code: text('franchise_region_code').notNull().default(''),
    transfer_from_code: text('transfer_from_code').notNull().default(''),
    transfer_to_code: text('transfer_to_code').notNull().default(''),
    intransit_code: text('intransit_code').notNull().default(''),
    receiving_code: text('receiving_code').notNull().default(''),
    receiving_address: text('receiving_address').notNull().default(''),
    receiving_contact: text('receiving_contact').notNull().default(''),
    receiving_district_code: text('receiving_district_code').notNull().default(''),
    receiving_district_name: text('receiving_district_name').notNull().default(''),
    receiving_post_code: text('receiving_post_code').notNull().default(''),
    receiving_region_code: text('receiving_region_code').notNull().default(''),
    /** The transfer order the release answered with. */
    bc_to_no: text('bc_to_no').notNull().default(''),
    order_date: date('order_date', { mode: 'string' }).notNull(),
    cancel_reason_code: text('cancel_reason_code').notNull().default(''),
    cancel_reason_description: text('cancel_reason_description').notNull().default(''),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [index('consignment_issues_franchise').on(t.franchise_code, t.order_date)],
);

export const consignmentIssueLines = pgTable(
  'consignment_issue_lines',
  {
    id: serial('id').primaryKey(),
    ci_no: text('ci_no')
      .notNull()
      .references(() => consignmentIssues.ci_no, { onDelete: 'cascade' }),
    line_no: integer('line_no').notNull(),
    item_no: text('item_no').notNull(),
    variant_code: text('variant_code').notNull().default(''),
    description: text('description').notNull().default(''),
    unit_of_measure: text('unit_of_measure').notNull(),
    qty_per_unit_of_measure: qty('qty_per_unit_of_measure').notNull().default('1'),
    ci_qty: qty('ci_qty').notNull(),
    la_to_line_note: text('la_to_line_note').notNull().default(''),
    ...versioned(),
  },
  (t) => [uniqueIndex('consignment_issue_lines_doc_line').on(t.ci_no, t.line_no)],
);
