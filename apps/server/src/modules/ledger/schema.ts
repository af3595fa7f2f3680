import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { money, qty } from '../../kernel/money.js';
import { stampedAt } from '../../db/columns.js';

// The ledgers (ARCHITECTURE "Data"): append-only; the database refuses UPDATE and DELETE (trigger fp_refuse_change).
// A correction is a new entry that names the entry it reverses (reverses_entry_id). On-hand = Σ item ledger quantity;
// a customer's balance = Σ customer ledger amount.

/** Stock movements in base units: + in (receipt, return, positive adjustment), − out (shipment, negative adjustment). */
export const itemLedgerEntries = pgTable(
  'item_ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** sale, sale_return, purchase, purchase_return, positive_adjmt, negative_adjmt, transfer, consignment… */
    entry_type: text('entry_type').notNull(),
    franchise_code: text('franchise_code').notNull(),
    location_code: text('location_code').notNull(),
    item_no: text('item_no').notNull(),
    variant_code: text('variant_code').notNull().default(''),
    /** Signed, in the item's base unit. */
    quantity: qty('quantity').notNull(),
    /** The posted document: sales_shipment, sales_credit_memo, purchase_receipt, warehouse_entry, … */
    document_type: text('document_type').notNull(),
    document_no: text('document_no').notNull(),
    document_line_no: integer('document_line_no').notNull().default(0),
    /** The order the document belongs to (pos_so_no, pos_po_no, …). */
    order_no: text('order_no').notNull().default(''),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    reverses_entry_id: bigint('reverses_entry_id', { mode: 'number' }).references(
      (): import('drizzle-orm/pg-core').AnyPgColumn => itemLedgerEntries.id,
    ),
    created_by: integer('created_by'),
    created_at: stampedAt('created_at'),
  },
  (t) => [
    index('item_ledger_on_hand').on(t.location_code, t.item_no, t.variant_code),
    index('item_ledger_document').on(t.document_type, t.document_no),
    index('item_ledger_franchise_date').on(t.franchise_code, t.posting_date),
    // On hand and item stock of a franchise (issue 10, modules/warehouse): an index-only scan grouped by its prefix.
    index('item_ledger_franchise_stock').on(
      t.franchise_code,
      t.location_code,
      t.item_no,
      t.variant_code,
      t.posting_date,
      t.quantity,
    ),
  ],
);

/** Receivables: + what the customer owes (invoice), − what they paid or were credited (payment, credit memo). */
export const customerLedgerEntries = pgTable(
  'customer_ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** invoice, credit_memo, payment, refund, adjustment */
    entry_type: text('entry_type').notNull(),
    franchise_code: text('franchise_code').notNull(),
    customer_no: text('customer_no').notNull(),
    /** Signed VND. */
    amount: money('amount').notNull(),
    document_type: text('document_type').notNull(),
    document_no: text('document_no').notNull(),
    /** The sales order the entry belongs to (pos_so_no), '' when none. */
    order_no: text('order_no').notNull().default(''),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    reverses_entry_id: bigint('reverses_entry_id', { mode: 'number' }).references(
      (): import('drizzle-orm/pg-core').AnyPgColumn => customerLedgerEntries.id,
    ),
    created_by: integer('created_by'),
    created_at: stampedAt('created_at'),
  },
  (t) => [
    index('customer_ledger_customer').on(t.customer_no),
    index('customer_ledger_order').on(t.order_no),
    index('customer_ledger_document').on(t.document_type, t.document_no),
    index('customer_ledger_franchise_date').on(t.franchise_code, t.posting_date),
  ],
);

/**
 * Payables to head office (issue 10), signed as what the franchise owes: + head office invoice (purchase shipment),
 * − purchase credit memo, − payment. A purchase order's payable = Σ its entries (order_no = pos_po_no).
 */
export const vendorLedgerEntries = pgTable(
  'vendor_ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** invoice, credit_memo, payment, adjustment */
    entry_type: text('entry_type').notNull(),
    franchise_code: text('franchise_code').notNull(),
    vendor_no: text('vendor_no').notNull(),
    /** Signed VND. */
    amount: money('amount').notNull(),
    /** purchase_invoice, purchase_credit_memo, … */
    document_type: text('document_type').notNull(),
    document_no: text('document_no').notNull(),
    /** The purchase order the entry belongs to (pos_po_no), '' when none. */
    order_no: text('order_no').notNull().default(''),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    reverses_entry_id: bigint('reverses_entry_id', { mode: 'number' }).references(
      (): import('drizzle-orm/pg-core').AnyPgColumn => vendorLedgerEntries.id,
    ),
    created_by: integer('created_by'),
    created_at: stampedAt('created_at'),
  },
  (t) => [
    index('vendor_ledger_order').on(t.order_no),
    index('vendor_ledger_document').on(t.document_type, t.document_no),
    index('vendor_ledger_franchise_date').on(t.franchise_code, t.posting_date),
  ],
);

/**
 * The stock balance per position (issue 22; modules/reports/README "Roll-ups"): Σ item ledger quantity per franchise,
 * location, item and variant. Written in the posting transaction by a statement-level trigger on item_ledger_entries
 * (fp_item_stock_balance_add, migration *_rollups.sql) as **delta rows** (one per position a statement touched),
 * appended and never updated, so postings of one position never wait on a balance row; readers sum a position's
 * rows. The compaction (reports/rollups.ts) leaves one `compacted` row per position. A position with entries always
 * has a row (its balance may be 0). `check:books`: Σ per position = Σ its item ledger entries.
 */
export const itemStockBalances = pgTable(
  'item_stock_balances',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    franchise_code: text('franchise_code').notNull(),
    location_code: text('location_code').notNull(),
    item_no: text('item_no').notNull(),
    variant_code: text('variant_code').notNull(),
    /** Signed, base units. */
    quantity: qty('quantity').notNull(),
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    // On hand's default order (location, item, variant), head office's (every franchise) and a store's.
    index('item_stock_balances_position').on(t.location_code, t.item_no, t.variant_code, t.franchise_code, t.quantity),
    index('item_stock_balances_franchise').on(t.franchise_code, t.location_code, t.item_no, t.variant_code, t.quantity),
    // Head office's on hand of one item (a filter on item_no; the position index leads with the location).
    index('item_stock_balances_item').on(t.item_no, t.variant_code, t.location_code, t.franchise_code, t.quantity),
    index('item_stock_balances_pending')
      .on(t.id)
      .where(sql`not ${t.compacted}`),
  ],
);

/**
 * The stock movements per day (issue 22; modules/reports/README "Roll-ups"): per posting date, franchise, location,
 * item and variant, Σ the positive item ledger quantities (`quantity_in`) and −Σ the negative ones (`quantity_out`,
 * ≥ 0). Written like item_stock_balances, by a statement-level trigger of its own on item_ledger_entries
 * (fp_item_stock_daily_add, migration *_item_stock_daily_trigger.sql) as delta rows, folded by the compaction
 * (reports/rollups.ts) to one row per key. Item stock (opening, in, out, closing over dates) reads it.
 * `check:books`: Σ per key = the item ledger's.
 */
export const itemStockDaily = pgTable(
  'item_stock_daily',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    franchise_code: text('franchise_code').notNull(),
    location_code: text('location_code').notNull(),
    item_no: text('item_no').notNull(),
    variant_code: text('variant_code').notNull(),
    /** Σ the positive entries, base units. */
    quantity_in: qty('quantity_in').notNull(),
    /** −Σ the negative entries (≥ 0), base units. */
    quantity_out: qty('quantity_out').notNull(),
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    // Item stock's default order (location, item, variant): head office's (every franchise) and a store's, each an
    // index-only range that a first page stops early in.
    index('item_stock_daily_position').on(
      t.location_code,
      t.item_no,
      t.variant_code,
      t.franchise_code,
      t.posting_date,
      t.quantity_in,
      t.quantity_out,
    ),
    index('item_stock_daily_franchise').on(
      t.franchise_code,
      t.location_code,
      t.item_no,
      t.variant_code,
      t.posting_date,
      t.quantity_in,
      t.quantity_out,
    ),
    // Head office's item stock of one item (a filter on item_no).
    index('item_stock_daily_item').on(
      t.item_no,
      t.variant_code,
      t.location_code,
      t.franchise_code,
      t.posting_date,
      t.quantity_in,
      t.quantity_out,
    ),
    index('item_stock_daily_pending')
      .on(t.id)
      .where(sql`not ${t.compacted}`),
  ],
);
