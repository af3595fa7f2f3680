import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { buildApp } from '../src/app.js';
import { seedBase } from '../src/seed/index.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { roles, users } from '../src/modules/auth/schema.js';
import { pagePermissions, pagePermissionUsers } from '../src/modules/access/schema.js';
import { cancelReasons } from '../src/modules/cancel-reasons/schema.js';
import { BENCH_ADMIN_PASSWORD } from './harness.js';

/**
 * The cost of the platform per request: an authenticated one-row GET (`GET /api/cancel-reasons/1` as a store user:
 * session, grants, maintenance flag, api log, validation, envelope) against a bare Fastify + pg route running the
 * same SELECT with no authentication, both over real HTTP on a loopback port with the same concurrency. Then the
 * same authenticated GET on the embedded PGlite. The servers run in another process (serve-get.ts) than the load
 * generator. The machine may be shared: read the ratios, not the absolutes.
 *
 * PostgreSQL: BENCH_DATABASE_URL (or TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres); a
 * fresh database is created there and dropped afterwards. BENCH_SECONDS (4 per run), BENCH_ROUNDS (2),
 * BENCH_CONNECTIONS (10).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SELECT =
  'select id, reason_code, description, page, version, created_at, updated_at from cancel_reasons where id = $1';

async function load(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<number> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} failed requests of ${r.requests.total}`);
  return r.requests.average;
}

/**
 * Both targets warm up first (JIT, pool connections), then run alternately ROUNDS times, so neither is favoured by
 * going second on a warmer process or a quieter machine; the mean of the rounds is reported.
 */
async function compare(
  a: { url: string; headers: Record<string, string> },
  b: { url: string; headers: Record<string, string> },
) {
  await load(a.url, a.headers, 2);
  await load(b.url, b.headers, 2);
  const sums = [0, 0];
  for (let i = 0; i < ROUNDS; i++) {
    sums[0] += await load(a.url, a.headers);
    sums[1] += await load(b.url, b.headers);
  }
  return sums.map((s) => s / ROUNDS);
}

/** The real app on `database`, a store user allowed to view cancel reasons, and cancel reason 1. */
export async function portal(database: Database) {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    DATA_DIR: `/tmp/fp-bench-${randomBytes(4).toString('hex')}`,
  });
  const built = await buildApp(config, database);
  await seedBase(built.services);
  const db = built.services.db;
  const [role] = await db.select().from(roles).where(eq(roles.name, 'Store Staff'));
  const [u] = await db
    .insert(users)
    .values({
      username: 'benchstore',
      password_hash: await hashPassword('Passw0rd1'),
      role_id: role.id,
      customer_no: 'HN001',
    })
    .returning();
  const [perm] = await db
    .insert(pagePermissions)
    .values({
      name: 'bench',
      permission_type: 'view',
      pages: [{ page_url: '/cancelReasons', permission_type: 'view' }],
    })
    .returning();
  await db.insert(pagePermissionUsers).values({ page_permission_id: perm.id, admin_user_id: u.user_id });
  const [reason] = await db
    .insert(cancelReasons)
    .values({ reason_code: 'BENCH', description: 'Khách đổi ý', page: '/salesOrders' })
    .returning();
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const login = await built.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'benchstore', password: 'Passw0rd1' },
  });
  if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.body}`);
  const address = built.app.server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}/api/cancel-reasons/${reason.id}`;
  const headers = { authorization: `Bearer ${login.json<string>()}` };
  const probe = await fetch(url, { headers });
  if (probe.status !== 200) throw new Error(`probe answered ${probe.status}: ${await probe.text()}`);
  return {
    url,
    headers,
    reasonId: reason.id,
    close: async () => {
      await built.services.jobs.stop();
      await built.app.close();
      await database.close();
    },
  };
}

/** A bare Fastify route over its own pg pool running the same SELECT: the floor the API is compared with. */
export async function bare(databaseUrl: string, id: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify();
  app.get<{ Params: { id: string } }>('/cancel-reasons/:id', async (req) => {
    const { rows } = await pool.query(SELECT, [Number(req.params.id)]);
    return { result: true, data: rows[0] ?? null, errors: [] };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/cancel-reasons/${id}`,
    close: async () => (await app.close(), await pool.end()),
  };
}

/** The two servers of serve-get.ts in a process of their own; answers their URLs once they listen. */
async function serveGet(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./serve-get.ts', import.meta.url))],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    child.once('exit', (code) => reject(new Error(`serve-get.ts stopped (${code}) before it served`)));
  });
  const served = JSON.parse(first) as { url: string; authorization: string; bare: string | null };
  return {
    api: { url: served.url, headers: { authorization: served.authorization } },
    bare: served.bare ? { url: served.bare, headers: {} } : null,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The servers run in a child process (serve-get.ts) and autocannon here: the load is generated outside the server
 * process, as wrk would, so the server's own CPU is all the server's.
 */
export async function benchApiVsDirect() {
  console.log(
    `\n${CONNECTIONS} connections over HTTP on 127.0.0.1 from another process; after a warm-up, ${ROUNDS} alternating runs of ${SECONDS} s each`,
  );
  const onPg = await serveGet({});
  try {
    const [apiRps, directRps] = await compare(onPg.api, onPg.bare!);
    console.log(`PostgreSQL  GET /api/cancel-reasons/:id as a store user   ${apiRps.toFixed(0).padStart(7)} req/s`);
    console.log(`PostgreSQL  bare Fastify + pg, same SELECT, no auth        ${directRps.toFixed(0).padStart(7)} req/s`);
    console.log(`API / direct: ${(apiRps / directRps).toFixed(2)}×  (target ≥ 0.5×)`);
    const onLite = await serveGet({ SERVE_DB: 'pglite' });
    try {
      const [pgRps, liteRps] = await compare(onPg.api, onLite.api);
      console.log(`PostgreSQL  GET /api/cancel-reasons/:id as a store user   ${pgRps.toFixed(0).padStart(7)} req/s`);
      console.log(`PGlite      GET /api/cancel-reasons/:id as a store user   ${liteRps.toFixed(0).padStart(7)} req/s`);
      console.log(`PostgreSQL / PGlite: ${(pgRps / liteRps).toFixed(2)}×  (target ≤ 2.5×)`);
    } finally {
      await onLite.stop();
    }
  } finally {
    await onPg.stop();
  }
}
