import type { Page } from '@playwright/test';
import { test, expect as baseExpect, ADMIN, apiAs, uniq, signIn } from './fixtures';

type Role = { id: number; name: string };

// Two users, two browser contexts and several saves: more than the default minute on a shared, busy machine.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
/** Opens the sidebar if it is collapsed (the layout may still be settling to the window's width). */
async function openMenu(page: Page) {
  const open = page.getByRole('button', { name: 'Open menu' });
  const close = page.getByRole('button', { name: 'Close menu' });
  await expect(async () => {
    if (await open.isVisible()) await open.click({ timeout: 2_000 });
    await expect(close).toBeVisible({ timeout: 2_000 });
  }).toPass();
}

test('a user refused a page gains it after an admin gives them a page permission', async ({ browser, request }) => {
  const admin = await apiAs(request);
  const roles = await admin.post<{ items: Role[] }>('/api/admin/roles/filter', { pagination: { page: 1, size: 50 } });
  const staff = roles.items.find((r) => r.name === 'Store Staff')!;
  const username = `clerk${uniq()}`;
  await admin.post('/api/admin/users', {
    username,
    password: 'Clerk1234',
    role_id: staff.id,
    firstname: 'Ngọc',
    lastname: 'Clerk',
  });

  // The new user has no page yet: the screen says so and the menu does not offer it.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signIn(userPage, username, 'Clerk1234');
  await userPage.goto('/cancelReasons');
  await expect(userPage.getByText('No permission')).toBeVisible();
  await expect(
    userPage.getByText('You do not have permission to open this page. Ask an administrator for access.'),
  ).toBeVisible();
  await openMenu(userPage);
  await expect(menu(userPage).getByRole('link', { name: 'Cancel Reasons' })).toHaveCount(0);

  // The admin grants /cancelReasons (view) in the permission editor and assigns the user.
  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/pagePermission');
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page).toHaveURL(/\/pagePermission\/detail\/new$/);
  await expect(page.getByRole('heading', { name: 'New Page Permission' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This is required field!')).toBeVisible();
  const name = `Counter readers ${uniq()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Add page').click();
  await page.getByLabel('Add page').fill('cancelReasons');
  await page.getByTitle('Cancel Reasons (/cancelReasons)').click();
  await expect(page.getByRole('cell', { name: 'Cancel Reasons /cancelReasons' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Users' }).fill(username);
  await page.getByTitle(new RegExp(`^${username}`)).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Create Page Permission Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/pagePermission\/detail\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // The user now opens the page (a view grant: no Add New) and sees it in the menu.
  await userPage.goto('/cancelReasons');
  await expect(userPage.getByRole('heading', { name: 'Cancel Reasons' })).toBeVisible();
  await expect(userPage.getByRole('button', { name: 'Add New' })).toHaveCount(0);
  await openMenu(userPage);
  await expect(menu(userPage).getByRole('link', { name: 'Cancel Reasons' })).toBeVisible();

  // Unassigning takes it away again.
  await page.getByRole('combobox', { name: 'Users' }).last().focus();
  await page.keyboard.press('Backspace');
  await page.getByRole('button', { name: 'Assign Users' }).click();
  await expect(page.getByText('Assign Page Permission Successfully!')).toBeVisible();
  await userPage.goto('/cancelReasons');
  await expect(userPage.getByText('No permission')).toBeVisible();

  // The list shows the permission with its counts and deletes it after a confirmation.
  await page.goto('/pagePermission');
  await page.getByPlaceholder('Name').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('view');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(row.getByRole('cell').nth(3)).toHaveText('0');
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete Page Permission Successfully!')).toBeVisible();
  await expect(page.getByText('No data')).toBeVisible();
  await userContext.close();
  await adminContext.close();
});

test('page structure: add a multi-segment page, edit its tag lists, find it and delete it with confirmation', async ({
  page,
}) => {
  const seg = `e2e${uniq()}`;
  const url = `/reports/${seg}/details`;
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/pageStructure');
  await expect(page.getByRole('heading', { name: 'Page Structure' })).toBeVisible();
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page.getByRole('heading', { name: 'New Page Structure' })).toBeVisible();
  await page.getByLabel('Page URL').fill(url);
  await page.getByLabel('Page Name').fill('E2E Details');
  await page.getByRole('combobox', { name: 'Buttons' }).fill('Print');
  await page.keyboard.press('Enter');
  await page.getByRole('combobox', { name: 'Buttons' }).fill('Export Excel');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Create Page Structure Successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/pageStructure/detail/reports/${seg}/details$`));

  await page.reload();
  await expect(page.getByLabel('Page Name')).toHaveValue('E2E Details');
  await page.getByRole('combobox', { name: 'Filters' }).fill('order_date');
  await page.keyboard.press('Enter');
  await page.getByLabel('Page Name').fill('E2E Revenue Details');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update Page Structure Successfully!')).toBeVisible();

  await page.goto('/pageStructure');
  await page.getByPlaceholder('Page URL').fill(seg);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(seg) });
  await expect(row).toContainText('E2E Revenue Details');
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await row.getByRole('button', { name: `Delete ${url}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete Page Structure Successfully!')).toBeVisible();
  await expect(page.getByText('No data')).toBeVisible();
});
