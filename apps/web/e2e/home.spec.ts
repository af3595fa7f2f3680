import { formatNumber } from '@fp/contract';
import { test, expect, apiAs, makeData, DEMO_PASSWORD, type Api, type SalesDoc, signIn } from './fixtures';

// The home page (issue 11): "how are we doing today". The store journey uses Đà Nẵng (DN001, one store DN001-01),
// which no other journey sells at, so every figure on it is the one this journey made.

test.describe.configure({ timeout: 180_000 });

const STORE = 'DN001';
const LOCATION = 'DN001-01';

/** A sales order of the Đà Nẵng store made by head office (admin), run through `then` (release, ship = invoice). */
async function storeOrder(
  api: Api,
  o: { customer: string; item: string; quantity: string; then: ('release' | 'ship')[] },
): Promise<SalesDoc> {
  let doc = await api.post<SalesDoc>('/api/sales-orders', {
    document_type: 'order',
    franchise_code: STORE,
    location_code: LOCATION,
    sales_type: 'HOTLINE',
    sell_to_code: o.customer,
    lines: [{ item_no: o.item, quantity: o.quantity }],
  });
  for (const action of o.then) {
    const ref = { pos_so_no: doc.pos_so_no, version: doc.version };
    doc =
      action === 'release'
        ? await api.put<SalesDoc>('/api/sales-orders/status', { ...ref, status: 'released' })
        : await api.post<SalesDoc>('/api/sales-orders/ship', { ...ref, sell_on_credit: true });
  }
  return doc;
}

test('home for a store: sales today, open orders, no shift then the cash in the drawer, low stock', async ({
  browser,
  baseURL,
  api,
  data,
  request,
}) => {
  const manager = await apiAs(request, 'danang.manager', DEMO_PASSWORD);
  const before = await manager.get<{ today: { sales_amount: string; orders: number }; open_orders: number }>(
    '/api/home',
  );

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, 'danang.manager', DEMO_PASSWORD);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Xin chào/ })).toBeVisible();
  // No shift is open at the store: the drawer says so.
  await expect(page.getByTestId('home-cash')).toContainText('No open shift');
  await expect(page.getByTestId('home-today')).toContainText(formatNumber(before.today.sales_amount));

  // An order invoiced today (2 × 250.000) and one released, still open.
  const item = await data.item({ franchise: STORE, unit_price: '250000', description: `Quạt điện ${Date.now()}` });
  await data.allowNegativeStock();
  const customer = await data.customer({ franchise_code: STORE });
  const order = (quantity: string, then: ('release' | 'ship')[]) =>
    storeOrder(api, { customer: customer.customer_no, item, quantity, then });
  await order('2', ['release', 'ship']);
  await order('1', ['release']);
  // A shift opened at the store with a float of 300.000.
  const shift = await api.post<{ id: number; version: number }>('/api/shifts/open', {
    location_code: LOCATION,
    opening_float: '300000',
  });

  try {
    const after = await manager.get<{
      today: { sales_amount: string; orders: number };
      open_orders: number;
      cash_in_drawer: string | null;
    }>('/api/home');
    // By hand: 2 × 250.000 invoiced (the item's price includes VAT), one more invoiced order, one more open order.
    expect(Number(after.today.sales_amount) - Number(before.today.sales_amount)).toBe(500000);
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.open_orders).toBe(before.open_orders + 1);
    expect(after.cash_in_drawer).toBe('300000.00');

    await page.reload();
    const today = page.getByTestId('home-today');
    await expect(today).toContainText(formatNumber(after.today.sales_amount));
    await expect(today).toContainText(
      after.today.orders === 1 ? '1 order invoiced' : `${after.today.orders} orders invoiced`,
    );
    await expect(page.getByTestId('home-open-orders')).toContainText(String(after.open_orders));
    await expect(page.getByTestId('home-cash')).toContainText('300.000');
    // The item sold without stock is low (on hand −2 ≤ 5).
    const low = page.getByTestId('home-low-stock').locator('tr', { hasText: item });
    await expect(low).toContainText(LOCATION);
    await expect(low).toContainText('-2');

    await page.getByTestId('home-open-orders').getByRole('link', { name: 'Go to Sales Orders' }).click();
    await expect(page).toHaveURL(/\/salesOrders$/);
  } finally {
    await api.post('/api/shifts/close', {
      shift_id: shift.id,
      version: shift.version,
      counted: [
        { payment_method: 'cash', amount: '300000' },
        { payment_method: 'card', amount: '0' },
        { payment_method: 'transfer', amount: '0' },
      ],
    });
    await context.close();
  }
});

test('home for head office: net revenue by franchise this month against last month, as a chart and a table', async ({
  headOfficePage: page,
  api,
  request,
}) => {
  // Revenue this month at DN001, so the chart has bars whatever ran before.
  const data = makeData(api);
  const item = await data.item({ franchise: STORE, unit_price: '120000', description: `Ấm siêu tốc ${Date.now()}` });
  await data.allowNegativeStock();
  const customer = await data.customer({ franchise_code: STORE });
  await storeOrder(api, { customer: customer.customer_no, item, quantity: '1', then: ['release', 'ship'] });
  const ho = await apiAs(request, 'headoffice', DEMO_PASSWORD);
  const home = await ho.get<{
    kind: string;
    revenue_by_franchise: { franchise_code: string; name: string; this_month: string; last_month: string }[];
  }>('/api/home');
  expect(home.kind).toBe('head_office');
  await page.goto('/');
  const card = page.getByTestId('home-revenue');
  await expect(card).toContainText('Net Revenue by Franchise');
  for (const r of home.revenue_by_franchise) {
    const row = card.locator('tbody tr', { hasText: r.franchise_code });
    await expect(row).toContainText(r.name);
    await expect(row).toContainText(formatNumber(r.this_month));
    await expect(row).toContainText(formatNumber(r.last_month));
  }
  expect(Number(home.revenue_by_franchise.find((r) => r.franchise_code === STORE)?.this_month)).toBeGreaterThanOrEqual(
    120000,
  );
  // The chart (recharts): one bar group per franchise, this month and last month in the legend.
  const chart = page.getByRole('img', { name: 'Net revenue by franchise, this month against last month' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-legend-item-text', { hasText: 'This Month' })).toBeVisible();
  await expect(chart.locator('.recharts-legend-item-text', { hasText: 'Last Month' })).toBeVisible();
  // Pointing at the store's bars shows its amounts, German-style.
  const storeThisMonth = home.revenue_by_franchise.find((r) => r.franchise_code === STORE)?.this_month ?? '0';
  const surface = chart.locator('svg[role="application"]');
  const tick = surface.locator('text').filter({ hasText: new RegExp(`^${STORE}$`) });
  const tickBox = await tick.boundingBox();
  const plotBox = await surface.boundingBox();
  expect(tickBox && plotBox).toBeTruthy();
  await page.mouse.move(tickBox!.x + tickBox!.width / 2, plotBox!.y + plotBox!.height * 0.4);
  const tooltip = chart.locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toContainText(STORE);
  await expect(tooltip).toContainText(`This Month : ${formatNumber(storeThisMonth)}`);
});
