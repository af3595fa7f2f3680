import { spawn } from 'node:child_process';
import pg from 'pg';

// The journeys' app server (playwright.config.ts webServer): on the embedded database in DATA_DIR, or, when
// E2E_DATABASE_URL names a PostgreSQL server, on a fresh database `fp_e2e_<PORT>` there, created before the start
// and dropped after the stop. Run from apps/web.

const serverUrl = process.env.E2E_DATABASE_URL;
const env = { ...process.env };
let drop: (() => Promise<void>) | undefined;

if (serverUrl) {
  const name = `fp_e2e_${Number(process.env.PORT)}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  // A run on this port that was killed left its database: start again from nothing.
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  drop = () => admin(`drop database if exists ${name} with (force)`);
}

const server = spawn(process.execPath, ['--import', 'tsx', '../server/src/main.ts'], { env, stdio: 'inherit' });
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  stopping = true;
  server.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  void (drop ?? (async () => {}))()
    .catch((e: unknown) => console.error(`dropping the e2e database failed: ${String(e)}`))
    .finally(() => process.exit(stopping ? 0 : (code ?? 1)));
});
