import type { Response } from '@playwright/test';
import { test, expect, ADMIN, loginAs } from './fixtures';

// The built app as the server sends it: compressed, hashed assets cached for a year, HTTP 404 for unknown routes.

test('the login page loads compressed scripts that are cached for a year, and a revalidated index.html', async ({
  page,
}) => {
  const scripts: Response[] = [];
  page.on('response', (r) => {
    if (/\/assets\/[^/]+\.js$/.test(r.url())) scripts.push(r);
  });
  const doc = await page.goto('/login');
  expect(doc?.status()).toBe(200);
  expect(doc?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(1);
  for (const r of scripts) {
    // The build compresses every file of 1 kB or more.
    if ((await r.body()).length >= 1024) expect(['gzip', 'br'], r.url()).toContain(r.headers()['content-encoding']);
    expect(r.headers()['cache-control'], r.url()).toBe('public, max-age=31536000, immutable');
  }
});

test('an unknown route answers HTTP 404 and the app still shows Page not found; a detail route answers 200', async ({
  page,
}) => {
  await loginAs(page, ADMIN.username, ADMIN.password);
  const missing = await page.goto('/no/such/page?x=1');
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId('not-found-message')).toHaveText('Page not found /no/such/page?x=1');
  const detail = await page.goto('/pageStructure/detail/cancelReasons');
  expect(detail?.status()).toBe(200);
  await expect(page.getByTestId('not-found-message')).toHaveCount(0);
});

test('a screen whose script fails to load reloads the page once, and not again within 10 s', async ({ page }) => {
  await loginAs(page, ADMIN.username, ADMIN.password);
  let failures = 0;
  await page.route(/\/assets\/cancelReasons-[^/]+\.js$/, (route) => {
    failures += 1;
    return route.abort();
  });
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.locator('.home-tile', { hasText: 'Cancel Reasons' }).click();
  await expect.poll(() => failures).toBe(2);
  await page.waitForLoadState('networkidle');
  expect(loads).toBe(1);
  await expect(page).toHaveURL(/\/cancelReasons$/);
});

test('the browser finds the favicon: the page links it and /favicon.ico answers an icon', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.ico');
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/icon/);
  expect((await icon.body()).length).toBeGreaterThan(0);
});
