import { z } from 'zod';

// calls.md 7.5 and api.md "ERP sync service" (issue 20): the tables the product keeps in sync with the ERP, each
// table's sync runs (a job each, with progress) and their per-day summaries.

/** The synchronised tables, in the order the screen lists them. */
export const syncTableCodes = [
  'item',
  'item_price',
  'item_variant',
  'customer',
  'vendor',
  'franchise',
  'transfer_order',
  'post_code',
] as const;
export type SyncTableCode = (typeof syncTableCodes)[number];

/** A run of one table's sync: queued (its job waits), running, then success or failed. */
export const syncRunStates = ['queued', 'running', 'success', 'failed'] as const;
export type SyncRunState = (typeof syncRunStates)[number];

/** Whether a table takes part in "sync all" (update sync status): a paused table is synced only when asked alone. */
export const syncTableStatuses = ['active', 'paused'] as const;
export type SyncTableStatus = (typeof syncTableStatuses)[number];

const tableCode = z.enum(syncTableCodes, { error: `table_code must be one of ${syncTableCodes.join(', ')}` });

export const syncRun = z.object({
  id: z.number().int(),
  table_code: z.string(),
  sync_all: z.boolean(),
  state: z.enum(syncRunStates),
  /** Records read so far, and the expected total when known (the records the table held before a full sync). */
  done: z.number().int(),
  total: z.number().int().nullable(),
  fetched: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  /** Records a full sync found in the product's copy but no longer in the ERP. */
  excess: z.number().int(),
  message: z.string(),
  erp_mode: z.string(),
  username: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRun>;

export const syncTable = z.object({
  table_code: z.enum(syncTableCodes),
  erp_mode: z.string(),
  status: z.enum(syncTableStatuses),
  /** Records of the table as the last sync left them, and those of them the ERP no longer has. */
  records: z.number().int(),
  excess: z.number().int(),
  last_synced_at: z.string().nullable(),
  /** The state of the latest run (null: never synced) and the error of the latest failed one. */
  state: z.enum(syncRunStates).nullable(),
  last_error: z.string().nullable(),
  /** Kept from before issue 20: the status of the latest sync log entry (success / failed). */
  last_status: z.string().nullable(),
  run: syncRun.nullable(),
});
export type SyncTable = z.infer<typeof syncTable>;

export const syncTableBody = z.object({ table_code: tableCode });
export const syncStartBody = z.object({
  table_code: tableCode,
  sync_all: z.boolean({ error: 'sync_all must be true or false' }).default(false),
});
export const syncVariantsBody = z
  .object({ sync_all: z.boolean({ error: 'sync_all must be true or false' }).default(false) })
  .default({ sync_all: false });
/** The answer of a sync start: the run, and whether this call started it (false: it was running already). */
export const syncStarted = syncRun.extend({ started: z.boolean() });
export type SyncStarted = z.infer<typeof syncStarted>;

export const syncStats = z.object({
  table_code: z.enum(syncTableCodes),
  records: z.number().int(),
  excess: z.number().int(),
  /** Runs of this table by their outcome, and the fetched / created / updated / failed records of all of them. */
  runs: z.number().int(),
  runs_failed: z.number().int(),
  fetched: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  last_run: syncRun.nullable(),
});
export type SyncStats = z.infer<typeof syncStats>;

export const syncRecord = z.object({
  table_code: z.string(),
  system_id: z.string(),
  record_key: z.string(),
  description: z.string(),
  etag: z.string(),
  excess: z.boolean(),
  synced_at: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type SyncRecord = z.infer<typeof syncRecord>;

export const removeExcessBody = z.object({
  table_code: tableCode,
  /** The count the user confirmed: when the table holds another number of excess records now, nothing is removed (409). */
  count: z.number({ error: 'count must be a number' }).int('count must be a whole number').min(0).optional(),
});
export const removeRecordBody = z.object({
  table_code: tableCode,
  system_id: z.string({ error: 'system_id is required' }).trim().min(1, 'system_id is required'),
});
export const syncStatusBody = z.object({
  table_code: tableCode,
  status: z.enum(syncTableStatuses, { error: `status must be one of ${syncTableStatuses.join(', ')}` }),
});

export const syncSummary = z.object({
  /** table_code|sync_date: one row per table and business day. */
  id: z.string(),
  table_code: z.string(),
  sync_date: z.string(),
  runs: z.number().int(),
  fetched: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  /** The failures' messages of that day ("record: message", and failed runs' errors), newest first. */
  failures: z.string(),
  last_run_at: z.string(),
});
export type SyncSummary = z.infer<typeof syncSummary>;

/** One sync call against the ERP port, as the sync log (POST /sync/logs/filter) lists it. */
export const syncLog = z.object({
  id: z.number().int(),
  table_code: z.string(),
  action: z.string(),
  status: z.string(),
  records: z.number().int(),
  message: z.string(),
  erp_mode: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type SyncLog = z.infer<typeof syncLog>;

export const syncAuthorized = z.object({ ok: z.boolean(), message: z.string(), erp_mode: z.string() });
