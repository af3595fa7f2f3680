import {} from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { syncLogs } from './schema.js';
import { stampNow } from '../db/clock.js';

export type SyncUser = { id: number; username: string } | null;
export type SyncEntry = { table_code: string; action: string; erp_mode: string; user?: SyncUser };

/** Runs one sync call and records it in sync_logs, whether it succeeds or fails (the error is rethrown). */
export async function withSyncLog<T extends { records: number; message: string }>(
  db: DbOrTx,
  e: SyncEntry,
  run: () => Promise<T>,
): Promise<T> {
  const started_at = new Date().toISOString();
  const base = {
    table_code: e.table_code,
    action: e.action,
    erp_mode: e.erp_mode,
    user_id: e.user?.id ?? null,
    username: e.user?.username ?? null,
    started_at,
  };
  try {
    const result = await run();
    await db.insert(syncLogs).values({
      ...base,
      status: 'success',
      records: result.records,
      message: result.message.slice(0, 1000),
      finished_at: stampNow(),
    });
    return result;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db
      .insert(syncLogs)
      .values({ ...base, status: 'failed', records: 0, message: message.slice(0, 1000), finished_at: stampNow() });
    throw err;
  }
}
