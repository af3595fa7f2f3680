import { randomBytes } from 'node:crypto';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { buildApp } from '../src/app.js';
import { seedBase } from '../src/seed/index.js';

export const BENCH_ADMIN_PASSWORD = 'Admin1234';

/** The real app on a fresh embedded database (or on DATABASE_URL), with no demo data. */
export async function benchApp() {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    DATA_DIR: `/tmp/fp-bench-${randomBytes(4).toString('hex')}`,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null });
  const built = await buildApp(config, database);
  await seedBase(built.services);
  await built.app.ready();
  return { ...built, database, close: async () => (await built.app.close(), await database.close()) };
}

/** Runs `fn` n times (after a warm-up) and reports p50/p99 in milliseconds. */
export async function measure(name: string, n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(20, n); i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  const row = { name, runs: n, p50_ms: +pct(50).toFixed(2), p99_ms: +pct(99).toFixed(2) };
  console.log(`${row.name.padEnd(48)} runs=${row.runs}  p50=${row.p50_ms} ms  p99=${row.p99_ms} ms`);
  return row;
}
