import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Queries take either the database or a transaction (STYLE.md 2). */
export type DbOrTx = Db | Tx;

export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir` (or in memory for tests). */
export async function openDatabase(opts: {
  databaseUrl?: string;
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
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, admin termination) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL connection closed: ${err.message}`));
    const db = drizzle(pool, { schema, logger }) as unknown as Db;
    await migrate(drizzle(pool, { schema }), { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const client = new PGlite({ dataDir: dir, loadDataDir: opts.loadDataDir });
  const pdb = drizzle(client, { schema, logger });
  await migrate(pdb, { migrationsFolder });
  return { db: pdb as unknown as Db, kind: 'pglite', close: () => client.close() };
}
