import { bigint, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { versioned } from '../../db/columns.js';

/** calls.md 7.8 upload documents: a file on the cloud drive described for one item (and optionally a variant). */
export const itemDocuments = pgTable(
  'item_documents',
  {
    id: serial('id').primaryKey(),
    item_no: text('item_no').notNull(),
    variant_code: text('variant_code'),
    title: text('title').notNull(),
    /** image | spec_sheet | price_sheet | other */
    document_type: text('document_type').notNull(),
    /** What the drive answered for the upload. */
    file_id: text('file_id').notNull(),
    file_path: text('file_path').notNull(),
    file_name: text('file_name').notNull(),
    file_size: bigint('file_size', { mode: 'number' }).notNull(),
    content_type: text('content_type').notNull(),
    web_url: text('web_url').notNull().default(''),
    uploaded_by: text('uploaded_by').notNull(),
    ...versioned(),
  },
  (t) => [index('item_documents_item').on(t.item_no, t.variant_code), index('item_documents_path').on(t.file_path)],
);
