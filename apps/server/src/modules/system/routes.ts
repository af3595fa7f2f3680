import { getTableColumns, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { systemIndex, configApi, apiLogsApi, jobsApi, systemApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import type { ListSpec } from '../../http/list.js';
import { badRequest, notFound } from '../../http/errors.js';
import { apiLogs } from './schema.js';
import { jobs } from '../../jobs/schema.js';
import { retryJobs } from '../../jobs/queue.js';
import { publicConfig, readSettings, writeSettings } from './settings.js';
import { unscoped } from '../../http/scope.js';

type ApiLogRow = typeof apiLogs.$inferSelect;
const apiLogList: ListSpec<ApiLogRow> = {
  source: (db, extra) =>
    db
      .select({ ...getTableColumns(apiLogs), ...extra })
      .from(apiLogs)
      .$dynamic(),
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
  source: (db, extra) =>
    db
      .select({ ...getTableColumns(jobs), ...extra })
      .from(jobs)
      .$dynamic(),
  fields: {
    id: jobs.id,
    queue: jobs.queue,
    key: jobs.key,
    group_key: jobs.group_key,
    state: jobs.state,
    attempts: jobs.attempts,
    run_at: jobs.run_at,
    created_at: jobs.created_at,
    updated_at: jobs.updated_at,
  },
  filterable: ['id', 'queue', 'key', 'group_key', 'state', 'created_at'],
  sortable: ['id', 'queue', 'state', 'run_at', 'created_at', 'updated_at'],
  defaultSort: { field: 'id', direction: 'desc' },
  key: jobs.id,
};

export function systemRoutes(r: Router) {
  r.route(configApi.get, ({ services }) => publicConfig(services.db, services.config));
  r.route(configApi.maintenanceMode, async ({ services }) => (await readSettings(services.db)).maintenance_mode);
  r.route(configApi.maintenanceNoti, async ({ services }) => (await readSettings(services.db)).maintenance_noti);
  r.route(configApi.update, async ({ body, services }) => {
    await writeSettings(services.db, body);
    services.maintenance.invalidate();
    return publicConfig(services.db, services.config);
  });

  listRoute(r, apiLogsApi.list, {
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
  r.route(apiLogsApi.truncate, async ({ body, services }) => {
    if (body.before && Number.isNaN(Date.parse(body.before))) throw badRequest('before must be a date', 'before');
    const deleted = await services.db
      .delete(apiLogs)
      .where(body.before ? lt(apiLogs.created_at, body.before) : undefined)
      .returning({ id: apiLogs.id });
    return { deleted: deleted.length };
  });

  listRoute(r, jobsApi.list, {
    spec: jobList,
    scope: unscoped('jobs: Administrators only'),
    sheet: 'Jobs',
    columns: [
      { key: 'id', header: 'ID' },
      { key: 'queue', header: 'Queue', width: 20 },
      { key: 'key', header: 'Key', width: 24 },
      { key: 'group_key', header: 'Document', width: 30 },
      { key: 'state', header: 'State' },
      { key: 'attempts', header: 'Attempts' },
      { key: 'run_at', header: 'Next Run', format: 'datetime', width: 20 },
      { key: 'last_error', header: 'Last Error', width: 50 },
    ],
  });
  r.route(jobsApi.retry, async ({ body, services }) => {
    const rows = await retryJobs(services.db, body.ids);
    return { retried: rows.length };
  });

  // calls.md 7.3: system indexes, the database's own maintenance.
  r.route(systemApi.indexes, async ({ services }) => listIndexes(services.db));
  r.route(systemApi.indexesRun, async ({ body, services }) => {
    const idx = (await listIndexes(services.db)).find((i) => i.name === body.name);
    if (!idx) throw notFound(`Index ${body.name}`);
    await services.db.execute(sql`reindex index ${sql.identifier(idx.name)}`);
    return idx;
  });
  r.route(systemApi.indexesRunAll, async ({ services }) => {
    const all = await listIndexes(services.db);
    for (const i of all) await services.db.execute(sql`reindex index ${sql.identifier(i.name)}`);
    await services.db.execute(sql`analyze`);
    return { rebuilt: all.length };
  });

  r.route(systemApi.openapi, async ({ reply, req }) => {
    reply.send((req.server as unknown as { swagger: () => unknown }).swagger());
  });
  r.route(systemApi.buildsLatest, async ({ reply, services }) => {
    reply.header('cache-control', 'no-store').send({ id: services.config.buildId, timestamp: startedAt });
  });
  r.route(systemApi.buildsMeta, async ({ reply, params, services }) => {
    const id = params.buildId.replace(/\.json$/, '');
    if (id !== services.config.buildId) throw notFound(`Build ${id}`);
    reply.header('cache-control', 'no-store').send({ id, timestamp: startedAt, matcher: { static: {}, dynamic: {} } });
  });
}

const startedAt = Date.now();

async function listIndexes(db: Router['services']['db']) {
  const r = await db.execute(
    sql`select i.indexname as name, i.tablename as "table", i.indexdef as definition, x.indisvalid as valid
        from pg_indexes i join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
        where i.schemaname = 'public' order by i.tablename, i.indexname`,
  );
  const rows = ((r as unknown as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])) as z.infer<
    typeof systemIndex
  >[];
  return rows.map((x) => ({ ...x, valid: Boolean(x.valid) }));
}
