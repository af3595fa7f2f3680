import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, useTestApp, type Client } from '../../../test/helpers.js';
import { cancelReasons } from '../cancel-reasons/schema.js';
import { apiLogs } from './schema.js';
import { buttonKey, GUARDED } from '@fp/contract';
import { pagePermissions, pagePermissionUsers } from '../access/schema.js';
import { benchStore } from '../../../bench/sales-harness.js';
import { sessions, users } from '../auth/schema.js';

// Every statement the app runs, in order; a count is not a timing, so it belongs in a test.
const statements: string[] = [];
const ctx = useTestApp(
  { MAINTENANCE_CACHE_MS: '600000', SESSION_CACHE_MS: '600000' },
  { onQuery: (q) => statements.push(q) },
);

let store: Client;
let reasonId: number;

beforeAll(async () => {
  store = (
    await ctx.t.makeUser({ customer_no: 'HN001', pages: [{ page_url: '/cancelReasons', permission_type: 'view' }] })
  ).client;
  const [r] = await ctx.t.services.db
    .insert(cancelReasons)
    .values({ reason_code: 'COST', description: 'Đếm', page: '/salesOrders' })
    .returning();
  reasonId = r.id;
});

/**
 * The statements one call runs. The api log is buffered and written by a timer (one insert per batch of calls), so
 * its insert is not the call's even when the timer fires during it.
 */
async function statementsOf(call: () => Promise<unknown>) {
  await ctx.t.services.apiLog.flush();
  statements.length = 0;
  await call();
  return statements.filter((s) => !/insert into "api_logs"/.test(s));
}

describe('the cost of a request', () => {
  it('a GET as a store user runs 1 statement, the read, once its session is known (its first: 2)', async () => {
    const fresh = (
      await ctx.t.makeUser({ customer_no: 'HN001', pages: [{ page_url: '/cancelReasons', permission_type: 'view' }] })
    ).client;
    await store.get(`/api/cancel-reasons/${reasonId}`); // the maintenance flag is read once, then cached
    const first = await statementsOf(async () =>
      expect((await fresh.get(`/api/cancel-reasons/${reasonId}`)).statusCode).toBe(200),
    );
    expect(first).toHaveLength(2);
    expect(first[0]).toMatch(/from "sessions"/);
    expect(first[1]).toMatch(/from "cancel_reasons"/);
    const run = await statementsOf(async () =>
      expect((await fresh.get(`/api/cancel-reasons/${reasonId}`)).statusCode).toBe(200),
    );
    expect(run).toHaveLength(1);
    expect(run[0]).toMatch(/from "cancel_reasons"/);
  });

  it('never reads password_hash to authenticate a call', async () => {
    const run = await statementsOf(() => store.get(`/api/cancel-reasons/${reasonId}`));
    expect(run.join('\n')).not.toMatch(/password_hash/);
    const me = await statementsOf(() => store.post('/api/auth/me'));
    expect(me.join('\n')).not.toMatch(/password_hash/);
  });

  it('writes the api log in batches: 10 calls, one insert', async () => {
    await ctx.t.services.apiLog.flush();
    for (let i = 0; i < 10; i++) await store.get(`/api/cancel-reasons/${reasonId}`);
    statements.length = 0;
    await ctx.t.services.apiLog.flush();
    expect(statements.filter((s) => /insert into "api_logs"/.test(s))).toHaveLength(1);
  });

  it('a maintenance change through the API acts at once despite the cache', async () => {
    const admin = await ctx.t.admin();
    expect((await store.get(`/api/cancel-reasons/${reasonId}`)).statusCode).toBe(200);
    expect((await admin.put('/api/config', { maintenance_mode: true, maintenance_noti: 'Bảo trì' })).statusCode).toBe(
      200,
    );
    const blocked = await store.get(`/api/cancel-reasons/${reasonId}`);
    expect(blocked.statusCode).toBe(503);
    expect(blocked.envelope.errors[0].msg).toBe('Bảo trì');
    expect((await admin.put('/api/config', { maintenance_mode: false })).statusCode).toBe(200);
    expect((await store.get(`/api/cancel-reasons/${reasonId}`)).statusCode).toBe(200);
  });
});

// The statement budget of each posting (issue 22): what a call may run, begin and commit included, the seller's session
// answered from memory (it was used by the call before; SESSION_CACHE_MS above keeps it known however slow the run). A
// budget that grows fails here; one that shrinks is lowered here. None of them grows with the lines (checked with 1
// and 5).
const BUDGET = { create: 9, release: 7, ship: 11 } as const;

describe('the statement budget of a sale: create + release + ship now', () => {
  type Doc = { pos_so_no: string; version: number };
  let seller: Client;
  let customerNo: string;
  beforeAll(async () => {
    ({ customerNo } = await benchStore(ctx.t.services.db, 'RC001', 'Budget store', 5, '2026-03-10'));
    const u = await ctx.t.makeUser({
      customer_no: 'RC001',
      pages: ['/salesOrders', '/salesOrders/detail'].map((page_url) => ({
        page_url,
        permission_type: 'edit' as const,
      })),
    });
    await ctx.t.services.db
      .update(pagePermissions)
      .set({ permissions: [buttonKey('/salesOrders/detail', GUARDED.sellOnCredit)] })
      .where(eq(pagePermissions.name, `perm-${u.username}`));
    seller = u.client;
  });

  /** The statements of each call of one sale of `lines` lines. */
  async function sale(lines: number) {
    let order: Doc = { pos_so_no: '', version: 0 };
    const create = await statementsOf(async () => {
      const res = await seller.post<Doc>('/api/sales-orders', {
        document_type: 'order',
        location_code: 'RC001-01',
        sell_to_code: customerNo,
        lines: Array.from({ length: lines }, (_, i) => ({ item_no: `SP00${i + 1}`, quantity: String(i + 1) })),
      });
      expect(res.statusCode, res.body).toBe(201);
      order = res.data;
    });
    const release = await statementsOf(async () => {
      const res = await seller.put<Doc>('/api/sales-orders/status', { ...order, status: 'released' });
      expect(res.statusCode, res.body).toBe(200);
      order = res.data;
    });
    const ship = await statementsOf(async () => {
      const res = await seller.post<Doc & { status: string; invoices: unknown[] }>('/api/sales-orders/ship', {
        ...order,
        sell_on_credit: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.data.status).toBe('invoiced');
      expect(res.data.invoices).toHaveLength(1);
    });
    return { create, release, ship };
  }

  it(`a 5-line order: create ≤ ${BUDGET.create}, release ≤ ${BUDGET.release}, ship now ≤ ${BUDGET.ship}, ≤ 30 in all`, async () => {
    await sale(1); // the franchise's SO, SS and SI series are created by their first use
    const run = await sale(5);
    expect(run.create.length, run.create.join('\n')).toBeLessThanOrEqual(BUDGET.create);
    expect(run.release.length, run.release.join('\n')).toBeLessThanOrEqual(BUDGET.release);
    expect(run.ship.length, run.ship.join('\n')).toBeLessThanOrEqual(BUDGET.ship);
    expect(run.create.length + run.release.length + run.ship.length).toBeLessThanOrEqual(30);
  });

  it('no call runs a statement per line: a 1-line and a 5-line sale cost the same', async () => {
    const one = await sale(1);
    const five = await sale(5);
    expect(five.create.length).toBe(one.create.length);
    expect(five.release.length).toBe(one.release.length);
    expect(five.ship.length).toBe(one.ship.length);
  });

  it('ship now writes every posted row in one statement, after the order is locked', async () => {
    const { ship } = await sale(5);
    const writes = ship.filter((s) => /^\s*(with .*)?insert into/is.test(s));
    expect(writes, writes.join('\n')).toHaveLength(1);
    for (const table of ['sales_shipments', 'sales_invoices', 'item_ledger_entries', 'customer_ledger_entries', 'jobs'])
      expect(writes[0]).toContain(table);
  });
});

describe('a known session is answered from memory, and every change to it acts on the next call', () => {
  const reason = () => `/api/cancel-reasons/${reasonId}`;
  /** A store user whose session has been used once (so the process knows it) and whose next call runs no session query. */
  async function knownStoreUser() {
    const u = await ctx.t.makeUser({
      customer_no: 'HN001',
      pages: [{ page_url: '/cancelReasons', permission_type: 'view' }],
    });
    expect((await u.client.get(reason())).statusCode).toBe(200);
    const run = await statementsOf(() => u.client.get(reason()));
    expect(run.filter((s) => /from "sessions"/.test(s))).toEqual([]);
    return u;
  }

  it('logout: the next call with the token is 401', async () => {
    const u = await knownStoreUser();
    expect((await u.client.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await u.client.get(reason())).statusCode).toBe(401);
  });

  it('a permission taken away: the next call is 403; given back: 200', async () => {
    const u = await knownStoreUser();
    const admin = await ctx.t.admin();
    const [perm] = await ctx.t.services.db
      .select({ id: pagePermissionUsers.page_permission_id })
      .from(pagePermissionUsers)
      .where(eq(pagePermissionUsers.admin_user_id, u.id));
    const got = await admin.get<{ version: number }>(`/api/page-permissions/${perm.id}`);
    const off = await admin.put<{ version: number }>(`/api/page-permissions/${perm.id}`, {
      pages: [{ page_url: '/users' }],
      version: got.data.version,
    });
    expect(off.statusCode).toBe(200);
    expect((await u.client.get(reason())).statusCode).toBe(403);
    const on = await admin.put(`/api/page-permissions/${perm.id}`, {
      pages: [{ page_url: '/cancelReasons' }],
      version: off.data.version,
    });
    expect(on.statusCode).toBe(200);
    expect((await u.client.get(reason())).statusCode).toBe(200);
  });

  it('deactivation through the API: the next call is 401', async () => {
    const u = await knownStoreUser();
    const admin = await ctx.t.admin();
    const off = await admin.post('/api/admin/users/is-active', { is_active: false, ids: [u.id] });
    expect(off.statusCode).toBe(200);
    expect((await u.client.get(reason())).statusCode).toBe(401);
  });

  it('a change written in SQL by any module of this process acts on the next call (the store moved)', async () => {
    const u = await knownStoreUser();
    const me = async () => (await u.client.post<{ franchise_code: string | null }>('/api/auth/me')).data.franchise_code;
    expect(await me()).toBe('HN001');
    await ctx.t.services.db.update(users).set({ customer_no: 'HCM001' }).where(eq(users.user_id, u.id));
    expect(await me()).toBe('HCM001');
    await ctx.t.services.db.delete(sessions).where(eq(sessions.user_id, u.id));
    expect((await u.client.get(reason())).statusCode).toBe(401);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'a session ended by another process (another connection) is refused once its notice arrives',
    async () => {
      const u = await knownStoreUser();
      const { default: pg } = await import('pg');
      const other = new pg.Client({ connectionString: ctx.t.url });
      await other.connect();
      try {
        await other.query('delete from sessions where user_id = $1', [u.id]);
      } finally {
        await other.end();
      }
      // Delivered asynchronously to this process's connections: polled, not timed.
      let status = 0;
      for (let round = 0; round < 100 && status !== 401; round++) {
        status = (await u.client.get(reason())).statusCode;
        if (status !== 401) await new Promise((r) => setTimeout(r, 20));
      }
      expect(status).toBe(401);
    },
  );

  it('a lost pool connection empties the cache: the next call reads the session again', async () => {
    const u = await knownStoreUser();
    ctx.t.database.changes.notify('*');
    const run = await statementsOf(() => u.client.get(reason()));
    expect(run[0]).toMatch(/from "sessions"/);
  });

  it('SESSION_CACHE_MS=0 reads the session on every call', async () => {
    const seen: string[] = [];
    const t = await createTestApp({ SESSION_CACHE_MS: '0' }, { onQuery: (q) => seen.push(q) });
    try {
      const u = await t.makeUser({});
      expect((await u.client.post('/api/auth/me')).statusCode).toBe(200);
      seen.length = 0;
      expect((await u.client.post('/api/auth/me')).statusCode).toBe(200);
      expect(seen.filter((q) => /from "sessions"/.test(q))).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 180_000); // a second app: its start takes long on a loaded machine (never a timing check)
});

describe('api log on shutdown', () => {
  it('rows buffered at app.close() are in the database afterwards', async () => {
    const t = await createTestApp();
    try {
      for (let i = 0; i < 7; i++) await t.anon.get('/api/config/maintenance-mode');
      await t.services.jobs.stop();
      await t.app.close();
      const rows = await t.database.db
        .select()
        .from(apiLogs)
        .where(eq(apiLogs.operation, 'GET /api/config/maintenance-mode'));
      expect(rows).toHaveLength(7);
    } finally {
      await t.close();
    }
  });
});

describe('edge headers and cookies', () => {
  it('every /api answer carries Cache-Control: no-store and X-Content-Type-Options: nosniff', async () => {
    const answers = [
      await store.get(`/api/cancel-reasons/${reasonId}`),
      await ctx.t.anon.get('/api/config'),
      await ctx.t.anon.post('/api/auth/me'),
      await ctx.t.anon.get('/api/nothing/here'),
      await ctx.t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: 'Admin1234' },
      }),
      await ctx.t.app.inject({
        method: 'POST',
        url: '/api/cancel-reasons/filter',
        headers: { 'content-type': 'application/json' },
        payload: '{bad',
      }),
    ];
    for (const res of answers) {
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body}`).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('logout and password change clear the session cookie with the login cookie’s attributes', async () => {
    const u = await ctx.t.makeUser({});
    const login = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: u.username, password: 'Passw0rd1' },
    });
    const set = login.cookies.find((c) => c.name === 'fp_token')!;
    const attrs = (c: { path?: string; httpOnly?: boolean; sameSite?: string; secure?: boolean }) => ({
      path: c.path,
      httpOnly: c.httpOnly,
      sameSite: c.sameSite,
      secure: c.secure,
    });
    const logout = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${login.json<string>()}` },
    });
    const cleared = logout.cookies.find((c) => c.name === 'fp_token')!;
    expect(cleared.value).toBe('');
    expect(attrs(cleared)).toEqual(attrs(set));
    expect(attrs(set)).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict' });
    const again = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: u.username, password: 'Passw0rd1' },
    });
    const change = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { authorization: `Bearer ${again.json<string>()}` },
      payload: { old_password: 'Passw0rd1', new_password: 'NewPass123' },
    });
    expect(change.statusCode).toBe(200);
    expect(attrs(change.cookies.find((c) => c.name === 'fp_token')!)).toEqual(attrs(set));
  });

  it('COOKIE_SECURE=true makes the session and device cookies Secure, set and cleared alike', async () => {
    const t = await createTestApp({ COOKIE_SECURE: 'true' });
    try {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: 'Admin1234' },
      });
      expect(login.cookies.find((c) => c.name === 'fp_token')?.secure).toBe(true);
      expect(login.cookies.find((c) => c.name === 'fp_device')?.secure).toBe(true);
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${login.json<string>()}` },
      });
      expect(logout.cookies.find((c) => c.name === 'fp_token')).toMatchObject({
        value: '',
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
      });
    } finally {
      await t.close();
    }
  });
});
