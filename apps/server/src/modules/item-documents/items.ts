import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import { items, itemVariants } from '../items/schema.js';

/** A document belongs to an item of the catalogue, and to one of its variants when a variant is named. */
export async function assertItemExists(db: DbOrTx, itemNo: string, variantCode?: string | null): Promise<void> {
  const [item] = await db.select({ item_no: items.item_no }).from(items).where(eq(items.item_no, itemNo));
  if (!item) throw badRequest(`Item ${itemNo} does not exist`, 'item_no');
  if (!variantCode) return;
  const [variant] = await db
    .select({ code: itemVariants.variant_code })
    .from(itemVariants)
    .where(and(eq(itemVariants.item_no, itemNo), eq(itemVariants.variant_code, variantCode)));
  if (!variant) throw badRequest(`Variant ${variantCode} does not exist for item ${itemNo}`, 'variant_code');
}
