import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { items, itemUnits, itemVariants } from './schema.js';

/**
 * The rows a document's lines are checked against: the items, their variants and their units of measure, for the
 * given item numbers. The three reads run one after the other: inside a transaction they share one connection, and
 * pg refuses (from version 9; a deprecation warning before) a query sent while another is still running on it.
 */
export async function itemFactsOf(db: DbOrTx, itemNos: readonly string[]) {
  const nos = [...new Set(itemNos)];
  const itemRows = await db.select().from(items).where(inArray(items.item_no, nos));
  const variantRows = await db.select().from(itemVariants).where(inArray(itemVariants.item_no, nos));
  const unitRows = await db.select().from(itemUnits).where(inArray(itemUnits.item_no, nos));
  return { itemRows, variantRows, unitRows };
}
