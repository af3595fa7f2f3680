import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned, stampedAt } from '../../db/columns.js';
import { qty } from '../../kernel/money.js';

// Warehouse (calls.md 7.10; issue 10; README.md here). Warehouse entries are a journal: open rows are added, edited
// and removed; posting turns a set of them into item ledger entries under one WE number, after which a row never
// changes (trigger fp_refuse_posted_warehouse_entry_change). A warehouse transfer is posted at once (WT) and
// append-only (fp_refuse_change), with its lines. Stock itself is only the item ledger.

export const warehouseEntries = pgTable(
  'warehouse_entries',
  {
    id: serial('id').primaryKey(),
    franchise_code: text('franchise_code').notNull(),
    location_code: text('location_code').notNull(),
    item_no: text('item_no').notNull(),
    variant_code: text('variant_code').notNull().default(''),
    unit_of_measure: text('unit_of_measure').notNull(),
    qty_per_unit_of_measure: qty('qty_per_unit_of_measure').notNull().default('1'),
    /** positive_adjmt | negative_adjmt */
    entry_type: text('entry_type').$type<'positive_adjmt' | 'negative_adjmt'>().notNull(),
    /** As entered, > 0 (the sign comes from entry_type). */
    quantity: qty('quantity').notNull(),
    reason_code: text('reason_code').notNull(),
    description: text('description').notNull().default(''),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    /** open | posted */
    status: text('status').$type<'open' | 'posted'>().notNull().default('open'),
    /** The WE number once posted ('' while open); entries posted together share it. */
    document_no: text('document_no').notNull().default(''),
    posted_at: timestamp('posted_at', { withTimezone: true, mode: 'string' }),
    posted_by: integer('posted_by'),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('warehouse_entries_franchise').on(t.franchise_code, t.status, t.posting_date),
    index('warehouse_entries_document').on(t.document_no),
  ],
);

export const warehouseTransfers = pgTable(
  'warehouse_transfers',
  {
    id: serial('id').primaryKey(),
    /** The WT number. */
    document_no: text('document_no').notNull(),
    franchise_code: text('franchise_code').notNull(),
    location_from: text('location_from').notNull(),
    location_to: text('location_to').notNull(),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    description: text('description').notNull().default(''),
    created_by: integer('created_by'),
    created_at: stampedAt('created_at'),
  },
  (t) => [
    uniqueIndex('warehouse_transfers_document').on(t.document_no),
    index('warehouse_transfers_franchise').on(t.franchise_code, t.posting_date),
  ],
);

export const warehouseTransferLines = pgTable(
  'warehouse_transfer_lines',
  {
    id: serial('id').primaryKey(),
    transfer_id: integer('transfer_id')
      .notNull()
      .references(() => warehouseTransfers.id),
    document_no: text('document_no').notNull(),
    line_no: integer('line_no').notNull(),
    item_no: text('item_no').notNull(),
    variant_code: text('variant_code').notNull().default(''),
    description: text('description').notNull().default(''),
    unit_of_measure: text('unit_of_measure').notNull(),
    qty_per_unit_of_measure: qty('qty_per_unit_of_measure').notNull().default('1'),
    quantity: qty('quantity').notNull(),
    /** quantity × qty_per_unit_of_measure: what each of its two ledger entries moves. */
    quantity_base: qty('quantity_base').notNull(),
  },
  (t) => [uniqueIndex('warehouse_transfer_lines_doc_line').on(t.document_no, t.line_no)],
);
