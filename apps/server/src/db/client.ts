import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { CHANGE_CHANNEL, ChangeNotices, registerChanges } from './change-notices.js';

/**
 * The database as drizzle's query builders reach it. Without drizzle's relational schema: nothing uses `db.query`, and
 * with the schema drizzle builds a relational query builder per table for every transaction (issue 22: ≈ 1.5 % of
 * the server's CPU on a posting).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Queries take either the database or a transaction (STYLE.md 2). */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The read replica (`databaseReadUrl`, never migrated nor written), or `db` itself when there is none. */
  readDb: Db;
  close: () => Promise<void>;
  /**
   * Runs `fn` while no other process on this database runs one (a session advisory lock on PostgreSQL; PGlite has
   * one process): migrations and the start-up seed, so several processes started at once on a fresh database do not
   * both apply a migration or both create the first admin.
   */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
  /**
   * True while this process is the one that runs the schedules (background.ts): it holds a session advisory lock on
   * a connection of its own, taken here when free; when the process dies its connection closes and the next process
   * to ask takes over. PGlite: always true.
   */
  leads: () => Promise<boolean>;
  /** Notices of changes to what processes cache (db/change-notices.ts), from every process on this database. */
  changes: ChangeNotices;
};

/** Advisory lock keys (pg_advisory_lock's bigint space; the app takes no other session-level locks). */
const STARTUP_LOCK = 7_301_220_001;
const SCHEDULER_LOCK = 7_301_220_002;

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir` (or in memory for tests). */
export async function openDatabase(opts: {
  databaseUrl?: string;
  /** PostgreSQL only: a read replica of `databaseUrl` for the reports that tolerate lag (DATABASE_READ_URL). */
  databaseReadUrl?: string;
  dataDir?: string | null;
  onQuery?: (sql: string, params: unknown[]) => void;
  /** PGlite only: a dump of a data directory (`dumpDataDir`) to start from, e.g. tests' migrated template. */
  loadDataDir?: Blob;
}): Promise<Database> {
  // Sees every statement (tests count the queries of a request with it).
  const logger = opts.onQuery ? { logQuery: opts.onQuery } : undefined;
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // numeric and bigint come back as strings: money never passes through a float.
    // Every connection LISTENs before the pool hands it out (onConnect is awaited), so a notice sent by one of its
    // own statements arrives before that statement's answer (db/change-notices.ts).
    const changes = new ChangeNotices();
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // pg-pool awaits a promise returned here (its types say void).
      onConnect: (client) => {
        client.on('notification', (n) => {
          if (n.channel === CHANGE_CHANNEL) changes.notify(n.payload ?? '*');
        });
        return client.query(`listen ${CHANGE_CHANNEL}`) as unknown as void;
      },
    });
    // An idle connection the server closes (restart, admin termination) must not crash the process; the pool
    // replaces it on the next query. A connection that leaves may take unread notices with it.
    pool.on('error', (err) => console.warn(`PostgreSQL connection closed: ${err.message}`));
    pool.on('remove', () => changes.notify('*'));
    const db = drizzle(pool, { logger }) as unknown as Db;
    registerChanges(db, changes);
    const readPool = opts.databaseReadUrl ? new pg.Pool({ connectionString: opts.databaseReadUrl, max: 10 }) : null;
    readPool?.on('error', (err) => console.warn(`PostgreSQL read replica connection closed: ${err.message}`));
    const readDb = readPool ? (drizzle(readPool, { logger }) as unknown as Db) : db;
    const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        try {
          return await fn();
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
        }
      } finally {
        lock.release();
      }
    };
    await exclusive(() => migrate(drizzle(pool), { migrationsFolder }));
    // The scheduler's lock lives on a connection outside the pool, kept open while the process runs.
    let leader: InstanceType<typeof pg.Client> | null = null;
    let asking: Promise<boolean> | null = null;
    const ask = async (): Promise<boolean> => {
      if (leader) return true;
      const c = new pg.Client({ connectionString: opts.databaseUrl });
      // A lost connection loses the lock: ask again on the next tick.
      c.on('error', () => {
        if (leader === c) leader = null;
      });
      c.on('end', () => {
        if (leader === c) leader = null;
      });
      await c.connect();
      const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [SCHEDULER_LOCK]);
      if (rows[0]?.ok) leader = c;
      else await c.end();
      return leader === c;
    };
    const leads = () => (asking ??= ask().finally(() => (asking = null)));
    const close = async () => {
      const c = leader;
      leader = null;
      await c?.end().catch(() => undefined);
      await readPool?.end();
      await pool.end();
    };
    return { db, readDb, kind: 'postgres', close, exclusive, leads, changes };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { quickPglite } = await import('./pglite-quick.js');
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const client = quickPglite(new PGlite({ dataDir: dir, loadDataDir: opts.loadDataDir }));
  const pdb = drizzle(client, { logger });
  await migrate(pdb, { migrationsFolder });
  const changes = new ChangeNotices();
  registerChanges(pdb as unknown as Db, changes);
  await client.listen(CHANGE_CHANNEL, (payload) => changes.notify(payload));
  return {
    db: pdb as unknown as Db,
    readDb: pdb as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    exclusive: (fn) => fn(),
    leads: () => Promise.resolve(true),
    changes,
  };
}
