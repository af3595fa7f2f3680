import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { ApiError } from '@fp/contract';
import { AppError } from '../../http/errors.js';
import { D, toQty } from '../../kernel/money.js';
import { allowNegativeStock } from '../system/settings.js';
import type { WriteBatch } from '../../kernel/batch.js';
import { param, preparedSql } from '../../db/prepared.js';
import { customerLedgerEntries, itemLedgerEntries, itemStockBalances } from './schema.js';

// The posting kernel's ledgers (README.md here): append-only inserts, on-hand as Σ item ledger, and the stock check
// that serializes postings of one item at one location. Every posting (sales shipments and credit memos, purchase
// receipts, consignment, warehouse entries) writes through these functions inside its one transaction.

export type ItemEntry = typeof itemLedgerEntries.$inferInsert;
export type CustomerEntry = typeof customerLedgerEntries.$inferInsert;

/** Appends item ledger entries (signed base quantities) in one multi-row INSERT; returns their ids in order. */
export async function postItemEntries(tx: DbOrTx, entries: readonly ItemEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = await tx
    .insert(itemLedgerEntries)
    .values([...entries])
    .returning({ id: itemLedgerEntries.id });
  return rows.map((r) => r.id);
}

/** Appends customer ledger entries (signed amounts) in one multi-row INSERT; returns their ids in order. */
export async function postCustomerEntries(tx: DbOrTx, entries: readonly CustomerEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = await tx
    .insert(customerLedgerEntries)
    .values([...entries])
    .returning({ id: customerLedgerEntries.id });
  return rows.map((r) => r.id);
}

/** postItemEntries' INSERT added to a posting's WriteBatch (kernel/batch.ts): it runs with the posting's other writes. */
export function batchItemEntries(tx: DbOrTx, batch: WriteBatch, entries: readonly ItemEntry[]): void {
  batch.insert(itemLedgerEntries, entries);
}

/** postCustomerEntries' INSERT added to a posting's WriteBatch. */
export function batchCustomerEntries(tx: DbOrTx, batch: WriteBatch, entries: readonly CustomerEntry[]): void {
  batch.insert(customerLedgerEntries, entries);
}

/** A stock position: an item (and variant, '' for none) at a location. */
export type StockKey = { locationCode: string; itemNo: string; variantCode?: string | null };

/** The map key of a stock position (onHandOf answers by it). */
export const stockKeyOf = (k: StockKey) => `${k.locationCode}\u0001${k.itemNo}\u0001${k.variantCode ?? ''}`;

/**
 * onHandOf's statement: the positions as three arrays, so one text serves any number of them. It sums the stock
 * balance rows of each position (item_stock_balances: written by the ledger's INSERT trigger in the posting's own
 * transaction, a compacted row and the deltas since; `check:books` proves they equal the ledger), an index-only scan
 * of a few rows, not the position's whole ledger (which grows with every sale).
 */
const onHandStatement = preparedSql<{ location_code: string; item_no: string; variant_code: string; on_hand: string }>(
  'fp_on_hand_of_balances',
  () => {
    const b = itemStockBalances;
    return sql`select ${b.location_code}, ${b.item_no}, ${b.variant_code}, sum(${b.quantity}) as on_hand
      from ${b}
      where (${b.location_code}, ${b.item_no}, ${b.variant_code}) in (
        select * from unnest(${param('locations', 'text[]')}, ${param('items', 'text[]')}, ${param('variants', 'text[]')}))
      group by ${b.location_code}, ${b.item_no}, ${b.variant_code}`;
  },
);

/** On hand of many positions in one query: Σ item ledger quantity (base units, as its balances) by stockKeyOf; '0' where none. */
export async function onHandOf(db: DbOrTx, keys: readonly StockKey[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const distinct = [...new Map(keys.map((k) => [stockKeyOf(k), k])).values()];
  for (const k of distinct) out.set(stockKeyOf(k), '0');
  if (distinct.length === 0) return out;
  const rows = await onHandStatement(db, {
    locations: distinct.map((k) => k.locationCode),
    items: distinct.map((k) => k.itemNo),
    variants: distinct.map((k) => k.variantCode ?? ''),
  });
  for (const r of rows)
    out.set(
      stockKeyOf({ locationCode: r.location_code, itemNo: r.item_no, variantCode: r.variant_code }),
      toQty(r.on_hand),
    );
  return out;
}

/** On hand of one position (base units). */
export async function onHand(db: DbOrTx, key: StockKey): Promise<string> {
  return (await onHandOf(db, [key])).get(stockKeyOf(key)) ?? '0';
}

/**
 * Takes the stock locks of positions in one statement: a transaction-scoped advisory lock per location + item +
 * variant, in ascending lock-id order (PostgreSQL evaluates a volatile target list after ORDER BY), so two postings
 * that touch the same positions queue instead of deadlocking, and the second one reads the first one's entries.
 */
export async function lockStock(tx: Tx, keys: readonly StockKey[]): Promise<void> {
  const names = [...new Set(keys.map(stockLockName))];
  if (names.length === 0) return;
  await stockLocks(tx, { names });
}

/** The name of a position's stock lock (its advisory lock is the name's hashtextextended). */
const stockLockName = (k: StockKey) => `stock:${stockKeyOf(k)}`;

/**
 * lockStock inside a statement of the caller's own (a posting's lock reads the positions of its lines and locks them
 * in the same statement): `names` selects the lock names (column `n`, stockLockName's text built in SQL); answers
 * them as text[], for stockShortages' `locked`. In the same order (by hash) as lockStock, so the two never deadlock.
 */
export const stockLocksSql = (names: SQL): SQL => sql`(select coalesce(array_agg(t.n), '{}'::text[]) from (
    select s.n, pg_advisory_xact_lock(s.h) from (select distinct x.n, hashtextextended(x.n, 0) as h from (${names}) x) s
    order by s.h) t)`;

/** SQL building stockLockName's text from a position's columns. */
export const stockLockNameSql = (location: SQL, item: SQL, variant: SQL): SQL =>
  sql`'stock:' || ${location} || chr(1) || ${item} || chr(1) || ${variant}`;

/** lockStock's statement (the lock names as an array). */
const stockLocks = preparedSql(
  'fp_lock_stock',
  () => sql`select pg_advisory_xact_lock(h) from (select distinct hashtextextended(n, 0) as h
    from unnest(${param('names', 'text[]')}) as n) s order by h`,
);

/** Stock a posting takes out: base units leaving a position; `field` names the request field a refusal points at. */
export type StockNeed = StockKey & { quantity: string; field?: string };

/**
 * The stock rule (issue 8): locks the positions (lockStock) and refuses with one 422 `insufficient_stock` naming every
 * short line at once when positions would go below zero, unless the setting allow_negative_stock is on: one error per
 * need of a short position, its `field` the need's (`lines.N.quantity`, default `lines`) and its message naming item,
 * location, what is on hand and what the posting takes there ("Item SP001 at HN001-01: only 3 on hand, 5 to ship").
 * Needs of one position add up (each of its lines is named with the position's total).
 * `franchiseCode` is the franchise posting (the setting is global today; a per-franchise switch would read it).
 */
export async function assertStock(
  tx: Tx,
  _franchiseCode: string,
  needs: readonly StockNeed[],
  o: { verb?: string; allowNegative?: boolean; locked?: ReadonlySet<string> } = {},
): Promise<void> {
  const [first, ...rest] = await stockShortages(tx, needs, o);
  if (first) throw new AppError(422, first.code, first.msg, first.field, rest);
}

/**
 * The short lines of `needs` (assertStock's errors, none when allow_negative_stock is on), the positions locked as
 * assertStock locks them. An offline counter sale already handed over posts anyway and is flagged stock_short.
 */
export async function stockShortages(
  tx: Tx,
  needs: readonly StockNeed[],
  /**
   * allowNegative: the setting allow_negative_stock when the caller has read it already (else it is read here);
   * locked: the stock locks this transaction already holds (stockLocksSql's names), not asked for again.
   */
  o: { verb?: string; allowNegative?: boolean; locked?: ReadonlySet<string> } = {},
): Promise<ApiError[]> {
  const wanted = needs.filter((n) => D(n.quantity).gt(0));
  if (wanted.length === 0 || (o.allowNegative ?? (await allowNegativeStock(tx)))) return [];
  await lockStock(tx, o.locked ? wanted.filter((n) => !o.locked!.has(stockLockName(n))) : wanted);
  const totals = new Map<string, { needs: StockNeed[]; quantity: ReturnType<typeof D> }>();
  for (const n of wanted) {
    const key = stockKeyOf(n);
    const seen = totals.get(key) ?? { needs: [], quantity: D(0) };
    totals.set(key, { needs: [...seen.needs, n], quantity: seen.quantity.plus(n.quantity) });
  }
  const available = await onHandOf(tx, wanted);
  const errors: ApiError[] = [];
  for (const [key, { needs: short, quantity }] of totals) {
    const have = D(available.get(key));
    if (!quantity.gt(have)) continue;
    const need = short[0];
    const item = need.variantCode ? `${need.itemNo} (${need.variantCode})` : need.itemNo;
    const msg = `Item ${item} at ${need.locationCode}: only ${toQty(have)} on hand, ${toQty(quantity)} ${o.verb ?? 'to ship'}`;
    const fields = [...new Set(short.map((n) => n.field ?? 'lines'))];
    for (const field of fields) errors.push({ code: 'insufficient_stock', msg, field });
  }
  return errors;
}
