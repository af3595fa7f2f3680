import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { bare, portal } from './api-vs-direct.js';

/**
 * The api-vs-direct bench's two servers, left running for a profiler and a load generator in another process (the
 * flame graph of apps/server/src/http/README.md "Where a GET's time goes" was taken this way):
 *
 *   node --cpu-prof --import tsx apps/server/bench/serve-get.ts        (or under 0x)
 *   npx autocannon -c 10 -d 20 -H "authorization=Bearer <token>" <url>
 *
 * Prints the authenticated URL with its token and the bare route's URL, then runs until SIGINT/SIGTERM. PostgreSQL
 * (a fresh database, dropped at the end) from BENCH_DATABASE_URL / TEST_DATABASE_URL; SERVE_DB=pglite for PGlite.
 */
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const lite = process.env.SERVE_DB === 'pglite';
const name = `fp_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${name}`;
const api = await portal(await openDatabase(lite ? { dataDir: null } : { databaseUrl: dbUrl.toString() }));
const direct = lite ? null : await bare(dbUrl.toString(), api.reasonId);
console.log(JSON.stringify({ url: api.url, authorization: api.headers.authorization, bare: direct?.url }));

const stop = async () => {
  await direct?.close();
  await api.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
