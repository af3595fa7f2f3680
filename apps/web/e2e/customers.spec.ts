import type { Locator, Page } from '@playwright/test';
import { test, expect, ADMIN, DEMO_PASSWORD, apiAs, signIn } from './fixtures';

/** A mobile number no demo customer has: 09 + the last 8 digits of the clock. */
const freshPhone = () => `09${String(Date.now()).slice(-8)}`;

/**
 * Goes to a screen. The shell may start with the side menu collapsed, and then the open menu group floats over the
 * page; opening the menu (as a user would) puts it back beside the page.
 */
async function open(page: Page, url: string) {
  await page.goto(url);
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
}

/** Picks an option of an Ant Design select by typing its label. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label).click();
  await scope.getByLabel(label).fill(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(option, { exact: true }).click();
}

test('customers: find by phone, create a temporary customer, add and edit a ship-to address', async ({ page }) => {
  const phone = freshPhone();
  await signIn(page, 'hanoi.staff', DEMO_PASSWORD);
  await open(page, '/customers');
  await expect(page.getByText('Enter a mobile phone to find the customer.')).toBeVisible({ timeout: 30_000 });

  const search = page.getByRole('textbox', { name: 'Mobile Phone' });
  await search.fill('12345');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Please enter a valid phone number!')).toBeVisible();

  await search.fill(phone);
  await search.press('Enter');
  await expect(page.getByText('No Customer Same Mobile Phone! Please Try Again!')).toBeVisible();
  await expect(page.getByText(`No customer with mobile phone ${phone}.`)).toBeVisible();

  await page.getByRole('button', { name: 'Create Temporary Customer' }).last().click();
  const create = page.getByRole('dialog', { name: 'Create Temporary Customer' });
  await expect(create.getByLabel('Mobile Phone')).toHaveValue(phone);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('This is required field!')).toBeVisible();
  await create.getByLabel('Name', { exact: true }).fill('Nguyễn Thị Hồng Nhung');
  await create.getByLabel('Address', { exact: true }).fill('12 Phố Huế');
  await choose(page, create, 'Province', 'Hà Nội');
  await choose(page, create, 'District', 'Quận Hoàn Kiếm');
  // Typing the date and pressing Enter takes the date and moves on to the next field; it never sends the dialog.
  await create.getByLabel('Birth Date').fill('20-11-1992');
  await create.getByLabel('Birth Date').press('Enter');
  await expect(create.getByLabel('Address', { exact: true })).toBeFocused();
  await expect(create).toBeVisible();
  await expect(page.getByText('Create Customer Successfully!')).toHaveCount(0);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Create Customer Successfully!')).toBeVisible();

  // The new customer is shown with the default loyalty scheme and no points.
  await expect(page.getByText(/^[A-Z0-9]+-CUS-\d{2}-\d{6} — Nguyễn Thị Hồng Nhung$/)).toBeVisible();
  await expect(page.locator('.ant-tag', { hasText: 'Silver' })).toBeVisible();
  await expect(page.getByText('20-11-1992', { exact: true })).toBeVisible();
  await expect(page.getByText('No ship-to addresses yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add Ship-to Address' }).click();
  const shipTo = page.getByRole('dialog', { name: 'Add Ship-to Address' });
  await shipTo.getByRole('button', { name: 'Save' }).click();
  await expect(shipTo.getByText('This is required field!').first()).toBeVisible();
  await shipTo.getByLabel('Ship-to Name').fill('Văn phòng');
  await shipTo.getByLabel('Ship-to Address').fill('18 Hoàng Quốc Việt');
  await choose(page, shipTo, 'Province', 'Hà Nội');
  await choose(page, shipTo, 'District', 'Quận Cầu Giấy');
  await shipTo.getByLabel('Contact Phone').fill('0123');
  await shipTo.getByRole('button', { name: 'Save' }).click();
  await expect(shipTo.getByText('Please enter a valid phone number!')).toBeVisible();
  await shipTo.getByLabel('Contact Phone').fill(phone);
  await shipTo.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Create Ship-to Address Successfully!')).toBeVisible();
  const row = page.getByRole('row', { name: /SA001/ });
  await expect(row).toContainText('Văn phòng');
  await expect(row).toContainText('Cầu Giấy');
  await expect(row).toContainText('Hà Nội');

  await row.getByRole('button', { name: 'Edit ship-to address SA001' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Ship-to Address' });
  await expect(edit.getByLabel('Ship-to Name')).toHaveValue('Văn phòng');
  await edit.getByLabel('Ship-to Name').fill('Văn phòng công ty');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update Ship-to Address Successfully!')).toBeVisible();
  await expect(page.getByRole('row', { name: /SA001/ })).toContainText('Văn phòng công ty');

  // Found by phone afterwards, in the international spelling too.
  await open(page, '/customers');
  await page.getByRole('textbox', { name: 'Mobile Phone' }).fill(`+84${phone.slice(1)}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(/^[A-Z0-9]+-CUS-\d{2}-\d{6} — Nguyễn Thị Hồng Nhung$/)).toBeVisible();
});

test('customers: head office keeps setups, sees records and the points ledger', async ({ page, request }) => {
  const api = await apiAs(request, ADMIN.username, ADMIN.password);
  const prefix = `T${String(Date.now()).slice(-5)}`;
  await signIn(page, 'headoffice', DEMO_PASSWORD);

  await open(page, '/customers/setup');
  await page.getByRole('button', { name: 'Add New' }).click({ timeout: 30_000 });
  const setup = page.getByRole('dialog', { name: 'New Customer Setup' });
  await setup.getByLabel('Name').fill('Khách hội chợ');
  await setup.getByLabel('Prefix').fill(prefix.toLowerCase());
  await choose(page, setup, 'Channel', 'STEP IN STORE');
  await setup.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Create Customer Setup Successfully!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(prefix) })).toContainText('Khách hội chợ');

  const records = await api.post<{ items: { customer_no: string; name: string; phone_no: string }[] }>(
    '/api/customer-records/filter',
    {
      filters: [{ field: 'franchise_code', value: 'DN001' }],
      pagination: { page: 1, size: 1 },
    },
  );
  const someone = records.items[0];
  await open(page, '/customers/records');
  await page.getByPlaceholder('Phone No').fill(someone.phone_no);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 record', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(someone.customer_no) })).toContainText(someone.name);

  await open(page, '/customers/redeemablePoints');
  await page.getByRole('button', { name: 'Check Total' }).click();
  const total = page.getByRole('dialog', { name: 'Redeemable Points Total' });
  await total.getByLabel('Customer No').fill('KH999999');
  await total.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('No Customer Same ID! Please Try Again!')).toBeVisible();
});
