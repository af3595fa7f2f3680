import { test, expect, uniq, ListPage, signIn } from './fixtures';
import { SalesDocumentPage } from './support/sales-document';
import { choose } from './support/pages';

test.describe.configure({ timeout: 300_000 });

/** Picks an option of an Ant Design select (not searchable) by its label. */
test('head office creates a coupon on /promotions; a store user checks and applies it on an order and sees the discount', async ({
  browser,
  baseURL,
  api,
  data,
}) => {
  const u = uniq().toUpperCase();
  const couponCode = `E2E${u}`.slice(0, 20);

  // A head office user (no franchise) with the promotions page.
  const office = await data.user({ role: 'Head Office' });
  await api.post('/api/page-permissions', {
    name: `E2E promotions ${u}`,
    permission_type: 'edit',
    pages: [{ page_url: '/promotions', permission_type: 'edit' }],
    users: [office.user_id],
  });
  const officeContext = await browser.newContext({ baseURL });
  const officePage = await officeContext.newPage();
  await signIn(officePage, office.username, 'Passw0rd1');
  const list = new ListPage(officePage);
  await list.goto('/promotions', 'Promotions and Coupons');
  await list.addNew().click();
  const dialog = officePage.getByRole('dialog', { name: 'New Promotion' });
  await dialog.getByLabel('Code', { exact: true }).fill(`C${u}`.slice(0, 30));
  await dialog.getByLabel('Description', { exact: true }).fill(`Giảm 10% ${u}`);
  await choose(officePage, dialog, 'Kind', 'Coupon');
  await dialog.getByLabel('Coupon Code', { exact: true }).fill(couponCode.toLowerCase());
  await dialog.getByLabel('Usage Limit', { exact: true }).fill('5');
  await dialog.getByLabel('Discount Value', { exact: true }).fill('10');
  // Dates as the screen shows them, DD-MM-YYYY; Enter takes the typed date.
  await dialog.getByLabel('Valid From', { exact: true }).fill('01-01-2000');
  await dialog.getByLabel('Valid From', { exact: true }).press('Enter');
  await dialog.getByLabel('Valid To', { exact: true }).fill('31-12-2099');
  await dialog.getByLabel('Valid To', { exact: true }).press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(officePage.getByText('Create Promotion Successfully!')).toBeVisible();
  await list.search({ 'Coupon Code': couponCode });
  await expect(list.row(couponCode)).toContainText('0 / 5');
  await officeContext.close();

  // A store user's open order: 2 × 100,000.
  const item = await data.item({ franchise: 'HN001', unit_price: '100000', description: `Nước mắm ${u}` });
  const customer = await data.customer();
  const order = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: item, quantity: '2' }],
  });
  const clerk = await data.salesUser({ level: 'edit' });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, clerk.username, clerk.password);
  const doc = new SalesDocumentPage(page);
  await page.goto(`/salesOrders/detail?no=${order.pos_so_no}`);
  await expect(doc.status).toHaveText('Open');
  await expect(doc.total('Grand Total')).toHaveText('200.000');

  const panel = page.getByTestId('promotions-panel');
  await panel.getByLabel('Coupon', { exact: true }).fill('NOPE');
  await panel.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('coupon-check-result')).toContainText('Coupon NOPE not found');
  await panel.getByLabel('Coupon', { exact: true }).fill(couponCode);
  await panel.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('coupon-check-result')).toContainText(
    `Coupon ${couponCode} takes 20.000 off this order`,
  );
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Apply Coupon Successfully!')).toBeVisible();
  await expect(doc.total('Promotions')).toHaveText('20.000');
  await expect(doc.total('Grand Total')).toHaveText('180.000');
  await expect(panel).toContainText(couponCode);
  await expect(panel.getByRole('row', { name: new RegExp(`Coupon ${couponCode}`) })).toContainText('20.000');

  // Taking it off gives the use back and the total returns.
  await panel.getByRole('button', { name: 'Remove coupon' }).click();
  await expect(page.getByText('Remove Coupon Successfully!')).toBeVisible();
  await expect(doc.total('Grand Total')).toHaveText('200.000');
  await context.close();
});
