import { test, expect, ADMIN, apiAs, uniq, ListPage, signIn } from './fixtures';
import { SalesDocumentPage } from './support/sales-document';

test.describe.configure({ timeout: 300_000 });

test('fees: head office adds a fee on /fees, a cashier adds it to an order, the grand total includes it', async ({
  browser,
  baseURL,
  data,
  request,
}) => {
  const code = `F${uniq()}`.toUpperCase().slice(0, 20);
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signIn(adminPage, ADMIN.username, ADMIN.password);
  const list = new ListPage(adminPage);
  await list.goto('/fees', 'Fees');
  await list.addNew().click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This is required field!').first()).toBeVisible();
  await dialog.getByLabel('Fee Code').fill(code.toLowerCase());
  await dialog.getByLabel('Description').fill('Phí lắp đặt tận nhà');
  await dialog.getByLabel('Amount').fill('30000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await list.toasts.expect('Add Fee Successfully!');
  await list.search({ 'Fee Code': code });
  await expect(list.row(code)).toContainText('Phí lắp đặt tận nhà');
  await expect(list.row(code)).toContainText('30.000');
  await admin.close();

  const item = await data.item({ franchise: 'HN001', unit_price: '100000', description: `Quạt điện ${uniq()}` });
  const order = await data.salesDocument({ lines: [{ item_no: item, quantity: '1' }] });
  const clerk = await data.salesUser({ level: 'edit' });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, clerk.username, clerk.password);
  const doc = new SalesDocumentPage(page);
  await page.goto(`/salesOrders/detail?no=${order.pos_so_no}`);
  await expect(doc.total('Grand Total')).toHaveText('100.000');

  const panel = page.getByTestId('fees-panel');
  await panel.getByLabel('Fee', { exact: true }).click();
  await panel.getByLabel('Fee', { exact: true }).fill(code);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(code).first().click();
  await panel.getByRole('button', { name: 'Add Fee' }).click();
  await doc.toasts.expect('Add Fee Successfully!');
  await expect(panel).toContainText('Phí lắp đặt tận nhà');
  await expect(doc.total('Grand Total')).toHaveText('130.000');

  const api = await apiAs(request, clerk.username, clerk.password);
  const stored = await api.get<{ grand_total: string; fees: { fee_code: string; amount: string }[] }>(
    `/api/sales-orders/${order.pos_so_no}`,
  );
  expect(stored.grand_total).toBe('130000.00');
  expect(stored.fees).toEqual([expect.objectContaining({ fee_code: code, amount: '30000.00' })]);

  // Remove it again with the confirmation: the total drops back.
  await panel.getByRole('button', { name: `Remove fee ${code}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await doc.toasts.expect('Remove Fee Successfully!');
  await expect(doc.total('Grand Total')).toHaveText('100.000');
  await context.close();
});
