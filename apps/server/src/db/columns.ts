import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every editable row has: optimistic concurrency and audit times (ARCHITECTURE: version on every row). */
export const versioned = () => ({
  version: integer('version').notNull().default(1),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
