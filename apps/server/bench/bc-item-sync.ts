import { sql } from 'drizzle-orm';
import { createErp } from '../src/erp/index.js';
import type { Erp, ErpItem } from '../src/erp/port.js';
import { startBcServer } from '../src/erp/business-central/test-support/bc-test-server.js';
import type { Auth } from '../src/http/context.js';
import { items } from '../src/modules/items/schema.js';
import { syncItems } from '../src/modules/items/sync.js';
import { freshDatabase, salesApp, targets } from './sales-harness.js';

/**
 * A full sync of 50,000 items (BENCH_BC_ITEMS) from the BC-shaped server (127.0.0.1, pages of BC_MAX_PAGE_SIZE
 * 1000 with @odata.nextLink) against the baseline measured in the same run: a direct batched upsert of the same rows
 * (insert … on conflict do update, 1,000 rows a statement). Printed: the connector's read alone, the full sync
 * (read + the items module's sync path, calls.md 7.8), the baseline, and the ratio, in items/s.
 */
export async function benchBcItemSync() {
  const n = Number(process.env.BENCH_BC_ITEMS ?? 50_000);
  const bc = await startBcServer();
  for (let i = 1; i <= n; i++)
    bc.seed('items', {
      number: `BC${String(i).padStart(6, '0')}`,
      displayName: `Sản phẩm BC ${i}`,
      type: 'Inventory',
      baseUnitOfMeasureCode: 'PCS',
      unitPrice: 1000 * (1 + (i % 490)),
      itemCategoryCode: '',
      blocked: i % 97 === 0,
      gtin: '',
    });
  try {
    for (const kind of targets()) {
      const { database, drop } = await freshDatabase(kind);
      try {
        const app = await salesApp(database);
        const { services } = app;
        const erp = createErp(
          { ...services.config, erpMode: 'business_central', env: { ...bc.env(), BC_MAX_PAGE_SIZE: '1000' } },
          services.db,
        );
        (services as { erp: Erp }).erp = erp;
        const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);

        // The connector's read alone: every page of items with their variants.
        let t0 = performance.now();
        const read: ErpItem[] = [];
        for (let p = await erp.items.list({ top: 1000 }); ; p = await erp.items.list({ nextLink: p.nextLink! })) {
          read.push(...p.value);
          if (!p.nextLink) break;
        }
        const readMs = performance.now() - t0;

        // The full sync through the product's path (read from BC, then write the catalogue in one transaction).
        const auth = { userId: 1, username: 'admin' } as Auth;
        t0 = performance.now();
        const result = await syncItems(services, auth, { franchise: null, itemNo: null });
        const syncMs = performance.now() - t0;

        // Baseline: the same rows written directly, 1,000 per statement, on an empty table.
        await services.db.execute(sql`truncate ${items} cascade`);
        t0 = performance.now();
        await services.db.transaction(async (tx) => {
          for (let i = 0; i < read.length; i += 1000) {
            await tx
              .insert(items)
              .values(
                read.slice(i, i + 1000).map((e) => ({
                  item_no: e.item_no,
                  description: e.description,
                  base_unit_of_measure: e.base_unit_of_measure,
                  unit_price: e.unit_price,
                  blocked: e.blocked,
                  barcode: e.gtin ?? '',
                })),
              )
              .onConflictDoUpdate({
                target: items.item_no,
                set: {
                  description: sql`excluded.description`,
                  base_unit_of_measure: sql`excluded.base_unit_of_measure`,
                  unit_price: sql`excluded.unit_price`,
                  blocked: sql`excluded.blocked`,
                  barcode: sql`excluded.barcode`,
                },
              });
          }
        });
        const directMs = performance.now() - t0;
        console.log(
          `${kind}: ${n} items — BC read ${rate(read.length, readMs)} items/s (${(readMs / 1000).toFixed(1)} s), ` +
            `full sync ${rate(result.items_seen, syncMs)} items/s (${(syncMs / 1000).toFixed(1)} s, ${result.items_created} created), ` +
            `direct batched upsert ${rate(read.length, directMs)} items/s (${(directMs / 1000).toFixed(1)} s); ` +
            `sync / direct = 1 : ${(syncMs / directMs).toFixed(1)}`,
        );
        await app.app.close();
      } finally {
        await drop();
      }
    }
  } finally {
    await bc.close();
  }
}
