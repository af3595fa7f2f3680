import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { username: 'admin', password: 'Admin1234' };
/** Demo users (README): password Demo1234. */
export const DEMO_PASSWORD = 'Demo1234';

/** Logs in through the login screen. */
export async function loginAs(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** An API client logged in as a user, for test setup through the real HTTP API. */
export async function apiAs(request: APIRequestContext, username = ADMIN.username, password = ADMIN.password) {
  const res = await request.post('/api/auth/login', { data: { username, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const token = (await res.json()) as string;
  const headers = { authorization: `Bearer ${token}` };
  const call = async <T>(method: 'get' | 'post' | 'put' | 'delete', url: string, data?: unknown): Promise<T> => {
    const r = await request[method](url, { headers, ...(data !== undefined ? { data } : {}) });
    const body = (await r.json()) as { result: boolean; data: T; errors: { msg: string }[] };
    if (!r.ok()) throw new Error(`${method.toUpperCase()} ${url} → ${r.status()}: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
  return {
    token,
    get: <T>(url: string) => call<T>('get', url),
    post: <T>(url: string, data: unknown = {}) => call<T>('post', url, data),
    put: <T>(url: string, data: unknown = {}) => call<T>('put', url, data),
    del: <T>(url: string) => call<T>('delete', url),
  };
}

/** A unique suffix so journeys never collide with earlier runs' data. */
export const uniq = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

export const test = base;
export { expect };
