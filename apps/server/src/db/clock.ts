import { sql, type SQL } from 'drizzle-orm';
import { pinnedNow } from '../kernel/as-of.js';

// The one source of the times the database stamps on rows (created_at, updated_at, opened_at, processed_at,
// closed_at, posted_at, synced_at): the database's clock, or inside the demo history's `asOfDay` (kernel/as-of.ts)
// the clock of that past business day, so its rows read as written on that day.

/** now(): the transaction's start (the default of created_at / updated_at), or the as-of clock. */
export function stampNow(): SQL {
  const at = pinnedNow();
  return at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
}

/** clock_timestamp(): the moment the statement runs (after the locks taken before it), or the as-of clock. */
export function stampClock(): SQL {
  const at = pinnedNow();
  return at ? sql`${at.toISOString()}::timestamptz` : sql`clock_timestamp()`;
}

/**
 * stampNow in a prepared statement (db/prepared.ts), whose text cannot change with the clock: the SQL reads the
 * placeholder `name`, and the call passes `stampValue()` for it (null: now()).
 */
export const preparedStampNow = (name = 'stamp'): SQL => sql`coalesce(${sql.placeholder(name)}::timestamptz, now())`;

/** The value of preparedStampNow's placeholder: the as-of clock, or null for the database's now(). */
export const stampValue = (): string | null => pinnedNow()?.toISOString() ?? null;
