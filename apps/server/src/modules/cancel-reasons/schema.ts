import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '../../db/columns.js';

export const cancelReasons = pgTable(
  'cancel_reasons',
  {
    id: serial('id').primaryKey(),
    reason_code: text('reason_code').notNull(),
    description: text('description').notNull(),
    /** The document screen that offers this reason (e.g. /salesOrders). */
    page: text('page').notNull(),
    ...versioned(),
  },
  (t) => [uniqueIndex('cancel_reasons_code_page').on(t.reason_code, t.page)],
);
