import { test, expect, ADMIN, loginAs } from './fixtures';

test('login with a wrong password, then the right one, then logout', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill('wrong-password1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('#root').getByRole('alert')).toHaveText('Username hoặc mật khẩu không đúng');

  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: /Xin chào/ })).toBeVisible();
  const me = await page.evaluate(() => sessionStorage.getItem('me'));
  expect(JSON.parse(me ?? '{}').user.username).toBe('admin');

  await page.getByTestId('user-menu').click();
  await page.getByText('Logout').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('me'))).toBeNull();
  // The token is revoked: the app does not let us back in.
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown route shows Page not found with the full path', async ({ page }) => {
  await loginAs(page, ADMIN.username, ADMIN.password);
  await page.goto('/no/such/page?x=1');
  await expect(page.getByTestId('not-found-message')).toHaveText('Page not found /no/such/page?x=1');
});
