import { test, expect as baseExpect, ADMIN, apiAs, loginAs, uniq } from './fixtures';
import type { Page } from '@playwright/test';

// Three journeys with several logins each; the shared CI machine can be slow.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD_MSG = 'Minimum 8 characters and include at least one alphabetic and at least one numeric character!';

async function logout(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByText('Logout').click();
  await expect(page).toHaveURL(/\/login$/);
}

async function findUser(page: Page, username: string) {
  // The list's filter form, not the user form kept in the page for the dialog.
  const filters = page.locator('form.list-filters');
  await filters.getByRole('textbox', { name: 'Username' }).fill(username);
  await filters.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  return row;
}

test('an admin creates a user in /users, deactivates and reactivates it, and the user logs in', async ({
  page,
  request,
}) => {
  const username = `staff.${uniq()}`;
  await loginAs(page, ADMIN.username, ADMIN.password);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New User' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('First Name').fill('Thu');
  await dialog.getByLabel('Last Name').fill('Hà');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Password').fill('short');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a valid email!')).toBeVisible();
  await expect(dialog.getByText(PASSWORD_MSG)).toBeVisible();
  await expect(dialog.getByText('This is required field!')).toBeVisible(); // the role

  await dialog.getByLabel('Email').fill('thu.ha@example.vn');
  await dialog.getByLabel('Password').fill('Welcome2024');
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Store Staff' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Create User Successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  let row = await findUser(page, username);
  await expect(row).toContainText('Thu');
  await expect(row).toContainText('Store Staff');
  await expect(row).toContainText('Yes');

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Deactivate user ${username}?` });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Deactivate User Successfully!')).toBeVisible();
  row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('No');

  // An inactive user cannot log in.
  const denied = await request.post('/api/auth/login', { data: { username, password: 'Welcome2024' } });
  expect(denied.status()).toBe(401);

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Activate/ }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: `Activate user ${username}?` })
    .getByRole('button', { name: /Activate/ })
    .click();
  await expect(page.getByText('Activate User Successfully!', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: username })).toContainText('Yes');

  await logout(page);
  await loginAs(page, username, 'Welcome2024');
  await expect(page.getByTestId('user-menu')).toContainText('Thu Hà (Store Staff)');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Xin chào, Thu Hà' })).toBeVisible();
});

test('an admin edits a user on its detail page and sets its password', async ({ page, request }) => {
  const admin = await apiAs(request);
  const username = `detail.${uniq()}`;
  const roles = await admin.post<{ items: { id: number; name: string }[] }>('/api/admin/roles/filter', {});
  const role_id = roles.items.find((r) => r.name === 'Store Staff')!.id;
  const created = await admin.post<{ user_id: number }>('/api/admin/users', {
    username,
    password: 'First1234',
    role_id,
    firstname: 'Bảo',
  });

  await loginAs(page, ADMIN.username, ADMIN.password);
  await page.goto('/users');
  await (await findUser(page, username)).getByRole('link', { name: username }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${created.user_id}$`));
  await expect(page.getByRole('heading', { name: `Bảo (${username})` })).toBeVisible();
  await page.getByLabel('Last Name').fill('Ngọc');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update User Successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Bảo Ngọc/ })).toBeVisible();

  await page.getByRole('button', { name: 'Set Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Password' });
  await dialog.getByLabel('New Password').fill('Second5678');
  await dialog.getByRole('button', { name: 'Set Password' }).click();
  await expect(dialog).toBeHidden();
  expect((await request.post('/api/auth/login', { data: { username, password: 'First1234' } })).status()).toBe(401);
  expect((await request.post('/api/auth/login', { data: { username, password: 'Second5678' } })).status()).toBe(200);

  await page.goto('/users/999999');
  await expect(page.getByRole('main').getByText('User not found')).toBeVisible();
});

test('a user changes their password in /myprofile, is logged out and logs in with the new one', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request);
  const username = `profile.${uniq()}`;
  const roles = await admin.post<{ items: { id: number; name: string }[] }>('/api/admin/roles/filter', {});
  await admin.post('/api/admin/users', {
    username,
    password: 'OldPass123',
    role_id: roles.items.find((r) => r.name === 'Store Staff')!.id,
    firstname: 'Quang',
  });

  await loginAs(page, username, 'OldPass123');
  await page.getByTestId('user-menu').click();
  await page.getByText('My Profile').click();
  await expect(page).toHaveURL(/\/myprofile$/);
  await expect(page.getByText(username, { exact: true })).toBeVisible();

  await page.getByLabel('Old Password').fill('WrongPass1');
  await page.getByLabel('New Password').fill('NewPass456');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Mật khẩu cũ chưa đúng vui lòng thử lại!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/myprofile$/);

  await page.getByLabel('Old Password').fill('OldPass123');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Change Password Successfully!')).toBeVisible();

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('OldPass123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Username hoặc mật khẩu không đúng' }).first()).toBeVisible();
  await loginAs(page, username, 'NewPass456');
  await expect(page.getByTestId('user-menu')).toContainText('Quang');
});

test("a store manager sees only their store's users and cannot change them", async ({ page }) => {
  await loginAs(page, 'hanoi.manager', 'Demo1234');
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows.filter({ hasText: 'hanoi.staff' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'saigon.manager' })).toHaveCount(0);
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) await expect(rows.nth(i).getByRole('cell').nth(5)).toHaveText('HN001');
  await expect(page.getByRole('button', { name: 'Add New' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0);
});
