import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { throwawayPostgres } from './postgres-database.js';
import { startServerProcesses } from './server-processes.js';

// Issue 22: several processes on one PostgreSQL. What the books workload through two processes does not show:
// processes started at once on an empty database, and the one scheduler among them.

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Server processes start under tsx and migrate a database: minutes on a loaded 2-core machine, never a timing check. */
const PROCESS_TEST_MS = 240_000;

describe.skipIf(!process.env.TEST_DATABASE_URL)('several processes on one database (needs PostgreSQL)', () => {
  it(
    'two processes started at once on an empty database migrate it once and create one admin',
    async () => {
      // No template and no migration: the database is empty, both processes find every migration to apply.
      const { default: pg } = await import('pg');
      const server = process.env.TEST_DATABASE_URL!;
      const name = `fp_test_empty_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(server);
      url.pathname = `/${name}`;
      const processes = await startServerProcesses(2, url.toString(), { ADMIN_PASSWORD: '' });
      try {
        const res = await Promise.all(processes.urls.map((u) => fetch(`${u}/api/config`)));
        expect(res.map((r) => r.status)).toEqual([200, 200]);
        // The generated admin password is printed by the one process that created the admin.
        const printed = processes.output().filter((o) => o.includes('User "admin" was created'));
        expect(printed).toHaveLength(1);
        const db = await openDatabase({ databaseUrl: url.toString() });
        try {
          const [users] = rowsOf<{ n: number }>(await db.db.execute(sql`select count(*)::int as n from users`));
          expect(users.n).toBe(1);
          const [roles] = rowsOf<{ n: number }>(await db.db.execute(sql`select count(*)::int as n from roles`));
          expect(roles.n).toBe(4);
        } finally {
          await db.close();
        }
      } finally {
        await processes.stop();
        const c = new pg.Client({ connectionString: server });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      }
    },
    PROCESS_TEST_MS,
  );

  it(
    'one process leads the schedules; when it closes, another takes over',
    async () => {
      const first = await throwawayPostgres(process.env.TEST_DATABASE_URL!, 'fp_test');
      const url = first.url;
      const second = await openDatabase({ databaseUrl: url });
      const third = await openDatabase({ databaseUrl: url });
      try {
        expect(await first.database.leads()).toBe(true);
        // Asked again, it still leads; the others do not.
        expect(await first.database.leads()).toBe(true);
        expect(await Promise.all([second.leads(), third.leads()])).toEqual([false, false]);
        await first.database.close();
        const after = await Promise.all([second.leads(), third.leads()]);
        expect(after.filter(Boolean)).toHaveLength(1);
      } finally {
        await second.close();
        await third.close();
        await first.drop();
      }
    },
    PROCESS_TEST_MS,
  );

  it(
    'exclusive sections of two processes do not overlap',
    async () => {
      const a = await throwawayPostgres(process.env.TEST_DATABASE_URL!, 'fp_test');
      const b = await openDatabase({ databaseUrl: a.url });
      try {
        const events: string[] = [];
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        let entered!: () => void;
        const inside = new Promise<void>((r) => (entered = r));
        const one = a.database.exclusive(async () => {
          events.push('a in');
          entered();
          await held;
          events.push('a out');
        });
        await inside;
        const two = b.exclusive(async () => {
          events.push('b in');
        });
        // b waits on a's lock (the start-up lock, 7 301 220 001: classid 1, objid 3 006 252 705 in pg_locks).
        const waiting = async () =>
          rowsOf<{ n: number }>(
            await a.database.db.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory'
            and classid = 1 and objid = 3006252705 and not granted`),
          )[0].n;
        for (let round = 0; round < 200 && (await waiting()) === 0; round++)
          await new Promise((r) => setTimeout(r, 50));
        expect(await waiting()).toBe(1);
        expect(events).toEqual(['a in']);
        release();
        await Promise.all([one, two]);
        expect(events).toEqual(['a in', 'a out', 'b in']);
      } finally {
        await b.close();
        await a.database.close();
        await a.drop();
      }
    },
    PROCESS_TEST_MS,
  );
});
