import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { SESSION_KEYS } from '@fp/contract/web';
import { DetailPage, ListPage } from './support/pages';
import { workerServer } from './support/worker-server';

export const ADMIN = { username: 'admin', password: 'Admin1234' };
/** Demo users (README): password Demo1234. */
export const DEMO_PASSWORD = 'Demo1234';

/** The users behind the role fixtures: head office and a demo franchise (HN001, store Hanoi) of the demo data. */
export const ROLE_USERS = {
  admin: ADMIN,
  headOffice: { username: 'headoffice', password: DEMO_PASSWORD },
  storeManager: { username: 'hanoi.manager', password: DEMO_PASSWORD },
  storeStaff: { username: 'hanoi.staff', password: DEMO_PASSWORD },
} as const;
export type Role = keyof typeof ROLE_USERS;
/** The demo franchise the store fixtures belong to. */
export const DEMO_FRANCHISE = 'HN001';

/** Logs in through the login screen. */
export async function loginAs(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

let signIns = 0;

/**
 * Logs in without the login screen, for journeys whose subject is elsewhere (the login screen has its own: shell,
 * first-load, users): the page's browser context logs in through the API (the session cookie lands in the context)
 * and the next page opened in it starts with the user's information in session storage, as the login screen leaves
 * it. The page is not opened: the journey goes where it starts. A later signIn on the same context wins (a cookie
 * names the newest; each tab takes it once, so a logout in the journey stays a logout).
 */
export async function signIn(page: Page, username: string, password: string) {
  const context = page.context();
  const login = await context.request.post('/api/auth/login', { data: { username, password } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const me = await context.request.post('/api/auth/me');
  expect(me.ok(), await me.text()).toBeTruthy();
  const info = ((await me.json()) as { data: unknown }).data;
  const seed = String(++signIns);
  await context.addCookies([{ name: 'fp_e2e_signin', value: seed, url: new URL(login.url()).origin }]);
  await context.addInitScript(
    ([key, value, n]) => {
      if (!document.cookie.split('; ').includes(`fp_e2e_signin=${n}`)) return;
      if (sessionStorage.getItem('fp_e2e_signin') === n) return;
      sessionStorage.setItem(key, value);
      sessionStorage.setItem('fp_e2e_signin', n);
    },
    [SESSION_KEYS.me, JSON.stringify(info), seed] as const,
  );
}

export type Api = Awaited<ReturnType<typeof apiAs>>;

/** An API client logged in as a user, for test setup through the real HTTP API. */
export async function apiAs(
  request: APIRequestContext,
  username: string = ADMIN.username,
  password: string = ADMIN.password,
) {
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
    /** The rows of a list call (`POST …/filter`) with filters `{ field: value }` (eq). */
    list: async <T>(filterUrl: string, eq: Record<string, string | number | boolean> = {}, size = 100) =>
      call<{ items: T[]; total_count: number }>('post', filterUrl, {
        pagination: { page: 1, size },
        filters: Object.entries(eq).map(([field, value]) => ({ field, value, condition_type: 'eq' })),
      }),
  };
}

/** A unique suffix so journeys never collide with earlier runs' data. */
export const uniq = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Test data made through the real API (as admin), each with unique names. */
export function makeData(api: Api) {
  return {
    /** A device (printer) of a location. */
    device: (
      o: {
        location_code?: string | null;
        device_name?: string;
        ip?: string;
        port?: number;
        device_type?: 'PRINTER' | 'ADMIN_PRINTER';
      } = {},
    ) =>
      api.post<{ id: number; device_name: string; location_code: string | null }>('/api/devices', {
        device_type: o.device_type ?? 'PRINTER',
        device_name: o.device_name ?? `E2E printer ${uniq()}`,
        device_code: `P${uniq()}`.slice(0, 30),
        location_code: o.location_code === undefined ? DEMO_FRANCHISE : o.location_code,
        device_data: { ip: o.ip ?? '127.0.0.1', port: o.port ?? 9 },
      }),
    /** An item in the item master, synced into a franchise's item list when `franchise` is given. */
    item: async (
      o: {
        item_no?: string;
        franchise?: string;
        unit_price?: string;
        description?: string;
        base_unit_of_measure?: string;
        /** A GTIN the counter's scanner reads. */
        barcode?: string;
      } = {},
    ) => {
      const item_no = o.item_no ?? `E2E${uniq()}`.toUpperCase().slice(0, 20);
      await api.post('/api/items', {
        item_no,
        description: o.description ?? `E2E item ${item_no}`,
        base_unit_of_measure: o.base_unit_of_measure ?? 'CAI',
        unit_price: o.unit_price ?? '100000',
        ...(o.barcode ? { barcode: o.barcode } : {}),
      });
      if (o.franchise) await api.post('/api/items/sync-item-no', { item_no, franchise_code: o.franchise });
      return item_no;
    },
    /** A user with a role (by name), optionally of a store. */
    user: async (o: { role: string; customer_no?: string | null; username?: string }) => {
      const roles = await api.list<{ id: number; name: string }>('/api/admin/roles/filter');
      const role = roles.items.find((r) => r.name === o.role);
      if (!role) throw new Error(`no role ${o.role}`);
      const username = o.username ?? `e2e.${uniq()}`;
      return api.post<{ user_id: number; username: string }>('/api/admin/users', {
        username,
        password: 'Passw0rd1',
        firstname: 'E2E',
        lastname: o.role,
        email: '',
        role_id: role.id,
        customer_no: o.customer_no ?? null,
        device_id: null,
        is_active: true,
      });
    },
    /** A user of a store holding the sales pages at one level (the item and customer lookups come with them). */
    salesUser: async (o: { level: 'edit' | 'view'; customer_no?: string; sellOnCredit?: boolean }) => {
      const u = await makeData(api).user({ role: 'Store Staff', customer_no: o.customer_no ?? DEMO_FRANCHISE });
      await api.post('/api/page-permissions', {
        name: `E2E sales ${o.level} ${uniq()}`,
        permission_type: o.level,
        pages: SALES_PAGES.map((page_url) => ({ page_url, permission_type: o.level })),
        permissions: o.sellOnCredit ? ['/salesOrders/detail#Sell On Credit'] : [],
        users: [u.user_id],
      });
      return { username: u.username, password: 'Passw0rd1' };
    },
    /** A temporary customer of a franchise with a fresh mobile phone. */
    customer: (o: { name?: string; franchise_code?: string; phone_no?: string } = {}) =>
      api.post<{ customer_no: string; name: string; phone_no: string }>('/api/customers/temporary', {
        name: o.name ?? `E2E khách ${uniq()}`,
        phone_no: o.phone_no ?? freshPhone(),
        franchise_code: o.franchise_code ?? DEMO_FRANCHISE,
      }),
    /**
     * A sales order or quote made by head office (admin) for the demo franchise's first store, with its lines;
     * `then` runs the machine's actions in order (release, ship, …) through the API.
     */
    salesDocument: async (o: {
      document_type?: 'order' | 'quote';
      sell_to_code?: string;
      location_code?: string;
      lines: { item_no: string; quantity: string }[];
      then?: ('release' | 'ship')[];
    }) => {
      let doc = await api.post<SalesDoc>('/api/sales-orders', {
        document_type: o.document_type ?? 'order',
        franchise_code: DEMO_FRANCHISE,
        location_code: o.location_code ?? `${DEMO_FRANCHISE}-01`,
        sales_type: 'HOTLINE',
        sell_to_code: o.sell_to_code ?? '',
        lines: o.lines,
      });
      for (const action of o.then ?? []) {
        const ref = { pos_so_no: doc.pos_so_no, version: doc.version };
        doc =
          action === 'release'
            ? await api.put<SalesDoc>('/api/sales-orders/status', { ...ref, status: 'released' })
            : await api.post<SalesDoc>('/api/sales-orders/ship', { ...ref, sell_on_credit: true });
      }
      return doc;
    },
    /**
     * An open shift at a location (POST /api/shifts/open unless one is open): the demo franchises take cash at the
     * counter only during a shift (issue 17, franchise setting cash_needs_open_shift).
     */
    openShift: async (location_code = `${DEMO_FRANCHISE}-01`) => {
      const current = await api.get<{ id: number } | null>(
        `/api/shifts/current?location_code=${encodeURIComponent(location_code)}`,
      );
      if (!current) await api.post('/api/shifts/open', { location_code, opening_float: '0' });
    },
    /** The stock rule's switch (PUT /api/config allow_negative_stock): journeys sell without receiving stock first. */
    allowNegativeStock: (on = true) => api.put('/api/config', { allow_negative_stock: on }),
  };
}

/** A sales document as the API answers it (the fields journeys read). */
export type SalesDoc = {
  pos_so_no: string;
  status: string;
  version: number;
  grand_total: string;
  lines: { line_no: number; item_no: string; quantity: string; qty_invoiced: string }[];
};

/** The sales screens a sales user is granted; their item, customer and cancel reason lookups come with them. */
export const SALES_PAGES = [
  '/salesOrders',
  '/salesOrders/detail',
  '/salesOrders/creditMemo',
  '/salesOrdersInvoicedCanceled',
  '/salesOrdersInvoicedCanceled/detail',
  '/salesQuotes',
  '/salesQuotes/detail',
] as const;

/** A mobile number no demo customer has: 09 + the last 8 digits of the clock (and a little noise). */
export const freshPhone = () => `09${String(Date.now() + Math.floor(Math.random() * 1000)).slice(-8)}`;

type Fixtures = {
  /** Pages signed in per role (signIn, blank until the journey opens one): admin, head office, store manager and store staff of HN001. */
  adminPage: Page;
  headOfficePage: Page;
  storeManagerPage: Page;
  storeStaffPage: Page;
  /** The admin API client and data builders for setup through the real API. */
  api: Api;
  data: ReturnType<typeof makeData>;
  /** Page objects over the test's `page`. */
  listPage: ListPage;
  detailPage: DetailPage;
};

/** The worker's own server (support/worker-server.ts): every page and API client of its journeys talks to it. */
type WorkerFixtures = { server: string };

export const test = base.extend<Fixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use, info) => {
      const s = await workerServer(info);
      await use(s.baseURL);
      await s.stop();
    },
    { scope: 'worker', auto: true, timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => use(server),
  request: async ({ playwright, server }, use) => {
    const request = await playwright.request.newContext({ baseURL: server });
    await use(request);
    await request.dispose();
  },
  adminPage: async ({ browser, baseURL, viewport, hasTouch }, use) =>
    rolePageWith(browser, baseURL, { viewport, hasTouch }, 'admin', use),
  headOfficePage: async ({ browser, baseURL, viewport, hasTouch }, use) =>
    rolePageWith(browser, baseURL, { viewport, hasTouch }, 'headOffice', use),
  storeManagerPage: async ({ browser, baseURL, viewport, hasTouch }, use) =>
    rolePageWith(browser, baseURL, { viewport, hasTouch }, 'storeManager', use),
  storeStaffPage: async ({ browser, baseURL, viewport, hasTouch }, use) =>
    rolePageWith(browser, baseURL, { viewport, hasTouch }, 'storeStaff', use),
  api: async ({ request }, use) => use(await apiAs(request)),
  data: async ({ api }, use) => use(makeData(api)),
  listPage: async ({ page }, use) => use(new ListPage(page)),
  detailPage: async ({ page }, use) => use(new DetailPage(page)),
});

async function rolePageWith(
  browser: Browser,
  baseURL: string | undefined,
  o: { viewport: { width: number; height: number } | null; hasTouch: boolean },
  role: Role,
  use: (p: Page) => Promise<void>,
) {
  const context = await browser.newContext({ baseURL, viewport: o.viewport, hasTouch: o.hasTouch });
  const page = await context.newPage();
  await signIn(page, ROLE_USERS[role].username, ROLE_USERS[role].password);
  // The page starts blank (signIn opens nothing): a journey that never opened it would assert on an empty page.
  let opened = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url() !== 'about:blank') opened = true;
  });
  await use(page);
  await context.close();
  if (!opened) throw new Error(`the ${role} page was never opened: the journey must go to a page first`);
}

export { expect, ListPage, DetailPage };
