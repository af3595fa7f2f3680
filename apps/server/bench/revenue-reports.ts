import { eq, sql } from 'drizzle-orm';
import { REPORT_PAGES } from '@fp/contract';
import type { Db } from '../src/db/client.js';
import { users } from '../src/modules/auth/schema.js';
import { pagePermissions, pagePermissionUsers } from '../src/modules/access/schema.js';
import { compactRollUps } from '../src/modules/reports/rollups.js';
import { freshDatabase, pct, replay, rowsOf, salesApp, targets, type Statement, type Target } from './sales-harness.js';

/**
 * Revenue reports at scale (issue 11): a month (March 2026) of BENCH_REVENUE_ORDERS invoiced orders (default
 * 1,000,000) over 100 franchises × 2 locations, 2,000 items in 50 categories and 5 sales types, plus a credit memo
 * for every 30th order, generated set-based (generate_series) straight into the revenue storage the postings write
 * (sales_value_documents: one row per document; sales_value_entries: two lines per invoice, a header discount on
 * every 5th, one line per credit memo; sales_value_daily: the roll-up their trigger writes, compacted). Then the revenue summary (by day, franchise, sales type, month; with an item
 * and a category filter), its total, and the detail (first page, by number, total), as head office and as a store
 * user: p50/p95 through the API (app.inject: auth, parsing, scope, envelope) against the very statements the API
 * ran, replayed directly. PostgreSQL only unless BENCH_TARGETS names pglite too. BENCH_REVENUE_RUNS (30);
 * BENCH_REVENUE_CALLS runs the calls whose name contains it (e.g. 'detail'). Figures only.
 */
const FRANCHISES = 100;
const ITEMS = 2000;
const RUNS = Number(process.env.BENCH_REVENUE_RUNS ?? 30);

export async function generateRevenue(db: Db, n: number) {
  await db.execute(sql`insert into franchises (customer_no, name)
    select 'F' || lpad(g::text, 3, '0'), 'Cửa hàng ' || g from generate_series(1, ${FRANCHISES}) g`);
  await db.execute(sql`insert into locations (location_code, customer_no, name)
    select 'F' || lpad(f::text, 3, '0') || '-0' || l, 'F' || lpad(f::text, 3, '0'), 'Kho ' || f || '-' || l
    from generate_series(1, ${FRANCHISES}) f, generate_series(1, 2) l`);
  // Order g: franchise g % 100, location (g / 100) % 2, sales type (g / 7) % 5, day g % 31; line 1: item g % 2000,
  // quantity 1 + g % 3 at 10,000; line 2: item 7g % 2000, 1 at 25,000; every 5th order a 5,000 invoice discount.
  const orders = sql`(select g, 'F' || lpad((1 + g % ${FRANCHISES})::text, 3, '0') as fc,
      (array['STEP IN STORE','FACEBOOK STORE','ZALO STORE','HOTLINE STORE','TIKTOKSHOP'])[1 + (g / 7) % 5] as st,
      date '2026-03-01' + (g % 31) as day from generate_series(1, ${n}) g) o`;
  await db.execute(sql`
    insert into sales_value_documents (document_type, document_no, pos_so_no, posting_date, franchise_code, location_code,
      sales_type, customer_no, customer_name, quantity, amount)
    select 'invoice', 'SI' || g, 'SO' || g, day, fc, fc || '-0' || (1 + (g / 100) % 2), st, 'C' || (g % 50000),
      'Khách ' || (g % 50000), 2 + g % 3, (1 + g % 3) * 10000 + 25000 - case when g % 5 = 0 then 5000 else 0 end
    from ${orders}`);
  await db.execute(sql`
    insert into sales_value_entries (document_type, document_no, pos_so_no, posting_date, franchise_code, location_code,
      sales_type, customer_no, entry_kind, line_no, item_no, category_code, quantity, amount)
    select 'invoice', 'SI' || g, 'SO' || g, day, fc, fc || '-0' || (1 + (g / 100) % 2), st, 'C' || (g % 50000),
      k.kind, k.line_no, k.item, case when k.item = '' then '' else 'CAT' || (k.item_n % 50) end, k.qty, k.amount
    from ${orders}
    cross join lateral (values
      ('item', 10000, 'SP' || lpad((1 + g % ${ITEMS})::text, 5, '0'), 1 + g % ${ITEMS}, (1 + g % 3)::numeric, ((1 + g % 3) * 10000)::numeric),
      ('item', 20000, 'SP' || lpad((1 + (7 * g) % ${ITEMS})::text, 5, '0'), 1 + (7 * g) % ${ITEMS}, 1::numeric, 25000::numeric),
      ('discount', 0, '', 0, 0::numeric, case when g % 5 = 0 then -5000 else 0 end::numeric)
    ) k(kind, line_no, item, item_n, qty, amount)
    where k.amount <> 0`);
  // A credit memo of line 1 for every 30th order, the next day (within the month).
  const credits = sql`(select * from ${orders} where g % 30 = 0) c`;
  await db.execute(sql`
    insert into sales_value_documents (document_type, document_no, pos_so_no, posting_date, franchise_code, location_code,
      sales_type, customer_no, customer_name, quantity, amount)
    select 'credit_memo', 'SCM' || g, 'SO' || g, least(day + 1, date '2026-03-31'), fc, fc || '-0' || (1 + (g / 100) % 2),
      st, 'C' || (g % 50000), 'Khách ' || (g % 50000), -(1 + g % 3), -(1 + g % 3) * 10000
    from ${credits}`);
  await db.execute(sql`
    insert into sales_value_entries (document_type, document_no, pos_so_no, posting_date, franchise_code, location_code,
      sales_type, customer_no, entry_kind, line_no, item_no, category_code, quantity, amount)
    select 'credit_memo', 'SCM' || g, 'SO' || g, least(day + 1, date '2026-03-31'), fc, fc || '-0' || (1 + (g / 100) % 2),
      st, 'C' || (g % 50000), 'item', 10000, 'SP' || lpad((1 + g % ${ITEMS})::text, 5, '0'),
      'CAT' || ((1 + g % ${ITEMS}) % 50), -(1 + g % 3), -(1 + g % 3) * 10000
    from ${credits}`);
  // The roll-ups the triggers on sales_value_documents and sales_value_entries appended (one delta per key and
  // statement), folded as the leading process would within seconds; then, as autovacuum would leave settled tables:
  // statistics and the visibility map (index-only scans need it).
  await compactRollUps(db, 50_000, 1_000);
  await db.execute(sql`vacuum analyze sales_value_daily`);
  await db.execute(sql`vacuum analyze sales_value_daily_items`);
  await db.execute(sql`vacuum analyze sales_value_daily_categories`);
  await db.execute(sql`vacuum analyze sales_value_documents`);
  await db.execute(sql`vacuum analyze sales_value_entries`);
}

async function grantReports(db: Db, username: string) {
  const [u] = await db.select().from(users).where(eq(users.username, username));
  const [perm] = await db
    .insert(pagePermissions)
    .values({
      name: `bench-rep-${username}`,
      permission_type: 'view',
      pages: REPORT_PAGES.map((page_url) => ({ page_url, permission_type: 'view' as const })),
    })
    .returning();
  await db.insert(pagePermissionUsers).values({ page_permission_id: perm.id, admin_user_id: u.user_id });
}

const MARCH = { from_date: '2026-03-01', to_date: '2026-03-31' };
const page = { pagination: { page: 1, size: 50 } };
const calls: [string, string, unknown][] = [
  ['summary by day', '/api/reports/revenue/summary', { ...MARCH, ...page }],
  ['summary total', '/api/reports/revenue/summary/total', MARCH],
  ['summary by franchise', '/api/reports/revenue/summary', { ...MARCH, ...page, group_by: 'franchise' }],
  ['summary by sales type', '/api/reports/revenue/summary', { ...MARCH, ...page, group_by: 'sales_type' }],
  ['summary by month', '/api/reports/revenue/summary', { ...MARCH, ...page, group_by: 'month' }],
  ['summary by day, one item', '/api/reports/revenue/summary', { ...MARCH, ...page, item_no: 'SP00042' }],
  ['summary by day, a category', '/api/reports/revenue/summary', { ...MARCH, ...page, category_code: 'CAT7' }],
  ['summary, one location', '/api/reports/revenue/summary', { ...MARCH, ...page, location_code: 'F001-01' }],
  ['detail, first page', '/api/reports/revenue/detail', { ...MARCH, ...page }],
  ['detail total', '/api/reports/revenue/detail/total', MARCH],
  ['detail, one document', '/api/reports/revenue/detail', { ...MARCH, ...page, document_no: 'SI4242' }],
];

export async function benchRevenueReports() {
  const kinds: Target[] = process.env.BENCH_TARGETS ? targets() : ['postgres'];
  for (const kind of kinds) {
    const n = Number(process.env.BENCH_REVENUE_ORDERS ?? (kind === 'postgres' ? 1_000_000 : 100_000));
    const fresh = await freshDatabase(kind);
    const app = await salesApp(fresh.database);
    try {
      const t0 = performance.now();
      await generateRevenue(app.db, n);
      const [c] = rowsOf(
        await app.db.execute(sql`select (select count(*) from sales_value_documents)::int as docs,
          (select count(*) from sales_value_entries)::int as entries`),
      );
      console.log(
        `\n${kind}: ${n.toLocaleString('en')} orders in March 2026: ${Number(c.docs).toLocaleString('en')} value documents, ${Number(c.entries).toLocaleString('en')} value entries, generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      const store = await app.user('benchrev', 'Store Staff', 'F001');
      const office = await app.user('benchrevoffice', 'Head Office', null);
      await grantReports(app.db, 'benchrev');
      await grantReports(app.db, 'benchrevoffice');
      for (const [who, client] of [
        ['head office', office],
        ['store user', store],
      ] as const) {
        for (const [what, url, body] of calls.filter(([w]) => w.includes(process.env.BENCH_REVENUE_CALLS ?? ''))) {
          const label = `${who}, ${what}`;
          fresh.captured.length = 0;
          fresh.state.capturing = true;
          const probe = await client.post<{ total_count?: number; documents?: number }>(url, body);
          fresh.state.capturing = false;
          if (probe.status !== 200) {
            console.log(`${kind}  ${label}: answered ${probe.status} ${probe.body.slice(0, 200)}`);
            continue;
          }
          const statements: Statement[] = fresh.captured.filter((s) => /sales_value_/i.test(s.sql));
          const api = await measure(RUNS, () => client.post(url, body));
          const direct = await measure(RUNS, async () => {
            for (const s of statements) await app.db.execute(replay(s));
          });
          const size = probe.data.total_count ?? probe.data.documents;
          console.log(
            `${kind.padEnd(8)}  ${label.padEnd(40)} ${String(size).padStart(8)}  API p50=${api.p50} p95=${api.p95} ms   same SQL p50=${direct.p50} p95=${direct.p95} ms   ratio p95 ${(api.p95 / Math.max(direct.p95, 0.1)).toFixed(2)}`,
          );
          if (process.env.BENCH_EXPLAIN)
            for (const s of statements) {
              const plan = rowsOf(await app.db.execute(sql`explain analyze ${replay(s)}`)).map((r) =>
                String(Object.values(r)[0]),
              );
              console.log(plan.map((l) => `            ${l}`).join('\n'));
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
  for (let i = 0; i < Math.min(3, n); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return { p50: +pct(times, 50).toFixed(1), p95: +pct(times, 95).toFixed(1) };
}
