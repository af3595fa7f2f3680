import { test, expect, ListPage, uniq, ADMIN, signIn } from './fixtures';
import { SalesDocumentPage } from './support/sales-document';

// What a user reads on the screens (issue 17, "Traps at the counter"): words instead of stored values, German
// percentages and amounts as they are typed, one display name, and the order screen at 1440 × 900.
test.setTimeout(150_000);
const slow = expect.configure({ timeout: 30_000 });

test('promotions show their kind, scope and discount in words, the percent German-style', async ({
  adminPage,
  api,
}) => {
  const code = `LBL${uniq().toUpperCase()}`.slice(0, 20);
  await api.post('/api/promotions', {
    code,
    description: `Giảm 10% ${code}`,
    kind: 'coupon',
    coupon_code: code,
    discount_type: 'percent',
    discount_value: '10',
    scope: 'all',
    valid_from: '2000-01-01',
    valid_to: '2099-12-31',
  });
  const list = new ListPage(adminPage);
  await list.goto('/promotions', 'Promotions');
  await list.search({ Code: code });
  const row = list.row(code);
  await slow(row).toContainText('Coupon');
  await expect(row).toContainText('10,00 %');
  await expect(row).toContainText('All items');
  await expect(row).not.toContainText('coupon');
  await expect(row).not.toContainText('10.00 %');
});

test('an amount formats as it is typed and the form sends the figure: a bank entry of 2.000.000', async ({
  adminPage,
}) => {
  const list = new ListPage(adminPage);
  await list.goto('/bankAccountEntries', 'Bank Account Entries');
  await list.addNew().click();
  const dialog = adminPage.getByRole('dialog');
  const amount = dialog.getByLabel('Amount');
  await amount.pressSequentially('2000000');
  await expect(amount).toHaveValue('2.000.000');
  await amount.fill('');
  await amount.pressSequentially('1234,5');
  await expect(amount).toHaveValue('1.234,5');
  // The posting date starts on the business date (DD-MM-YYYY in Asia/Ho_Chi_Minh).
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh' })
    .format(new Date())
    .replace(/\//g, '-');
  await expect(dialog.getByLabel('Posting Date')).toHaveValue(today);
});

test('the header shows a name family name first', async ({ storeStaffPage }) => {
  // The demo's hanoi.staff: firstname Phạm (the family name), lastname Minh Tuấn.
  await storeStaffPage.goto('/');
  await expect(storeStaffPage.getByText('Phạm Minh Tuấn').first()).toBeVisible();
  await expect(storeStaffPage.getByText('Minh Tuấn Phạm')).toHaveCount(0);
});

test('the order screen at 1440 × 900: the lines and the totals on screen together', async ({
  browser,
  baseURL,
  data,
}) => {
  const item = await data.item({ franchise: 'HN001', unit_price: '100000', description: `Quạt ${uniq()}` });
  const order = await data.salesDocument({ lines: [{ item_no: item, quantity: '1' }] });
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, ADMIN.username, ADMIN.password);
  const doc = new SalesDocumentPage(page);
  await page.goto(`/salesOrders/detail?no=${order.pos_so_no}`);
  await slow(doc.total('Grand Total')).toHaveText('100.000');
  const line = page.getByRole('row', { name: new RegExp(item) }).first();
  await expect(line).toBeInViewport();
  await expect(doc.total('Grand Total')).toBeInViewport();
  // No horizontal scrolling: the page is no wider than the window (a wide lines table scrolls in its own box).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  await context.close();
});
