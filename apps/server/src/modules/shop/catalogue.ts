import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { categories } from '../categories/schema.js';
import { items, itemVariants } from '../items/schema.js';
import type { ShopPrice, ShopProduct, ShopVariant } from './port.js';
import { variantAttributes } from './variant-attributes.js';

// What the shop receives, read from the item master at the moment a push runs (never from the queued payload),
// so a push that waited out an outage sends the item as it is now.

type ItemRow = typeof items.$inferSelect;
type VariantRow = typeof itemVariants.$inferSelect;

export type ShopItem = { item: ItemRow; variants: VariantRow[]; categoryNames: string[] };

const parent = alias(categories, 'parent_category');

/** The item, its variants and its category names (sub-category first, then its parent); undefined when it is gone. */
export async function readShopItem(db: DbOrTx, itemNo: string): Promise<ShopItem | undefined> {
  const [row] = await db
    .select({ item: items, category: categories.name, parent: parent.name })
    .from(items)
    .leftJoin(categories, eq(categories.id, items.category_id))
    .leftJoin(parent, eq(parent.id, categories.parent_id))
    .where(eq(items.item_no, itemNo));
  if (!row) return undefined;
  const variants = await db
    .select()
    .from(itemVariants)
    .where(eq(itemVariants.item_no, itemNo))
    .orderBy(asc(itemVariants.variant_code));
  const categoryNames = [row.category, row.parent].filter((name): name is string => !!name && name.trim() !== '');
  return { item: row.item, variants, categoryNames };
}

export async function itemExists(db: DbOrTx, itemNo: string): Promise<boolean> {
  const [row] = await db.select({ item_no: items.item_no }).from(items).where(eq(items.item_no, itemNo));
  return !!row;
}

/** Variants with this code; several items may use the same code. */
export async function variantsWithCode(db: DbOrTx, variantCode: string, itemNo?: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(itemVariants)
    .where(and(eq(itemVariants.variant_code, variantCode), itemNo ? eq(itemVariants.item_no, itemNo) : undefined))
    .orderBy(asc(itemVariants.item_no));
}

/** The shop SKU of a variant: item_no + '-' + variant_code (port.ts). */
export const variantSku = (itemNo: string, variantCode: string) => `${itemNo}-${variantCode}`;

export function shopVariantOf(item: ItemRow, variant: VariantRow, attributeCodes: string[]): ShopVariant {
  return {
    sku: variantSku(item.item_no, variant.variant_code),
    variant_code: variant.variant_code,
    name: `${item.description} ${variant.description}`.trim(),
    // A variant without its own list price sells at the item's.
    price: variant.unit_price ?? item.unit_price,
    attributes: variantAttributes(variant.description, attributeCodes),
  };
}

/** The product as the shop shows it: list price, blocked items disabled, blocked variants left out. */
export function shopProductOf(source: ShopItem, attributeCodes: string[]): ShopProduct {
  const { item } = source;
  return {
    sku: item.item_no,
    name: item.description,
    description: item.description_2.trim() === '' ? undefined : item.description_2,
    price: item.unit_price,
    status: item.blocked ? 'disabled' : 'enabled',
    visibility: 'catalog_search',
    category_names: source.categoryNames.length > 0 ? source.categoryNames : undefined,
    variants: source.variants.filter((v) => !v.blocked).map((v) => shopVariantOf(item, v, attributeCodes)),
  };
}

/** The item's list price and each sold variant's, at every store (store_id 0). */
export function shopPricesOf(source: ShopItem): ShopPrice[] {
  const { item } = source;
  return [
    { sku: item.item_no, price: item.unit_price },
    ...source.variants
      .filter((v) => !v.blocked)
      .map((v) => ({ sku: variantSku(item.item_no, v.variant_code), price: v.unit_price ?? item.unit_price })),
  ];
}
