import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stampedAt } from '../db/columns.js';

/** One entry per sync call against the ERP port (calls.md 7.5 sync logs). */
export const syncLogs = pgTable(
  'sync_logs',
  {
    id: serial('id').primaryKey(),
    /** What was synced: customer, franchise, item, item_price, post_code, transfer_order, … */
    table_code: text('table_code').notNull(),
    /** sync, sync_all, release, fetch_posted, … */
    action: text('action').notNull(),
    status: text('status').$type<'success' | 'failed'>().notNull(),
    records: integer('records').notNull().default(0),
    message: text('message').notNull().default(''),
    /** The ERP implementation that answered (standalone, business_central). */
    erp_mode: text('erp_mode').notNull().default('standalone'),
    user_id: integer('user_id'),
    username: text('username'),
    started_at: stampedAt('started_at'),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('sync_logs_table_started').on(t.table_code, t.started_at)],
);

/**
 * Where the ERP stands with each document the product sent it (kernel/outbox.ts): one row per document, keyed by
 * the document kind (ErpDocumentKind or ErpPostedDocumentKind) and our number. Lists join it to show the sync state.
 *
 * sync_state: `pending` (a job is queued or retrying for the first time), `synced` (every queued action reached
 * the ERP), `failed` (the ERP was unavailable; the job retries with backoff, last_error says why), `dead` (the ERP
 * refused an action or the retries ran out: later actions of this document wait until an admin retries or
 * discards the job on the jobs screen).
 */
export const erpDocumentSync = pgTable(
  'erp_document_sync',
  {
    kind: text('kind').notNull(),
    document_no: text('document_no').notNull(),
    sync_state: text('sync_state').$type<ErpSyncState>().notNull().default('pending'),
    /** The last action queued or sent: release, post, cancel, reopen. */
    last_action: text('last_action').notNull().default(''),
    /** The ERP's number of the document (standalone: ours) and its etag, once the ERP answered. */
    external_no: text('external_no'),
    etag: text('etag'),
    last_error: text('last_error'),
    /** The latest job queued for this document: a finished job marks `synced` only when it is that one. */
    last_job_id: bigint('last_job_id', { mode: 'number' }),
    synced_at: timestamp('synced_at', { withTimezone: true, mode: 'string' }),
    updated_at: stampedAt('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.document_no] }), index('erp_document_sync_state').on(t.sync_state)],
);
export type ErpSyncState = 'pending' | 'synced' | 'failed' | 'dead';
export const erpSyncStates: readonly ErpSyncState[] = ['pending', 'synced', 'failed', 'dead'];
