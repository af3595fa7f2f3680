import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { checkBooks, totalViolations } from '../src/books/checks.js';
import { freshDatabase, pct, replay, rowsOf, salesApp, targets, type Statement } from './sales-harness.js';

/**
 * The sales order list at scale: a generator builds BENCH_ORDERS orders (default 1,000,000 on PostgreSQL and
 * 100,000 on PGlite) with one line each across 100 franchises and the year 2026 (statuses open, released, confirmed,
 * canceled; grand_total set; number series consistent, so check:books holds), in SQL with generate_series. Then
 * POST /api/sales-orders/filter (status in open|released, order_date in March, first page of 20) sorted by
 * order_date desc and by grand_total desc, as a store user (their franchise) and as head office (every franchise),
 * p50/p99 through the API (app.inject) against the very statements the API ran (captured from the driver and
 * replayed directly with the same parameters). EXPLAIN shows whether an index serves each. BENCH_LIST_RUNS (200).
 */
const FRANCHISES = 100;
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 200);

export async function generateOrders(db: Db, n: number) {
  const perFranchise = Math.ceil(n / FRANCHISES);
  await db.execute(sql`insert into franchises (customer_no, name)
    select 'F' || lpad(g::text, 3, '0'), 'Cửa hàng ' || g from generate_series(1, ${FRANCHISES}) g`);
  await db.execute(sql`insert into locations (location_code, customer_no, name)
    select 'F' || lpad(g::text, 3, '0') || '-01', 'F' || lpad(g::text, 3, '0'), 'Kho ' || g
    from generate_series(1, ${FRANCHISES}) g`);
  await db.execute(sql`
    insert into sales_orders (pos_so_no, document_type, franchise_code, location_code, sales_type, status, sell_to_code,
      sell_to_name, sell_to_phone_no, ship_to_address, grand_total, order_date)
    select x.fc || '-SO-26-' || lpad(x.seq::text, 6, '0'), 'order', x.fc, x.fc || '-01',
      (array['STEP IN STORE', 'FACEBOOK STORE', 'ZALO STORE', 'HOTLINE STORE', 'TIKTOKSHOP'])[1 + x.g % 5],
      case when (x.g::bigint * 7919) % 100 < 30 then 'open' when (x.g::bigint * 7919) % 100 < 60 then 'released'
        when (x.g::bigint * 7919) % 100 < 70 then 'confirmed' else 'canceled' end,
      'C' || x.g, 'Khách hàng ' || x.g, '09' || lpad((x.g % 100000000)::text, 8, '0'), 'Số ' || x.g || ' Phố Huế',
      (1 + x.g % 5) * (10 + x.g % 490) * 1000, date '2026-01-01' + ((x.seq - 1) * 365 / ${perFranchise})::int
    from (select g, 'F' || lpad((1 + (g - 1) % ${FRANCHISES})::text, 3, '0') as fc, (g - 1) / ${FRANCHISES} + 1 as seq
      from generate_series(1, ${n}) g) x`);
  await db.execute(sql`
    insert into sales_order_lines (pos_so_no, line_no, item_no, unit_of_measure, location_code, quantity, unit_price,
      amount)
    select o.pos_so_no, 10000, 'SP' || lpad((1 + x.g % 2000)::text, 5, '0'), 'PCS', o.location_code, 1 + x.g % 5,
      (10 + x.g % 490) * 1000, o.grand_total
    from sales_orders o cross join lateral (select substring(o.sell_to_code from 2)::int as g) x`);
  await db.execute(sql`insert into number_series (franchise_code, document_type, year, prefix, last_no, last_date)
    select franchise_code, 'SO', 2026, franchise_code || '-SO-26-', count(*), max(order_date)
    from sales_orders group by franchise_code`);
  await db.execute(sql`analyze`);
}

export async function benchSalesList() {
  for (const kind of targets()) {
    const n = Number(process.env.BENCH_ORDERS ?? (kind === 'postgres' ? 1_000_000 : 100_000));
    const fresh = await freshDatabase(kind);
    const app = await salesApp(fresh.database);
    try {
      const t0 = performance.now();
      await generateOrders(app.db, n);
      const [c] = rowsOf(await app.db.execute(sql`select count(*)::int as n from sales_orders`));
      console.log(
        `\n${kind}: ${Number(c.n).toLocaleString('en')} orders (1 line each, ${FRANCHISES} franchises) generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      const store = await app.user('benchlist', 'Store Staff', 'F001');
      const office = await app.user('benchoffice', 'Head Office', null);
      const filters = [
        { field: 'status', value: 'open|released', condition_type: 'in' },
        { field: 'order_date', value: '2026-03-01', condition_type: 'gteq' },
        { field: 'order_date', value: '2026-03-31', condition_type: 'lteq' },
      ];
      for (const [who, client] of [
        ['store user', store],
        ['head office', office],
      ] as const) {
        for (const sort of ['order_date', 'grand_total']) {
          const body = {
            pagination: { page: 1, size: 20 },
            filters,
            sort_order: { field: sort, direction: 'desc' },
          };
          const label = `${who}, ${sort} desc`;
          fresh.captured.length = 0;
          fresh.state.capturing = true;
          const probe = await client.post<{ total_count: number }>('/api/sales-orders/filter', body);
          fresh.state.capturing = false;
          if (probe.status !== 200) {
            console.log(`${kind}  ${label}: the list answered ${probe.status} ${probe.body.slice(0, 200)}`);
            continue;
          }
          // The list's own statements: those that read sales_orders (not the session, grants or api log).
          const statements: Statement[] = fresh.captured.filter((s) => /from "?sales_orders"?/i.test(s.sql));
          const api = await measure(RUNS, () => client.post('/api/sales-orders/filter', body));
          const direct = await measure(RUNS, async () => {
            for (const s of statements) await app.db.execute(replay(s));
          });
          console.log(
            `${kind.padEnd(8)}  ${label.padEnd(28)} total ${String(probe.data.total_count).padStart(7)}  API p50=${api.p50} p99=${api.p99} ms   same SQL p50=${direct.p50} p99=${direct.p99} ms  (${statements.length} statement${statements.length === 1 ? '' : 's'})`,
          );
          for (const s of statements) {
            const plan = rowsOf(await app.db.execute(sql`explain ${replay(s)}`)).map((r) =>
              String(Object.values(r)[0]),
            );
            const seq = plan.filter((l) => /Seq Scan on sales_orders/.test(l));
            const used = [
              ...new Set(
                plan.flatMap(
                  (l) => /(?:Index (?:Only )?Scan (?:Backward )?using|Bitmap Index Scan on) (\S+)/.exec(l)?.[1] ?? [],
                ),
              ),
            ];
            console.log(
              `          plan: ${seq.length ? 'SEQ SCAN on sales_orders' : 'no seq scan on sales_orders'}; indexes ${used.join(', ') || 'none'}`,
            );
          }
        }
      }
      const t1 = performance.now();
      const books = await checkBooks(app.db);
      console.log(
        `${kind.padEnd(8)}  check:books over these orders: ${totalViolations(books)} violations in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
      );
    } finally {
      await app.close();
      await fresh.database.close();
      await fresh.drop();
    }
  }
}

async function measure(n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(10, n); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return { p50: +pct(times, 50).toFixed(1), p99: +pct(times, 99).toFixed(1) };
}
