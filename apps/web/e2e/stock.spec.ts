import { test, expect, DEMO_FRANCHISE, ListPage } from './fixtures';
import { DetailPage } from './support/pages';
import { JournalPage, STORE_1, STORE_2, dayOffset, onHandShown, pickOption, stockApi } from './support/stock';

// Stock (issue 10): the warehouse entry journal, transfers between a store's locations, on hand and the inventory
// report, as the demo store manager of HN001 uses them.
test.setTimeout(180_000);

test('a positive and a negative adjustment are added, posted and change what is on hand', async ({
  storeManagerPage: page,
  data,
}) => {
  const item = await data.item({ franchise: DEMO_FRANCHISE });
  const journal = new JournalPage(page);
  await journal.openJournal();

  // Positive: +10 at the first store.
  await journal.add({ location: STORE_1, item, quantity: '10', reason: 'Kiểm kê' });
  await expect(journal.row(item)).toContainText('Positive Adjustment');
  await journal.select(item);
  await journal.action(/Post \(1\)$/).click();
  await journal.confirm.expectText('Do you want to post 1 warehouse entry?');
  await journal.confirm.accept('Post');
  await journal.toasts.expect('Post Warehouse Entry Successfully!');
  await expect(journal.row(item)).toHaveCount(0);
  // Posted: read only, with its WE number.
  await journal.show('Posted entries');
  await expect(journal.row(item)).toContainText('Posted');
  await expect(journal.row(item)).toContainText(/WE/);
  await expect(journal.row(item).getByRole('button', { name: /Edit/ })).toHaveCount(0);

  const list = new ListPage(page);
  let shown = await onHandShown(list, item);
  await expect(shown(STORE_1)).toHaveText('10');

  // Negative: entered as 3, corrected to 4 before posting, then posted: 10 − 4 = 6.
  await journal.openJournal();
  await journal.add({ location: STORE_1, item, type: 'Negative Adjustment', quantity: '3', reason: 'Hư hỏng' });
  await journal.rowAction(item, `Edit ${item}`).click();
  const edit = journal.dialog('Edit Warehouse Entry');
  await edit.field('Quantity').fill('4');
  await edit.button('Save').click();
  await journal.toasts.expect('Update Warehouse Entry Successfully!');
  await expect(journal.row(item)).toContainText('Negative Adjustment');
  await expect(journal.row(item).locator('td').filter({ hasText: /^4$/ })).toHaveCount(1);
  await journal.select(item);
  await journal.action(/Post \(1\)$/).click();
  await journal.confirm.expectText('Do you want to post 1 warehouse entry?');
  await journal.confirm.accept('Post');
  await journal.toasts.expect('Post Warehouse Entry Successfully!');

  shown = await onHandShown(list, item);
  await expect(shown(STORE_1)).toHaveText('6');
});

test('open entries are removed after a confirmation that says how many', async ({
  storeManagerPage: page,
  data,
  api,
}) => {
  const item = await data.item({ franchise: DEMO_FRANCHISE });
  const stock = stockApi(api);
  await stock.entry({ item_no: item, quantity: '1' });
  await stock.entry({ item_no: item, quantity: '2', location_code: STORE_2 });
  const journal = new JournalPage(page);
  await journal.openJournal();
  await journal.search({ 'Item No': item });
  await expect(journal.row(item)).toHaveCount(2);
  await journal.select(item);
  await journal.action(/Remove \(2\)$/).click();
  await journal.confirm.expectText('Do you want to remove 2 warehouse entries?');
  await journal.confirm.accept('Remove');
  await journal.toasts.expect('Remove Warehouse Entry Successfully!');
  await expect(journal.row(item)).toHaveCount(0);
  expect(await stock.onHand(item)).toEqual({});
});

test('a transfer between two stores of the franchise moves the quantity', async ({
  storeManagerPage: page,
  data,
  api,
}) => {
  // The stock rule is on: sales journeys before this one may have switched on negative stock.
  await data.allowNegativeStock(false);
  const item = await data.item({ franchise: DEMO_FRANCHISE });
  const stock = stockApi(api);
  await stock.adjust({ item_no: item, quantity: '10', location_code: STORE_1 });

  const journal = new JournalPage(page);
  await journal.openJournal();
  await journal.action(/Transfer$/).click();
  const dialog = journal.dialog('Transfer Between Locations');
  await dialog.expectOpen();
  await pickOption(page, dialog.root.getByRole('combobox', { name: 'Location From' }), STORE_1);
  await pickOption(page, dialog.root.getByRole('combobox', { name: 'Location To' }), STORE_2);
  const itemField = dialog.root.getByRole('combobox', { name: 'Item' });
  await itemField.fill(item);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: item }).first().click();
  await dialog.root.getByLabel('Quantity 1').fill('3');
  await dialog.button('Transfer').click();
  await journal.confirm.expectText(`Do you want to move 1 item from ${STORE_1} to ${STORE_2}?`);
  await journal.confirm.accept('Transfer');
  await journal.toasts.expect('Post Warehouse Transfer Successfully!');
  await dialog.expectClosed();

  const shown = await onHandShown(new ListPage(page), item);
  await expect(shown(STORE_1)).toHaveText('7');
  await expect(shown(STORE_2)).toHaveText('3');

  // More than is on hand is refused with the server's message, and nothing moves.
  await journal.openJournal();
  await journal.action(/Transfer$/).click();
  await pickOption(page, dialog.root.getByRole('combobox', { name: 'Location From' }), STORE_2);
  await pickOption(page, dialog.root.getByRole('combobox', { name: 'Location To' }), STORE_1);
  await dialog.root.getByRole('combobox', { name: 'Item' }).fill(item);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: item }).first().click();
  await dialog.root.getByLabel('Quantity 1').fill('5');
  await dialog.button('Transfer').click();
  await journal.confirm.accept('Transfer');
  await dialog.expectOpen();
  expect(await stock.onHand(item)).toEqual({ [STORE_1]: 7, [STORE_2]: 3 });
});

test('the inventory report shows opening, in, out and closing for the dates', async ({
  storeManagerPage: page,
  data,
  api,
}) => {
  const item = await data.item({ franchise: DEMO_FRANCHISE });
  const stock = stockApi(api);
  // Before the range: +10. In the range: +5 and −2 (the day before yesterday and today).
  await stock.adjust({ item_no: item, quantity: '10', posting_date: dayOffset(-5).iso });
  await stock.adjust({ item_no: item, quantity: '5', posting_date: dayOffset(-2).iso });
  await stock.adjust({ item_no: item, quantity: '2', entry_type: 'negative_adjmt' });

  const report = new DetailPage(page);
  await page.goto('/reports/inventoryReport');
  await expect(report.heading('Inventory Report')).toBeVisible({ timeout: 90_000 });
  const from = page.getByLabel('From Date', { exact: true });
  await from.click();
  await from.fill(dayOffset(-3).display);
  await from.press('Enter');
  const list = new ListPage(page);
  await list.search({ 'Item No': item });
  const row = list.row(item);
  await expect(row).toHaveCount(1);
  const cells = row.locator('td');
  // Location, Item No, Variant, Description, Category, UOM, Opening, In, Out, Closing
  await expect(cells.nth(0)).toHaveText(STORE_1);
  await expect(cells.nth(6)).toHaveText('10');
  await expect(cells.nth(7)).toHaveText('5');
  await expect(cells.nth(8)).toHaveText('2');
  await expect(cells.nth(9)).toHaveText('13');
  await expect(page.getByTestId('inventory-totals')).toContainText('Total (1 row)');

  // A From Date after the To Date is refused on the screen.
  await from.click();
  await from.fill(dayOffset(1).display);
  await from.press('Enter');
  await expect(page.getByText('To date must not be before from date')).toBeVisible();

  // The whole history from the first entry: no opening, in 15, out 2.
  await from.click();
  await from.fill(dayOffset(-5).display);
  await from.press('Enter');
  await expect(cells.nth(6)).toHaveText('0');
  await expect(cells.nth(7)).toHaveText('15');
  await expect(cells.nth(9)).toHaveText('13');
  expect(await list.export()).toMatch(/inventory-report\.xlsx$/);
});
