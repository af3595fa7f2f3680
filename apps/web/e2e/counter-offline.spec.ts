import type { BrowserContext, Page } from '@playwright/test';
import { businessDate, formatNumber } from '@fp/contract/web';
import {
  test,
  expect,
  apiAs,
  freshPhone,
  ListPage,
  ROLE_USERS,
  uniq,
  type Api,
  type makeData,
  signIn,
} from './fixtures';
import { choose } from './support/pages';

// Selling through a network outage (issue 19): the counter sells on with no network and no server, a reload still
// opens it (the service worker), and when the connection returns every sale made offline reaches the server exactly
// once with its device number — with two tabs open, with the connection dropped during the sync and with the answer
// lost after the server committed. Run as the store staff.
test.describe.configure({ timeout: 300_000 });
// The service worker is what keeps the counter on offline: allowed here (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const ITEM_FIELD = 'Item number, barcode or name';
const BANNER = 'Offline: sales are kept on this device and sent when the connection returns';

/** A GTIN-13 no other item has. */
const freshGtin = () => `89${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** Two items with barcodes and a customer of the store, made through the API before the counter reads its data. */
async function setup(api: Api, data: ReturnType<typeof makeData>) {
  const u = uniq();
  const customer = await data.customer({ name: `Khách offline ${u}` });
  const cup = await data.item({
    franchise: 'HN001',
    unit_price: '25000',
    description: `Cốc sứ ${u}`,
    barcode: freshGtin(),
  });
  const tea = await data.item({ franchise: 'HN001', unit_price: '40000', description: `Trà xanh ${u}` });
  const cupGtin = (await api.get<{ barcode: string }>(`/api/items/${cup}`)).barcode;
  return { u, customer, cup, cupGtin, tea };
}

/** The counter ready to sell offline: the service worker controls the page, the offline data and numbers are in. */
async function readyOffline(page: Page) {
  await page.goto('/counter');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // the page a service worker controls (clientsClaim): a reload now comes from its cache when the network is gone
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await page.getByRole('button', { name: 'Refresh Offline Data' }).click();
  await expect(page.getByTestId('offline-freshness')).toContainText('Offline data from');
  await expect(page.getByTestId('offline-numbers')).toContainText(/\d+ offline numbers left/);
}

/** F4 with a phone: the store's customer (from the offline data when offline), kept for the next sales. */
async function keepCustomer(page: Page, phone: string, name: string) {
  await page.keyboard.press('F4');
  const dialog = page.getByRole('dialog', { name: 'Customer' });
  await dialog.getByLabel('Mobile Phone').fill(phone);
  await dialog.getByLabel('Mobile Phone').press('Enter');
  await expect(dialog.getByText(name)).toBeVisible();
  await dialog.getByRole('switch').click();
  await dialog.getByRole('button', { name: 'Use' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('counter-customer')).toContainText(name);
}

/** One sale by the counter's keys: scans, F9, Enter (exact cash); answers the device number on its receipt. */
async function sellOffline(page: Page, codes: string[], total: number) {
  const field = page.getByLabel(ITEM_FIELD);
  await expect(field).toBeFocused();
  for (const c of codes) await scan(page, c);
  await expect(page.getByTestId('counter-subtotal')).toHaveText(formatNumber(total));
  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: `Pay ${formatNumber(total)}` });
  await expect(pay.getByLabel('Amount')).toHaveValue(String(total));
  await expect(pay.getByRole('button', { name: 'Transfer' })).toBeDisabled();
  await page.keyboard.press('Enter');
  await expect(pay).toBeHidden();
  const receipt = page.getByTestId('counter-receipt');
  await expect(receipt.getByTestId('counter-receipt-total')).toHaveText(formatNumber(total));
  await expect(field).toBeFocused();
  return (await receipt.getByTestId('counter-receipt-order').innerText()).trim();
}

/** The network and the server gone for every tab of the context (requests to /api aborted as by a stopped server). */
async function cut(context: BrowserContext) {
  await context.route('**/api/**', (r) => r.abort('connectionrefused'));
  await context.setOffline(true);
}
async function restore(context: BrowserContext) {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}

type OrderRow = { pos_so_no: string; device_doc_no: string; offline_device: string; sold_at: string | null };

/** The customer's orders as the sales order list answers them. */
async function ordersOf(api: Api, customerNo: string) {
  return (await api.list<OrderRow>('/api/sales-orders/filter', { customer_no: customerNo })).items;
}

test('three sales offline by scan, F9 and Enter with two tabs open, a reload offline, the network back: each once with its device number', async ({
  storeStaffPage: page,
  api,
  data,
}) => {
  const s = await setup(api, data);
  await readyOffline(page);
  await keepCustomer(page, s.customer.phone_no, s.customer.name);
  // A second tab of the counter on the same device (both try to send when the connection returns).
  const second = await page.context().newPage();
  await signIn(second, ROLE_USERS.storeStaff.username, ROLE_USERS.storeStaff.password);
  await second.goto('/counter');
  await expect(second.getByLabel(ITEM_FIELD)).toBeVisible();
  // The cashier sells in the first tab (the one in front: a background tab's dialogs get no animation frames).
  await page.bringToFront();

  await cut(page.context());
  await expect(page.getByText(BANNER)).toBeVisible();
  const numbers = [
    await sellOffline(page, [s.cupGtin, s.tea], 25000 + 40000),
    await sellOffline(page, [s.tea, s.tea], 2 * 40000),
    await sellOffline(page, [s.cup], 25000),
  ];
  expect(new Set(numbers).size).toBe(3);
  await expect(page.getByText('3 unsent sales on this device.')).toBeVisible();

  // A reload with no network still opens the counter, its unsent sales kept.
  await page.reload();
  await expect(page.getByLabel(ITEM_FIELD)).toBeVisible();
  await expect(page.getByText(BANNER)).toBeVisible();
  await expect(page.getByText('3 unsent sales on this device.')).toBeVisible();
  await expect(page.getByTestId('counter-customer')).toContainText(s.customer.name);

  // The network back: the sales reach the server, each once, with the numbers the device gave them.
  await restore(page.context());
  await expect(page.getByText(BANNER)).toBeHidden();
  await expect(page.getByTestId('offline-outbox-open')).toHaveText('Unsent Sales (0)');
  await expect(second.getByTestId('offline-outbox-open')).toHaveText('Unsent Sales (0)');
  const orders = await ordersOf(api, s.customer.customer_no);
  expect(orders.map((o) => o.device_doc_no).sort()).toEqual([...numbers].sort());
  expect(new Set(orders.map((o) => o.offline_device)).size).toBe(1);
  expect(orders.every((o) => o.sold_at)).toBe(true);
});

test('the connection dropped during the sync and an answer lost after the server committed: no sale lost, none doubled', async ({
  storeStaffPage: page,
  api,
  data,
}) => {
  const s = await setup(api, data);
  await readyOffline(page);
  await cut(page.context());
  // The customer found by phone among the store's customers kept on the device.
  await keepCustomer(page, s.customer.phone_no, s.customer.name);
  const numbers = [
    await sellOffline(page, [s.cup], 25000),
    await sellOffline(page, [s.tea], 40000),
    await sellOffline(page, [s.cupGtin, s.tea], 65000),
  ];

  // Logging out with unsent sales warns that they stay on the device; the cashier stays.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const warning = page.getByRole('dialog').filter({ hasText: 'Unsent sales on this device' });
  await expect(warning).toContainText('3 sales made offline have not reached the server yet');
  await warning.getByRole('button', { name: 'Stay' }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByLabel(ITEM_FIELD)).toBeVisible();

  // Back online, but the first send's answer is lost after the server committed it, and the connection drops on
  // the second send before it reaches the server; later sends go through.
  let sends = 0;
  await page.context().unroute('**/api/**');
  await page.context().route('**/api/counter-sales', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    sends += 1;
    if (sends === 1) {
      await route.fetch(); // the server posts the sale …
      return route.abort('connectionreset'); // … and its answer never arrives
    }
    if (sends === 2) return route.abort('internetdisconnected');
    return route.fallback();
  });
  await page.context().setOffline(false);
  await expect(page.getByTestId('offline-outbox-open')).toHaveText('Unsent Sales (0)', { timeout: 90_000 });
  expect(sends).toBeGreaterThanOrEqual(5);
  const orders = await ordersOf(api, s.customer.customer_no);
  expect(orders.map((o) => o.device_doc_no).sort()).toEqual([...numbers].sort());
});

test('sales the server refuses stay on the device with its message: one sent again once the cause is fixed posts once, one discarded after confirmation', async ({
  storeStaffPage: page,
  api,
  data,
}) => {
  const s = await setup(api, data);
  await readyOffline(page);
  await keepCustomer(page, s.customer.phone_no, s.customer.name);
  await cut(page.context());
  const no = await sellOffline(page, [s.tea], 40000);
  const dropped = await sellOffline(page, [s.cup], 25000);

  // Meanwhile head office closes the franchise: the server refuses the sale when the connection returns.
  const setActive = async (is_active: boolean) => {
    const f = await api.get<{ version: number }>('/api/franchises/HN001');
    await api.put('/api/franchises', { customer_no: 'HN001', version: f.version, is_active });
  };
  await setActive(false);
  try {
    await restore(page.context());
    await expect(page.getByText('2 sales made offline were refused by the server')).toBeVisible();
    await page.getByRole('button', { name: 'Show' }).click();
    const drawer = page.getByRole('dialog', { name: 'Sales kept on this device' });
    for (const n of [no, dropped]) {
      const row = drawer.getByRole('row').filter({ hasText: n });
      await expect(row).toContainText('Refused');
      await expect(row).toContainText('Franchise HN001 is closed: it cannot sell');
    }
    expect(await ordersOf(api, s.customer.customer_no)).toHaveLength(0);
  } finally {
    await setActive(true);
  }
  // Reopened, the manager sends one again (one order with the device's number) and discards the other.
  const drawer = page.getByRole('dialog', { name: 'Sales kept on this device' });
  await drawer.getByRole('row').filter({ hasText: no }).getByRole('button', { name: 'Send Again' }).click();
  await expect(drawer.getByRole('row').filter({ hasText: no })).toHaveCount(0);
  await drawer.getByRole('row').filter({ hasText: dropped }).getByRole('button', { name: 'Discard' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Discard sale ${dropped} from this device?` });
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(drawer.getByText('Every sale made on this device has reached the server.')).toBeVisible();
  const orders = await ordersOf(api, s.customer.customer_no);
  expect(orders.map((o) => o.device_doc_no)).toEqual([no]);
});

test('the store manager sees the counter sales flagged when they came back, the flags in words, and marks one reviewed', async ({
  storeManagerPage: page,
  request,
  data,
}) => {
  // An offline sale of an item the store does not have, sent by the cashier's device a minute after it was paid. The
  // stock rule as the demo has it: another journey of this worker's server may have allowed negative stock.
  await data.allowNegativeStock(false);
  const staff = await apiAs(request, ROLE_USERS.storeStaff.username, ROLE_USERS.storeStaff.password);
  const item = await data.item({ franchise: 'HN001', unit_price: '50000', description: `Ấm trà ${uniq()}` });
  const customer = await data.customer();
  const sale = await staff.post<{ pos_so_no: string; flags: string[] }>('/api/counter-sales', {
    client_id: crypto.randomUUID(),
    location_code: 'HN001-01',
    sell_to_code: customer.customer_no,
    lines: [{ item_no: item, quantity: '2' }],
    payments: [{ payment_type: 'cash', amount: '100000' }],
    sold_at: new Date(Date.now() - 60_000).toISOString(),
  });
  expect(sale.flags).toContain('stock_short');

  await page.goto('/counter/flagged');
  await expect(page.getByRole('heading', { name: 'Flagged Counter Sales' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: sale.pos_so_no });
  await expect(row).toContainText('Stock short');
  await expect(row).toContainText(customer.name);
  await expect(row).toContainText(formatNumber(100000));
  await row.getByRole('button', { name: 'Mark Reviewed' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Mark sale ${sale.pos_so_no} reviewed?` });
  await confirm.getByRole('button', { name: 'Mark Reviewed' }).click();
  await expect(page.getByText('Marked Reviewed Successfully!')).toBeVisible();
  await expect(row).toContainText(`Reviewed by ${ROLE_USERS.storeManager.username}`);
  // The sales order list shows it among the flagged sales, its flags in words, and its header says when it was sold.
  const list = new ListPage(page);
  await list.goto('/salesOrdersInvoicedCanceled', 'Sales Orders Invoiced/Canceled');
  await choose(page, page.locator('form.list-filters'), 'Flagged', 'Yes');
  await list.search({ 'POSSO No': sale.pos_so_no });
  await expect(list.row(sale.pos_so_no)).toContainText('Stock short');
  await list.row(sale.pos_so_no).getByRole('link', { name: sale.pos_so_no }).click();
  await expect(page.getByTestId('order-flags')).toContainText('Stock short');
  await expect(page.getByTestId('order-sold-at')).toBeVisible();
});

test('the birthday promotion taken offline as the server takes it: the sale comes back without promotion_changed, once a year, its device number in the sales order list', async ({
  storeStaffPage: page,
  api,
  data,
}) => {
  const s = await setup(api, data);
  // A customer whose birthday month is this month (business date, Asia/Ho_Chi_Minh).
  const month = businessDate().slice(5, 7);
  const customer = await api.post<{ customer_no: string; name: string; phone_no: string }>('/api/customers/temporary', {
    name: `Sinh nhật ${s.u}`,
    phone_no: freshPhone(),
    franchise_code: 'HN001',
    birth_date: `1990-${month}-01`,
  });
  const offline = await api.get<{ birthday_discount_percent: string }>(
    '/api/counter-sales/offline-data?location_code=HN001-01',
  );
  const total = Math.round(40000 * (1 - Number(offline.birthday_discount_percent) / 100));
  await readyOffline(page);
  await cut(page.context());
  await keepCustomer(page, customer.phone_no, customer.name);
  const field = page.getByLabel(ITEM_FIELD);
  await expect(field).toBeFocused();
  await scan(page, s.tea);
  await expect(page.getByTestId('counter-subtotal')).toHaveText(formatNumber(40000));
  const birthday = page.getByTestId('counter-birthday');
  await expect(birthday).toHaveText('Birthday promotion');
  await birthday.click();
  await expect(birthday).toHaveText('Birthday promotion taken (click to give it back)');
  await expect(field).toBeFocused();
  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: `Pay ${formatNumber(total)}` });
  await expect(pay.getByLabel('Amount')).toHaveValue(String(total));
  await page.keyboard.press('Enter');
  await expect(pay).toBeHidden();
  const receipt = page.getByTestId('counter-receipt');
  await expect(receipt.getByTestId('counter-receipt-total')).toHaveText(formatNumber(total));
  const no = (await receipt.getByTestId('counter-receipt-order').innerText()).trim();
  // Once a year: the next sale of the same customer on this device is not offered it.
  await expect(page.getByTestId('counter-customer')).toContainText(customer.name);
  await expect(birthday).toHaveCount(0);

  await restore(page.context());
  await expect(page.getByTestId('offline-outbox-open')).toHaveText('Unsent Sales (0)');
  const order = await api.get<{ flags: string[]; grand_total: string; applied_promotions: { code: string }[] }>(
    `/api/sales-orders/${no}`,
  );
  // The promotion the cashier saw is the server's (the demo store's shift and stock may flag the sale otherwise).
  expect(order.flags).not.toContain('promotion_changed');
  expect(order.flags).not.toContain('price_changed');
  expect(Number(order.grand_total)).toBe(total);
  expect(order.applied_promotions.map((a) => a.code)).toEqual(['BIRTHDAY']);

  // The sales order list: found by the device's number, its flags in words (not the promotion); the order's header
  // names the device.
  const list = new ListPage(page);
  await list.goto('/salesOrdersInvoicedCanceled', 'Sales Orders Invoiced/Canceled');
  await list.search({ 'Device No': no });
  await expect(list.row(no)).toContainText(customer.name);
  await expect(list.row(no)).not.toContainText('Promotion changed');
  await list.row(no).getByRole('link', { name: no }).click();
  await expect(page.getByTestId('order-device-no')).toContainText(no);
  await expect(page.getByTestId('order-sold-at')).toBeVisible();
});

test('F9, Enter pays every time, sale after sale, after the F4 customer dialog and the other counter dialogs; Escape still closes the payment and the focus stays in it', async ({
  storeStaffPage: page,
  api,
  data,
}) => {
  // Offline the device prices the sale, so the payment opens with its amount already in and the cashier's Enter can
  // follow F9 within milliseconds (online the dialog waits for the server's price). That Enter must pay: antd's focus
  // lock once put the focus on the dialog's Close button before the field took it, and the Enter closed the payment.
  const s = await setup(api, data);
  await readyOffline(page);
  await cut(page.context());
  await keepCustomer(page, s.customer.phone_no, s.customer.name);
  const field = page.getByLabel(ITEM_FIELD);
  await expect(field).toBeFocused();
  const pay = page.getByRole('dialog', { name: `Pay ${formatNumber(40000)}` });
  const outbox = page.getByTestId('offline-outbox-open');
  const receipt = page.getByTestId('counter-receipt');
  // The counter's other dialogs, each opened by its key with its field focused and closed by Escape.
  const dialogs: [key: string, name: string | RegExp, label: string][] = [
    ['F4', 'Customer', 'Mobile Phone'],
    ['F7', 'Coupon', 'Coupon Code'],
    ['F8', 'Points', 'Points to redeem'],
    ['F6', /^Discount on /, 'Line discount %'],
  ];
  const numbers: string[] = [];
  for (let i = 0; i < 8; i++) {
    await scan(page, s.tea);
    await expect(page.getByTestId('counter-subtotal')).toHaveText(formatNumber(40000));
    // every other sale right after another dialog; the rest right after the previous sale's payment
    if (i % 2 === 0) {
      const [key, name, label] = dialogs[(i / 2) % dialogs.length];
      await page.keyboard.press(key);
      const other = page.getByRole('dialog', { name });
      await expect(other.getByLabel(label)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(other).toBeHidden();
      await expect(field).toBeFocused();
    }
    await page.keyboard.press('F9');
    await expect(pay.getByLabel('Amount')).toHaveValue('40000');
    await page.keyboard.press('Enter');
    await expect(outbox).toHaveText(`Unsent Sales (${i + 1})`);
    await expect(pay).toBeHidden();
    await expect(receipt.getByTestId('counter-receipt-total')).toHaveText(formatNumber(40000));
    numbers.push((await receipt.getByTestId('counter-receipt-order').innerText()).trim());
    await expect(field).toBeFocused();
  }
  expect(new Set(numbers).size).toBe(8);

  // The focus stays in the open payment: Shift+Tab from its first element (Close) would reach the page behind, the
  // focus lock takes it round to the last one. Escape closes the payment and the sale stays; F9, Enter then pays it.
  await scan(page, s.tea);
  await page.keyboard.press('F9');
  await expect(pay.getByLabel('Customer hands')).toBeFocused();
  for (const name of ['Amount', 'Cash', 'Close', 'Complete Sale', 'Cancel', 'Customer hands']) {
    await page.keyboard.press('Shift+Tab');
    await expect(pay.locator(':focus')).toHaveAccessibleName(name);
  }
  await page.keyboard.press('Tab');
  await expect(pay.locator(':focus')).toHaveAccessibleName('Cancel');
  await page.keyboard.press('Escape');
  await expect(pay).toBeHidden();
  await expect(field).toBeFocused();
  await expect(page.getByTestId('counter-subtotal')).toHaveText(formatNumber(40000));
  await expect(outbox).toHaveText('Unsent Sales (8)');
  await page.keyboard.press('F9');
  await expect(pay.getByLabel('Amount')).toHaveValue('40000');
  await page.keyboard.press('Enter');
  await expect(outbox).toHaveText('Unsent Sales (9)');
  await expect(pay).toBeHidden();
});

test('the app is installable: the page links its web app manifest, which starts at the counter, and the service worker is served', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  const m = (await manifest.json()) as { name: string; start_url: string; display: string; icons: { src: string }[] };
  expect(m).toMatchObject({ name: 'Franchise Portal', start_url: '/counter', display: 'standalone' });
  for (const icon of m.icons) expect((await request.get(icon.src)).status()).toBe(200);
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
});
