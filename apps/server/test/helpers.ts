import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { operation, opUrl, type ApiInput, type ApiResponse, type OperationName, type PageGrant } from '@fp/contract';
import { loadConfig, type AppConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { throwawayPostgres } from './postgres-database.js';
import { startServerProcesses, type ServerProcesses } from './server-processes.js';
import { buildApp, type App } from '../src/app.js';
import { seedBase } from '../src/seed/index.js';
import { roles, users } from '../src/modules/auth/schema.js';
import { pagePermissions, pagePermissionUsers } from '../src/modules/access/schema.js';
import { hashPassword } from '../src/modules/auth/passwords.js';

export const ADMIN_PASSWORD = 'Admin1234';

/**
 * A fresh database per test file: embedded PGlite, or a new database on TEST_DATABASE_URL's server. Both start
 * from the run's migrated template (global-setup.ts) when there is one; openDatabase then finds every migration
 * applied.
 */
async function freshDatabase(
  onQuery?: (sql: string) => void,
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = inject('pgliteTemplate');
    const loadDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
    const database = await openDatabase({ dataDir: null, onQuery, loadDataDir });
    return { database, drop: async () => {} };
  }
  return throwawayPostgres(serverUrl, 'fp_test', onQuery, inject('pgTemplate') ?? undefined);
}

export type TestApp = App & {
  config: AppConfig;
  database: Database;
  /** PostgreSQL only: the file's database, for a connection of its own (another process's stand-in). */
  url?: string;
  close: () => Promise<void>;
  /** Logs in and returns a client bound to that user's token. */
  as: (username: string, password?: string) => Promise<Client>;
  admin: () => Promise<Client>;
  /** Creates a user with a role, optional store and page grants; returns its id and a client. */
  makeUser: (o: {
    username?: string;
    role?: string;
    customer_no?: string | null;
    pages?: PageGrant[];
    password?: string;
  }) => Promise<{ id: number; username: string; client: Client }>;
  anon: Client;
  /** With `processes`: the server processes every client's request goes to (round robin). */
  processes: ServerProcesses | null;
};

/** `onQuery` sees the SQL of every statement the app runs. */
export type TestAppOptions = {
  onQuery?: (sql: string) => void;
  /**
   * PostgreSQL only: start this many real server processes (`src/main.ts`, server-processes.ts) on the file's
   * database; clients (login included) then talk HTTP to them in turn instead of injecting into this file's app,
   * which stays for setup and checks (its `services.db`). `env` goes to the processes too.
   */
  processes?: number;
};

export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const { database, url, drop } = await freshDatabase(opts.onQuery);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    DATA_DIR: `/tmp/fp-test-${randomBytes(4).toString('hex')}`,
    ...env,
  });
  const built = await buildApp(config, database);
  await seedBase(built.services);
  await built.app.ready();
  if (opts.processes && !url) throw new Error('server processes need PostgreSQL (TEST_DATABASE_URL)');
  const processes =
    opts.processes && url ? await startServerProcesses(opts.processes, url, { ADMIN_PASSWORD, ...env }) : null;
  const send = transport(built, processes);
  const anon = client(send, null);
  let seq = 0;
  const t: TestApp = {
    ...built,
    config,
    database,
    url,
    anon,
    processes,
    close: async () => {
      await processes?.stop();
      await built.services.jobs.stop();
      await built.app.close();
      await database.close();
      await drop();
    },
    as: async (username, password = ADMIN_PASSWORD) => {
      const res = await send('POST', '/api/auth/login', { username, password }, {});
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.body}`);
      return client(send, res.json<string>());
    },
    admin: () => t.as('admin'),
    makeUser: async (o) => {
      const db = built.services.db;
      const username = o.username ?? `user${++seq}${randomBytes(2).toString('hex')}`;
      const password = o.password ?? 'Passw0rd1';
      const [role] = await db
        .select()
        .from(roles)
        .where(eq(roles.name, o.role ?? 'Store Staff'));
      const [u] = await db
        .insert(users)
        .values({
          username,
          password_hash: await hashPassword(password),
          role_id: role.id,
          customer_no: o.customer_no ?? null,
          firstname: 'Test',
          lastname: username,
        })
        .returning();
      if (o.pages?.length) {
        const [perm] = await db
          .insert(pagePermissions)
          .values({ name: `perm-${username}`, permission_type: 'view', pages: o.pages })
          .returning();
        await db.insert(pagePermissionUsers).values({ page_permission_id: perm.id, admin_user_id: u.user_id });
      }
      return { id: u.user_id, username, client: await t.as(username, password) };
    },
  };
  return t;
}

/** Creates the app before the file's tests and closes it after. */
export function useTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}) {
  const ref = {} as { t: TestApp };
  // The demo (SEED_DEMO) writes five weeks of history through the postings: about 130 s measured on the 2-core
  // machine shared by seven test runs (load ≈ 20); longer than the default hook timeout.
  beforeAll(
    async () => {
      ref.t = await createTestApp(env, opts);
    },
    env.SEED_DEMO === 'true' ? 180_000 : undefined,
  );
  afterAll(async () => {
    await ref.t?.close();
  });
  return ref;
}

export type Res<T = unknown> = LightMyRequestResponse & {
  data: T;
  body: string;
  envelope: { result: boolean; data: T; errors: { code: string; msg: string; field?: string }[] };
};

export type Client = {
  token: string | null;
  get: <T = unknown>(url: string) => Promise<Res<T>>;
  post: <T = unknown>(url: string, body?: unknown, headers?: Record<string, string>) => Promise<Res<T>>;
  put: <T = unknown>(url: string, body?: unknown) => Promise<Res<T>>;
  del: <T = unknown>(url: string) => Promise<Res<T>>;
  /** Calls an operation of the contract with its typed input; `data` is typed by its response schema. */
  op: <N extends OperationName>(
    name: N,
    input?: ApiInput<N>,
    headers?: Record<string, string>,
  ) => Promise<Res<ApiResponse<N>>>;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Send = (
  method: Method,
  url: string,
  body: unknown,
  headers: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/** Injected into this file's app, or sent over HTTP to the server processes in turn. */
function transport(app: App, processes: ServerProcesses | null): Send {
  if (!processes)
    return (method, url, body, headers) =>
      app.app.inject({ method, url, headers, ...(body !== undefined ? { payload: body as object } : {}) });
  return async (method, url, body, headers) => {
    const res = await fetch(processes.pick() + url, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    // The parts of an injected response the tests read.
    return {
      statusCode: res.status,
      statusMessage: res.statusText,
      headers: Object.fromEntries(res.headers.entries()),
      body: text,
      payload: text,
      rawPayload: Buffer.from(text),
      json: () => JSON.parse(text) as unknown,
    } as unknown as LightMyRequestResponse;
  };
}

function client(send: Send, token: string | null): Client {
  const call = async <T>(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await send(method, url, body, {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    });
    const r = res as Res<T>;
    try {
      r.envelope = res.json();
      r.data = r.envelope?.data as T;
    } catch {
      /* not JSON (files) */
    }
    return r;
  };
  return {
    token,
    get: (url) => call('GET', url),
    post: (url, body, headers) => call('POST', url, body ?? {}, headers),
    put: (url, body) => call('PUT', url, body ?? {}),
    del: (url) => call('DELETE', url),
    op: (name, input, headers) => {
      const meta = operation(name);
      const i = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
      const query = new URLSearchParams(
        Object.entries(i.query ?? {})
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => [k, String(v)] as [string, string]),
      ).toString();
      const url = opUrl(meta, i.params) + (query ? `?${query}` : '');
      return call(
        meta.method,
        url,
        meta.method === 'GET' || meta.method === 'DELETE' ? undefined : (i.body ?? {}),
        headers,
      );
    },
  };
}
