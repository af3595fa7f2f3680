import type { Config } from '@fp/contract';
import { ADMIN, apiAs, expect, test, uniq, signIn } from './fixtures';

// /tablet/website: the online shop's page of the item the store is looking at.

test('shows the online shop page of an item, and says so when no shop URL is set', async ({ page, request }) => {
  const api = await apiAs(request);
  const itemNo = `WEB${uniq()}`.toUpperCase().slice(0, 20);
  await api.post('/api/items', {
    item_no: itemNo,
    description: 'Giày thể thao e2e',
    base_unit_of_measure: 'PCS',
    unit_price: '1250000.5',
  });
  const before = await api.get<Config>('/api/config');
  await api.put('/api/config', { shop_url: '' });
  try {
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/tablet/website');
    await expect(page.getByText('No online shop URL is configured')).toBeVisible();

    await api.put('/api/config', { shop_url: 'https://shop.example.vn/' });
    await page.reload();
    await expect(page.getByText('No online shop URL is configured')).toHaveCount(0);
    await page.getByLabel('Search item').fill(itemNo.toLowerCase());
    await page.getByLabel('Search item').press('Enter');
    await expect(page.getByText('1.250.000,5 ₫')).toBeVisible();
    await page.getByRole('button', { name: `Show ${itemNo} in the online shop` }).tap();

    const url = `https://shop.example.vn/catalogsearch/result/?q=${itemNo}`;
    await expect(page).toHaveURL(new RegExp(`/tablet/website\\?item_no=${itemNo}$`));
    await expect(page.getByTitle(`Online shop page of ${itemNo}`)).toHaveAttribute('src', url);
    await expect(page.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('href', url);

    await page.getByRole('button', { name: 'Other item' }).tap();
    await expect(page.getByLabel('Search item')).toBeVisible();
  } finally {
    await api.put('/api/config', { shop_url: before.shop_url });
  }
});
