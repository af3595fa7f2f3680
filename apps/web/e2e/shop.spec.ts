import type { MagentoTestServer } from '../../server/src/modules/shop/test-support/magento-test-server';
import { ADMIN, apiAs, expect, test, uniq, signIn } from './fixtures';
import { startE2eShop } from './support/magento-shop';

// calls.md 7.17 and ARCHITECTURE "Integrations": a push made while the online shop is down waits in the job
// queue, and reaches the shop once it is back.

let shop: MagentoTestServer;

test.beforeAll(async () => {
  shop = await startE2eShop();
  await shop.down();
});
test.afterAll(async () => {
  await shop?.close();
});

test('pushes an item while the online shop is down, then sends it once the shop is back', async ({ page, request }) => {
  const api = await apiAs(request);
  const itemNo = `E2E${uniq()}`.toUpperCase().slice(0, 20);
  await api.post('/api/items', {
    item_no: itemNo,
    description: 'Áo thun e2e',
    base_unit_of_measure: 'PCS',
    unit_price: 199000,
    variants: [{ variant_code: 'DO-M', description: 'Đỏ / M' }],
  });

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/shopPushes');
  await expect(page.getByRole('heading', { name: 'Online Shop Pushes' })).toBeVisible();
  await expect(page.getByText('Online shop: Magento, not answering')).toBeVisible();

  await page.getByLabel('Item to push').fill(itemNo);
  await page.getByRole('button', { name: 'Push Item to Shop' }).click();
  await expect(page.getByText('Sync Failed!')).toBeVisible();
  const line = page.getByRole('status').filter({ hasText: 'Push #' });
  await expect(line).toContainText('Failed, will retry');
  await expect(line).toContainText('The online shop cannot be reached');

  await page.getByRole('button', { name: 'Refresh Data' }).click();
  const row = page.getByRole('row').filter({ hasText: itemNo });
  await expect(row).toContainText('Failed, will retry');
  expect(shop.product(itemNo)).toBeUndefined();

  // The shop comes back; the push is retried (by the user here, or by the queue's own backoff) and is sent once.
  await shop.up();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(/^Retry [01] Push(es)? Successfully!$/)).toBeVisible();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await expect(row).toContainText('Done', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('created');
  expect(shop.product(itemNo)).toMatchObject({ name: 'Áo thun e2e', type_id: 'configurable' });
  expect(shop.children(itemNo)).toEqual([`${itemNo}-DO-M`]);
  expect(
    shop.requests.filter(
      (r) =>
        r.method === 'POST' && r.path === 'products' && (r.body as { product: { sku: string } }).product.sku === itemNo,
    ),
  ).toHaveLength(1);

  // With the shop up, a sync answers at once with the 1-second success toast.
  await page.getByRole('button', { name: 'Push Prices to Shop' }).click();
  await expect(page.getByText('Sync Price Successfully!')).toBeVisible();
  await expect(line).toContainText('Done');
});
