import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { jsonOf } from '../../db/rows.js';
import { listParam, param, preparedSql, rowFromJson, rowJsonSql } from '../../db/prepared.js';
import { priceInput, pricesFromRows, pricesSql, type PriceOf, type PriceRow, type PricesParams } from './price.js';
import { items, itemUnits, itemVariants } from './schema.js';

type VariantRow = Pick<
  typeof itemVariants.$inferSelect,
  'item_no' | 'variant_code' | 'description' | 'unit_price' | 'blocked'
>;
type UnitRow = Pick<typeof itemUnits.$inferSelect, 'item_no' | 'code' | 'qty_per_unit_of_measure'>;

/** The rows a document's lines are checked against (itemFactsOf). */
export type ItemFacts = {
  itemRows: (typeof items.$inferSelect)[];
  variantRows: VariantRow[];
  unitRows: UnitRow[];
};

/**
 * The rows a document's lines are checked against: the items, their variants and their units of measure, for the
 * given item numbers, in one prepared statement (the variants and units of each item as JSON arrays, numbers as text
 * so no value passes through a float).
 */
export async function itemFactsOf(db: DbOrTx, itemNos: readonly string[]): Promise<ItemFacts> {
  const nos = [...new Set(itemNos)];
  if (nos.length === 0) return { itemRows: [], variantRows: [], unitRows: [] };
  return factsFrom(await factsStatement(db, { nos: JSON.stringify(nos) }));
}

/**
 * itemFactsOf of the lines' items and their catalogue prices (pricesOf) in ONE prepared statement: what a document's
 * new lines are checked against and priced from. The prices are answered per line, on demand (`priceAt(i)`: its
 * errors, a missing item, variant or unit, are thrown when that line's price is asked, after the caller's checks of
 * the facts).
 */
export async function itemFactsAndPricesOf(
  db: DbOrTx,
  prices: PricesParams,
  field: (i: number, name: 'item_no' | 'variant_code' | 'unit' | 'quantity') => string,
): Promise<{ facts: ItemFacts; priceAt: (i: number) => PriceOf }> {
  const input = priceInput(prices, field);
  const [row] = await factsAndPricesStatement(db, {
    nos: JSON.stringify([...new Set(prices.lines.map((l) => l.itemNo))]),
    lines: input.json,
    franchise: prices.franchiseCode,
    date: input.date,
  });
  const priced = pricesFromRows(input, jsonOf<PriceRow[]>(row.prices), field);
  return { facts: factsFrom(jsonOf<FactsRow[]>(row.facts)), priceAt: priced };
}

/** A row of factsSql: the item as one json value (rowJsonSql), its variants and units as json arrays. */
type FactsRow = { item: unknown; variants: unknown; units: unknown };
const factsFrom = (rows: readonly FactsRow[]): ItemFacts => ({
  itemRows: rows.map((r) => rowFromJson(items, r.item)),
  variantRows: rows.flatMap((r) => jsonOf<VariantRow[]>(r.variants)),
  unitRows: rows.flatMap((r) => jsonOf<UnitRow[]>(r.units)),
});

/** The items of `nos` (a set of item numbers, listParam) with their variants and units: FactsRow. */
const factsSql = (nos: SQL) => {
  const v = itemVariants;
  const u = itemUnits;
  // The item is named "items"."item_no" in the subqueries: a bare item_no there would be their own table's.
  return sql`select ${rowJsonSql(items, 'items')} as item,
      coalesce((select json_agg(json_build_object('item_no', ${v.item_no},
        'variant_code', ${v.variant_code}, 'description', ${v.description}, 'unit_price', ${v.unit_price}::text,
        'blocked', ${v.blocked})) from ${v} where ${v.item_no} = "items"."item_no"), '[]'::json) as variants,
      coalesce((select json_agg(json_build_object('item_no', ${u.item_no}, 'code', ${u.code},
        'qty_per_unit_of_measure', ${u.qty_per_unit_of_measure}::text)) from ${u} where ${u.item_no} = "items"."item_no"),
        '[]'::json) as units
    from ${items} where ${items.item_no} in ${nos}`;
};

const factsStatement = preparedSql<FactsRow>('fp_item_facts', () => factsSql(listParam('nos')));

const factsAndPricesStatement = preparedSql<{ facts: unknown; prices: unknown }>('fp_item_facts_prices', () => {
  const prices = pricesSql(param('lines', 'json'), param('franchise', 'text'), param('date', 'date'));
  return sql`select (select coalesce(json_agg(f), '[]'::json) from (${factsSql(listParam('nos'))}) f) as facts,
    (select coalesce(json_agg(p), '[]'::json) from (${prices}) p) as prices`;
});
