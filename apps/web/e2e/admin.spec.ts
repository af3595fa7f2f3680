import { test, expect, ADMIN, DEMO_PASSWORD, apiAs, uniq, signIn } from './fixtures';

test('cancel reasons: add, find, edit and delete with confirmation', async ({ page }) => {
  const code = `R${uniq()}`.toUpperCase().slice(0, 20);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/cancelReasons');
  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This is required field!').first()).toBeVisible();
  await dialog.getByLabel('Reason Code').fill(code);
  await dialog.getByLabel('Description').fill('Khách đổi ý');
  await dialog.getByLabel('Page').click();
  await page.getByTitle('/salesOrders').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Create Cancel Reason Successfully!')).toBeVisible();

  await page.getByPlaceholder('Reason Code').fill(code);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('Khách đổi ý');
  await expect(page.getByText('1 record', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Edit ${code}` }).click();
  await page.getByRole('dialog').getByLabel('Description').fill('Khách hàng đổi ý');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update Cancel Reason Successfully!')).toBeVisible();
  await expect(row).toContainText('Khách hàng đổi ý');

  await row.getByRole('button', { name: `Delete ${code}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete Cancel Reason Successfully!')).toBeVisible();
  await expect(page.getByText('No data')).toBeVisible();
});

test('maintenance mode sends store users to the maintenance page with the notice', async ({ page, request }) => {
  const admin = await apiAs(request);
  await signIn(page, 'hanoi.manager', DEMO_PASSWORD);
  try {
    await admin.put('/api/config', { maintenance_mode: true, maintenance_noti: 'Hệ thống bảo trì đến 22:00' });
    await page.goto('/cancelReasons');
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByTestId('maintenance-notice')).toHaveText('Hệ thống bảo trì đến 22:00');
  } finally {
    await admin.put('/api/config', { maintenance_mode: false });
  }
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page).not.toHaveURL(/\/maintenance$/);
});

test('the api log lists calls and the job queue opens for an admin', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/apiLog');
  await page.getByPlaceholder('Operation').fill('/api/auth/me');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('cell', { name: 'POST /api/auth/me' }).first()).toBeVisible();
  await page.goto('/jobs');
  await expect(page.getByRole('heading', { name: 'Job Queue' })).toBeVisible();
});
