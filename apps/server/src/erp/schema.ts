import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** One entry per sync call against the ERP port (calls.md 7.5 sync logs). */
export const syncLogs = pgTable(
  'sync_logs',
  {
    id: serial('id').primaryKey(),
    /** What was synced: customer, franchise, item, item_price, post_code, transfer_order, … */
    table_code: text('table_code').notNull(),
    /** sync, sync_all, release, fetch_posted, … */
    action: text('action').notNull(),
    status: text('status').$type<'success' | 'failed'>().notNull(),
    records: integer('records').notNull().default(0),
    message: text('message').notNull().default(''),
    /** The ERP implementation that answered (standalone, business_central). */
    erp_mode: text('erp_mode').notNull().default('standalone'),
    user_id: integer('user_id'),
    username: text('username'),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('sync_logs_table_started').on(t.table_code, t.started_at)],
);
