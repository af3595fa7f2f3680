import { numberSeriesDocumentTypes } from '@fp/contract';
import { test, expect, ADMIN, DEMO_PASSWORD, uniq, signIn } from './fixtures';

test('franchises: create a franchise, generate its number series, find and delete it', async ({ page }) => {
  test.setTimeout(180_000); // a long journey through two screens and three dialogs
  const code = `F${uniq()}`.toUpperCase().slice(0, 12);
  // The series year is the business year (Vietnam), not the test runner's.
  const yy = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Ho_Chi_Minh', year: '2-digit' }).format(new Date());
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/franchises');
  await expect(page.getByRole('link', { name: 'HN001' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page).toHaveURL(/\/franchises\/detail$/);
  await expect(page.getByText('New Franchise')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This is required field!').first()).toBeVisible();

  await page.getByLabel('Customer No', { exact: true }).fill(code);
  await page.getByLabel('Name', { exact: true }).fill('Đại lý Hải Phòng');
  await page.getByLabel('Phone No', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a valid phone number!')).toBeVisible();
  await page.getByLabel('Phone No', { exact: true }).fill('0931234567');
  await page.getByLabel('City / Province', { exact: true }).fill('Hải Phòng');
  await page.getByLabel('Header Campaign', { exact: true }).fill('TET');
  await page.getByLabel('Consignment Location Code', { exact: true }).fill(`${code}-CS`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Create Franchise Successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/franchises/detail\\?customer_no=${code}$`));
  await expect(page.getByRole('heading', { name: `${code} — Đại lý Hải Phòng` })).toBeVisible();
  // The default vendor was filled in by the server.
  await expect(page.getByLabel('Vendor No', { exact: true })).not.toHaveValue('');

  await page.getByLabel('Name', { exact: true }).fill('Đại lý Hải Phòng 1');
  // the franchise's own Save (the e-invoice section below has its own)
  await page.locator('form#franchise').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update Franchise Successfully!')).toBeVisible();

  await page.getByRole('button', { name: 'Generate Number Series' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Number Series' });
  await expect(dialog.getByText(code)).toBeVisible();
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Generate Number Series Successfully!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`SO .*${code}-SO-${yy}-000001`) })).toBeVisible();
  // One series per document type of the contract.
  await expect(page.getByText(`${numberSeriesDocumentTypes.length} records`)).toBeVisible();

  await page.getByRole('link', { name: 'Franchises' }).first().click();
  await page.getByPlaceholder('Customer No').fill(code);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('Đại lý Hải Phòng 1');
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Delete \(1\)/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete Franchise Successfully!')).toBeVisible();
  await expect(page.getByText('No data')).toBeVisible();
});

test('franchises: a store manager sees only their own franchise, read-only', async ({ page }) => {
  await signIn(page, 'hanoi.manager', DEMO_PASSWORD);
  await page.goto('/franchises');
  await expect(page.getByRole('link', { name: 'HN001' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('1 record', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New' })).toHaveCount(0);
  await page.getByRole('link', { name: 'HN001' }).click();
  await expect(page.getByText('Cửa hàng Phố Huế')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
});
