import { getTableColumns, sql } from 'drizzle-orm';
import { businessTimeZone, type SyncRecord, type SyncSummary } from '@fp/contract';
import type { ListSpec } from '../../http/list.js';
import { erpSyncRuns as r, erpTableRecords } from './schema.js';

type RecordRow = typeof erpTableRecords.$inferSelect;

/** POST /api/sync/tables/filter: a table's records (filter table_code eq …), excess ones first when sorted so. */
export const syncRecordList: ListSpec<RecordRow, SyncRecord> = {
  source: (db, extra) =>
    db
      .select({ ...getTableColumns(erpTableRecords), ...extra })
      .from(erpTableRecords)
      .$dynamic(),
  fields: {
    table_code: erpTableRecords.table_code,
    system_id: erpTableRecords.system_id,
    record_key: erpTableRecords.record_key,
    description: erpTableRecords.description,
    excess: erpTableRecords.excess,
    synced_at: erpTableRecords.synced_at,
  },
  filterable: ['table_code', 'system_id', 'record_key', 'description', 'excess', 'synced_at'],
  sortable: ['system_id', 'record_key', 'description', 'excess', 'synced_at'],
  defaultSort: { field: 'record_key', direction: 'asc' },
  key: erpTableRecords.system_id,
  map: (row) => ({
    table_code: row.table_code,
    system_id: row.system_id,
    record_key: row.record_key,
    description: row.description,
    etag: row.etag,
    excess: row.excess,
    synced_at: row.synced_at,
    data: row.data,
  }),
};

const col = (name: string) => sql`${sql.identifier('s')}.${sql.identifier(name)}`;

/** What failed in one run: the run's own error when it failed, then each record that could not be taken. */
const runFailures = sql`concat_ws('; ',
  case when ${r.state} = 'failed' then ${r.message} end,
  (select string_agg((f->>'record_key') || ': ' || (f->>'message'), '; ') from jsonb_array_elements(${r.failures}) f))`;

/** Finished runs grouped by table and business day (Asia/Ho_Chi_Minh): derived from the runs, never a counter. */
function perDay(db: Parameters<ListSpec<unknown>['source']>[0]) {
  // The zone as a literal, not a parameter: the select and the group by must be the same expression.
  const zone = sql.raw(`'${businessTimeZone().replace(/'/g, "''")}'`);
  const day = sql`(${r.started_at} at time zone ${zone})::date`;
  return db
    .select({
      id: sql<string>`${r.table_code} || '|' || ${day}::text`.as('id'),
      table_code: sql<string>`${r.table_code}`.as('table_code'),
      sync_date: sql<string>`${day}`.as('sync_date'),
      runs: sql<number>`count(*)::int`.as('runs'),
      fetched: sql<number>`sum(${r.fetched})::int`.as('fetched'),
      created: sql<number>`sum(${r.created})::int`.as('created'),
      updated: sql<number>`sum(${r.updated})::int`.as('updated'),
      failed: sql<number>`(sum(${r.failed}) + count(*) filter (where ${r.state} = 'failed'))::int`.as('failed'),
      failures: sql<string>`coalesce(string_agg(nullif(${runFailures}, ''), '; ' order by ${r.id} desc), '')`.as(
        'failures',
      ),
      last_run_at: sql<string>`max(${r.started_at})`.as('last_run_at'),
    })
    .from(r)
    .where(sql`${r.state} in ('success', 'failed')`)
    .groupBy(r.table_code, day)
    .as('s');
}

const INTS = ['runs', 'fetched', 'created', 'updated', 'failed'] as const;

/** POST /api/sync/summaries/filter: per table and day, runs and records fetched / created / updated / failed. */
export const syncSummaryList: ListSpec<SyncSummary> = {
  source: (db, extra) =>
    db
      .select({
        id: sql<string>`${col('id')}`.as('id'),
        table_code: sql<string>`${col('table_code')}`.as('table_code'),
        sync_date: sql<string>`${col('sync_date')}::text`.as('sync_date'),
        ...Object.fromEntries(INTS.map((f) => [f, sql<number>`${col(f)}`.mapWith(Number).as(f)])),
        failures: sql<string>`${col('failures')}`.as('failures'),
        last_run_at: sql<string>`${col('last_run_at')}`.as('last_run_at'),
        ...extra,
      } as never)
      .from(perDay(db))
      .$dynamic() as never,
  fields: {
    table_code: { expr: col('table_code'), type: 'text' },
    sync_date: { expr: col('sync_date'), type: 'date' },
    ...Object.fromEntries(INTS.map((f) => [f, { expr: col(f), type: 'integer' as const }])),
    failures: { expr: col('failures'), type: 'text' },
    last_run_at: { expr: col('last_run_at'), type: 'datetime' },
  },
  filterable: ['table_code', 'sync_date', 'failed', 'failures'],
  sortable: ['table_code', 'sync_date', 'runs', 'fetched', 'created', 'updated', 'failed', 'last_run_at'],
  defaultSort: { field: 'sync_date', direction: 'desc' },
  key: col('id'),
};
