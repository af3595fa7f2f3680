import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';

/**
 * A document belongs to an item of the catalogue. The items table arrives with the items module; until a database has
 * it (an older migration set), any item number is accepted.
 */
export async function assertItemExists(db: DbOrTx, itemNo: string): Promise<void> {
  const found = await db.execute(sql`
    select exists (
      select 1 from information_schema.columns
      where table_schema = current_schema() and table_name = 'items' and column_name = 'item_no'
    ) as has_items`);
  if (!rowsOf<{ has_items: boolean }>(found)[0]?.has_items) return;
  const item = await db.execute(sql`select 1 from ${sql.identifier('items')} where ${sql.identifier('item_no')} = ${itemNo} limit 1`);
  if (rowsOf(item).length === 0) throw badRequest(`Item ${itemNo} does not exist`, 'item_no');
}

function rowsOf<T = unknown>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
