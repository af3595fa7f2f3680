import { test, expect, ADMIN, apiAs, loginAs, uniq, signIn } from './fixtures';

test('documents: upload a file by drag-and-drop dialog, find it, open it, edit and remove it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const item = `DOC-${uniq()}`.toUpperCase().slice(0, 20);
  const admin = await apiAs(request);
  await admin.post('/api/items', {
    item_no: item,
    description: `Máy xay ${item}`,
    base_unit_of_measure: 'PCS',
    unit_price: '1500000',
  });
  const content = `Thông số kỹ thuật ${item}\nCông suất: 1.500 W\n`;
  const bytes = Buffer.from(content, 'utf8');
  await loginAs(page, ADMIN.username, ADMIN.password);
  // calls.md 7.2: after login the session keeps the cloud drive (token and item config) and the site.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('site'))).toContain('"mode":"local"');
  const onedrive = JSON.parse((await page.evaluate(() => sessionStorage.getItem('onedrive'))) ?? '{}') as {
    token?: { authorized?: boolean };
    item_config?: { folder?: string };
  };
  expect(onedrive.token?.authorized).toBe(true);
  expect(onedrive.item_config?.folder).toBe('Items');
  await page.goto('/document');
  // The first screen of a fresh server can take a while on a busy machine.
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('This is required field!').first()).toBeVisible();

  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'thong-so.txt', mimeType: 'text/plain', buffer: bytes });
  await expect(dialog.getByLabel('Title')).toHaveValue('thong-so.txt');
  await dialog.getByLabel('Item No').fill(item);
  // Enter in the item box moves on to the next field; it never uploads a half-filled dialog.
  await dialog.getByLabel('Item No').press('Enter');
  await expect(dialog.getByLabel('Variant Code')).toBeFocused();
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Upload Document Successfully!')).toHaveCount(0);
  await dialog.getByLabel('Title').fill('Thông số kỹ thuật');
  // The dropdown can close before the pick lands on a busy machine: pick until the dialog shows it.
  await expect(async () => {
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Spec Sheet').click();
    await expect(dialog.getByTitle('Spec Sheet').first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Upload Document Successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder('Item No').fill(item);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(item) });
  await expect(row).toContainText('Thông số kỹ thuật');
  await expect(row).toContainText('Spec Sheet');
  await expect(row).toContainText('thong-so.txt');
  await expect(row).toContainText(`${bytes.length} bytes`);
  await expect(page.getByText('1 record', { exact: true })).toBeVisible();

  // Open: a new tab with the very bytes that were uploaded.
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    row.getByRole('button', { name: 'Open Thông số kỹ thuật' }).click(),
  ]);
  await tab.waitForLoadState();
  expect(tab.url()).toContain('/api/drive/files/');
  await expect(tab.locator('body')).toContainText(`Thông số kỹ thuật ${item}`);
  const opened = await page.request.get(tab.url());
  expect(opened.headers()['content-disposition']).toMatch(/^inline;/);
  expect((await opened.body()).equals(bytes)).toBe(true);
  await tab.close();

  await row.getByRole('button', { name: 'Edit Thông số kỹ thuật' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Document' });
  await edit.getByLabel('Title').fill('Bảng giá mới');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update Document Successfully!')).toBeVisible();
  await expect(row).toContainText('Bảng giá mới');

  await row.getByRole('button', { name: 'Remove Bảng giá mới' }).click();
  await expect(page.getByText('The file thong-so.txt is deleted from the cloud drive too.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Remove Document Successfully!')).toBeVisible();
  await expect(page.getByText('No data')).toBeVisible();
  expect((await page.request.get(tab.url())).status()).toBe(404);
});

test('documents: a file the drive does not accept is refused in the dialog', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/document');
  await page.getByRole('button', { name: 'Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await expect(dialog.getByText('The file type "application/x-msdownload" is not allowed.')).toBeVisible();
  await dialog.getByLabel('Item No').fill('IT-1');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('The file type "application/x-msdownload" is not allowed.')).toBeVisible();
  await expect(page.getByText('Upload Document Successfully!')).toHaveCount(0);
});
