import { eq, sql } from 'drizzle-orm';
import { WAREHOUSE_PAGES } from '@fp/contract';
import type { Db } from '../src/db/client.js';
import { users } from '../src/modules/auth/schema.js';
import { pagePermissions, pagePermissionUsers } from '../src/modules/access/schema.js';
import { compactRollUps } from '../src/modules/reports/rollups.js';
import { freshDatabase, pct, replay, rowsOf, salesApp, targets, type Statement } from './sales-harness.js';

/**
 * On hand at scale (issue 10): BENCH_LEDGER_ENTRIES item ledger entries (default 1,000,000 on PostgreSQL, 100,000 on
 * PGlite) bulk-inserted with generate_series over 100 franchises × 2 locations × 2,000 items (positive adjustments
 * and smaller negative ones, so every position stays ≥ 0), then POST /api/warehouse/on-hand (first page of 50, zero
 * rows hidden) as a store user (their franchise) and as head office (every franchise), and item stock for a month,
 * p50/p95 through the API (app.inject) against the very statements the API ran, replayed directly (the page and its
 * capped count; "10000+" = total_capped or rows_capped; the totals sum the day rows in one scan, which is a seq
 * scan of item_stock_daily by design). EXPLAIN (BENCH_EXPLAIN=1 prints it) shows which indexes of the ledger and
 * the roll-ups (item_stock_balances, item_stock_daily) serve the query. BENCH_ON_HAND_RUNS (100). Figures only.
 */
const FRANCHISES = 100;
const ITEMS = 2000;
const RUNS = Number(process.env.BENCH_ON_HAND_RUNS ?? 100);

export async function generateLedger(db: Db, n: number) {
  await db.execute(sql`insert into franchises (customer_no, name)
    select 'F' || lpad(g::text, 3, '0'), 'Cửa hàng ' || g from generate_series(1, ${FRANCHISES}) g`);
  await db.execute(sql`insert into locations (location_code, customer_no, name)
    select 'F' || lpad(f::text, 3, '0') || '-0' || l, 'F' || lpad(f::text, 3, '0'), 'Kho ' || f || '-' || l
    from generate_series(1, ${FRANCHISES}) f, generate_series(1, 2) l`);
  await db.execute(sql`insert into items (item_no, description, base_unit_of_measure, unit_price)
    select 'SP' || lpad(g::text, 5, '0'), 'Sản phẩm ' || g, 'PCS', 10000 from generate_series(1, ${ITEMS}) g`);
  // Entry g: franchise g % 100, location by (g / 100) % 2, item by (g / 200) % 2000; every 4th entry takes out 1,
  // the others put in 1–5, so every position ends ≥ 0.
  await db.execute(sql`
    insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, variant_code, quantity,
      document_type, document_no, posting_date)
    select case when g % 4 = 0 then 'negative_adjmt' else 'positive_adjmt' end, x.fc, x.fc || '-0' || (1 + (g / 100) % 2),
      'SP' || lpad((1 + (g / 200) % ${ITEMS})::text, 5, '0'), '', case when g % 4 = 0 then -1 else 1 + g % 5 end,
      'bench', 'BENCH-' || g, date '2026-01-01' + (g % 365)
    from (select g, 'F' || lpad((1 + g % ${FRANCHISES})::text, 3, '0') as fc from generate_series(1, ${n}) g) x`);
  // The stock balances the postings' trigger appended (one statement: one row per position already), folded as the
  // leading process would within seconds; then, as autovacuum would leave settled tables: statistics and the
  // visibility map (index-only scans need it).
  await compactRollUps(db, 50_000, 1_000);
  await db.execute(sql`vacuum analyze item_ledger_entries`);
  await db.execute(sql`vacuum analyze item_stock_balances`);
  await db.execute(sql`vacuum analyze item_stock_daily`);
  await db.execute(sql`analyze`);
}

async function grantWarehouse(db: Db, username: string) {
  const [u] = await db.select().from(users).where(eq(users.username, username));
  const [perm] = await db
    .insert(pagePermissions)
    .values({
      name: `bench-wh-${username}`,
      permission_type: 'view',
      pages: WAREHOUSE_PAGES.map((page_url) => ({ page_url, permission_type: 'view' as const })),
    })
    .returning();
  await db.insert(pagePermissionUsers).values({ page_permission_id: perm.id, admin_user_id: u.user_id });
}

export async function benchWarehouseOnHand() {
  for (const kind of targets()) {
    const n = Number(process.env.BENCH_LEDGER_ENTRIES ?? (kind === 'postgres' ? 1_000_000 : 100_000));
    const fresh = await freshDatabase(kind);
    const app = await salesApp(fresh.database);
    try {
      const t0 = performance.now();
      await generateLedger(app.db, n);
      const [c] = rowsOf(await app.db.execute(sql`select count(*)::int as n from item_ledger_entries`));
      console.log(
        `\n${kind}: ${Number(c.n).toLocaleString('en')} item ledger entries (${FRANCHISES} franchises × 2 locations, ${ITEMS} items) generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      const store = await app.user('benchwh', 'Store Staff', 'F001');
      const office = await app.user('benchwhoffice', 'Head Office', null);
      await grantWarehouse(app.db, 'benchwh');
      await grantWarehouse(app.db, 'benchwhoffice');
      const calls: [string, string, unknown][] = [
        ['on hand', '/api/warehouse/on-hand', { pagination: { page: 1, size: 50 } }],
        [
          'on hand, one item',
          '/api/warehouse/on-hand',
          { pagination: { page: 1, size: 50 }, filters: [{ field: 'item_no', value: 'SP00042' }] },
        ],
        [
          'item stock, March',
          '/api/warehouse/item-stock',
          { pagination: { page: 1, size: 50 }, from_date: '2026-03-01', to_date: '2026-03-31' },
        ],
        [
          'item stock totals, March',
          '/api/warehouse/item-stock/totals',
          { pagination: { page: 1, size: 1 }, from_date: '2026-03-01', to_date: '2026-03-31' },
        ],
        [
          'item stock, March, one item',
          '/api/warehouse/item-stock',
          {
            pagination: { page: 1, size: 50 },
            from_date: '2026-03-01',
            to_date: '2026-03-31',
            filters: [{ field: 'item_no', value: 'SP00042' }],
          },
        ],
      ];
      for (const [who, client] of [
        ['store user', store],
        ['head office', office],
      ] as const) {
        for (const [what, url, body] of calls) {
          const label = `${who}, ${what}`;
          fresh.captured.length = 0;
          fresh.state.capturing = true;
          const probe = await client.post<{
            total_count?: number;
            total_capped?: boolean;
            rows?: number;
            rows_capped?: boolean;
          }>(url, body);
          fresh.state.capturing = false;
          if (probe.status !== 200) {
            console.log(`${kind}  ${label}: answered ${probe.status} ${probe.body.slice(0, 200)}`);
            continue;
          }
          const statements: Statement[] = fresh.captured.filter((s) =>
            /from "?(item_ledger_entries|item_stock_balances|item_stock_daily)"?/i.test(s.sql),
          );
          const api = await measure(RUNS, () => client.post(url, body));
          const direct = await measure(RUNS, async () => {
            for (const s of statements) await app.db.execute(replay(s));
          });
          console.log(
            `${kind.padEnd(8)}  ${label.padEnd(32)} rows ${String(probe.data.total_count ?? probe.data.rows).padStart(7)}${probe.data.total_capped || probe.data.rows_capped ? '+' : ' '} API p50=${api.p50} p95=${api.p95} ms   same SQL p50=${direct.p50} p95=${direct.p95} ms   ratio p95 ${(api.p95 / Math.max(direct.p95, 0.1)).toFixed(2)}`,
          );
          for (const s of statements) {
            const plan = rowsOf(await app.db.execute(sql`explain ${replay(s)}`)).map((r) =>
              String(Object.values(r)[0]),
            );
            const seq = plan.some((l) =>
              /Seq Scan on (item_ledger_entries|item_stock_balances|item_stock_daily)/.test(l),
            );
            const used = [
              ...new Set(
                plan.flatMap(
                  (l) => /(?:Index (?:Only )?Scan (?:Backward )?using|Bitmap Index Scan on) (\S+)/.exec(l)?.[1] ?? [],
                ),
              ),
            ];
            console.log(
              `          plan: ${seq ? 'SEQ SCAN on the ledger or a roll-up' : 'no seq scan on the ledger or a roll-up'}; indexes ${used.join(', ') || 'none'}`,
            );
            if (process.env.BENCH_EXPLAIN) console.log(plan.map((l) => `            ${l}`).join('\n'));
          }
        }
      }
    } finally {
      await app.close();
      await fresh.database.close();
      await fresh.drop();
    }
  }
}

async function measure(n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(5, n); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return { p50: +pct(times, 50).toFixed(1), p95: +pct(times, 95).toFixed(1) };
}
