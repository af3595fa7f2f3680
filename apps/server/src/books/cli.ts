import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { bookChecks, checkBooks, totalViolations } from './checks.js';

// npm run check:books [-- <part of a check name> …] [--json]: the invariants of the books (checks.ts) on the
// database the server uses: DATABASE_URL (PostgreSQL), or else the embedded PGlite in DATA_DIR (./data by default;
// stop the server first, PGlite serves one process). Reads only: no migration, one read-only transaction, and on
// PostgreSQL a session whose transactions are read-only. Exit 0 when every check holds, 1 on any violation, 2 when
// the database cannot be read.

const args = process.argv.slice(2);
const json = args.includes('--json');
const only = args.filter((a) => !a.startsWith('--'));

async function open(): Promise<{ db: Db; where: string; close: () => Promise<unknown> }> {
  const config = loadConfig();
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 1,
      options: '-c default_transaction_read_only=on',
    });
    const url = new URL(config.databaseUrl);
    return {
      db: drizzle(pool) as unknown as Db,
      where: `PostgreSQL ${url.host}${url.pathname}`,
      close: () => pool.end(),
    };
  }
  const dir = path.join(config.dataDir, 'pglite');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION')))
    throw new Error(`no database: DATABASE_URL is not set and ${dir} holds no embedded database`);
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = new PGlite(dir);
  return { db: drizzle(client) as unknown as Db, where: `PGlite ${dir}`, close: () => client.close() };
}

async function main(): Promise<number> {
  const { db, where, close } = await open();
  try {
    const t0 = performance.now();
    const results = await checkBooks(db, { only, examples: 5 });
    const total = totalViolations(results);
    if (json) {
      console.log(JSON.stringify({ database: where, total, results }, null, 2));
      return total ? 1 : 0;
    }
    console.log(`check:books on ${where}: ${results.length} of ${bookChecks.length} checks`);
    const width = Math.max(...results.map((r) => r.name.length));
    for (const r of results) {
      console.log(
        `${r.violations ? 'FAIL' : 'ok  '}  ${r.name.padEnd(width)}  ${String(r.violations).padStart(6)}  ${r.ms} ms`,
      );
      if (r.listed) {
        console.log(`      ${r.listed} listed for a person to look at (not violations): ${r.rule}`);
        for (const e of r.examples) console.log(`      ${JSON.stringify(e)}`);
      }
      if (!r.violations) continue;
      console.log(`      rule: ${r.rule}`);
      for (const e of r.examples) console.log(`      ${JSON.stringify(e)}`);
      if (r.violations > r.examples.length) console.log(`      … and ${r.violations - r.examples.length} more`);
    }
    console.log(
      `${total ? `${total} violation${total === 1 ? '' : 's'}` : 'the books hold'} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    return total ? 1 : 0;
  } finally {
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`check:books: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  },
);
