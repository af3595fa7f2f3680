import { stampNow } from '../../db/clock.js';
import { syncApi, syncTableCodes, type SyncTable, type SyncTableCode } from '@fp/contract';
import { and, count, desc, eq, getTableColumns, lt, max, sql } from 'drizzle-orm';
import type { Router } from '../../http/route.js';
import type { Auth } from '../../http/context.js';
import { unscoped } from '../../http/scope.js';
import { listRoute } from '../../http/list-route.js';
import type { ListSpec } from '../../http/list.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { syncLogs } from '../../erp/schema.js';
import { ErpUnavailableError } from '../../erp/port.js';
import { erpSyncRuns, erpSyncTables, erpTableRecords } from './schema.js';
import { ERP_SYNC_QUEUE, erpSyncHandler, startSync, toRun } from './service.js';
import { syncRecordList, syncSummaryList } from './lists.js';

// calls.md 7.5, api.md "ERP sync service" (issue 20): the tables kept in sync with the ERP (/bcTables), their
// syncs as jobs with progress, the sync log and the per-day summaries (/bcSyncSummaries). Head office only: the
// tables hold every franchise's records.

type SyncLogRow = typeof syncLogs.$inferSelect;

const syncLogList: ListSpec<SyncLogRow> = {
  source: (db, extra) =>
    db
      .select({ ...getTableColumns(syncLogs), ...extra })
      .from(syncLogs)
      .$dynamic(),
  fields: {
    id: syncLogs.id,
    table_code: syncLogs.table_code,
    action: syncLogs.action,
    status: syncLogs.status,
    records: syncLogs.records,
    erp_mode: syncLogs.erp_mode,
    username: syncLogs.username,
    message: syncLogs.message,
    started_at: syncLogs.started_at,
  },
  filterable: ['id', 'table_code', 'action', 'status', 'erp_mode', 'username', 'message', 'started_at'],
  sortable: ['id', 'table_code', 'action', 'status', 'records', 'started_at'],
  defaultSort: { field: 'id', direction: 'desc' },
  key: syncLogs.id,
};

/** The tables the sync service keeps (contract syncTableCodes). */
export const SYNC_TABLES = syncTableCodes;

function headOffice(auth: Auth) {
  if (!auth.scope.all) throw forbidden('Only head office users may use the ERP sync service');
}

/** Every table with its records, excess records, last sync, state, last error and latest run. */
async function tableStates(db: DbOrTx, erpMode: string, only?: SyncTableCode): Promise<SyncTable[]> {
  const codes = only ? [only] : [...syncTableCodes];
  const [statuses, counts, lastLogs, runs, lastAt] = await Promise.all([
    db.select().from(erpSyncTables),
    db
      .select({
        table_code: erpTableRecords.table_code,
        records: count(),
        excess: sql<number>`count(*) filter (where ${erpTableRecords.excess})`.mapWith(Number),
      })
      .from(erpTableRecords)
      .groupBy(erpTableRecords.table_code),
    db
      .selectDistinctOn([syncLogs.table_code], {
        table_code: syncLogs.table_code,
        status: syncLogs.status,
        message: syncLogs.message,
      })
      .from(syncLogs)
      .orderBy(syncLogs.table_code, desc(syncLogs.id)),
    db
      .selectDistinctOn([erpSyncRuns.table_code])
      .from(erpSyncRuns)
      .orderBy(erpSyncRuns.table_code, desc(erpSyncRuns.id)),
    db
      .select({ table_code: syncLogs.table_code, at: max(syncLogs.started_at) })
      .from(syncLogs)
      .groupBy(syncLogs.table_code),
  ]);
  return codes.map((code) => {
    const c = counts.find((x) => x.table_code === code);
    const run = runs.find((x) => x.table_code === code);
    const log = lastLogs.find((x) => x.table_code === code);
    return {
      table_code: code,
      erp_mode: erpMode,
      status: statuses.find((s) => s.table_code === code)?.status ?? 'active',
      records: c ? Number(c.records) - c.excess : 0,
      excess: c?.excess ?? 0,
      last_synced_at: lastAt.find((l) => l.table_code === code)?.at ?? null,
      state: run?.state ?? null,
      last_error: run?.state === 'failed' ? run.message : !run && log?.status === 'failed' ? log.message : null,
      last_status: log?.status ?? null,
      run: run ? toRun(run) : null,
    };
  });
}

export function syncRoutes(r: Router) {
  r.services.jobs.register(ERP_SYNC_QUEUE, erpSyncHandler(r.services));

  r.route(syncApi.authorize, async ({ auth, services }) => {
    headOffice(auth);
    try {
      return { ...(await services.erp.authorize()), erp_mode: services.erp.mode };
    } catch (e) {
      // The ERP refusing or not answering is the answer of this call, not a server error.
      if (e instanceof ErpUnavailableError || e instanceof Error)
        return { ok: false, message: e.message, erp_mode: services.erp.mode };
      throw e;
    }
  });

  r.route(syncApi.tables, async ({ auth, services }) => {
    headOffice(auth);
    return tableStates(services.db, services.config.erpMode);
  });

  listRoute(r, syncApi.recordsList, {
    spec: syncRecordList,
    scope: unscoped('ERP tables: head office data of every franchise (head office only)'),
    check: async (_db, auth, body) => {
      headOffice(auth);
      const t = body.filters?.find((f) => f.field === 'table_code');
      if (!t || t.value === undefined || t.value === null || t.value === '')
        throw badRequest('table_code is required: filter table_code eq one of the tables', 'table_code');
    },
    sheet: 'ERP Table Records',
    columns: [
      { key: 'table_code', header: 'Table' },
      { key: 'record_key', header: 'No.' },
      { key: 'description', header: 'Description', width: 40 },
      { key: 'system_id', header: 'System ID', width: 38 },
      { key: 'excess', header: 'Excess', format: 'boolean' },
      { key: 'synced_at', header: 'Synced', format: 'datetime', width: 20 },
    ],
  });

  r.route(syncApi.stats, async ({ body, auth, services }) => {
    headOffice(auth);
    const db = services.db;
    const [t] = await tableStates(db, services.config.erpMode, body.table_code);
    const [agg] = await db
      .select({
        runs: count(),
        runs_failed: sql<number>`count(*) filter (where ${erpSyncRuns.state} = 'failed')`.mapWith(Number),
        fetched: sql<number>`coalesce(sum(${erpSyncRuns.fetched}), 0)`.mapWith(Number),
        created: sql<number>`coalesce(sum(${erpSyncRuns.created}), 0)`.mapWith(Number),
        updated: sql<number>`coalesce(sum(${erpSyncRuns.updated}), 0)`.mapWith(Number),
        failed: sql<number>`coalesce(sum(${erpSyncRuns.failed}), 0)`.mapWith(Number),
      })
      .from(erpSyncRuns)
      .where(eq(erpSyncRuns.table_code, body.table_code));
    return {
      table_code: body.table_code,
      records: t.records,
      excess: t.excess,
      ...agg,
      runs: Number(agg.runs),
      last_run: t.run,
    };
  });

  r.route(syncApi.syncTable, async ({ body, auth, services }) => {
    headOffice(auth);
    return startSync(services.db, services.erp.mode, body.table_code, body.sync_all, {
      id: auth.userId,
      username: auth.username,
    });
  });
  r.route(syncApi.syncProductVariants, async ({ body, auth, services }) => {
    headOffice(auth);
    return startSync(services.db, services.erp.mode, 'item_variant', body.sync_all, {
      id: auth.userId,
      username: auth.username,
    });
  });

  r.route(syncApi.removeExcess, async ({ body, auth, services }) => {
    headOffice(auth);
    return services.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`erp.sync:${body.table_code}`}))`);
      const [running] = await tx
        .select({ id: erpSyncRuns.id })
        .from(erpSyncRuns)
        .where(and(eq(erpSyncRuns.table_code, body.table_code), sql`${erpSyncRuns.state} in ('queued', 'running')`))
        .limit(1);
      if (running)
        throw conflict(
          `A sync of ${body.table_code} is running: remove the excess records when it has finished`,
          'sync_running',
          'table_code',
        );
      const where = and(eq(erpTableRecords.table_code, body.table_code), eq(erpTableRecords.excess, true));
      if (body.count !== undefined) {
        const [{ n }] = await tx.select({ n: count() }).from(erpTableRecords).where(where);
        if (Number(n) !== body.count)
          throw conflict(
            `The table has ${Number(n)} excess record(s) now, not ${body.count}: reload and confirm again`,
            'excess_changed',
            'count',
          );
      }
      const removed = await tx.delete(erpTableRecords).where(where).returning({ id: erpTableRecords.system_id });
      return { removed: removed.length };
    });
  });

  r.route(syncApi.removeRecord, async ({ body, auth, services }) => {
    headOffice(auth);
    const removed = await services.db
      .delete(erpTableRecords)
      .where(and(eq(erpTableRecords.table_code, body.table_code), eq(erpTableRecords.system_id, body.system_id)))
      .returning({ id: erpTableRecords.system_id });
    if (removed.length === 0) throw notFound(`Record ${body.system_id} of ${body.table_code}`);
    return { removed: removed.length };
  });

  r.route(syncApi.status, async ({ body, auth, services }) => {
    headOffice(auth);
    await services.db
      .insert(erpSyncTables)
      .values({ table_code: body.table_code, status: body.status, updated_by: auth.username })
      .onConflictDoUpdate({
        target: erpSyncTables.table_code,
        set: { status: body.status, updated_by: auth.username, updated_at: stampNow() },
      });
    const [t] = await tableStates(services.db, services.config.erpMode, body.table_code);
    return t;
  });

  listRoute(r, syncApi.logsList, {
    spec: syncLogList,
    scope: unscoped('sync logs: head office only'),
    check: async (_db, auth) => headOffice(auth),
    sheet: 'Sync Log',
    columns: [
      { key: 'started_at', header: 'Started', format: 'datetime', width: 20 },
      { key: 'table_code', header: 'Table' },
      { key: 'action', header: 'Action' },
      { key: 'status', header: 'Status' },
      { key: 'records', header: 'Records' },
      { key: 'username', header: 'User' },
      { key: 'message', header: 'Message', width: 50 },
    ],
  });
  r.route(syncApi.logsEmpty, async ({ body, auth, services }) => {
    headOffice(auth);
    if (body.before && Number.isNaN(Date.parse(body.before))) throw badRequest('before must be a date', 'before');
    const deleted = await services.db
      .delete(syncLogs)
      .where(body.before ? lt(syncLogs.started_at, body.before) : undefined)
      .returning({ id: syncLogs.id });
    return { deleted: deleted.length };
  });

  listRoute(r, syncApi.summariesList, {
    spec: syncSummaryList,
    scope: unscoped('sync summaries: head office only'),
    check: async (_db, auth) => headOffice(auth),
    sheet: 'Sync Summaries',
    columns: [
      { key: 'sync_date', header: 'Date', format: 'date', width: 14 },
      { key: 'table_code', header: 'Table' },
      { key: 'runs', header: 'Runs' },
      { key: 'fetched', header: 'Fetched' },
      { key: 'created', header: 'Created' },
      { key: 'updated', header: 'Updated' },
      { key: 'failed', header: 'Failed' },
      { key: 'failures', header: 'Failures', width: 60 },
      { key: 'last_run_at', header: 'Last Run', format: 'datetime', width: 20 },
    ],
  });
}
