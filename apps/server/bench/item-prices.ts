import { sql } from 'drizzle-orm';
import { benchApp, measure, BENCH_ADMIN_PASSWORD } from './harness.js';

/**
 * Item price filter at 100,000 prices across 500 franchises (2,000 items, 5 price lists, validity windows),
 * through the API (auth, validation, list engine, envelope) against the raw SQL of the same query. Also the
 * items filter with the effective price for one franchise (200 items per franchise list).
 */
export async function benchItemPrices() {
  const FRANCHISES = 500;
  const ITEMS = 2_000;
  const PRICES = 100_000;
  const b = await benchApp();
  const db = b.services.db;
  const t0 = performance.now();
  await db.execute(
    sql`insert into franchises (customer_no, name) select 'F' || lpad(g::text, 4, '0'), 'Cửa hàng ' || g from generate_series(1, ${FRANCHISES}) g`,
  );
  await db.execute(
    sql`insert into items (item_no, description, base_unit_of_measure, unit_price) select 'SP' || lpad(g::text, 5, '0'), 'Sản phẩm ' || g, 'PCS', (10 + g % 490) * 1000 from generate_series(1, ${ITEMS}) g`,
  );
  await db.execute(
    sql`insert into item_price_lists (code, name) select 'PL' || g, 'Bảng giá ' || g from generate_series(1, 5) g`,
  );
  // Each franchise gets 200 items' prices (g = franchise + 500 × item); every 10th price is for all franchises,
  // in its own week (franchise prices spread over 50 weeks), so no two prices overlap.
  await db.execute(sql`
    insert into item_prices (price_list_code, item_no, unit_of_measure, franchise_code, unit_price, valid_from, valid_to, pinned, sort)
    select 'PL' || (1 + g % 5), 'SP' || lpad((1 + (g / ${FRANCHISES}) % ${ITEMS})::text, 5, '0'), 'PCS',
      case when g % 10 = 0 then null else 'F' || lpad((1 + g % ${FRANCHISES})::text, 4, '0') end,
      (5 + g % 400) * 1000, date '2026-01-01' + w.week * 7, date '2026-01-01' + w.week * 7 + 6,
      g % 97 = 0, g % 100
    from generate_series(0, ${PRICES - 1}) g
    cross join lateral (select case when g % 10 = 0 then (g % ${FRANCHISES}) / 10 else (g / ${FRANCHISES}) % 50 end as week) w`);
  await db.execute(sql`
    insert into franchise_items (franchise_code, item_no, price_rate, sort)
    select f.customer_no, 'SP' || lpad((1 + (f.id * 7 + k) % ${ITEMS})::text, 5, '0'), 1 + (k % 20) / 100.0, k
    from franchises f cross join generate_series(1, 200) k on conflict do nothing`);
  await db.execute(sql`analyze`);
  const counts = (await db.execute(
    sql`select (select count(*) from item_prices)::int as prices, (select count(*) from franchises)::int as franchises, (select count(*) from franchise_items)::int as fi`,
  )) as unknown as { rows: { prices: number; franchises: number; fi: number }[] };
  const c = counts.rows[0];
  console.log(
    `\nData: ${c.prices} item prices, ${c.franchises} franchises, ${ITEMS} items, ${c.fi} franchise item rows (${b.services.dbKind}; generated in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );

  const token = (
    await b.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: BENCH_ADMIN_PASSWORD },
    })
  ).json<string>();
  // Franchises F0001, F0011, … hold only all-franchise prices in this data; pick the others.
  const franchise = (i: number) => {
    const n = 1 + ((i * 37) % FRANCHISES);
    return `F${String((n - 1) % 10 === 0 ? n + 1 : n).padStart(4, '0')}`;
  };
  const apiFilter = (i: number) =>
    b.app.inject({
      method: 'POST',
      url: '/api/item-prices/filter',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        pagination: { page: 1 + (i % 3), size: 20 },
        filters: [
          { field: 'franchise_code', value: franchise(i), condition_type: 'eq' },
          { field: 'valid_from', value: '01-02-2026', condition_type: 'gteq' },
        ],
        sort_order: { field: 'item_no', direction: 'asc' },
      },
    });
  const probe = await apiFilter(0);
  const probeBody = probe.json<{ data: { total_count: number } }>();
  if (probe.statusCode !== 200)
    console.log(`item-prices filter answered ${probe.statusCode}: ${probe.body.slice(0, 200)}`);
  else console.log(`a franchise's prices valid from 01-02-2026: ${probeBody.data.total_count} rows (20 a page)`);
  // The same query the list engine builds, written by hand.
  const raw = (i: number) =>
    db.execute(sql`
      select p.*, l.name as price_list_name, it.description as item_description, it.unit_price as list_price, count(*) over() as __total
      from item_prices p join item_price_lists l on l.code = p.price_list_code join items it on it.item_no = p.item_no
      where p.franchise_code = ${franchise(i)} and p.valid_from >= '2026-02-01'
      order by p.item_no asc, p.id asc limit 20 offset ${(i % 3) * 20}`);
  // The fixed cost of any API call here (session lookup, permission, API log, envelope): an empty category tree.
  const baseline = () =>
    b.app.inject({ method: 'GET', url: '/api/categories', headers: { authorization: `Bearer ${token}` } });
  await measure('GET /api/categories (empty: the per-call overhead)', 300, baseline);
  await measure('POST /api/item-prices/filter (franchise, from date)', 300, apiFilter);
  await measure('  raw SQL of the same query', 300, raw);

  const apiItems = (i: number) =>
    b.app.inject({
      method: 'POST',
      url: '/api/items/filter',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        pagination: { page: 1 + (i % 3), size: 20 },
        filters: [{ field: 'franchise_code', value: franchise(i), condition_type: 'eq' }],
        sort_order: { field: 'sort', direction: 'asc' },
      },
    });
  const itemsProbe = await apiItems(0);
  if (itemsProbe.statusCode !== 200)
    console.log(`items filter answered ${itemsProbe.statusCode}: ${itemsProbe.body.slice(0, 200)}`);
  await measure("POST /api/items/filter (a franchise's list, effective price)", 200, apiItems);
  await b.close();
}
