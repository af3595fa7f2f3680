import { test, expect, uniq, ROLE_USERS, signIn } from './fixtures';
import { SalesDocumentPage } from './support/sales-document';
import { choose } from './support/pages';

test.describe.configure({ timeout: 120_000 });

/** Picks an option of an Ant Design select (not searchable) by its label. */
test('walk-in order paid in cash with change: tendered above the total, change shown, processed, remaining 0', async ({
  browser,
  baseURL,
  data,
}) => {
  const item = await data.item({ franchise: 'HN001', unit_price: '100000', description: `Nước mắm ${uniq()}` });
  // HN001 takes cash at the counter only during a shift (issue 17).
  await data.openShift();
  await data.allowNegativeStock();
  const customer = await data.customer();
  const order = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: item, quantity: '2' }],
    then: ['release'],
  });
  const clerk = await data.salesUser({ level: 'edit' });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, clerk.username, clerk.password);
  const doc = new SalesDocumentPage(page);
  await page.goto(`/salesOrders/detail?no=${order.pos_so_no}`);
  await expect(doc.total('Remaining Amount')).toHaveText('200.000');
  const panel = page.getByTestId('payments-panel');
  await expect(panel.getByTestId('payments-remaining')).toHaveText('200.000');

  await panel.getByRole('button', { name: 'Add Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment' });
  // The amount defaults to what remains; cash asks for the amount tendered and shows the change as it is typed.
  await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('200.000');
  await dialog.getByLabel('Amount', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Amount Tendered')).toBeFocused();
  await page.keyboard.type('500.000');
  await expect(dialog.getByTestId('payment-change')).toContainText('300.000');
  await dialog.getByRole('button', { name: 'Add Payment' }).click();
  await doc.toasts.expect('Add Payment Successfully!');
  await expect(dialog).toBeHidden();
  const row = panel.locator('tbody tr.ant-table-row').filter({ hasText: '-RC-' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Cash');
  await expect(row).toContainText('500.000');
  await expect(row).toContainText('300.000');
  await expect(row).toContainText('Open');
  // An open receipt does not count yet.
  await expect(doc.total('Remaining Amount')).toHaveText('200.000');

  await row.getByRole('button', { name: 'Process' }).click();
  await doc.toasts.expect('Process Payment Successfully!');
  await expect(row).toContainText('Processed');
  await expect(doc.total('Remaining Amount')).toHaveText('0');
  await expect(panel.getByRole('button', { name: 'Add Payment' })).toHaveCount(0);

  // Shipped and invoiced, the order stays paid.
  await doc.run('Ship Now', 'Do you want to ship this sales order now?');
  await doc.toasts.expect('Ship Now Sales Order Successfully!');
  await expect(doc.total('Remaining Amount')).toHaveText('0');
  await context.close();
});

test('installment sale: contract number required, 6 months term, processed with Process All', async ({
  browser,
  baseURL,
  data,
}) => {
  const item = await data.item({ franchise: 'HN001', unit_price: '7500000', description: `Tủ lạnh ${uniq()}` });
  const customer = await data.customer();
  const order = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: item, quantity: '1' }],
    then: ['release'],
  });
  const clerk = await data.salesUser({ level: 'edit' });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, clerk.username, clerk.password);
  const doc = new SalesDocumentPage(page);
  await page.goto(`/salesOrders/detail?no=${order.pos_so_no}`);
  const panel = page.getByTestId('payments-panel');
  await panel.getByRole('button', { name: 'Add Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment' });
  await choose(page, dialog, 'Payment Method', 'Installment');
  await expect(dialog.getByLabel('Amount Tendered')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add Payment' }).click();
  await expect(dialog.getByText('This is required field!')).toHaveCount(2);
  await dialog.getByLabel('Contract No').fill('HD-2026-001');
  await choose(page, dialog, 'Payment Term', '6 months');
  await dialog.getByLabel('Comment').fill('x'.repeat(101));
  await dialog.getByRole('button', { name: 'Add Payment' }).click();
  await expect(dialog.getByText('Maximum 100 characters!')).toBeVisible();
  await dialog.getByLabel('Comment').fill('Trả góp qua công ty tài chính');
  await dialog.getByRole('button', { name: 'Add Payment' }).click();
  await doc.toasts.expect('Add Payment Successfully!');
  const row = panel.locator('tbody tr.ant-table-row').filter({ hasText: '-RC-' });
  await expect(row).toContainText('Installment');
  await expect(row).toContainText('7.500.000');

  await panel.getByRole('button', { name: 'Process All' }).click();
  await doc.toasts.expect('Process All Payment Successfully!');
  await expect(row).toContainText('Processed');
  await expect(doc.total('Remaining Amount')).toHaveText('0');
  await context.close();
});

test('remaining-amount adjustment: only with the Adjust Remaining Amount button; recorded with a reason, never typed over', async ({
  browser,
  baseURL,
  data,
}) => {
  const item = await data.item({ franchise: 'HN001', unit_price: '100000', description: `Dầu ăn ${uniq()}` });
  const customer = await data.customer();
  const order = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: item, quantity: '2' }],
    then: ['release'],
  });
  const url = `/salesOrders/detail?no=${order.pos_so_no}`;

  // The demo cashier holds no cashier limits: no adjustment offered.
  const cashierCtx = await browser.newContext({ baseURL });
  const cashier = await cashierCtx.newPage();
  await signIn(cashier, ROLE_USERS.storeStaff.username, ROLE_USERS.storeStaff.password);
  await cashier.goto(url);
  await expect(cashier.getByTestId('payments-remaining')).toHaveText('200.000');
  await expect(cashier.getByRole('button', { name: 'Adjust Remaining Amount' })).toHaveCount(0);
  await cashierCtx.close();

  // The demo store manager does.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, ROLE_USERS.storeManager.username, ROLE_USERS.storeManager.password);
  const doc = new SalesDocumentPage(page);
  await page.goto(url);
  await page.getByTestId('payments-panel').getByRole('button', { name: 'Adjust Remaining Amount' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust Remaining Amount' });
  await dialog.getByLabel('New Remaining Amount').fill('150.000');
  await expect(dialog.getByTestId('adjust-difference')).toContainText('50.000');
  await dialog.getByRole('button', { name: 'Adjust Remaining Amount' }).click();
  await expect(dialog.getByText('This is required field!')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Hàng trầy xước, giảm giá tại quầy');
  await dialog.getByRole('button', { name: 'Adjust Remaining Amount' }).click();
  await doc.toasts.expect('Adjust Payment Successfully!');
  await expect(dialog).toBeHidden();
  await expect(doc.total('Remaining Amount')).toHaveText('150.000');
  await expect(doc.total('Grand Total')).toHaveText('200.000');
  await context.close();
});
