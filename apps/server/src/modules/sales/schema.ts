import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned, stampedAt } from '../../db/columns.js';
import { money, percent, qty } from '../../kernel/money.js';

// Sales documents (product.md 3 Sales order; issue 8). A quote, an order and a credit memo are rows of one table,
// told apart by document_type; their numbers come from the franchise's series SQ, SO and SCM. Posting writes the
// immutable posted documents below and the ledgers (../ledger/schema.ts); the database refuses UPDATE and DELETE on
// them (migration fp_refuse_change), and on credit memo documents once written (they are posted at once).

export const salesOrders = pgTable(
  'sales_orders',
  {
    pos_so_no: text('pos_so_no').primaryKey(),
    document_type: text('document_type').$type<'order' | 'quote' | 'credit_memo'>().notNull(),
    franchise_code: text('franchise_code').notNull(),
    location_code: text('location_code').notNull().default(''),
    sales_type: text('sales_type').notNull().default(''),
    status: text('status').notNull().default('open'),
    /** The customer's number. */
    sell_to_code: text('sell_to_code').notNull().default(''),
    sell_to_name: text('sell_to_name').notNull().default(''),
    sell_to_phone_no: text('sell_to_phone_no').notNull().default(''),
    sell_to_contact: text('sell_to_contact').notNull().default(''),
    sell_to_address: text('sell_to_address').notNull().default(''),
    sell_to_address_2: text('sell_to_address_2').notNull().default(''),
    sell_to_district_code: text('sell_to_district_code').notNull().default(''),
    sell_to_district_name: text('sell_to_district_name').notNull().default(''),
    sell_to_post_code: text('sell_to_post_code').notNull().default(''),
    sell_to_city: text('sell_to_city').notNull().default(''),
    sell_to_country: text('sell_to_country').notNull().default('VNM'),
    bill_to_code: text('bill_to_code').notNull().default(''),
    bill_to_name: text('bill_to_name').notNull().default(''),
    bill_to_phone_no: text('bill_to_phone_no').notNull().default(''),
    bill_to_contact: text('bill_to_contact').notNull().default(''),
    bill_to_address: text('bill_to_address').notNull().default(''),
    bill_to_address_2: text('bill_to_address_2').notNull().default(''),
    bill_to_district_code: text('bill_to_district_code').notNull().default(''),
    bill_to_district_name: text('bill_to_district_name').notNull().default(''),
    bill_to_post_code: text('bill_to_post_code').notNull().default(''),
    bill_to_city: text('bill_to_city').notNull().default(''),
    bill_to_country: text('bill_to_country').notNull().default('VNM'),
    ship_to_code: text('ship_to_code').notNull().default(''),
    ship_to_name: text('ship_to_name').notNull().default(''),
    ship_to_phone_no: text('ship_to_phone_no').notNull().default(''),
    ship_to_contact: text('ship_to_contact').notNull().default(''),
    ship_to_address: text('ship_to_address').notNull().default(''),
    ship_to_address_2: text('ship_to_address_2').notNull().default(''),
    ship_to_district_code: text('ship_to_district_code').notNull().default(''),
    ship_to_district_name: text('ship_to_district_name').notNull().default(''),
    ship_to_post_code: text('ship_to_post_code').notNull().default(''),
    ship_to_city: text('ship_to_city').notNull().default(''),
    ship_to_country: text('ship_to_country').notNull().default('VNM'),
    general_comments: text('general_comments').notNull().default(''),
    delivery_comments: text('delivery_comments').notNull().default(''),
    la_internal_comment: text('la_internal_comment').notNull().default(''),
    agent_code: text('agent_code').notNull().default(''),
    agent_service_code: text('agent_service_code').notNull().default(''),
    agent_address: text('agent_address').notNull().default(''),
    requested_delivery_date: date('requested_delivery_date', { mode: 'string' }),
    coupon_code: text('coupon_code').notNull().default(''),
    auto_promotion: boolean('auto_promotion').notNull().default(false),
    campaign: text('campaign').notNull().default(''),
    costcenter: text('costcenter').notNull().default(''),
    loyalty_cust_scheme: text('loyalty_cust_scheme').notNull().default('Silver'),
    loyalty_cust_referral_code: text('loyalty_cust_referral_code').notNull().default(''),
    loyalty_redeemable_points: qty('loyalty_redeemable_points').notNull().default('0'),
    loyalty_ranking_points: qty('loyalty_ranking_points').notNull().default('0'),
    loyalty_birthday_used: boolean('loyalty_birthday_used').notNull().default(false),
    customer_birthday: date('customer_birthday', { mode: 'string' }),
    la_exchange_points: qty('la_exchange_points').notNull().default('0'),
    la_referral_code: text('la_referral_code').notNull().default(''),
    la_referral_cust_no: text('la_referral_cust_no').notNull().default(''),
    invoice_discount_amount: money('invoice_discount_amount').notNull().default('0'),
    /** Computed (issue 9): what the applied promotions, coupon and birthday promotion take off (modules/promotions). */
    promotion_discount_amount: money('promotion_discount_amount').notNull().default('0'),
    /** Computed (issue 9): what the points redeemed on the order are worth (modules/loyalty/order-points.ts). */
    points_discount_amount: money('points_discount_amount').notNull().default('0'),
    /** Computed (issue 9): Σ the order's fees (sales_order_fees). */
    fees_amount: money('fees_amount').notNull().default('0'),
    /**
     * Σ line amounts − invoice, promotion and points discounts + fees, recomputed from the lines in every transaction that changes them
     * (never typed; `npm run check:books` verifies it equals the lines).
     */
    grand_total: money('grand_total').notNull().default('0'),
    /** The quote an order was converted from. */
    quote_no: text('quote_no').notNull().default(''),
    /** A converted quote: the order it became. */
    converted_order_no: text('converted_order_no').notNull().default(''),
    /** A credit memo: the order it credits. */
    applies_to_order_no: text('applies_to_order_no').notNull().default(''),
    /** 'store' or, after support to ship, 'head_office'. */
    shipping_by: text('shipping_by').$type<'store' | 'head_office'>().notNull().default('store'),
    order_date: date('order_date', { mode: 'string' }).notNull(),
    posting_date: date('posting_date', { mode: 'string' }),
    cancel_reason_code: text('cancel_reason_code').notNull().default(''),
    cancel_reason_description: text('cancel_reason_description').notNull().default(''),
    /** A company invoice (issue 21): the buyer's tax code, company name and address, carried to the e-invoice. */
    buyer_tax_code: text('buyer_tax_code').notNull().default(''),
    buyer_company_name: text('buyer_company_name').notNull().default(''),
    buyer_address: text('buyer_address').notNull().default(''),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('sales_orders_list').on(t.document_type, t.franchise_code, t.order_date),
    // Head office's list (no franchise) in its default order: newest order date first, then the number (list.ts).
    index('sales_orders_list_all').on(t.document_type, t.order_date.desc(), t.pos_so_no),
    index('sales_orders_status').on(t.document_type, t.status, t.order_date),
    index('sales_orders_customer').on(t.sell_to_code),
    index('sales_orders_phone').on(t.sell_to_phone_no),
    index('sales_orders_applies_to')
      .on(t.applies_to_order_no)
      .where(sql`${t.applies_to_order_no} <> ''`),
  ],
);

export const salesOrderLines = pgTable(
  'sales_order_lines',
  {
    id: serial('id').primaryKey(),
    pos_so_no: text('pos_so_no')
      .notNull()
      .references(() => salesOrders.pos_so_no, { onDelete: 'cascade' }),
    line_no: integer('line_no').notNull(),
    line_type: text('line_type').$type<'item' | 'fee'>().notNull().default('item'),
    item_no: text('item_no').notNull(),
    variant_code: text('variant_code').notNull().default(''),
    description: text('description').notNull().default(''),
    unit_of_measure: text('unit_of_measure').notNull(),
    /** Base units per unit of measure (the item ledger counts base units). */
    qty_per_unit_of_measure: qty('qty_per_unit_of_measure').notNull().default('1'),
    location_code: text('location_code').notNull().default(''),
    quantity: qty('quantity').notNull(),
    unit_price: money('unit_price').notNull(),
    price_source: text('price_source').notNull().default('list_price'),
    line_discount_percent: percent('line_discount_percent').notNull().default('0'),
    line_discount_amount: money('line_discount_amount').notNull().default('0'),
    /** quantity × unit_price − line_discount_amount (VAT included). */
    amount: money('amount').notNull(),
    vat_percent: percent('vat_percent').notNull().default('10'),
    qty_to_ship: qty('qty_to_ship').notNull().default('0'),
    qty_shipped: qty('qty_shipped').notNull().default('0'),
    qty_to_invoice: qty('qty_to_invoice').notNull().default('0'),
    qty_invoiced: qty('qty_invoiced').notNull().default('0'),
    qty_credited: qty('qty_credited').notNull().default('0'),
    la_so_line_note: text('la_so_line_note').notNull().default(''),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('sales_order_lines_doc_line').on(t.pos_so_no, t.line_no),
    index('sales_order_lines_item').on(t.item_no),
  ],
);

/**
 * Fees on an order (product.md 3 "Fee record on an order": pos_so_no, line_no and the fee's own fields; calls.md 7.12
 * fee add/update/remove). They count in the grand total (totals.ts) and are invoiced with the order's first invoice.
 */
export const salesOrderFees = pgTable(
  'sales_order_fees',
  {
    id: serial('id').primaryKey(),
    pos_so_no: text('pos_so_no')
      .notNull()
      .references(() => salesOrders.pos_so_no, { onDelete: 'cascade' }),
    line_no: integer('line_no').notNull(),
    fee_code: text('fee_code').notNull(),
    description: text('description').notNull().default(''),
    /** VAT included. */
    amount: money('amount').notNull(),
    vat_percent: percent('vat_percent').notNull().default('10'),
    ...versioned(),
  },
  (t) => [uniqueIndex('sales_order_fees_doc_line').on(t.pos_so_no, t.line_no)],
);

const postedHeader = () => ({
  pos_so_no: text('pos_so_no').notNull(),
  franchise_code: text('franchise_code').notNull(),
  location_code: text('location_code').notNull().default(''),
  customer_no: text('customer_no').notNull().default(''),
  customer_name: text('customer_name').notNull().default(''),
  order_date: date('order_date', { mode: 'string' }).notNull(),
  posting_date: date('posting_date', { mode: 'string' }).notNull(),
  ship_to_address: text('ship_to_address').notNull().default(''),
  shipping_agent_code: text('shipping_agent_code').notNull().default(''),
  external_document_no: text('external_document_no').notNull().default(''),
  created_by: integer('created_by'),
  created_at: stampedAt('created_at'),
});

const postedLine = () => ({
  line_no: integer('line_no').notNull(),
  order_line_no: integer('order_line_no').notNull(),
  item_no: text('item_no').notNull(),
  variant_code: text('variant_code').notNull().default(''),
  description: text('description').notNull().default(''),
  unit_of_measure: text('unit_of_measure').notNull(),
  location_code: text('location_code').notNull().default(''),
  quantity: qty('quantity').notNull(),
  unit_price: money('unit_price').notNull().default('0'),
  line_discount_amount: money('line_discount_amount').notNull().default('0'),
  amount: money('amount').notNull().default('0'),
  vat_percent: percent('vat_percent').notNull().default('0'),
  vat_amount: money('vat_amount').notNull().default('0'),
});

/** Posted sales shipments (SS series): what left the store. Immutable. */
export const salesShipments = pgTable(
  'sales_shipments',
  { pos_ss_no: text('pos_ss_no').primaryKey(), ...postedHeader() },
  (t) => [
    index('sales_shipments_order').on(t.pos_so_no),
    index('sales_shipments_franchise').on(t.franchise_code, t.posting_date),
  ],
);
export const salesShipmentLines = pgTable(
  'sales_shipment_lines',
  {
    pos_ss_no: text('pos_ss_no')
      .notNull()
      .references(() => salesShipments.pos_ss_no),
    ...postedLine(),
  },
  (t) => [uniqueIndex('sales_shipment_lines_pk').on(t.pos_ss_no, t.line_no)],
);

/** Posted sales invoices (SI series): what the customer owes. Immutable; amount = Σ lines − invoice discount. */
export const salesInvoices = pgTable(
  'sales_invoices',
  {
    pos_si_no: text('pos_si_no').primaryKey(),
    ...postedHeader(),
    subtotal: money('subtotal').notNull(),
    line_discount_amount: money('line_discount_amount').notNull().default('0'),
    /** The order's header discounts (invoice, promotion, points; issue 9) spread over what this invoice bills. */
    invoice_discount_amount: money('invoice_discount_amount').notNull().default('0'),
    /** The order's fees: all of them on the order's first invoice, 0 on later ones (issue 9). */
    fees_amount: money('fees_amount').notNull().default('0'),
    vat_amount: money('vat_amount').notNull().default('0'),
    /** subtotal − line discounts − invoice_discount_amount + fees_amount. */
    amount: money('amount').notNull(),
  },
  (t) => [
    index('sales_invoices_order').on(t.pos_so_no),
    index('sales_invoices_franchise').on(t.franchise_code, t.posting_date),
  ],
);
export const salesInvoiceLines = pgTable(
  'sales_invoice_lines',
  {
    pos_si_no: text('pos_si_no')
      .notNull()
      .references(() => salesInvoices.pos_si_no),
    ...postedLine(),
  },
  (t) => [uniqueIndex('sales_invoice_lines_pk').on(t.pos_si_no, t.line_no)],
);
