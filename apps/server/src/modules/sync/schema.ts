import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Issue 20, calls.md 7.5: the sync service. Each table's sync is a job (queue erp.sync) that reads the ERP through
// the port page by page into `erp_table_records` and counts what it did on its `erp_sync_runs` row; the per-day
// summaries are read from the runs (never kept as counters).

/** Whether a table takes part in "sync all" (POST /api/sync/status); a table without a row is active. */
export const erpSyncTables = pgTable('erp_sync_tables', {
  table_code: text('table_code').primaryKey(),
  status: text('status').$type<'active' | 'paused'>().notNull().default('active'),
  updated_by: text('updated_by'),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** One sync of one table: its job, its progress and what it did. */
export const erpSyncRuns = pgTable(
  'erp_sync_runs',
  {
    id: serial('id').primaryKey(),
    table_code: text('table_code').notNull(),
    sync_all: boolean('sync_all').notNull().default(false),
    state: text('state').$type<'queued' | 'running' | 'success' | 'failed'>().notNull().default('queued'),
    job_id: bigint('job_id', { mode: 'number' }),
    /** Records read so far; the expected total when known (what the table held before a full sync). */
    done: integer('done').notNull().default(0),
    total: integer('total'),
    fetched: integer('fetched').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    excess: integer('excess').notNull().default(0),
    /** Records that could not be taken: `{ record_key, message }`, at most 100 kept. */
    failures: jsonb('failures')
      .$type<{ record_key: string; message: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    message: text('message').notNull().default(''),
    erp_mode: text('erp_mode').notNull(),
    user_id: integer('user_id'),
    username: text('username'),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('erp_sync_runs_table').on(t.table_code, t.id)],
);

/**
 * The product's copy of each synchronised table as the ERP last delivered it, keyed by the ERP's id (BC `id`,
 * standalone: the product's key). `excess`: a full sync did not find it in the ERP any more.
 */
export const erpTableRecords = pgTable(
  'erp_table_records',
  {
    table_code: text('table_code').notNull(),
    system_id: text('system_id').notNull(),
    record_key: text('record_key').notNull(),
    description: text('description').notNull().default(''),
    etag: text('etag').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    excess: boolean('excess').notNull().default(false),
    /** The run that last read it (a full sync marks the records it did not read as excess). */
    last_run_id: integer('last_run_id').notNull(),
    synced_at: timestamp('synced_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.table_code, t.system_id] }),
    index('erp_table_records_key').on(t.table_code, t.record_key),
  ],
);
