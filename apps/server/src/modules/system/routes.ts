import { getTableColumns, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { apiLog, config, configUpdate, idsBody, job, runIndexBody, systemIndex, truncateLogsBody } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { unscoped } from '../../http/scope.js';
import { listRoute } from '../../http/list-route.js';
import type { ListSpec } from '../../http/list.js';
import { badRequest, notFound } from '../../http/errors.js';
import { apiLogs } from './schema.js';
import { jobs } from '../../jobs/schema.js';
import { retryJobs } from '../../jobs/queue.js';
import { publicConfig, readSettings, writeSettings } from './settings.js';

type ApiLogRow = typeof apiLogs.$inferSelect;
const apiLogList: ListSpec<ApiLogRow> = {
  source: (db, extra) => db.select({ ...getTableColumns(apiLogs), ...extra }).from(apiLogs).$dynamic(),
  fields: {
    id: apiLogs.id,
    created_at: apiLogs.created_at,
    username: apiLogs.username,
    method: apiLogs.method,
    operation: apiLogs.operation,
    path: apiLogs.path,
    status: apiLogs.status,
    duration_ms: apiLogs.duration_ms,
    error: apiLogs.error,
  },
  filterable: ['created_at', 'username', 'method', 'operation', 'path', 'status', 'error'],
  sortable: ['id', 'created_at', 'username', 'operation', 'status', 'duration_ms'],
  defaultSort: { field: 'id', direction: 'desc' },
  key: apiLogs.id,
};

type JobRow = typeof jobs.$inferSelect;
const jobList: ListSpec<JobRow> = {
  source: (db, extra) => db.select({ ...getTableColumns(jobs), ...extra }).from(jobs).$dynamic(),
  fields: { id: jobs.id, queue: jobs.queue, key: jobs.key, state: jobs.state, attempts: jobs.attempts, run_at: jobs.run_at, created_at: jobs.created_at, updated_at: jobs.updated_at },
  filterable: ['id', 'queue', 'key', 'state', 'created_at'],
  sortable: ['id', 'queue', 'state', 'run_at', 'created_at', 'updated_at'],
  defaultSort: { field: 'id', direction: 'desc' },
  key: jobs.id,
};

export function systemRoutes(r: Router) {
  r.route({
    method: 'GET',
    url: '/config',
    access: 'public',
    summary: 'Configuration the web app needs (maintenance, connector modes, shop URL, default vendor)',
    response: config,
    handler: ({ services }) => publicConfig(services.db, services.config),
  });
  r.route({
    method: 'GET',
    url: '/config/maintenance-mode',
    access: 'public',
    summary: 'Whether maintenance mode is on',
    response: z.boolean(),
    handler: async ({ services }) => (await readSettings(services.db)).maintenance_mode,
  });
  r.route({
    method: 'GET',
    url: '/config/maintenance-noti',
    access: 'public',
    summary: 'The maintenance notice',
    response: z.string(),
    handler: async ({ services }) => (await readSettings(services.db)).maintenance_noti,
  });
  r.route({
    method: 'PUT',
    url: '/config',
    access: 'admin',
    summary: 'Change maintenance mode, notice or shop URL (Administrators)',
    body: configUpdate,
    response: config,
    handler: async ({ body, services }) => {
      await writeSettings(services.db, body);
      services.maintenance.invalidate();
      return publicConfig(services.db, services.config);
    },
  });

  listRoute(r, {
    url: '/api-logs/filter',
    access: { page: '/apiLog', level: 'view' },
    summary: 'Filter the API log',
    item: apiLog,
    spec: apiLogList,
    scope: (s) => s.user(apiLogs.user_id),
    sheet: 'API Log',
    columns: [
      { key: 'created_at', header: 'Time', format: 'datetime', width: 20 },
      { key: 'username', header: 'User' },
      { key: 'method', header: 'Method' },
      { key: 'operation', header: 'Operation', width: 40 },
      { key: 'status', header: 'Status' },
      { key: 'duration_ms', header: 'Duration (ms)' },
      { key: 'error', header: 'Error', width: 40 },
    ],
  });
  r.route({
    method: 'POST',
    url: '/api-logs/truncate',
    access: 'admin',
    summary: 'Delete API log entries (all, or those before a date)',
    body: truncateLogsBody,
    response: z.object({ deleted: z.number().int() }),
    handler: async ({ body, services }) => {
      if (body.before && Number.isNaN(Date.parse(body.before))) throw badRequest('before must be a date', 'before');
      const deleted = await services.db
        .delete(apiLogs)
        .where(body.before ? lt(apiLogs.created_at, body.before) : undefined)
        .returning({ id: apiLogs.id });
      return { deleted: deleted.length };
    },
  });

  listRoute(r, {
    url: '/jobs/filter',
    access: 'admin',
    summary: 'Filter the job queue (outbound ERP and shop calls)',
    item: job,
    spec: jobList,
    scope: unscoped('jobs: Administrators only'),
    sheet: 'Jobs',
    columns: [
      { key: 'id', header: 'ID' },
      { key: 'queue', header: 'Queue', width: 20 },
      { key: 'key', header: 'Key', width: 24 },
      { key: 'state', header: 'State' },
      { key: 'attempts', header: 'Attempts' },
      { key: 'run_at', header: 'Next Run', format: 'datetime', width: 20 },
      { key: 'last_error', header: 'Last Error', width: 50 },
    ],
  });
  r.route({
    method: 'POST',
    url: '/jobs/retry',
    access: 'admin',
    summary: 'Retry failed or dead jobs now',
    body: idsBody,
    response: z.object({ retried: z.number().int() }),
    handler: async ({ body, services }) => {
      const rows = await retryJobs(services.db, body.ids);
      return { retried: rows.length };
    },
  });

  // calls.md 7.3: system indexes, the database's own maintenance.
  r.route({
    method: 'GET',
    url: '/system-indexes',
    access: 'admin',
    summary: 'List the database indexes',
    response: z.array(systemIndex),
    handler: async ({ services }) => listIndexes(services.db),
  });
  r.route({
    method: 'POST',
    url: '/system-indexes/run',
    access: 'admin',
    summary: 'Rebuild one index',
    body: runIndexBody,
    response: systemIndex,
    handler: async ({ body, services }) => {
      const idx = (await listIndexes(services.db)).find((i) => i.name === body.name);
      if (!idx) throw notFound(`Index ${body.name}`);
      await services.db.execute(sql`reindex index ${sql.identifier(idx.name)}`);
      return idx;
    },
  });
  r.route({
    method: 'POST',
    url: '/system-indexes/run-all',
    access: 'admin',
    summary: 'Rebuild every index and refresh planner statistics',
    response: z.object({ rebuilt: z.number().int() }),
    handler: async ({ services }) => {
      const all = await listIndexes(services.db);
      for (const i of all) await services.db.execute(sql`reindex index ${sql.identifier(i.name)}`);
      await services.db.execute(sql`analyze`);
      return { rebuilt: all.length };
    },
  });

  r.route({
    method: 'GET',
    url: '/openapi.json',
    access: 'public',
    summary: 'The OpenAPI 3.1 document of this API (browsable at /api/docs)',
    raw: true,
    handler: async ({ reply, req }) => {
      reply.send((req.server as unknown as { swagger: () => unknown }).swagger());
    },
  });
  r.route({
    method: 'GET',
    url: '/builds/latest.json',
    access: 'public',
    summary: 'The build the server is serving (the web app polls it to detect a new version)',
    raw: true,
    handler: async ({ reply, services }) => {
      reply.header('cache-control', 'no-store').send({ id: services.config.buildId, timestamp: startedAt });
    },
  });
  r.route({
    method: 'GET',
    url: '/builds/meta/:buildId',
    access: 'public',
    summary: 'Manifest of a build ({buildId}.json)',
    params: z.object({ buildId: z.string() }),
    raw: true,
    handler: async ({ reply, params, services }) => {
      const id = params.buildId.replace(/\.json$/, '');
      if (id !== services.config.buildId) throw notFound(`Build ${id}`);
      reply.header('cache-control', 'no-store').send({ id, timestamp: startedAt, matcher: { static: {}, dynamic: {} } });
    },
  });
}

const startedAt = Date.now();

async function listIndexes(db: Router['services']['db']) {
  const r = await db.execute(
    sql`select i.indexname as name, i.tablename as "table", i.indexdef as definition, x.indisvalid as valid
        from pg_indexes i join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
        where i.schemaname = 'public' order by i.tablename, i.indexname`,
  );
  const rows = ((r as unknown as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])) as z.infer<typeof systemIndex>[];
  return rows.map((x) => ({ ...x, valid: Boolean(x.valid) }));
}

