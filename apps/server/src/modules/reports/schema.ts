import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, qty } from '../../kernel/money.js';
import { stampedAt } from '../../db/columns.js';

// Revenue storage (issue 11; README here). Two append-only tables written in the posting transaction of every sales
// invoice (Ship Now, Close) and credit memo, by INSERT … SELECT from the posted rows just written (value.ts), and
// backfilled the same way by the migration for documents posted before them:
// - sales_value_entries: one row per posted line (+ one for the header discount, one for the fees, when not 0), so
//   Σ amount of a document's rows = the invoice amount / − the credit memo grand total. Item and category filters
//   of the revenue summary read these.
// - sales_value_documents: one row per posted document with Σ of its entries (quantity, amount): the revenue detail
//   and every summary without an item or category filter read these (a month of 1,000,000 orders is 1,000,000 rows
//   here, against several rows per document in the entries).
// Invoices count +, credit memos −: quantity and amount carry the sign.

export type RevenueDocumentKind = 'invoice' | 'credit_memo';

const common = () => ({
  document_type: text('document_type').$type<RevenueDocumentKind>().notNull(),
  document_no: text('document_no').notNull(),
  /** The order the document bills or credits. */
  pos_so_no: text('pos_so_no').notNull(),
  posting_date: date('posting_date', { mode: 'string' }).notNull(),
  franchise_code: text('franchise_code').notNull(),
  /** The document's (order's) location. */
  location_code: text('location_code').notNull().default(''),
  sales_type: text('sales_type').notNull().default(''),
  customer_no: text('customer_no').notNull().default(''),
  created_at: stampedAt('created_at'),
});

export const salesValueEntries = pgTable(
  'sales_value_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...common(),
    /** item = a posted line, discount = the header discounts (−), fee = the fees billed (+). */
    entry_kind: text('entry_kind').$type<'item' | 'discount' | 'fee'>().notNull(),
    /** The posted line's number (0 for discount and fee rows). */
    line_no: integer('line_no').notNull().default(0),
    item_no: text('item_no').notNull().default(''),
    variant_code: text('variant_code').notNull().default(''),
    /** The item's category code when posted ('' for none and for discount/fee rows). */
    category_code: text('category_code').notNull().default(''),
    /** Signed: the line quantity on an invoice, its negative on a credit memo; 0 on discount and fee rows. */
    quantity: qty('quantity').notNull().default('0'),
    /** Signed, VAT included. */
    amount: money('amount').notNull(),
  },
  (t) => [
    uniqueIndex('sales_value_entries_doc').on(t.document_no, t.entry_kind, t.line_no),
    index('sales_value_entries_date').on(t.posting_date, t.franchise_code),
    index('sales_value_entries_item').on(t.item_no, t.posting_date),
    index('sales_value_entries_category').on(t.category_code, t.posting_date),
  ],
);

export const salesValueDocuments = pgTable(
  'sales_value_documents',
  {
    ...common(),
    customer_name: text('customer_name').notNull().default(''),
    /** Σ the document's entries. */
    quantity: qty('quantity').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    uniqueIndex('sales_value_documents_no').on(t.document_no),
    index('sales_value_documents_date').on(t.posting_date, t.franchise_code),
    index('sales_value_documents_franchise').on(t.franchise_code, t.posting_date),
    // The detail's default order (newest first, then the number): the first page is read in index order instead of
    // sorting the month (head office; a store's range of the second index).
    index('sales_value_documents_detail').on(t.posting_date.desc().nullsFirst(), t.document_no),
    index('sales_value_documents_franchise_detail').on(
      t.franchise_code,
      t.posting_date.desc().nullsFirst(),
      t.document_no,
    ),
    index('sales_value_documents_order').on(t.pos_so_no),
  ],
);

/** The key of the revenue roll-ups (per day, franchise, location, sales type and document type) and the item roll-ups' figures. */
const dailyKey = () => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  posting_date: date('posting_date', { mode: 'string' }).notNull(),
  franchise_code: text('franchise_code').notNull(),
  location_code: text('location_code').notNull(),
  sales_type: text('sales_type').notNull(),
  document_type: text('document_type').$type<RevenueDocumentKind>().notNull(),
});
const dailyFigures = () => ({
  /** The documents holding entries of the key (count distinct: a document's entries are one posting statement). */
  documents: integer('documents').notNull(),
  /** Signed like the value entries. */
  quantity: qty('quantity').notNull(),
  amount: money('amount').notNull(),
  /** False on a delta row the posting appended; true on the one row the compaction left for its key. */
  compacted: boolean('compacted').notNull().default(false),
});

/**
 * The daily revenue roll-up (issue 22; README "Roll-ups"): per business (posting) date, franchise, location, sales
 * type and document type, the posted documents, Σ quantity and Σ amount of sales_value_documents. Written in the
 * posting transaction by a statement-level trigger on sales_value_documents (fp_sales_value_daily_add, migration
 * *_rollups.sql) as **delta rows**, one per key a statement touched, appended and never updated: two cashiers never
 * wait on one row. A key may have several rows; every reader sums them (GROUP BY). The compaction
 * (reports/rollups.ts, every few seconds in the leading process) replaces the rows of each key that has new deltas
 * by one row (`compacted`), in one statement. `check:books`: Σ per key = the value documents of the key.
 */
export const salesValueDaily = pgTable(
  'sales_value_daily',
  {
    ...dailyKey(),
    /** Posted documents (invoices or credit memos). */
    documents: integer('documents').notNull(),
    /** Signed like the value documents. */
    quantity: qty('quantity').notNull(),
    amount: money('amount').notNull(),
    /** False on a delta row the posting appended; true on the one row the compaction left for its key. */
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('sales_value_daily_date').on(t.posting_date, t.franchise_code),
    index('sales_value_daily_franchise').on(t.franchise_code, t.posting_date),
    index('sales_value_daily_pending')
      .on(t.id)
      .where(sql`not ${t.compacted}`),
  ],
);

/**
 * The daily item revenue roll-up (issue 22; README "Roll-ups"): sales_value_daily's key + item and category (as
 * posted; '' on discount and fee rows): the documents holding such entries, Σ quantity, Σ amount of
 * sales_value_entries. Delta rows appended by the statement-level trigger on sales_value_entries
 * (fp_sales_value_daily_items_add, migration *_item_rollups.sql), folded by the same compaction. The summary filtered
 * on one item reads it (a document's lines of one item share its category: the documents of the item's keys are
 * disjoint, so Σ documents = the distinct documents). `check:books`: Σ per key = the value entries of the key.
 */
export const salesValueDailyItems = pgTable(
  'sales_value_daily_items',
  {
    ...dailyKey(),
    item_no: text('item_no').notNull(),
    category_code: text('category_code').notNull(),
    ...dailyFigures(),
  },
  (t) => [
    // The one-item summary's range, every column it reads in the index (an index-only scan).
    index('sales_value_daily_items_item').on(
      t.item_no,
      t.posting_date,
      t.franchise_code,
      t.location_code,
      t.sales_type,
      t.document_type,
      t.category_code,
      t.documents,
      t.quantity,
      t.amount,
    ),
    index('sales_value_daily_items_pending')
      .on(t.id)
      .where(sql`not ${t.compacted}`),
  ],
);

/**
 * The daily category revenue roll-up (issue 22; README "Roll-ups"): sales_value_daily's key + category (as posted;
 * '' on discount and fee rows and items without one): the documents holding entries of the category, Σ quantity,
 * Σ amount of sales_value_entries. A document with two items of one category counts once here, which Σ over the item
 * roll-up cannot give: the summary filtered on one category (and no item) reads this one. Written and compacted like
 * the item roll-up (the same trigger). `check:books`: Σ per key = the value entries of the key.
 */
export const salesValueDailyCategories = pgTable(
  'sales_value_daily_categories',
  {
    ...dailyKey(),
    category_code: text('category_code').notNull(),
    ...dailyFigures(),
  },
  (t) => [
    index('sales_value_daily_categories_category').on(
      t.category_code,
      t.posting_date,
      t.franchise_code,
      t.location_code,
      t.sales_type,
      t.document_type,
      t.documents,
      t.quantity,
      t.amount,
    ),
    index('sales_value_daily_categories_pending')
      .on(t.id)
      .where(sql`not ${t.compacted}`),
  ],
);
