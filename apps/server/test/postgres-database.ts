import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../src/db/client.js';

/**
 * A new database on a PostgreSQL server (named `<prefix>_<random>`), empty or a copy of `template` (a migrated
 * database without connections), migrated by openDatabase, and how to drop it again. Tests (helpers.ts) and
 * benchmarks share it. `url` reaches it (other processes on the same database: server-processes.ts).
 */
export async function throwawayPostgres(
  serverUrl: string,
  prefix: string,
  onQuery?: (sql: string, params: unknown[]) => void,
  template?: string,
): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), onQuery });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
