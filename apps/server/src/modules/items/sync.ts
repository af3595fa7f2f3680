import { eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { ItemSyncResult } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import type { Services } from '../../services.js';
import type { Erp, ErpItem, ErpItems } from '../../erp/port.js';
import { syncLogs } from '../../erp/schema.js';
import { standaloneItems } from '../../erp/standalone/items.js';
import { notFound } from '../../http/errors.js';
import { categories } from '../categories/schema.js';
import { franchises } from '../franchises/schema.js';
import { franchiseItems, items, itemUnits, itemVariants } from './schema.js';

/** The ERP's items area: services.erp when the app has one, else the standalone catalogue. */
export function erpItems(services: Services): ErpItems {
  return (services as Services & { erp?: Erp }).erp?.items ?? standaloneItems(services.db);
}

type Counts = { created: number; updated: number };

/** Writes one ERP item into the catalogue; counts it only when something changed. */
async function upsertItem(tx: DbOrTx, e: ErpItem, counts: Counts) {
  const [cat] = e.item_category_code
    ? await tx.select({ id: categories.id }).from(categories).where(eq(categories.code, e.item_category_code))
    : [];
  const [cur] = await tx.select().from(items).where(eq(items.item_no, e.item_no));
  const values = {
    description: e.description,
    base_unit_of_measure: e.base_unit_of_measure,
    unit_price: new Decimal(e.unit_price).toFixed(2),
    blocked: e.blocked,
    category_id: cat?.id ?? cur?.category_id ?? null,
    // the ERP's GTIN when it keeps one; otherwise the barcode head office typed stays
    barcode: e.gtin || cur?.barcode || '',
  };
  if (!cur) {
    await tx.insert(items).values({ item_no: e.item_no, ...values });
    counts.created++;
  } else if (
    cur.description !== values.description ||
    cur.base_unit_of_measure !== values.base_unit_of_measure ||
    !new Decimal(cur.unit_price).eq(values.unit_price) ||
    cur.blocked !== values.blocked ||
    cur.category_id !== values.category_id ||
    cur.barcode !== values.barcode
  ) {
    await tx
      .update(items)
      .set({ ...values, version: sql`${items.version} + 1`, updated_at: sql`now()` })
      .where(eq(items.item_no, e.item_no));
    counts.updated++;
  }
  // Variants and units from the ERP: add new ones, refresh descriptions; the variant's own price stays ours.
  for (const v of e.variants) {
    await tx
      .insert(itemVariants)
      .values({ item_no: e.item_no, variant_code: v.variant_code, description: v.description, blocked: v.blocked })
      .onConflictDoUpdate({
        target: [itemVariants.item_no, itemVariants.variant_code],
        set: { description: v.description, blocked: v.blocked },
      });
  }
  for (const u of e.units_of_measure.filter((u) => u.code !== e.base_unit_of_measure)) {
    await tx
      .insert(itemUnits)
      .values({ item_no: e.item_no, code: u.code, qty_per_unit_of_measure: u.qty_per_unit_of_measure })
      .onConflictDoUpdate({
        target: [itemUnits.item_no, itemUnits.code],
        set: { qty_per_unit_of_measure: u.qty_per_unit_of_measure },
      });
  }
}

/**
 * Writes items read from the ERP into the catalogue in one transaction (the sync service's item table, issue 20);
 * answers how many were created or changed.
 */
export async function applyErpItems(db: DbOrTx, read: ErpItem[]): Promise<number> {
  if (read.length === 0) return 0;
  const counts: Counts = { created: 0, updated: 0 };
  await db.transaction(async (tx) => {
    for (const e of read) await upsertItem(tx, e, counts);
  });
  return counts.created + counts.updated;
}

/** Adds the items a franchise does not list yet (not blocked), at the end of its sort order. */
async function fillFranchiseLists(
  tx: DbOrTx,
  franchise: string | null,
  itemNo: string | null,
): Promise<{ added: number; franchises: number }> {
  const targets = franchise
    ? [franchise]
    : (await tx.select({ code: franchises.customer_no }).from(franchises).where(eq(franchises.is_active, true))).map(
        (f) => f.code,
      );
  let added = 0;
  for (const code of targets) {
    const r = await tx.execute(sql`
      insert into ${franchiseItems} (franchise_code, item_no, price_rate, sort)
      select ${code}, i.item_no, 1,
        coalesce((select max(sort) from ${franchiseItems} where franchise_code = ${code}), 0) + row_number() over (order by i.item_no)
      from ${items} i
      where not i.blocked ${itemNo ? sql`and i.item_no = ${itemNo}` : sql``}
        and not exists (select 1 from ${franchiseItems} fi where fi.franchise_code = ${code} and fi.item_no = i.item_no)
      on conflict do nothing`);
    added += Number(
      (r as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ??
        (r as unknown as { rowCount?: number }).rowCount ??
        0,
    );
  }
  return { added, franchises: targets.length };
}

/**
 * calls.md 7.8 sync / sync-item-no: pulls items from the ERP port into the catalogue, then fills the franchise
 * item lists (one franchise, or every active one for head office). Each call leaves a sync log entry.
 */
export async function syncItems(
  services: Services,
  auth: Auth,
  o: { franchise: string | null; itemNo: string | null },
): Promise<ItemSyncResult> {
  const { db } = services;
  const erp = erpItems(services);
  const [log] = await db
    .insert(syncLogs)
    .values({
      table_code: 'item',
      action: o.itemNo ? 'sync' : 'sync_all',
      status: 'failed',
      message: 'running',
      erp_mode: (services as Services & { erp?: Erp }).erp?.mode ?? 'standalone',
      user_id: auth.userId,
      username: auth.username,
    })
    .returning({ id: syncLogs.id });
  const finish = (status: 'success' | 'failed', records: number, message: string) =>
    db
      .update(syncLogs)
      .set({ status, records, message, finished_at: sql`now()` })
      .where(eq(syncLogs.id, log.id));
  try {
    // The ERP is read first, outside the transaction (a remote call never holds the database); then one write.
    const read: ErpItem[] = [];
    if (o.itemNo) {
      const e = await erp.get(o.itemNo);
      if (!e) throw notFound(`Item ${o.itemNo}`);
      read.push(e);
    } else {
      for (let page = await erp.list({ top: 500 }); ; page = await erp.list({ nextLink: page.nextLink! })) {
        read.push(...page.value);
        if (!page.nextLink) break;
      }
    }
    const result = await db.transaction(async (tx) => {
      const counts: Counts = { created: 0, updated: 0 };
      for (const e of read) await upsertItem(tx, e, counts);
      const seen = read.length;
      const fill = await fillFranchiseLists(tx, o.franchise, o.itemNo);
      return { seen, counts, fill };
    });
    const message = `${result.seen} items read, ${result.counts.created} created, ${result.counts.updated} updated, ${result.fill.added} added to ${result.fill.franchises} franchise item lists`;
    await finish('success', result.seen, message);
    return {
      sync_log_id: log.id,
      status: 'success',
      items_seen: result.seen,
      items_created: result.counts.created,
      items_updated: result.counts.updated,
      franchise_items_added: result.fill.added,
      franchises: result.fill.franchises,
      message,
    };
  } catch (err) {
    await finish('failed', 0, err instanceof Error ? err.message : String(err));
    throw err;
  }
}
