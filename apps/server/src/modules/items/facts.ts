import { getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { jsonOf } from '../../db/rows.js';
import { prepared } from '../../db/prepared.js';
import { items, itemUnits, itemVariants } from './schema.js';

type VariantRow = Pick<
  typeof itemVariants.$inferSelect,
  'item_no' | 'variant_code' | 'description' | 'unit_price' | 'blocked'
>;
type UnitRow = Pick<typeof itemUnits.$inferSelect, 'item_no' | 'code' | 'qty_per_unit_of_measure'>;

/**
 * The rows a document's lines are checked against: the items, their variants and their units of measure, for the
 * given item numbers, in one prepared statement (the variants and units of each item as JSON arrays, numbers as text
 * so no value passes through a float).
 */
export async function itemFactsOf(db: DbOrTx, itemNos: readonly string[]) {
  const nos = [...new Set(itemNos)];
  if (nos.length === 0) return { itemRows: [], variantRows: [] as VariantRow[], unitRows: [] as UnitRow[] };
  const rows = await factsStatement(db).execute({ nos });
  const itemRows = rows.map(({ variants: _v, units: _u, ...item }) => item);
  const variantRows = rows.flatMap((r) => jsonOf<VariantRow[]>(r.variants));
  const unitRows = rows.flatMap((r) => jsonOf<UnitRow[]>(r.units));
  return { itemRows, variantRows, unitRows };
}

const factsStatement = prepared((db) => {
  const v = itemVariants;
  const u = itemUnits;
  // The outer item is named "items"."item_no": drizzle writes a one-table select's columns unqualified, and a bare
  // item_no in the subqueries would be their own table's (every item's variants and units on each item).
  return db
    .select({
      ...getTableColumns(items),
      variants: sql<unknown>`coalesce((select json_agg(json_build_object('item_no', ${v.item_no},
        'variant_code', ${v.variant_code}, 'description', ${v.description}, 'unit_price', ${v.unit_price}::text,
        'blocked', ${v.blocked})) from ${v} where ${v.item_no} = "items"."item_no"), '[]'::json)`,
      units: sql<unknown>`coalesce((select json_agg(json_build_object('item_no', ${u.item_no}, 'code', ${u.code},
        'qty_per_unit_of_measure', ${u.qty_per_unit_of_measure}::text)) from ${u} where ${u.item_no} = "items"."item_no"),
        '[]'::json)`,
    })
    .from(items)
    .where(sql`${items.item_no} = any(${sql.placeholder('nos')}::text[])`)
    .prepare('fp_item_facts');
});
