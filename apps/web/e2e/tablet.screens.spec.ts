import { test, expect } from './fixtures';

// Tablet findings of issue 7, at 1024×768 with touch.
test.setTimeout(150_000);

test('tablet: the collapsed menu opens no pop-up by itself on a /tablet page', async ({ adminPage: page }) => {
  for (const url of ['/tablet/itemPrice', '/tablet/document', '/']) {
    await page.goto(url);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible({ timeout: 30_000 });
    // Give a pop-up the time it took to appear before.
    await page.waitForTimeout(1500);
    await expect(page.locator('.ant-menu-submenu-popup:visible')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  }
  // Opening the menu shows it beside the page, with the current group open.
  await page.goto('/tablet/itemPrice');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});
