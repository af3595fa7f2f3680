import { and, eq, getTableName, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { formatDate, type ItemPrice, type ItemPriceCreate, type ItemPriceUpdate } from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { runList } from '../../http/list.js';
import { items, itemUnits, itemVariants } from '../items/schema.js';
import { assertFranchiseExists } from '../items/franchise-context.js';
import { itemPriceLists, itemPrices } from './schema.js';
import { itemPriceSpec, priceListSpec, visiblePriceLists } from './list.js';
import type { Scope } from '../../http/scope.js';

type PriceKey = {
  item_no: string;
  variant_code: string;
  unit_of_measure: string;
  franchise_code: string | null;
  minimum_quantity: string;
  valid_from: string;
  valid_to: string | null;
};

export async function getItemPrice(db: DbOrTx, id: number): Promise<ItemPrice> {
  const r = await runList(db, itemPriceSpec, {
    pagination: { page: 1, size: 1 },
    filters: [{ field: 'id', value: id, condition_type: 'eq' }],
  });
  if (!r.items[0]) throw notFound('Item price');
  return r.items[0];
}

/** Item, variant, unit and franchise of a price must exist; the unit defaults to the item's base unit. */
async function checkRefs(
  db: DbOrTx,
  p: { item_no: string; variant_code: string; unit_of_measure: string; franchise_code: string | null },
): Promise<string> {
  const [item] = await db.select({ base: items.base_unit_of_measure }).from(items).where(eq(items.item_no, p.item_no));
  if (!item) throw badRequest(`Item ${p.item_no} does not exist`, 'item_no');
  if (p.variant_code) {
    const [v] = await db
      .select({ c: itemVariants.variant_code })
      .from(itemVariants)
      .where(and(eq(itemVariants.item_no, p.item_no), eq(itemVariants.variant_code, p.variant_code)));
    if (!v) throw badRequest(`Item ${p.item_no} has no variant ${p.variant_code}`, 'variant_code');
  }
  const unit = p.unit_of_measure || item.base;
  if (unit !== item.base) {
    const [u] = await db
      .select({ c: itemUnits.code })
      .from(itemUnits)
      .where(and(eq(itemUnits.item_no, p.item_no), eq(itemUnits.code, unit)));
    if (!u) throw badRequest(`Item ${p.item_no} has no unit ${unit}`, 'unit_of_measure');
  }
  await assertFranchiseExists(db, p.franchise_code);
  return unit;
}

function checkDates(p: { valid_from: string; valid_to: string | null }) {
  if (p.valid_to !== null && p.valid_to < p.valid_from)
    throw badRequest('valid_to must be on or after valid_from', 'valid_to');
}

/**
 * Refuses a price whose validity overlaps another price for the same item, variant, unit, franchise and
 * minimum quantity (in any price list): priceOf must never have to guess. Serialised per item.
 */
async function assertNoOverlap(tx: DbOrTx, p: PriceKey, exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'item_prices:' + p.item_no}))`);
  const [hit] = await tx
    .select({
      id: itemPrices.id,
      list: itemPrices.price_list_code,
      from: itemPrices.valid_from,
      to: itemPrices.valid_to,
    })
    .from(itemPrices)
    .where(
      and(
        eq(itemPrices.item_no, p.item_no),
        eq(itemPrices.variant_code, p.variant_code),
        eq(itemPrices.unit_of_measure, p.unit_of_measure),
        p.franchise_code === null ? isNull(itemPrices.franchise_code) : eq(itemPrices.franchise_code, p.franchise_code),
        eq(itemPrices.minimum_quantity, p.minimum_quantity),
        p.valid_to === null ? undefined : lte(itemPrices.valid_from, p.valid_to),
        or(isNull(itemPrices.valid_to), gte(itemPrices.valid_to, p.valid_from)),
        exceptId ? ne(itemPrices.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (hit) {
    const who = `${p.variant_code ? `variant ${p.variant_code}` : 'all variants'}, ${p.franchise_code ?? 'all franchises'}`;
    const when = `${formatDate(hit.from)} to ${hit.to ? formatDate(hit.to) : 'open end'}`;
    throw conflict(
      `Item ${p.item_no} (${who}) already has a price valid ${when} in price list ${hit.list}; validity periods must not overlap`,
      'overlapping_validity',
      'valid_from',
    );
  }
}

async function ensureList(tx: DbOrTx, code: string, name: string) {
  await tx
    .insert(itemPriceLists)
    .values({ code, name: name || code })
    .onConflictDoNothing();
}

export async function createItemPrice(tx: Tx, input: ItemPriceCreate): Promise<ItemPrice> {
  checkDates(input);
  const unit = await checkRefs(tx, input);
  const { price_list_name, ...values } = input;
  const row = { ...values, unit_of_measure: unit };
  await assertNoOverlap(tx, row);
  await ensureList(tx, input.price_list_code, price_list_name);
  const [created] = await tx.insert(itemPrices).values(row).returning({ id: itemPrices.id });
  return getItemPrice(tx, created.id);
}

export async function updateItemPrice(tx: Tx, input: ItemPriceUpdate): Promise<ItemPrice> {
  const { id, version, ...changes } = input;
  const [current] = await tx.select().from(itemPrices).where(eq(itemPrices.id, id));
  if (!current) throw notFound('Item price');
  const next = {
    ...current,
    ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
  } as typeof current;
  checkDates(next);
  const unit = await checkRefs(tx, next);
  await assertNoOverlap(tx, { ...next, unit_of_measure: unit }, id);
  const where = and(eq(itemPrices.id, id), eq(itemPrices.version, version));
  const [row] = await tx
    .update(itemPrices)
    .set({ ...changes, unit_of_measure: unit, ...bump(itemPrices.version) })
    .where(where)
    .returning({ id: itemPrices.id });
  if (!row) await explainMissedUpdate(tx, getTableName(itemPrices), eq(itemPrices.id, id), 'Item price');
  return getItemPrice(tx, id);
}

/** Removes prices by id; all must exist, or nothing is removed. */
export async function removeItemPrices(tx: Tx, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx.delete(itemPrices).where(inArray(itemPrices.id, unique)).returning({ id: itemPrices.id });
  if (rows.length !== unique.length) {
    const gone = unique.filter((i) => !rows.some((r) => r.id === i));
    throw notFound(`Item price ${gone.join(', ')}`);
  }
  return { removed: rows.length };
}

/** Deletes a whole price list and its prices. */
export async function deletePriceList(tx: Tx, code: string) {
  const [list] = await tx
    .select({ code: itemPriceLists.code })
    .from(itemPriceLists)
    .where(eq(itemPriceLists.code, code));
  if (!list) throw notFound(`Price list ${code}`);
  const removed = await tx
    .delete(itemPrices)
    .where(eq(itemPrices.price_list_code, code))
    .returning({ id: itemPrices.id });
  await tx.delete(itemPriceLists).where(eq(itemPriceLists.code, code));
  return { price_list_code: code, removed: removed.length };
}

/** One price list with all its prices the caller may see; a list with none of them is "not found". */
export async function viewPriceList(db: DbOrTx, scope: Scope, code: string) {
  const byCode = {
    pagination: { page: 1, size: 1 },
    filters: [{ field: 'code', value: code, condition_type: 'eq' as const }],
  };
  const lists = await runList(db, priceListSpec(scope), byCode, visiblePriceLists(scope));
  if (!lists.items[0]) throw notFound(`Price list ${code}`);
  const prices: ItemPrice[] = [];
  for (let page = 1; ; page++) {
    const r = await runList(
      db,
      itemPriceSpec,
      {
        pagination: { page, size: 500 },
        filters: [{ field: 'price_list_code', value: code, condition_type: 'eq' }],
        sort_order: { field: 'sort', direction: 'asc' },
      },
      scope.franchiseOrShared(itemPrices.franchise_code),
    );
    prices.push(...r.items);
    if (r.items.length < 500) break;
  }
  return { price_list: lists.items[0], prices };
}

export { checkDates, checkRefs, assertNoOverlap, ensureList };
