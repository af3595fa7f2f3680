import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import type { Services } from '../../services.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { ErpItemPrice } from '../../erp/port.js';
import { syncLogs } from '../../erp/schema.js';
import { categories } from '../categories/schema.js';
import { items } from '../items/schema.js';
import { erpItems } from '../items/sync.js';
import { today } from '../items/price.js';
import { itemPrices } from './schema.js';
import { assertNoOverlap, ensureList } from './service.js';
import { stampNow } from '../../db/clock.js';

/** calls.md 7.8 import-list: puts the items of the given prices into a sub-category. */
export async function importIntoSubCategory(tx: Tx, ids: number[], subCategoryId: number) {
  const [sub] = await tx
    .select({ id: categories.id, parent: categories.parent_id })
    .from(categories)
    .where(eq(categories.id, subCategoryId));
  if (!sub) throw badRequest(`Sub-category ${subCategoryId} does not exist`, 'subCategoryId');
  if (sub.parent === null)
    throw badRequest('subCategoryId must name a sub-category, not a top-level category', 'subCategoryId');
  const unique = [...new Set(ids)];
  const prices = await tx
    .select({ id: itemPrices.id, item_no: itemPrices.item_no })
    .from(itemPrices)
    .where(inArray(itemPrices.id, unique));
  if (prices.length !== unique.length)
    throw notFound(`Item price ${unique.filter((i) => !prices.some((p) => p.id === i)).join(', ')}`);
  const itemNos = [...new Set(prices.map((p) => p.item_no))].sort();
  await tx
    .update(items)
    .set({ category_id: subCategoryId, version: sql`${items.version} + 1`, updated_at: stampNow() })
    .where(inArray(items.item_no, itemNos));
  return { sub_category_id: subCategoryId, items: itemNos.length, item_nos: itemNos };
}

/**
 * calls.md 7.8 sync-from-view: copies the ERP's sales prices into a price list. A price already in this list
 * (same item, variant, unit, franchise and start) is updated; one that would overlap a price of another list is
 * skipped and reported, so the sync never makes priceOf ambiguous.
 */
export async function syncFromView(services: Services, auth: Auth, code: string, name: string) {
  const { db } = services;
  const erp = erpItems(services);
  const [log] = await db
    .insert(syncLogs)
    .values({
      table_code: 'item_price',
      action: 'sync_from_view',
      status: 'failed',
      message: 'running',
      user_id: auth.userId,
      username: auth.username,
    })
    .returning({ id: syncLogs.id });
  try {
    // The ERP is read first, outside the transaction (a remote call never holds the database); then one write.
    const read: ErpItemPrice[] = [];
    for (let page = await erp.listPrices({ top: 1000 }); ; page = await erp.listPrices({ nextLink: page.nextLink! })) {
      read.push(...page.value);
      if (!page.nextLink) break;
    }
    const out = await db.transaction(async (tx) => {
      await ensureList(tx, code, name);
      let created = 0;
      let updated = 0;
      const skipped: { item_no: string; variant_code: string; franchise_code: string | null; reason: string }[] = [];
      for (const v of read) {
        const franchise = v.sales_code || null;
        const key = {
          item_no: v.item_no,
          variant_code: v.variant_code,
          unit_of_measure: v.unit_of_measure,
          franchise_code: franchise,
          minimum_quantity: '1',
          valid_from: v.starting_date ?? today(),
          valid_to: v.ending_date,
        };
        const [mine] = await tx
          .select()
          .from(itemPrices)
          .where(
            and(
              eq(itemPrices.price_list_code, code),
              eq(itemPrices.item_no, key.item_no),
              eq(itemPrices.variant_code, key.variant_code),
              eq(itemPrices.unit_of_measure, key.unit_of_measure),
              franchise ? eq(itemPrices.franchise_code, franchise) : isNull(itemPrices.franchise_code),
              eq(itemPrices.valid_from, key.valid_from),
            ),
          );
        try {
          await assertNoOverlap(tx, key, mine?.id);
        } catch (e) {
          if (e instanceof AppError && e.code === 'overlapping_validity') {
            skipped.push({
              item_no: v.item_no,
              variant_code: v.variant_code,
              franchise_code: franchise,
              reason: e.message,
            });
            continue;
          }
          throw e;
        }
        const price = new Decimal(v.unit_price).toFixed(2);
        if (mine) {
          if (!new Decimal(mine.unit_price).eq(price) || mine.valid_to !== key.valid_to) {
            await tx
              .update(itemPrices)
              .set({
                unit_price: price,
                valid_to: key.valid_to,
                version: sql`${itemPrices.version} + 1`,
                updated_at: stampNow(),
              })
              .where(eq(itemPrices.id, mine.id));
            updated++;
          }
        } else {
          await tx.insert(itemPrices).values({ ...key, price_list_code: code, unit_price: price });
          created++;
        }
      }
      return { created, updated, skipped };
    });
    await db
      .update(syncLogs)
      .set({
        status: 'success',
        records: out.created + out.updated,
        message: `${out.created} created, ${out.updated} updated, ${out.skipped.length} skipped into ${code}`,
        finished_at: stampNow(),
      })
      .where(eq(syncLogs.id, log.id));
    return { price_list_code: code, sync_log_id: log.id, ...out };
  } catch (err) {
    await db
      .update(syncLogs)
      .set({ status: 'failed', message: err instanceof Error ? err.message : String(err), finished_at: stampNow() })
      .where(eq(syncLogs.id, log.id));
    throw err;
  }
}
