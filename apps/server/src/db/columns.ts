import { integer, timestamp } from 'drizzle-orm/pg-core';
import { stampNow } from './clock.js';

/**
 * A time stamped when the row is written (created_at, opened_at, …): the database default now() for any writer, and
 * for Drizzle's inserts the time of db/clock.ts (the demo history's past day inside its `asOfDay`).
 */
export const stampedAt = (name: string) =>
  timestamp(name, { withTimezone: true, mode: 'string' }).notNull().defaultNow().$defaultFn(stampNow);

/** Columns every editable row has: optimistic concurrency and audit times (ARCHITECTURE: version on every row). */
export const versioned = () => ({
  version: integer('version').notNull().default(1),
  created_at: stampedAt('created_at'),
  updated_at: stampedAt('updated_at'),
});
