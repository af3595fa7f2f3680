import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

// The roll-ups' compaction (issue 22; README "Roll-ups"). The postings append delta rows (statement-level triggers,
// migration *_rollups.sql); this folds them: for up to `batch` keys that have delta rows, one statement deletes every
// row of those keys and inserts their sums as one compacted row per key. Readers sum a key's rows, so the figures are
// the same before and after, at every moment. Safe with postings running (their uncommitted deltas are not seen, so
// not deleted) and with a second compaction at once (it waits on the rows the first deletes, then finds them gone
// and inserts nothing for them): it needs no lock and no "exactly once"; the leading process runs it
// (background.ts) so N servers do not repeat the work.

/** A roll-up table: its key columns and the columns that add up. */
type RollUp = { table: string; keys: readonly string[]; sums: readonly string[] };

export const ROLL_UPS = {
  salesValueDaily: {
    table: 'sales_value_daily',
    keys: ['posting_date', 'franchise_code', 'location_code', 'sales_type', 'document_type'],
    sums: ['documents', 'quantity', 'amount'],
  },
  salesValueDailyItems: {
    table: 'sales_value_daily_items',
    keys: [
      'posting_date',
      'franchise_code',
      'location_code',
      'sales_type',
      'document_type',
      'item_no',
      'category_code',
    ],
    sums: ['documents', 'quantity', 'amount'],
  },
  salesValueDailyCategories: {
    table: 'sales_value_daily_categories',
    keys: ['posting_date', 'franchise_code', 'location_code', 'sales_type', 'document_type', 'category_code'],
    sums: ['documents', 'quantity', 'amount'],
  },
  itemStockBalances: {
    table: 'item_stock_balances',
    keys: ['franchise_code', 'location_code', 'item_no', 'variant_code'],
    sums: ['quantity'],
  },
  itemStockDaily: {
    table: 'item_stock_daily',
    keys: ['posting_date', 'franchise_code', 'location_code', 'item_no', 'variant_code'],
    sums: ['quantity_in', 'quantity_out'],
  },
} as const satisfies Record<string, RollUp>;

/** The compaction statement of one roll-up for up to `batch` keys with delta rows. */
export function compactionSql(r: RollUp, batch: number) {
  const keys = r.keys.join(', ');
  const on = r.keys.map((k) => `t.${k} = p.${k}`).join(' and ');
  return sql`
    with pending as (
      select distinct ${sql.raw(keys)} from (
        select ${sql.raw(keys)} from ${sql.identifier(r.table)} where not compacted order by id limit ${batch}) d),
    gone as (
      delete from ${sql.identifier(r.table)} t using pending p where ${sql.raw(on)}
      returning ${sql.raw(r.keys.map((k) => `t.${k}`).join(', '))}, ${sql.raw(r.sums.map((s) => `t.${s}`).join(', '))})
    insert into ${sql.identifier(r.table)} (${sql.raw(keys)}, ${sql.raw(r.sums.join(', '))}, compacted)
    select ${sql.raw(keys)}, ${sql.raw(r.sums.map((s) => `sum(${s})`).join(', '))}, true
      from gone group by ${sql.raw(keys)}`;
}

/** How often the leading process compacts (a few seconds: the delta rows of a busy network stay few). */
export const COMPACT_EVERY_MS = 5_000;

/**
 * Compacts every roll-up until no delta rows are left (or `rounds` batches ran); answers the keys compacted.
 * Each batch is one statement (its own transaction when `db` is the pool).
 */
export async function compactRollUps(db: DbOrTx, batch = 5_000, rounds = 20): Promise<number> {
  let total = 0;
  for (const r of Object.values(ROLL_UPS)) {
    for (let i = 0; i < rounds; i++) {
      const res = await db.execute(compactionSql(r, batch));
      const n = Number(
        (res as { rowCount?: number | null; affectedRows?: number }).rowCount ??
          (res as { affectedRows?: number }).affectedRows ??
          0,
      );
      total += n;
      if (n === 0) break;
    }
  }
  return total;
}
