import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { removeItems, sortItems, updatePriceRate as updatePriceRateBody } from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { bump } from '../../db/versioned.js';
import { badRequest, notFound, staleVersion } from '../../http/errors.js';
import { franchiseItems } from './schema.js';
import { franchiseFor } from './franchise-context.js';
import { stampNow } from '../../db/clock.js';

/** Item numbers of `nos` that are not in the franchise's item list. */
async function missingFrom(db: DbOrTx, franchise: string, nos: string[]): Promise<string[]> {
  const found = await db
    .select({ item_no: franchiseItems.item_no })
    .from(franchiseItems)
    .where(and(eq(franchiseItems.franchise_code, franchise), inArray(franchiseItems.item_no, nos)));
  const have = new Set(found.map((f) => f.item_no));
  return nos.filter((n) => !have.has(n));
}
const notInList = (franchise: string, missing: string[]) =>
  notFound(`Item Franchise ${missing.join(', ')} of ${franchise}`);

/** calls.md 7.8 update-price-rate: one item of the franchise's list, or all of it (update_all). */
export async function updatePriceRate(tx: Tx, auth: Auth, input: z.output<typeof updatePriceRateBody>) {
  const franchise = await franchiseFor(tx, auth, input.franchise_code);
  if (input.update_all) {
    const rows = await tx
      .update(franchiseItems)
      .set({ price_rate: input.price_rate, ...bump(franchiseItems.version) })
      .where(eq(franchiseItems.franchise_code, franchise))
      .returning({ id: franchiseItems.id });
    return { franchise_code: franchise, updated: rows.length, price_rate: input.price_rate };
  }
  const itemNo = input.item_no!;
  const where = and(eq(franchiseItems.franchise_code, franchise), eq(franchiseItems.item_no, itemNo));
  const [current] = await tx
    .select({ version: franchiseItems.version })
    .from(franchiseItems)
    .where(where)
    .for('update');
  if (!current) throw notInList(franchise, [itemNo]);
  if (input.version !== undefined && input.version !== current.version) throw staleVersion();
  await tx
    .update(franchiseItems)
    .set({ price_rate: input.price_rate, ...bump(franchiseItems.version) })
    .where(where);
  return { franchise_code: franchise, updated: 1, price_rate: input.price_rate };
}

/** calls.md 7.8 remove-items: takes items out of the franchise's list; all named items must be in it. */
export async function removeFranchiseItems(tx: Tx, auth: Auth, input: z.output<typeof removeItems>) {
  const franchise = await franchiseFor(tx, auth, input.franchise_code);
  const nos = [...new Set(input.item_nos)];
  const missing = await missingFrom(tx, franchise, nos);
  if (missing.length) throw notInList(franchise, missing);
  const rows = await tx
    .delete(franchiseItems)
    .where(and(eq(franchiseItems.franchise_code, franchise), inArray(franchiseItems.item_no, nos)))
    .returning({ id: franchiseItems.id });
  return { franchise_code: franchise, removed: rows.length };
}

/** calls.md 7.8 sort update: one call, one transaction (STYLE: no N writes from the browser). */
export async function sortFranchiseItems(tx: Tx, auth: Auth, input: z.output<typeof sortItems>) {
  const franchise = await franchiseFor(tx, auth, input.franchise_code);
  const pairs = input.items.map((it, i) => (typeof it === 'string' ? { item_no: it, sort: input.sort + i } : it));
  const nos = pairs.map((p) => p.item_no);
  const dup = nos.find((n, i) => nos.indexOf(n) !== i);
  if (dup) throw badRequest(`Item ${dup} is listed twice`, 'items');
  const missing = await missingFrom(tx, franchise, nos);
  if (missing.length) throw notInList(franchise, missing);
  const values = sql.join(
    pairs.map((p) => sql`(${p.item_no}::text, ${p.sort}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${franchiseItems} set sort = v.sort, version = ${franchiseItems.version} + 1, updated_at = ${stampNow()}
    from (values ${values}) as v(item_no, sort)
    where ${franchiseItems.franchise_code} = ${franchise} and ${franchiseItems.item_no} = v.item_no`);
  return { franchise_code: franchise, updated: pairs.length };
}
