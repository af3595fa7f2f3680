import { date, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { franchises } from '../franchises/schema.js';
import { stampedAt } from '../../db/columns.js';

/** One counter per franchise, document type and year (ARCHITECTURE: gap-free, row-locked by the posting). */
export const numberSeries = pgTable(
  'number_series',
  {
    id: serial('id').primaryKey(),
    franchise_code: text('franchise_code')
      .notNull()
      .references(() => franchises.customer_no, { onDelete: 'cascade', onUpdate: 'cascade' }),
    document_type: text('document_type').notNull(),
    year: integer('year').notNull(),
    /** `<franchise>-<type>-<yy>-`; the number is the prefix and last_no padded to 6 digits. */
    prefix: text('prefix').notNull(),
    last_no: integer('last_no').notNull().default(0),
    last_date: date('last_date', { mode: 'string' }),
    created_at: stampedAt('created_at'),
    updated_at: stampedAt('updated_at'),
  },
  (t) => [uniqueIndex('number_series_key').on(t.franchise_code, t.document_type, t.year)],
);
