import type { Page } from '@playwright/test';
import { test, expect, DEMO_FRANCHISE, uniq, signIn } from './fixtures';
import { SalesDocumentPage } from './support/sales-document';
import { expectNoHorizontalScroll, expectTouchTargets, tabletClerk } from './support/tablet';

// Selling on the tablet (issue 9) at 1024×768 with touch: finger-sized targets, the order machine's actions with the
// tablet-only Confirm.
test.describe.configure({ timeout: 300_000 });

/** Picks an item in the tablet's item field by typing part of its name and tapping it in the list. */
async function addItem(page: Page, search: string, itemNo: string) {
  const field = page.getByRole('combobox', { name: 'Item' });
  await field.fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: itemNo }).tap();
  await expect(page.getByTestId('tablet-line').filter({ hasText: itemNo })).toBeVisible();
  await expect(field).toHaveValue('');
}

test('tablet order: list → new order → lines with + and − → release → confirm → ship, every target ≥ 44 px', async ({
  page,
  api,
  data,
}) => {
  const u = uniq();
  const tea = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '12500', description: `Trà sữa ${u}` });
  const rice = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '55000', description: `Gạo nếp ${u}` });
  const customer = await data.customer({ name: `Khách tablet ${u}` });
  await data.allowNegativeStock();
  const clerk = await tabletClerk(api, await data.user({ role: 'Store Staff', customer_no: DEMO_FRANCHISE }));
  await signIn(page, clerk.username, clerk.password);
  const doc = new SalesDocumentPage(page);
  const main = page.getByRole('main');

  // The list: the open statuses as chips, Confirmed among them.
  await page.goto('/tablet/salesOrders');
  await expect(page.getByRole('heading', { name: 'Sales Orders' })).toBeVisible();
  const chips = page.getByRole('group', { name: 'Statuses' });
  for (const s of ['All', 'Open', 'Released', 'Confirmed', 'Partial Delivered', 'Shipped'])
    await expect(chips.getByRole('button', { name: s, exact: true })).toBeVisible();
  await expect(chips.getByRole('button', { name: 'Invoiced', exact: true })).toHaveCount(0);
  expect(await expectTouchTargets(main)).toBeGreaterThan(6);
  await expectNoHorizontalScroll(page);

  // A new order: the customer by mobile phone, the store's location.
  await main.getByRole('button', { name: 'Add New' }).tap();
  await expect(page).toHaveURL(/\/tablet\/salesOrders\/detail$/);
  await expect(doc.heading('New Sales Order')).toBeVisible();
  await doc.field('Mobile Phone').fill(customer.phone_no);
  await main.getByRole('button', { name: 'Find Customer' }).tap();
  await expect(page.getByTestId('customer')).toContainText(`Khách tablet ${u}`);
  await main.getByLabel('Location', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .getByText(`${DEMO_FRANCHISE}-01`)
    .first()
    .tap();
  await expect(main).toContainText(/Sales Type\s*STEP IN STORE/);
  await expectTouchTargets(main);
  await doc.action('Create').tap();
  await doc.toasts.expect('Create Sales Order Successfully!');
  await expect(page).toHaveURL(/\/tablet\/salesOrders\/detail\?no=/);
  const no = new URL(page.url()).searchParams.get('no')!;
  await expect(doc.status).toHaveText('Open');
  await expect(doc.heading(`Sales Order ${no}`)).toBeVisible();

  // Lines by search; quantities with + and −.
  await addItem(page, `tra sua ${u}`, tea);
  await addItem(page, rice, rice);
  const teaLine = page.getByTestId('tablet-line').filter({ hasText: tea });
  await expect(teaLine.getByTestId('line-quantity')).toHaveText('1');
  await expect(teaLine.getByRole('button', { name: /^Decrease quantity/ })).toBeDisabled();
  await teaLine.getByRole('button', { name: /^Increase quantity/ }).tap();
  await expect(teaLine.getByTestId('line-quantity')).toHaveText('2');
  await teaLine.getByRole('button', { name: /^Increase quantity/ }).tap();
  await expect(teaLine.getByTestId('line-quantity')).toHaveText('3');
  await teaLine.getByRole('button', { name: /^Decrease quantity/ }).tap();
  await expect(teaLine.getByTestId('line-quantity')).toHaveText('2');
  await expect(teaLine.getByTestId('line-amount')).toHaveText('25.000');
  // The same item again adds one more on its line.
  await addItem(page, rice, rice);
  await expect(page.getByTestId('tablet-line')).toHaveCount(2);
  await expect(page.getByTestId('tablet-line').filter({ hasText: rice }).getByTestId('line-quantity')).toHaveText('2');
  await expect(doc.total('Grand Total')).toHaveText('135.000');

  // Every button of the screen is finger-sized, and the screen fits 1024 px.
  expect(await expectTouchTargets(main)).toBeGreaterThan(8);
  await expectNoHorizontalScroll(page);
  // Desktop never offers Confirm; the tablet does only once released.
  await expect(doc.action('Confirm')).toHaveCount(0);

  await doc.action('Release').tap();
  await doc.confirm.expectText('Do you want to release this sales order?');
  await expectTouchTargets(doc.confirm.root);
  await doc.confirm.accept('Yes');
  await doc.toasts.expect('Release Sales Order Successfully!');
  await expect(doc.status).toHaveText('Released');
  await expect(page.getByRole('button', { name: /^Increase quantity/ })).toHaveCount(0);

  await doc.action('Confirm').tap();
  await doc.confirm.expectText('Do you want to confirm this sales order?');
  await doc.confirm.accept('Yes');
  await doc.toasts.expect('Confirm Sales Order Successfully!');
  await expect(doc.status).toHaveText('Confirmed');
  await expectTouchTargets(main);
  const saved = await api.get<{ status: string; grand_total: string }>(`/api/sales-orders/${no}`);
  expect(saved.status).toBe('confirmed');
  expect(saved.grand_total).toBe('135000.00');

  // In the list under Confirmed.
  await main.getByRole('link', { name: 'Back to Sales Orders' }).tap();
  await chips.getByRole('button', { name: 'Confirmed', exact: true }).tap();
  await page.getByLabel('Search orders').fill(no);
  await page.getByLabel('Search orders').press('Enter');
  const row = page.getByTestId('tablet-order-row').filter({ hasText: no });
  await expect(row).toContainText('Confirmed');
  await expect(row).toContainText('135.000');
  const box = await row.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);

  // Ship Now from Confirmed: everything invoiced, the order opens read-only with its posted documents.
  await row.tap();
  await doc.action('Ship Now').tap();
  await doc.confirm.expectText('135.000 is still unpaid: sell on credit?');
  await doc.confirm.accept('Yes');
  await doc.toasts.expect('Ship Now Sales Order Successfully!');
  await expect(page).toHaveURL(/\/tablet\/salesOrdersInvoicedCanceled\/detail\?no=/);
  await expect(doc.status).toHaveText('Invoiced');
  await expect(page.getByRole('button', { name: /^Remove line/ })).toHaveCount(0);
  await expect(page.getByText(/-SI-/).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.goto('/tablet/salesOrdersInvoicedCanceled');
  await page.getByLabel('Search orders').fill(no);
  await page.getByLabel('Search orders').press('Enter');
  await expect(page.getByTestId('tablet-order-row').filter({ hasText: no })).toContainText('Invoiced');
});
