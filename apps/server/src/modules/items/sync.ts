import { eq, inArray, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { ItemSyncResult } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import type { Services } from '../../services.js';
import type { Erp, ErpItem, ErpItems } from '../../erp/port.js';
import { syncLogs } from '../../erp/schema.js';
import { stampNow } from '../../db/clock.js';
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

const CHUNK = 1000;

/**
 * Writes ERP items into the catalogue, a thousand at a time (one read of the current rows, one insert of the new ones,
 * one UPDATE … FROM (VALUES …) of the changed ones, one upsert of their variants and one of their units); counts an
 * item only when something changed. Variants and units from the ERP: new ones added, descriptions refreshed; a
 * variant's own price stays ours. The ERP's GTIN replaces the barcode when it keeps one; otherwise head office's stays.
 */
async function upsertItems(tx: DbOrTx, read: ErpItem[], counts: Counts) {
  const codes = [...new Set(read.map((e) => e.item_category_code).filter(Boolean))];
  const cats = codes.length
    ? await tx
        .select({ id: categories.id, code: categories.code })
        .from(categories)
        .where(inArray(categories.code, codes))
    : [];
  const catId = new Map(cats.map((c) => [c.code, c.id]));
  // The same item twice in one read (an ERP page boundary moving under a change): the last one read wins.
  const all = [...new Map(read.map((e) => [e.item_no, e])).values()];
  for (let i = 0; i < all.length; i += CHUNK) {
    const chunk = all.slice(i, i + CHUNK);
    const current = new Map(
      (
        await tx
          .select()
          .from(items)
          .where(
            inArray(
              items.item_no,
              chunk.map((e) => e.item_no),
            ),
          )
      ).map((r) => [r.item_no, r]),
    );
    const inserts: (typeof items.$inferInsert)[] = [];
    const updates: { item_no: string; values: ReturnType<typeof valuesOf> }[] = [];
    function valuesOf(e: ErpItem, cur: typeof items.$inferSelect | undefined) {
      return {
        description: e.description,
        base_unit_of_measure: e.base_unit_of_measure,
        unit_price: new Decimal(e.unit_price).toFixed(2),
        blocked: e.blocked,
        category_id: (e.item_category_code ? catId.get(e.item_category_code) : undefined) ?? cur?.category_id ?? null,
        barcode: e.gtin || cur?.barcode || '',
      };
    }
    for (const e of chunk) {
      const cur = current.get(e.item_no);
      const values = valuesOf(e, cur);
      if (!cur) inserts.push({ item_no: e.item_no, ...values });
      else if (
        cur.description !== values.description ||
        cur.base_unit_of_measure !== values.base_unit_of_measure ||
        !new Decimal(cur.unit_price).eq(values.unit_price) ||
        cur.blocked !== values.blocked ||
        cur.category_id !== values.category_id ||
        cur.barcode !== values.barcode
      )
        updates.push({ item_no: e.item_no, values });
    }
    if (inserts.length) await tx.insert(items).values(inserts);
    if (updates.length) {
      const rows = updates.map(
        (u) =>
          sql`(${u.item_no}, ${u.values.description}, ${u.values.base_unit_of_measure}, ${u.values.unit_price}::numeric, ${u.values.blocked}::boolean, ${u.values.category_id}::integer, ${u.values.barcode})`,
      );
      await tx.execute(sql`
        update ${items} as i set description = v.description, base_unit_of_measure = v.base_unit_of_measure,
          unit_price = v.unit_price, blocked = v.blocked, category_id = v.category_id, barcode = v.barcode,
          version = i.version + 1, updated_at = ${stampNow()}
        from (values ${sql.join(rows, sql`, `)}) as v(item_no, description, base_unit_of_measure, unit_price, blocked, category_id, barcode)
        where i.item_no = v.item_no`);
    }
    counts.created += inserts.length;
    counts.updated += updates.length;
    const variants = [
      ...new Map(
        chunk.flatMap((e) =>
          e.variants.map((v) => [
            `${e.item_no}\u0000${v.variant_code}`,
            { item_no: e.item_no, variant_code: v.variant_code, description: v.description, blocked: v.blocked },
          ]),
        ),
      ).values(),
    ];
    if (variants.length)
      await tx
        .insert(itemVariants)
        .values(variants)
        .onConflictDoUpdate({
          target: [itemVariants.item_no, itemVariants.variant_code],
          set: { description: sql`excluded.description`, blocked: sql`excluded.blocked` },
        });
    const units = [
      ...new Map(
        chunk.flatMap((e) =>
          e.units_of_measure
            .filter((u) => u.code !== e.base_unit_of_measure)
            .map((u) => [
              `${e.item_no}\u0000${u.code}`,
              { item_no: e.item_no, code: u.code, qty_per_unit_of_measure: u.qty_per_unit_of_measure },
            ]),
        ),
      ).values(),
    ];
    if (units.length)
      await tx
        .insert(itemUnits)
        .values(units)
        .onConflictDoUpdate({
          target: [itemUnits.item_no, itemUnits.code],
          set: { qty_per_unit_of_measure: sql`excluded.qty_per_unit_of_measure` },
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
    await upsertItems(tx, read, counts);
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
    db.update(syncLogs).set({ status, records, message, finished_at: stampNow() }).where(eq(syncLogs.id, log.id));
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
      await upsertItems(tx, read, counts);
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
