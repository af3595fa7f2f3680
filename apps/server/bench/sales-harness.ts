import { randomBytes } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { buildApp } from '../src/app.js';
import { seedBase } from '../src/seed/index.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { roles, users } from '../src/modules/auth/schema.js';
import { pagePermissions, pagePermissionUsers } from '../src/modules/access/schema.js';
import { BENCH_ADMIN_PASSWORD } from './harness.js';
import { throwawayPostgres } from '../test/postgres-database.js';
import { directStock, takeNumberDirect } from '../src/books/direct.js';

// The sales benches run the same work on PGlite and on PostgreSQL in one run: a fresh embedded database, and a fresh
// database on BENCH_DATABASE_URL (or TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) that is
// dropped afterwards. BENCH_TARGETS=pglite or =postgres runs one of them.

export type Target = 'pglite' | 'postgres';

export const targets = (): Target[] =>
  (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((s) => s.trim()) as Target[];

export type Statement = { sql: string; params: unknown[] };

/** A fresh database of the kind; `capture` records the statements while `capturing` is on. */
export async function freshDatabase(kind: Target) {
  const captured: Statement[] = [];
  const state = { capturing: false };
  const onQuery = (text: string, params: unknown[]) => {
    if (state.capturing) captured.push({ sql: text, params });
  };
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: null, onQuery });
    return { database, captured, state, drop: async () => {} };
  }
  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { database, drop } = await throwawayPostgres(serverUrl, 'fp_bench_sales', onQuery);
  return { database, captured, state, drop };
}

/** The real app on `database` (no demo data) with an inject-based JSON client per user. */
export async function salesApp(database: Database) {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    DATA_DIR: `/tmp/fp-bench-${randomBytes(4).toString('hex')}`,
  });
  const built = await buildApp(config, database);
  await seedBase(built.services);
  await built.app.ready();
  const db = built.services.db;

  const client = (token: string) => {
    const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
      const res = await built.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      let json: { data?: T; errors?: unknown } = {};
      try {
        json = res.json();
      } catch {
        /* not JSON */
      }
      return { status: res.statusCode, data: json.data as T, body: res.body };
    };
    return {
      post: <T = unknown>(url: string, body: unknown) => call<T>('POST', url, body),
      put: <T = unknown>(url: string, body: unknown) => call<T>('PUT', url, body),
      get: <T = unknown>(url: string) => call<T>('GET', url),
    };
  };

  /**
   * A user of `role` (a store's when customer_no is given) with edit on the sales pages (and `pages`) and the given
   * buttons (`<page>#<button>`), logged in.
   */
  const user = async (
    username: string,
    role: string,
    customerNo: string | null,
    pages: string[] = [],
    buttons: string[] = [],
  ) => {
    const [r] = await db.select().from(roles).where(eq(roles.name, role));
    const [u] = await db
      .insert(users)
      .values({
        username,
        password_hash: await hashPassword('Passw0rd1'),
        role_id: r.id,
        customer_no: customerNo,
        firstname: 'Bench',
        lastname: username,
      })
      .returning();
    const [perm] = await db
      .insert(pagePermissions)
      .values({
        name: `bench-${username}`,
        permission_type: 'edit',
        permissions: buttons,
        pages: ['/salesOrders', '/salesOrders/detail', '/salesOrdersInvoicedCanceled', '/salesQuotes', ...pages].map(
          (p) => ({
            page_url: p,
            permission_type: 'edit' as const,
          }),
        ),
      })
      .returning();
    await db.insert(pagePermissionUsers).values({ page_permission_id: perm.id, admin_user_id: u.user_id });
    const login = await built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: 'Passw0rd1' },
    });
    if (login.statusCode !== 200) throw new Error(`bench login ${username} failed: ${login.body}`);
    return client(login.json<string>());
  };

  return {
    ...built,
    db,
    user,
    close: async () => {
      await built.services.jobs.stop();
      await built.app.close();
    },
  };
}

/** A captured statement with its `$n` parameters, as a drizzle SQL to run directly. */
export function replay(s: Statement): SQL {
  const parts = s.sql.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((p, i) => chunks.push(i % 2 === 0 ? sql.raw(p) : sql`${s.params[Number(p) - 1]}`));
  return sql.join(chunks, sql``);
}

export const rowsOf = (r: unknown) =>
  ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[];

/** Orders per second from a list of per-order milliseconds. */
export const perSecond = (ms: number[]) => (ms.length * 1000) / ms.reduce((a, b) => a + b, 0);

export function pct(times: number[], p: number) {
  const s = [...times].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/**
 * A bench store written directly: franchise `code` with location `<code>-01`, items SP001…SP00<itemCount> (price
 * 10,000 × n), a customer from the CUS series and 10,000,000 of each item on hand. Answers the location and customer.
 */
export async function benchStore(db: Database['db'], code: string, name: string, itemCount: number, day: string) {
  const location = `${code}-01`;
  await db.execute(sql`insert into franchises (customer_no, name) values (${code}, ${name})`);
  await db.execute(
    sql`insert into locations (location_code, customer_no, name) values (${location}, ${code}, ${`${name} 1`})`,
  );
  await db.execute(sql`insert into items (item_no, description, base_unit_of_measure, unit_price)
    select 'SP00' || g, 'Sản phẩm ' || g, 'PCS', 10000 * g from generate_series(1, ${itemCount}::int) g`);
  const customerNo = await db.transaction((tx) => takeNumberDirect(tx, code, 'CUS', day));
  await db.execute(sql`insert into customers (customer_no, franchise_code, location_code, name, phone_no, referral_code, is_temporary)
    values (${customerNo}, ${code}, ${location}, 'Khách lẻ', '0900000000', 'BENCHREF', false)`);
  const items = Array.from({ length: itemCount }, (_, i) => `SP00${i + 1}`);
  await db.transaction((tx) =>
    directStock(tx, {
      franchise: code,
      date: day,
      stock: items.map((item_no) => ({ location_code: location, item_no, quantity: '10000000' })),
    }),
  );
  return { location, customerNo };
}
