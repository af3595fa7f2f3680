import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { buildApp, type App } from '../src/app.js';
import { seedBase } from '../src/seed/index.js';
import { throwawayPostgres } from './postgres-database.js';
import { ADMIN_PASSWORD } from './helpers.js';

// DATABASE_READ_URL (issue 22): the reports that tolerate lag read the replica, everything else the primary. A real
// replica is not at hand in a test, so the "replica" here is a second database: a row written only there shows in
// the revenue reports through the API, and not in what reads the primary.

describe('DATABASE_READ_URL configuration', () => {
  it('refuses a read replica without DATABASE_URL, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/fp' })).toThrow(/DATABASE_READ_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://p/fp', DATABASE_READ_URL: 'mysql://r/fp' })).toThrow(
      /DATABASE_READ_URL must be a postgres:\/\/ URL/,
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://p/fp' }).databaseReadUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://p/fp', DATABASE_READ_URL: 'postgres://r/fp' }).databaseReadUrl).toBe(
      'postgres://r/fp',
    );
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('reports on a read replica (needs PostgreSQL)', () => {
  let primary: Awaited<ReturnType<typeof throwawayPostgres>>;
  let replica: Awaited<ReturnType<typeof throwawayPostgres>>;
  let database: Database;
  let built: App;
  let token: string;

  beforeAll(async () => {
    const server = process.env.TEST_DATABASE_URL!;
    const template = inject('pgTemplate') ?? undefined;
    primary = await throwawayPostgres(server, 'fp_test', undefined, template);
    replica = await throwawayPostgres(server, 'fp_test_replica', undefined, template);
    await primary.database.close();
    database = await openDatabase({ databaseUrl: primary.url, databaseReadUrl: replica.url });
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      DATABASE_URL: primary.url,
      DATABASE_READ_URL: replica.url,
    });
    built = await buildApp(config, database);
    await seedBase(built.services);
    await built.app.ready();
    const login = await built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    token = login.json<string>();
    // A posted invoice only the replica holds.
    await replica.database.db.execute(sql`insert into sales_value_documents
      (document_type, document_no, pos_so_no, posting_date, franchise_code, location_code, quantity, amount)
      values ('invoice', 'SI-REPLICA-1', 'SO-REPLICA-1', '2026-03-05', 'RPL01', 'RPL01-01', 2, 150000)`);
  });
  afterAll(async () => {
    await built?.app.close();
    await database?.close();
    await replica?.database.close();
    await replica?.drop();
    await primary?.drop();
  });

  const post = (url: string, payload: object) =>
    built.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
  const march = { from_date: '2026-03-01', to_date: '2026-03-31' };

  it('revenue detail, its total and the summary read the replica; the primary holds nothing of it', async () => {
    const detail = await post('/api/reports/revenue/detail', { ...march, pagination: { page: 1, size: 20 } });
    expect(detail.statusCode).toBe(200);
    const items = (detail.json() as { data: { items: { document_no: string; amount: string }[] } }).data.items;
    expect(items.map((i) => i.document_no)).toEqual(['SI-REPLICA-1']);
    const total = await post('/api/reports/revenue/detail/total', march);
    expect(total.json()).toMatchObject({ result: true, data: { documents: 1 } });
    expect(Number((total.json() as { data: { net_amount: string } }).data.net_amount)).toBe(150000);
    const summaryTotal = await post('/api/reports/revenue/summary/total', { ...march, group_by: 'day' });
    expect(summaryTotal.json()).toMatchObject({ result: true, data: { documents: 1 } });
    const [{ n }] = (
      (await database.db.execute(sql`select count(*)::int as n from sales_value_documents`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(n).toBe(0);
  });

  it('every other call reads the primary', async () => {
    // The users list is not a report: it reads the primary, where the admin is (the replica database has no users).
    const users = await post('/api/admin/users/filter', { pagination: { page: 1, size: 20 } });
    expect(users.statusCode).toBe(200);
    const names = (users.json() as { data: { items: { username: string }[] } }).data.items.map((u) => u.username);
    expect(names).toContain('admin');
  });
});
