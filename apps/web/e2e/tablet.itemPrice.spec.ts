import { test, expect, DEMO_PASSWORD, signIn } from './fixtures';

test.setTimeout(150_000);

// Tablet: browse the category tree and read prices with finger-sized targets (demo catalogue).
test('tablet categories: open a category and a sub-category, see the store prices', async ({ page }) => {
  await signIn(page, 'hanoi.staff', DEMO_PASSWORD);
  await page.goto('/tablet/category');
  const drinks = page.getByRole('button', { name: 'Open Đồ uống' });
  await expect(drinks).toBeVisible({ timeout: 30_000 });
  const box = await drinks.boundingBox();
  expect(box && box.height >= 48).toBe(true);
  await drinks.tap();
  await page.getByRole('button', { name: 'Open Cà phê' }).tap();
  // Cà phê hòa tan 3in1: list 62.000 × Hà Nội's 1,05 = 65.100; Cà phê rang xay is in the Tết promotion (145.000 − 10 %).
  await expect(page.getByLabel(/^Cà phê hòa tan 3in1 \(20 gói\) 65\.100 ₫/)).toContainText(
    'List price × rate · × 1,05',
  );
  await expect(page.getByLabel(/^Cà phê rang xay Buôn Ma Thuột 500g 131\.000 ₫/)).toContainText('Item price · KM-TET');
  await page.getByRole('button', { name: 'Back' }).tap();
  await expect(page.getByRole('button', { name: 'Open Trà' })).toBeVisible();

  await page.goto('/tablet/itemPrice');
  await expect(page.getByRole('region', { name: 'Pinned items' }).getByText(/₫/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Gia dụng' }).tap();
  await page.getByRole('button', { name: /Nhà bếp/ }).tap();
  await expect(page.getByLabel(/^Nồi cơm điện 1\.8L 934\.500 ₫/)).toBeVisible();
});
