import type { Page } from '@playwright/test';
import { test, expect, freshPhone, loginAs, uniq, ListPage, DEMO_FRANCHISE, signIn } from './fixtures';
import { SalesDocumentPage } from './support/sales-document';
import { PurchaseDocumentPage, purchasing } from './support/purchasing';
import { cellTexts, knownSales } from './support/reports';
import { expectNoEnglish, tv, useVietnamese, vi, viToast } from './support/i18n';

// issue 23: the walk-in sale, the purchase receive and the revenue summary in Vietnamese (the counter staff's
// language). Each runs with the browser's language set to Vietnamese before the app loads (the login page's choice;
// these users have not chosen one of their own), finds its texts through vi.json (support/i18n.ts vi: the Vietnamese
// of the English the journey would read), and checks that each screen shows no English text of en.json.

test.describe.configure({ timeout: 300_000 });
const slow = expect.configure({ timeout: 90_000 });

/** Picks an option of an Ant Design select by typing it into the field labelled `label`. */
async function choose(page: Page, label: RegExp, option: string) {
  const field = page.getByLabel(label);
  await field.click();
  await field.fill(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(option).first().click();
}

/** A list's filter field, its Search button and the rows (components/ListPage.tsx) in Vietnamese. */
async function searchList(list: ListPage, label: RegExp, value: string) {
  const filters = list.page.locator('form.list-filters');
  await filters.getByLabel(label).fill(value);
  await filters.getByRole('button', { name: tv('list.search') }).click();
}

/** Runs an action of the action bar in Vietnamese (`label` is the English the action has in en.json), then Yes. */
async function run(doc: SalesDocumentPage, label: string) {
  await doc.action(vi(label)).click();
  await doc.confirm.root.getByRole('button', { name: tv('common.yes') }).click();
}

/** A Vietnamese text with one value left open (a label the screen fills in). */
const withAny = (key: string, name: string) =>
  new RegExp(
    `^${tv(key, { [name]: '\u0000' })
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('\u0000', '.+')}$`,
  );

test('bán lẻ: walk-in sale in Vietnamese, from a new customer to the invoiced list', async ({
  browser,
  baseURL,
  data,
}) => {
  const u = uniq();
  const fish = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '100000', description: `Nước mắm ${u}` });
  const tea = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '12500', description: `Trà xanh ${u}` });
  await data.allowNegativeStock();
  const clerk = await data.salesUser({ level: 'edit', sellOnCredit: true });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await useVietnamese(page);
  await page.goto('/login');
  // The login page itself is Vietnamese, and its switch shows the choice.
  await expect(page.getByRole('button', { name: tv('login.submit') })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tiếng Việt' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoEnglish(page);
  await page.getByLabel(tv('login.username')).fill(clerk.username);
  await page.getByLabel(tv('login.password')).fill(clerk.password);
  await page.getByRole('button', { name: tv('login.submit') }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expectNoEnglish(page, [clerk.username]);

  const doc = new SalesDocumentPage(page);
  const list = new ListPage(page);
  await page.goto('/salesOrders');
  await slow(list.heading(vi('Sales Orders'))).toBeVisible();
  await expectNoEnglish(page);
  await page.getByRole('button', { name: tv('list.addNew') }).click();
  await expect(page).toHaveURL(/\/salesOrders\/detail$/);
  await expect(doc.heading(vi('New Sales Order'))).toBeVisible();

  // An unknown phone: a temporary customer, created from the prompt.
  const phone = freshPhone();
  const phoneField = page.getByLabel(vi('Mobile Phone')).first();
  await phoneField.fill(phone);
  await phoneField.press('Enter');
  const prompt = page.getByTestId('new-customer');
  await expect(prompt).toContainText(tv('sales.customer.notFound', { phone }));
  await prompt.getByRole('button', { name: tv('sales.customer.create') }).click();
  const create = page.getByRole('dialog', { name: tv('sales.customer.create') });
  await create.getByLabel(vi('Name')).fill(`Khách lẻ ${u}`);
  await create.getByRole('button', { name: vi('Create') }).click();
  await expect(
    page.locator('.ant-notification-notice').filter({ hasText: viToast('Create', 'Customer') }),
  ).toBeVisible();
  await expect(page.getByTestId('customer')).toContainText(`Khách lẻ ${u}`);
  await choose(page, vi('Location'), `${DEMO_FRANCHISE}-01`);
  await expectNoEnglish(page, [`Khách lẻ ${u}`]);

  await doc.action(vi('Create')).click();
  await expect(
    page.locator('.ant-notification-notice').filter({ hasText: viToast('Create', 'Sales Order') }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/salesOrders\/detail\?no=/);
  await expect(doc.status).toHaveText(vi('Open'));

  // Two lines by keyboard: the item box and the quantity found by their Vietnamese names.
  const itemField = page.getByRole('combobox', { name: vi('Item') });
  const quantityField = page.getByRole('textbox', { name: vi('Quantity') });
  const lines = page.getByRole('region', { name: vi('Lines') }).locator('tbody tr.ant-table-row');
  for (const [search, item, qty] of [
    [`nuoc mam ${u}`, fish, '2'],
    [`tra xanh ${u}`, tea, '4'],
  ] as const) {
    await itemField.focus();
    await page.keyboard.type(search);
    await expect(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option-active').filter({ hasText: item }),
    ).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(quantityField).toBeFocused();
    await page.keyboard.type(qty);
    await page.keyboard.press('Enter');
    await expect(lines.filter({ hasText: item })).toBeVisible();
  }
  await expect(lines).toHaveCount(2);
  // Money keeps the spec's format in Vietnamese too.
  await expect(doc.total('Grand Total')).toHaveText('250.000');
  await expectNoEnglish(page, [`Khách lẻ ${u}`, `Nước mắm ${u}`, `Trà xanh ${u}`]);

  await run(doc, 'Release');
  await expect(doc.status).toHaveText(vi('Released'));
  await run(doc, 'Ship Now');
  await expect(page).toHaveURL(/\/salesOrdersInvoicedCanceled\/detail\?no=/);
  await expect(doc.status).toHaveText(vi('Invoiced'));
  await expectNoEnglish(page, [`Khách lẻ ${u}`, `Nước mắm ${u}`, `Trà xanh ${u}`]);
  const no = new URL(page.url()).searchParams.get('no')!;

  await page.goto('/salesOrdersInvoicedCanceled');
  await slow(list.heading(vi('Sales Orders Invoiced/Canceled'))).toBeVisible();
  await searchList(list, vi('POSSO No'), no);
  await expect(list.row(no)).toContainText('250.000');
  await expect(list.row(no)).toContainText(`Khách lẻ ${u}`);
  await expectNoEnglish(page, [`Khách lẻ ${u}`]);
  await context.close();
});

test('nhận hàng: a store receives a purchase order head office shipped, in Vietnamese', async ({
  storeManagerPage: store,
  api,
  data,
}) => {
  const u = uniq();
  const shirt = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '150000', description: `Áo thun ${u}` });
  const order = await purchasing(api).order({
    lines: [{ item_no: shirt, purchase_qty: '3' }],
    then: ['release', 'ship'],
  });
  const no = order.pos_po_no;
  await useVietnamese(store);

  const list = new ListPage(store);
  await store.goto('/purchasesOrders');
  await slow(list.heading(vi('Purchase Orders'))).toBeVisible();
  await slow(list.table).toBeVisible();
  await expectNoEnglish(store);

  const doc = new PurchaseDocumentPage(store);
  await store.goto(`/purchasesOrders/detail?no=${no}`);
  await slow(doc.status).toHaveText(vi('Released'));
  await expect(store.getByTestId('posted-shipment')).toHaveCount(1);
  const shipped = store.getByRole('region', { name: vi('Shipment Lines') }).locator('tbody tr.ant-table-row');
  await expect(shipped.filter({ hasText: shirt })).toContainText('3');
  await expectNoEnglish(store, [`Áo thun ${u}`]);

  await run(doc, 'Receive Now');
  await expect(
    store.locator('.ant-notification-notice').filter({ hasText: viToast('Receive Now', 'Purchase Order') }),
  ).toBeVisible();
  await expect(store).toHaveURL(/\/purchasesOrdersInvoicedCanceled\/detail\?no=/);
  await expect(doc.status).toHaveText(vi('Invoiced'));
  await expectNoEnglish(store, [`Áo thun ${u}`]);

  await store.goto('/purchasesOrdersInvoicedCanceled');
  await slow(list.heading(vi('Purchase Orders Invoiced/Canceled'))).toBeVisible();
  await searchList(list, vi('No.'), no);
  await expect(list.row(no)).toContainText('450.000');
  await expectNoEnglish(store);
});

test('doanh thu: the revenue summary in Vietnamese, figures in the spec format', async ({ adminPage: page, api }) => {
  const s = await knownSales(api);
  await useVietnamese(page);
  const list = new ListPage(page);
  await page.goto('/reports/revenue/summaries');
  await slow(list.heading(vi('Revenue Summaries'))).toBeVisible();
  await slow(list.table).toBeVisible();
  await expectNoEnglish(page);

  await searchList(list, vi('Item No'), s.item);
  await expect(list.rows).toHaveCount(1);
  await expect
    .poll(async () => (await cellTexts(list.rows.first())).slice(1))
    .toEqual(['3', '2', '375.000', '125.000', '250.000']);
  const totals = page.getByTestId('revenue-summary-totals');
  await expect.poll(() => cellTexts(totals)).toEqual([tv('reports.total'), '3', '2', '375.000', '125.000', '250.000']);
  // The chart's name and its German-style axis in Vietnamese.
  const chart = page.getByRole('figure', { name: withAny('reports.revenue.chartTitle', 'group') });
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expectNoEnglish(page, [s.customer.name]);
});

test('the language switch: chosen in My Profile, kept for the user on the server, English again from the login page', async ({
  browser,
  baseURL,
  data,
}) => {
  const user = await data.user({ role: 'Store Staff', customer_no: DEMO_FRANCHISE });
  const first = await browser.newContext({ baseURL });
  const page = await first.newPage();
  await signIn(page, user.username, 'Passw0rd1');
  await page.goto('/myprofile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Tiếng Việt' }).click();
  await expect(page.getByRole('heading', { name: tv('myprofile.title') })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tiếng Việt' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoEnglish(page, [user.username, 'E2E', 'Store Staff']);
  await first.close();

  // Another browser, never switched: after login the user's own language comes from the server.
  const second = await browser.newContext({ baseURL });
  const other = await second.newPage();
  await loginAs(other, user.username, 'Passw0rd1');
  // (a user without pages has an empty menu: the navigation is there, not visible)
  await expect(other.getByRole('navigation', { name: tv('menu.main') })).toBeAttached();
  // Back to English on the profile: the greeting and the menu follow at once.
  await other.goto('/myprofile');
  await other.getByRole('button', { name: 'English' }).click();
  await expect(other.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await other.goto('/');
  await expect(other.getByRole('navigation', { name: 'Main menu' })).toBeAttached();
  await second.close();
});
