import { test, expect, signIn } from './fixtures';
import { SalesDocumentPage } from './support/sales-document';

test.describe.configure({ timeout: 300_000 });

test('refused actions are hidden: a view-only user sees no Release or Ship Now; an open order offers no Close', async ({
  browser,
  baseURL,
  adminPage,
  data,
}) => {
  const customer = await data.customer();
  const item = await data.item({ franchise: 'HN001', unit_price: '99000' });
  const open = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: item, quantity: '1' }],
  });
  const released = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: item, quantity: '2' }],
    then: ['release'],
  });

  // The admin (edit): an open order offers Release and Cancel, never Close, Ship Now or Reopen.
  const admin = new SalesDocumentPage(adminPage);
  await adminPage.goto(`/salesOrders/detail?no=${open.pos_so_no}`);
  await expect(admin.status).toHaveText('Open');
  await expect(admin.action('Release')).toBeVisible();
  await expect(admin.action('Cancel')).toBeVisible();
  for (const refused of ['Close', 'Ship Now', 'Reopen', 'Confirm', 'Support To Ship'])
    await expect(admin.action(refused)).toHaveCount(0);
  // A released one: Ship Now, Reopen, Support To Ship, Cancel; no Release, no Close; Confirm is the tablet's.
  await adminPage.goto(`/salesOrders/detail?no=${released.pos_so_no}`);
  await expect(admin.status).toHaveText('Released');
  for (const shown of ['Ship Now', 'Reopen', 'Support To Ship', 'Calculate Qty-To-Ship Pending', 'Cancel'])
    await expect(admin.action(shown)).toBeVisible();
  for (const refused of ['Release', 'Close', 'Confirm']) await expect(admin.action(refused)).toHaveCount(0);
  // Released orders are no longer edited: no line entry, no remove buttons.
  await expect(admin.itemField).toHaveCount(0);

  // A view-only store user sees both orders but none of the edit actions (Sync is a view action).
  const viewer = await data.salesUser({ level: 'view' });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, viewer.username, viewer.password);
  const doc = new SalesDocumentPage(page);
  await page.goto(`/salesOrders/detail?no=${released.pos_so_no}`);
  await expect(doc.status).toHaveText('Released');
  await expect(doc.total('Grand Total')).toHaveText('198.000');
  for (const refused of ['Release', 'Ship Now', 'Reopen', 'Cancel', 'Support To Ship', 'Save'])
    await expect(doc.action(refused)).toHaveCount(0);
  await expect(doc.action('Sync')).toBeVisible();
  await page.goto(`/salesOrders/detail?no=${open.pos_so_no}`);
  await expect(doc.status).toHaveText('Open');
  await expect(doc.action('Release')).toHaveCount(0);
  await expect(doc.itemField).toHaveCount(0);
  await page.goto('/salesOrders');
  await expect(page.getByRole('heading', { name: 'Sales Orders' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New' })).toHaveCount(0);
  await context.close();
});

test('cancel asks for a cancel reason of the sales order page and the order moves to the canceled list', async ({
  adminPage: page,
  data,
}) => {
  const item = await data.item({ franchise: 'HN001', unit_price: '10000' });
  const order = await data.salesDocument({ lines: [{ item_no: item, quantity: '1' }] });
  const doc = new SalesDocumentPage(page);
  await page.goto(`/salesOrders/detail?no=${order.pos_so_no}`);
  await doc.action('Cancel').click();
  const dialog = doc.dialog('Cancel Reason');
  await dialog.expectOpen();
  await expect(dialog.root).toContainText('Do you want to cancel this sales order?');
  await dialog.button('Yes').click();
  await expect(dialog.error('This is required field!')).toBeVisible();
  await dialog.field('Cancel Reason').click();
  // Only the reasons of /salesOrders are offered (QUOTE_EXPIRED belongs to /salesQuotes).
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('OUT_OF_STOCK');
  await expect(page.locator('.ant-select-dropdown:visible')).not.toContainText('QUOTE_EXPIRED');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'OUT_OF_STOCK' })
    .click();
  await dialog.button('Yes').click();
  await doc.toasts.expect('Cancel Sales Order Successfully!');
  await expect(page).toHaveURL(/\/salesOrdersInvoicedCanceled\/detail\?no=/);
  await expect(doc.status).toHaveText('Canceled');
  await expect(page.getByText('Hết hàng')).toBeVisible();
  await expect(doc.action('Sync')).toHaveCount(0);
});
