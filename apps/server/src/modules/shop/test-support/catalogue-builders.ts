import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { categories } from '../../categories/schema.js';
import { items, itemVariants } from '../../items/schema.js';

// Item master rows for the shop's HTTP tests, with overrides (written straight to the items module's tables).

export type VariantSeed = { variant_code: string; description: string; unit_price?: string | null; blocked?: boolean };
export type ItemSeed = {
  item_no: string;
  description?: string;
  description_2?: string;
  unit_price?: string;
  blocked?: boolean;
  category?: { code: string; name: string; parent?: { code: string; name: string } };
  variants?: VariantSeed[];
};

async function categoryId(db: DbOrTx, c: { code: string; name: string }, parentId: number | null): Promise<number> {
  const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.code, c.code));
  if (found) return found.id;
  const [row] = await db
    .insert(categories)
    .values({ code: c.code, name: c.name, parent_id: parentId })
    .returning({ id: categories.id });
  return row.id;
}

export async function seedItem(db: DbOrTx, seed: ItemSeed): Promise<void> {
  let category_id: number | null = null;
  if (seed.category) {
    const parentId = seed.category.parent ? await categoryId(db, seed.category.parent, null) : null;
    category_id = await categoryId(db, seed.category, parentId);
  }
  await db.insert(items).values({
    item_no: seed.item_no,
    description: seed.description ?? `Áo thun ${seed.item_no}`,
    description_2: seed.description_2 ?? '',
    base_unit_of_measure: 'PCS',
    unit_price: seed.unit_price ?? '199000',
    blocked: seed.blocked ?? false,
    category_id,
  });
  for (const v of seed.variants ?? []) {
    await db.insert(itemVariants).values({
      item_no: seed.item_no,
      variant_code: v.variant_code,
      description: v.description,
      unit_price: v.unit_price ?? null,
      blocked: v.blocked ?? false,
    });
  }
}

export async function setItemPrice(db: DbOrTx, itemNo: string, unitPrice: string): Promise<void> {
  await db.update(items).set({ unit_price: unitPrice }).where(eq(items.item_no, itemNo));
}
