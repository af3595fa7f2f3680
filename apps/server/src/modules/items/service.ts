import { and, asc, eq, getTableName } from 'drizzle-orm';
import type { ItemCreate, ItemDetail, ItemPrice, ItemUpdate } from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { categories } from '../categories/schema.js';
import { itemPriceSpec } from '../item-prices/list.js';
import { runList } from '../../http/list.js';
import { items, itemUnits, itemVariants } from './schema.js';

/** The item master with its variants and units (other modules call this: documents, the online shop). */
export async function getItem(db: DbOrTx, itemNo: string): Promise<ItemDetail> {
  const [row] = await db
    .select({ item: items, category_code: categories.code, category_name: categories.name })
    .from(items)
    .leftJoin(categories, eq(categories.id, items.category_id))
    .where(eq(items.item_no, itemNo));
  if (!row) throw notFound(`Item ${itemNo}`);
  const variants = await db
    .select()
    .from(itemVariants)
    .where(eq(itemVariants.item_no, itemNo))
    .orderBy(asc(itemVariants.variant_code));
  const units = await db.select().from(itemUnits).where(eq(itemUnits.item_no, itemNo)).orderBy(asc(itemUnits.code));
  return {
    ...row.item,
    category_code: row.category_code,
    category_name: row.category_name,
    variants: variants.map(({ item_no: _i, ...v }) => v),
    units: units.map((u) => ({ code: u.code, qty_per_unit_of_measure: u.qty_per_unit_of_measure })),
  };
}

/** An item with its variants, units and every item price on it (for the online shop push and documents). */
export async function getItemWithPrices(db: DbOrTx, itemNo: string): Promise<ItemDetail & { prices: ItemPrice[] }> {
  const item = await getItem(db, itemNo);
  const prices = await runList(db, itemPriceSpec, {
    pagination: { page: 1, size: 500 },
    filters: [{ field: 'item_no', value: itemNo, condition_type: 'eq' }],
    sort_order: { field: 'valid_from', direction: 'asc' },
  });
  return { ...item, prices: prices.items };
}

async function assertCategory(db: DbOrTx, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const [c] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  if (!c) throw badRequest(`Category ${id} does not exist`, 'category_id');
}

function checkUnits(base: string, units: { code: string }[]) {
  const i = units.findIndex((u) => u.code === base);
  if (i >= 0) throw badRequest(`Unit ${base} is the base unit; it always counts 1`, `units.${i}.code`);
}

async function writeChildren(db: DbOrTx, itemNo: string, input: Pick<ItemUpdate, 'variants' | 'units'>) {
  if (input.variants) {
    await db.delete(itemVariants).where(eq(itemVariants.item_no, itemNo));
    if (input.variants.length) {
      await db.insert(itemVariants).values(
        input.variants.map((v) => ({
          item_no: itemNo,
          variant_code: v.variant_code,
          description: v.description,
          unit_price: v.unit_price ?? null,
          blocked: v.blocked ?? false,
        })),
      );
    }
  }
  if (input.units) {
    await db.delete(itemUnits).where(eq(itemUnits.item_no, itemNo));
    if (input.units.length)
      await db.insert(itemUnits).values(
        input.units.map((u) => ({
          item_no: itemNo,
          code: u.code,
          qty_per_unit_of_measure: u.qty_per_unit_of_measure,
        })),
      );
  }
}

export async function createItem(tx: Tx, input: ItemCreate): Promise<ItemDetail> {
  checkUnits(input.base_unit_of_measure, input.units);
  await assertCategory(tx, input.category_id);
  const [dup] = await tx.select({ item_no: items.item_no }).from(items).where(eq(items.item_no, input.item_no));
  if (dup) throw conflict(`Item ${input.item_no} already exists`, 'duplicate', 'item_no');
  const { variants, units, ...values } = input;
  await tx.insert(items).values({ ...values, category_id: values.category_id ?? null });
  await writeChildren(tx, input.item_no, { variants, units });
  return getItem(tx, input.item_no);
}

export async function updateItem(tx: Tx, input: ItemUpdate): Promise<ItemDetail> {
  const { item_no, version, variants, units, ...values } = input;
  const current = await getItem(tx, item_no);
  const base = values.base_unit_of_measure ?? current.base_unit_of_measure;
  checkUnits(base, units ?? current.units);
  await assertCategory(tx, values.category_id);
  const where = and(eq(items.item_no, item_no), eq(items.version, version));
  const [row] = await tx
    .update(items)
    .set({ ...values, ...bump(items.version) })
    .where(where)
    .returning({ item_no: items.item_no });
  if (!row) await explainMissedUpdate(tx, getTableName(items), eq(items.item_no, item_no), `Item ${item_no}`);
  await writeChildren(tx, item_no, { variants, units });
  return getItem(tx, item_no);
}
