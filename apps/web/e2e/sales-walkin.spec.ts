import type { Locator, Page } from '@playwright/test';
import { test, expect, freshPhone, uniq, ListPage, signIn } from './fixtures';
import { SalesDocumentPage } from './support/sales-document';

test.describe.configure({ timeout: 300_000 });

/** Picks an option of an Ant Design select by typing its label. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await scope.getByLabel(label, { exact: true }).fill(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(option).first().click();
}

test('walk-in sale: phone lookup, temporary customer, three lines by keyboard, ship now, in the invoiced list', async ({
  browser,
  baseURL,
  data,
}) => {
  const u = uniq();
  // Three items of the store's list; the first is found by its name typed without diacritics.
  const fish = await data.item({ franchise: 'HN001', unit_price: '100000', description: `Nước mắm ${u}` });
  const rice = await data.item({ franchise: 'HN001', unit_price: '55000', description: `Gạo tám ${u}` });
  const tea = await data.item({ franchise: 'HN001', unit_price: '12500', description: `Trà xanh ${u}` });
  await data.allowNegativeStock();
  const clerk = await data.salesUser({ level: 'edit', sellOnCredit: true });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, clerk.username, clerk.password);
  const doc = new SalesDocumentPage(page);

  const list = new ListPage(page);
  await list.goto('/salesOrders', 'Sales Orders');
  await list.addNew().click();
  await expect(page).toHaveURL(/\/salesOrders\/detail$/);
  await expect(doc.heading('New Sales Order')).toBeVisible();

  // The phone is unknown: the catalogue's message, then a temporary customer with the customers module's dialog.
  // The first field has the focus and the location starts at the user's store.
  await expect(doc.field('Mobile Phone')).toBeFocused();
  const location = page.locator('.ant-form-item', { has: page.getByLabel('Location', { exact: true }) });
  await expect(location).toContainText('HN001-01 —');
  const phone = freshPhone();
  await doc.field('Mobile Phone').fill(phone);
  await doc.field('Mobile Phone').press('Enter');
  const prompt = page.getByTestId('new-customer');
  await expect(prompt).toContainText(`No customer has the mobile phone ${phone} yet`);
  await prompt.getByRole('button', { name: 'Create Temporary Customer' }).click();
  const create = page.getByRole('dialog', { name: 'Create Temporary Customer' });
  await expect(create.getByLabel('Mobile Phone')).toHaveValue(phone);
  await create.getByLabel('Name', { exact: true }).fill(`Khách lẻ ${u}`);
  await create.getByRole('button', { name: 'Create' }).click();
  await doc.toasts.expect('Create Customer Successfully!');
  await expect(page.getByTestId('customer')).toContainText(`Khách lẻ ${u}`);
  // The prompt was a prompt, not an error: it is gone once the customer exists, and no error toast stays behind.
  await expect(prompt).toBeHidden();
  await expect(page.getByText('No Customer Same Mobile Phone!')).toHaveCount(0);

  await choose(page, page.locator('body'), 'Location', 'HN001-01');
  // A store user sells with the store sales types.
  await expect(page.getByRole('main')).toContainText(/Sales Type\s*STEP IN STORE/);
  await doc.action('Create').click();
  await doc.toasts.expect('Create Sales Order Successfully!');
  await expect(page).toHaveURL(/\/salesOrders\/detail\?no=/);
  await expect(doc.status).toHaveText('Open');

  // Three lines typed by keyboard only.
  await doc.itemField.focus();
  await doc.addLineByKeyboard(`nuoc mam ${u}`, fish, '2');
  await doc.addLineByKeyboard(rice, rice, '1');
  await doc.addLineByKeyboard(`tra xanh ${u}`, tea, '4');
  await expect(doc.lines).toHaveCount(3);
  await expect(doc.line(fish)).toContainText('200.000');
  await expect(doc.line(tea)).toContainText('50.000');
  // Prices include VAT (10 %): the VAT contained is derived, never added.
  await expect(doc.total('Subtotal')).toHaveText('305.000');
  await expect(doc.total('VAT Contained')).toHaveText('27.727,27');
  await expect(doc.total('Grand Total')).toHaveText('305.000');
  await expect(doc.total('Remaining Amount')).toHaveText('305.000');

  // An open order offers no Close and no Ship Now; Release first, then Ship Now posts shipment and invoice.
  await expect(doc.action('Close')).toHaveCount(0);
  await expect(doc.action('Ship Now')).toHaveCount(0);
  await doc.run('Release', 'Do you want to release this sales order?');
  await doc.toasts.expect('Release Sales Order Successfully!');
  await expect(doc.status).toHaveText('Released');
  // Nothing was paid: Ship Now asks to sell on credit (the clerk holds Sell On Credit).
  await doc.run('Ship Now', '305.000 is still unpaid: sell on credit?');
  await doc.toasts.expect('Ship Now Sales Order Successfully!');

  // Everything shipped and invoiced: the order opens read-only on the invoiced/canceled route.
  await expect(page).toHaveURL(/\/salesOrdersInvoicedCanceled\/detail\?no=/);
  await expect(doc.status).toHaveText('Invoiced');
  const no = new URL(page.url()).searchParams.get('no')!;
  await expect(page.getByRole('region', { name: 'Lines' }).getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await expect(page.getByText(/-SS-/).first()).toBeVisible();
  await expect(page.getByText(/-SI-/).first()).toBeVisible();

  await list.goto('/salesOrdersInvoicedCanceled', 'Sales Orders Invoiced/Canceled');
  await list.search({ 'POSSO No': no });
  await expect(list.row(no)).toContainText('Invoiced');
  await expect(list.row(no)).toContainText(`Khách lẻ ${u}`);
  await expect(list.row(no)).toContainText('305.000');
  // …and no longer among the open orders.
  await list.goto('/salesOrders', 'Sales Orders');
  await list.search({ 'POSSO No': no });
  await expect(list.row(no)).toHaveCount(0);
  await context.close();
});
