import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** TEST_DATABASE_URL runs: the migrated database every test file's database is created from. */
    pgTemplate: string | null;
    /** Embedded runs: the file holding a migrated PGlite data directory (dumpDataDir) every test file starts from. */
    pgliteTemplate: string | null;
  }
}

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * Migrates one database before the run instead of one per test file (helpers.ts `freshDatabase` copies it):
 * on PostgreSQL a template database for `CREATE DATABASE … TEMPLATE`, dropped after the run; embedded, a PGlite
 * data directory dump in the temp folder, named by a hash of the migrations and the PGlite version so a changed
 * migration makes a new one.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const { default: pg } = await import('pg');
    const name = `fp_test_tpl_${randomBytes(6).toString('hex')}`;
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(sql);
      } finally {
        await c.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    // CREATE DATABASE … TEMPLATE needs the template without connections.
    await database.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', null);
    return async () => admin(`drop database if exists ${name} with (force)`);
  }
  const file = path.join(os.tmpdir(), `fp-test-pglite-${templateKey()}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({ dataDir: null });
    const client = (database.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    await database.close();
    // Written under another name first: a parallel run never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  project.provide('pgTemplate', null);
  project.provide('pgliteTemplate', file);
}

function templateKey(): string {
  const hash = createHash('sha256');
  // The PGlite version (its package.json, one folder above its entry point dist/index.cjs).
  const pglite = path.dirname(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
  hash.update(fs.readFileSync(path.join(pglite, 'package.json')));
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else hash.update(entry.name).update(fs.readFileSync(p));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}
