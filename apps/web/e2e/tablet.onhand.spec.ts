import { test, expect, DEMO_FRANCHISE } from './fixtures';
import { STORE_1, STORE_2, stockApi } from './support/stock';
import { expectNoHorizontalScroll, expectTouchTargets } from './support/tablet';

// Tablet (issue 10): /tablet/onHand at 1024×768 with touch: search an item, see its picture and stock per location.
test.setTimeout(150_000);

test('tablet on hand: search an item and see its stock per location with finger-sized targets', async ({
  storeManagerPage: page,
  data,
  api,
}) => {
  const stock = stockApi(api);
  const first = await data.item({ franchise: DEMO_FRANCHISE, description: 'E2E tablet stock A' });
  const second = await data.item({ franchise: DEMO_FRANCHISE, description: 'E2E tablet stock B' });
  await stock.adjust({ item_no: first, quantity: '12', location_code: STORE_1 });
  await stock.adjust({ item_no: first, quantity: '3', location_code: STORE_2 });

  await page.goto('/tablet/onHand');
  await expect(page.getByRole('heading', { name: 'On Hand' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Search an item to see what is on hand at each location')).toBeVisible();
  await expectTouchTargets(page.getByRole('main'));
  await expectNoHorizontalScroll(page);

  // An exact item number opens the item at once: its picture and every location.
  const search = page.getByLabel('Search items');
  await search.tap();
  await search.fill(first);
  await page.getByRole('button', { name: 'Search', exact: true }).tap();
  const result = page.getByTestId('tablet-on-hand');
  await expect(result).toContainText(`${first} — E2E tablet stock A`);
  await expect(page.getByTestId('tablet-on-hand-total')).toHaveText('15 CAI on hand');
  await expect(result.getByLabel(STORE_1, { exact: true })).toContainText('12');
  await expect(result.getByLabel(STORE_2, { exact: true })).toContainText('3');
  await expect(result.getByRole('img', { name: new RegExp(first) })).toBeVisible();
  expect(await expectTouchTargets(page.getByRole('main'))).toBeGreaterThan(0);
  await expectNoHorizontalScroll(page);

  // A name that finds several items lists them as finger-sized buttons; one tap opens it.
  await search.fill('E2E tablet stock');
  await page.getByRole('button', { name: 'Search', exact: true }).tap();
  const results = page.getByRole('region', { name: 'Items found' });
  await expect(results.getByRole('button', { name: new RegExp(second) })).toBeVisible();
  await expectTouchTargets(results);
  await results.getByRole('button', { name: new RegExp(second) }).tap();
  await expect(result).toContainText(second);
  await expect(result).toContainText('Nothing on hand at any location');
  await expectNoHorizontalScroll(page);

  // The scanner's result opens here by item number (?item=).
  await page.goto(`/tablet/onHand?item=${first}`);
  await expect(page.getByTestId('tablet-on-hand-total')).toHaveText('15 CAI on hand');
});
