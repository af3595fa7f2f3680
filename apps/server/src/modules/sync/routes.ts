import { syncApi } from '@fp/contract';
import { desc, getTableColumns, lt, max, sql } from 'drizzle-orm';
import type { Router } from '../../http/route.js';
import { unscoped } from '../../http/scope.js';
import { listRoute } from '../../http/list-route.js';
import type { ListSpec } from '../../http/list.js';
import { badRequest } from '../../http/errors.js';
import { syncLogs } from '../../erp/schema.js';

// api.md "ERP sync service": the sync log every sync call writes (erp/sync-log.ts), readable and emptied by admins.

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
    started_at: syncLogs.started_at,
  },
  filterable: ['id', 'table_code', 'action', 'status', 'erp_mode', 'username', 'started_at'],
  sortable: ['id', 'table_code', 'action', 'status', 'records', 'started_at'],
  defaultSort: { field: 'id', direction: 'desc' },
  key: syncLogs.id,
};

/** The tables the ERP port keeps in sync (ERP_MODE=standalone: the product's own tables). */
export const SYNC_TABLES = ['customer', 'franchise', 'item', 'item_price', 'post_code', 'transfer_order'] as const;

export function syncRoutes(r: Router) {
  listRoute(r, syncApi.logsList, {
    spec: syncLogList,
    scope: unscoped('sync logs: Administrators only'),
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
  r.route(syncApi.logsEmpty, async ({ body, services }) => {
    if (body.before && Number.isNaN(Date.parse(body.before))) throw badRequest('before must be a date', 'before');
    const deleted = await services.db
      .delete(syncLogs)
      .where(body.before ? lt(syncLogs.started_at, body.before) : undefined)
      .returning({ id: syncLogs.id });
    return { deleted: deleted.length };
  });
  r.route(syncApi.tables, async ({ services }) => {
    const last = await services.db
      .select({ table_code: syncLogs.table_code, at: max(syncLogs.started_at) })
      .from(syncLogs)
      .groupBy(syncLogs.table_code);
    const statusOf = async (code: string) => {
      const [row] = await services.db
        .select({ status: syncLogs.status })
        .from(syncLogs)
        .where(sql`${syncLogs.table_code} = ${code}`)
        .orderBy(desc(syncLogs.id))
        .limit(1);
      return row?.status ?? null;
    };
    return Promise.all(
      SYNC_TABLES.map(async (code) => ({
        table_code: code,
        erp_mode: services.config.erpMode,
        last_synced_at: last.find((l) => l.table_code === code)?.at ?? null,
        last_status: await statusOf(code),
      })),
    );
  });
}
