import { test, expect, DEMO_FRANCHISE, ListPage, uniq } from './fixtures';

// The machine running journeys is shared; the screens load lazily.
test.setTimeout(150_000);

// Catalogue journey: a store manager changes an item's price rate on /items and sees the new effective price on
// the tablet price screen; an item price then overrides the rate.
test('items: change a price rate and see the effective price on the tablet price screen', async ({
  storeManagerPage: page,
  api: admin,
  data,
}) => {
  const item = `E2E${uniq()}`.toUpperCase().slice(0, 20);
  await data.item({
    item_no: item,
    franchise: DEMO_FRANCHISE,
    unit_price: '200000',
    description: `Cà phê sữa đá ${item}`,
    base_unit_of_measure: 'LY',
  });

  const list = new ListPage(page);
  await list.goto('/items', 'Items');
  await list.search({ Search: item });
  const row = list.row(item);
  await expect(row).toContainText('200.000');
  const rate = row.getByLabel(`Price rate of ${item}`);
  await rate.fill('1,2');
  await rate.press('Enter');
  await expect(page.getByText('Update Item Franchise Successfully!')).toBeVisible();
  await expect(row).toContainText('240.000');
  await expect(row).toContainText('List price × rate');

  await page.goto('/tablet/itemPrice');
  await page.getByLabel('Search items').fill(item);
  await page.getByLabel('Search items').press('Enter');
  const card = page.getByLabel(new RegExp(`Cà phê sữa đá ${item} 240\\.000 ₫`));
  await expect(card).toBeVisible();
  await expect(card).toContainText('List price × rate · × 1,2');

  // An item price for every franchise overrides the rate.
  const today = new Date().toISOString().slice(0, 10);
  await admin.post('/api/item-prices', {
    price_list_code: `E2E${uniq()}`.slice(0, 20),
    item_no: item,
    unit_price: '185000',
    valid_from: today,
  });
  await page.getByRole('button', { name: 'Search' }).click();
  await page.reload();
  await page.getByLabel('Search items').fill(item);
  await page.getByLabel('Search items').press('Enter');
  await expect(page.getByLabel(new RegExp(`${item} 185\\.000 ₫`))).toContainText('Item price');
});

test('items: head office edits the item master and sorts a franchise list', async ({ adminPage: page, api: admin }) => {
  const item = `E2M${uniq()}`.toUpperCase().slice(0, 20);
  await page.goto('/items');
  await page.getByRole('button', { name: 'Add Item' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  await dialog.getByLabel('Item No').fill(item);
  await dialog.getByLabel('Base Unit').fill('CAI');
  await dialog.getByLabel('List Price (VND)').fill('150000');
  await dialog.getByLabel('Description', { exact: true }).fill(`Nón lá ${item}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Create Item Successfully!')).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(item);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row', { name: new RegExp(item) })).toContainText('150.000');

  // Add it to HN001 and give it the first place in the list.
  await admin.post('/api/items/sync-item-no', { item_no: item, franchise_code: 'HN001' });
  await page.getByLabel('Franchise', { exact: true }).click();
  await page.getByTitle(/^HN001/).click();
  await page.getByLabel('Search', { exact: true }).fill(item);
  await page.getByRole('button', { name: 'Search' }).click();
  const sort = page.getByLabel(`Sort of ${item}`);
  await sort.fill('0');
  await page.getByRole('button', { name: /Save Sort Order/ }).click();
  await expect(page.getByText('Update Item Franchise Successfully!')).toBeVisible();
  await expect(page.getByLabel(`Sort of ${item}`)).toHaveValue('0');
});
