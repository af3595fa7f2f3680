import { stampNow } from '../../db/clock.js';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { syncTableCodes, type SyncRun, type SyncTableCode } from '@fp/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Erp, ErpCallOptions } from '../../erp/port.js';
import { withSyncLog } from '../../erp/sync-log.js';
import { enqueue, PermanentJobError, type JobHandler } from '../../jobs/queue.js';
import { conflict } from '../../http/errors.js';
import { erpSyncRuns, erpSyncTables, erpTableRecords } from './schema.js';
import { SYNC_TABLE_DEFS, type SyncedRecord } from './tables.js';

export const ERP_SYNC_QUEUE = 'erp.sync';
/** One live job per table (jobs_live_key): a second start while one runs answers that one. */
export const syncJobKey = (table: string) => `sync:${table}`;
const MAX_FAILURES_KEPT = 100;
const SINCE_MARGIN_MS = 2 * 60_000;

type RunRow = typeof erpSyncRuns.$inferSelect;
export const toRun = (r: RunRow): SyncRun => ({
  id: r.id,
  table_code: r.table_code,
  sync_all: r.sync_all,
  state: r.state,
  done: r.done,
  total: r.total,
  fetched: r.fetched,
  created: r.created,
  updated: r.updated,
  failed: r.failed,
  excess: r.excess,
  message: r.message,
  erp_mode: r.erp_mode,
  username: r.username,
  started_at: r.started_at,
  finished_at: r.finished_at,
});

/** Who started a sync: a user, or the schedule (null). */
export type SyncCaller = { id: number; username: string } | null;

/**
 * Starts a sync of one table: a run row and its job, in one transaction. While a run of the table is queued or
 * running, answers that run (`started: false`) and starts nothing: one sync per table at a time.
 */
export async function startSync(
  db: Db,
  erpMode: string,
  table: SyncTableCode,
  syncAll: boolean,
  user: SyncCaller,
): Promise<SyncRun & { started: boolean }> {
  return db.transaction(async (tx) => {
    // Parallel starts of one table queue here; the second sees the first one's run.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`erp.sync:${table}`}))`);
    const [live] = await tx
      .select()
      .from(erpSyncRuns)
      .where(and(eq(erpSyncRuns.table_code, table), inArray(erpSyncRuns.state, ['queued', 'running'])))
      .orderBy(desc(erpSyncRuns.id))
      .limit(1);
    if (live) return { ...toRun(live), started: false };
    const [{ n }] = await tx
      .select({ n: count() })
      .from(erpTableRecords)
      .where(and(eq(erpTableRecords.table_code, table), eq(erpTableRecords.excess, false)));
    const [run] = await tx
      .insert(erpSyncRuns)
      .values({
        table_code: table,
        sync_all: syncAll,
        erp_mode: erpMode,
        user_id: user?.id ?? null,
        username: user?.username ?? SCHEDULE_USER,
        total: syncAll && n > 0 ? n : null,
      })
      .returning();
    const job = await enqueue(tx, {
      queue: ERP_SYNC_QUEUE,
      key: syncJobKey(table),
      payload: { run_id: run.id },
      maxAttempts: 1,
    });
    if ((job.payload as { run_id?: number }).run_id !== run.id)
      throw conflict(`A sync of ${table} is already running`, 'sync_running', 'table_code');
    const [withJob] = await tx
      .update(erpSyncRuns)
      .set({ job_id: job.id })
      .where(eq(erpSyncRuns.id, run.id))
      .returning();
    return { ...toRun(withJob), started: true };
  });
}

/** JSON with sorted keys (jsonb keeps its own key order): equal content, equal text. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );

/** Records read from the ERP: which are new, which changed (etag or content), written in one statement. */
async function storePage(
  db: DbOrTx,
  table: string,
  runId: number,
  records: SyncedRecord[],
  apply: (changed: SyncedRecord[]) => Promise<void>,
) {
  const byId = new Map(records.map((r) => [r.system_id, r]));
  const rows = [...byId.values()];
  if (rows.length === 0) return { created: 0, updated: 0, changed: [] as SyncedRecord[] };
  const before = await db
    .select({ system_id: erpTableRecords.system_id, etag: erpTableRecords.etag, data: erpTableRecords.data })
    .from(erpTableRecords)
    .where(and(eq(erpTableRecords.table_code, table), inArray(erpTableRecords.system_id, [...byId.keys()])));
  const old = new Map(before.map((b) => [b.system_id, b]));
  let created = 0;
  let updated = 0;
  const changed: SyncedRecord[] = [];
  for (const r of rows) {
    const o = old.get(r.system_id);
    if (!o) {
      created++;
      changed.push(r);
    } else if (r.etag ? o.etag !== r.etag : canonical(o.data) !== canonical(r.data)) {
      updated++;
      changed.push(r);
    }
  }
  // Applied before the records are kept: a record whose apply failed is seen as changed again by the next sync.
  if (changed.length > 0) await apply(changed);
  await db
    .insert(erpTableRecords)
    .values(rows.map((r) => ({ table_code: table, ...r, last_run_id: runId, excess: false })))
    .onConflictDoUpdate({
      target: [erpTableRecords.table_code, erpTableRecords.system_id],
      set: {
        record_key: sql`excluded.record_key`,
        description: sql`excluded.description`,
        etag: sql`excluded.etag`,
        data: sql`excluded.data`,
        excess: false,
        last_run_id: sql`excluded.last_run_id`,
        synced_at: sql`case when ${erpTableRecords.etag} is distinct from excluded.etag
          or ${erpTableRecords.data} is distinct from excluded.data then now() else ${erpTableRecords.synced_at} end`,
      },
    });
  return { created, updated, changed };
}

/** When the table's last successful sync started (less a margin): an incremental sync asks for what changed since. */
async function lastSuccessfulStart(db: DbOrTx, table: string, runId: number): Promise<string | undefined> {
  const [r] = await db
    .select({ at: erpSyncRuns.started_at })
    .from(erpSyncRuns)
    .where(and(eq(erpSyncRuns.table_code, table), eq(erpSyncRuns.state, 'success'), ne(erpSyncRuns.id, runId)))
    .orderBy(desc(erpSyncRuns.id))
    .limit(1);
  // A margin for the clocks of the ERP and the database: records read twice are found unchanged (same etag).
  return r ? new Date(new Date(r.at).getTime() - SINCE_MARGIN_MS).toISOString() : undefined;
}

/**
 * The erp.sync job: reads one table from the ERP through the port page by page (never inside a transaction or a
 * request), keeps the records, counts what it did on its run (progress after every page) and writes the sync log.
 * A full sync marks the records it did not read as excess. Standalone reads the product's own tables (the product
 * is the record) and applies nothing; business_central then applies the changes through the port's area sync.
 */
export function erpSyncHandler(services: { db: Db; erp: Erp }): JobHandler {
  return async (payload) => {
    // Read at each run: the port is chosen at start (tests put a fake ERP in its place).
    const { db, erp } = services;
    const runId = (payload as { run_id?: number }).run_id;
    const [run] = runId ? await db.select().from(erpSyncRuns).where(eq(erpSyncRuns.id, runId)) : [];
    if (!run) throw new PermanentJobError(`sync run ${String(runId)} not found`);
    const table = run.table_code as SyncTableCode;
    const def = SYNC_TABLE_DEFS[table];
    if (!def) throw new PermanentJobError(`unknown table ${table}`);
    // A retried job (admin, jobs screen) runs its run again from the start.
    await db
      .update(erpSyncRuns)
      .set({
        state: 'running',
        done: 0,
        fetched: 0,
        created: 0,
        updated: 0,
        failed: 0,
        excess: 0,
        failures: [],
        message: '',
        finished_at: null,
      })
      .where(eq(erpSyncRuns.id, run.id));
    const o: ErpCallOptions = { user: run.user_id ? { id: run.user_id, username: run.username ?? '' } : null };
    const totals = { fetched: 0, created: 0, updated: 0, failed: 0 };
    const failures: { record_key: string; message: string }[] = [];
    let written = 0;
    try {
      const result = await withSyncLog(
        db,
        { table_code: table, action: run.sync_all ? 'sync_all' : 'sync', erp_mode: erp.mode, user: o.user },
        async () => {
          const since = run.sync_all ? undefined : await lastSuccessfulStart(db, table, run.id);
          let nextLink: string | null = null;
          do {
            const { page, nextLink: next } = await def.read(erp, nextLink ? { nextLink } : since ? { since } : {}, o);
            nextLink = next;
            // business_central: what is new or changed goes into the product's own tables, page by page.
            const stored = await storePage(db, table, run.id, page.records, async (changed) => {
              if (erp.mode !== 'standalone' && def.apply) written += await def.apply({ db, erp, o }, changed);
            });
            totals.fetched += page.records.length + page.failures.length;
            totals.created += stored.created;
            totals.updated += stored.updated;
            totals.failed += page.failures.length;
            failures.push(...page.failures.slice(0, MAX_FAILURES_KEPT - failures.length));
            await db
              .update(erpSyncRuns)
              .set({ ...totals, done: totals.fetched, failures })
              .where(eq(erpSyncRuns.id, run.id));
          } while (nextLink);
          let excess = 0;
          if (run.sync_all) {
            const marked = await db
              .update(erpTableRecords)
              .set({ excess: true })
              .where(and(eq(erpTableRecords.table_code, table), ne(erpTableRecords.last_run_id, run.id)))
              .returning({ id: erpTableRecords.system_id });
            excess = marked.length;
          }
          const read = `${totals.fetched} record(s) read: ${totals.created} new, ${totals.updated} changed, ${totals.failed} failed${run.sync_all ? `; ${excess} excess` : ''}`;
          const message =
            erp.mode === 'standalone'
              ? `Standalone mode: the product is its own system of record, nothing was fetched from an ERP. ${read} from the product's own tables.`
              : `${read}. ${def.apply ? `${written} product record(s) written.` : 'Kept in the sync tables only.'}`;
          return { records: totals.fetched, message, excess };
        },
      );
      await db
        .update(erpSyncRuns)
        .set({ state: 'success', message: result.message, excess: result.excess, finished_at: stampNow() })
        .where(eq(erpSyncRuns.id, run.id));
      return { run_id: run.id, ...totals, excess: result.excess };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(erpSyncRuns)
        .set({ state: 'failed', message: message.slice(0, 1000), finished_at: stampNow() })
        .where(eq(erpSyncRuns.id, run.id));
      // The job is dead with the ERP's message on the jobs screen; a retry there runs this run again.
      throw new PermanentJobError(message);
    }
  };
}

/** The name a scheduled run carries as its user. */
export const SCHEDULE_USER = 'schedule';

/**
 * ERP_SYNC_EVERY_MINUTES: every active table syncs what changed since its last sync (a paused table waits for a
 * user; a table whose sync runs already is left to it). Answers the runs it started.
 */
export async function scheduleSyncs(db: Db, erpMode: string): Promise<SyncRun[]> {
  const paused = new Set(
    (await db.select().from(erpSyncTables).where(eq(erpSyncTables.status, 'paused'))).map((t) => t.table_code),
  );
  const started: SyncRun[] = [];
  for (const table of syncTableCodes.filter((c) => !paused.has(c))) {
    const run = await startSync(db, erpMode, table, false, null);
    if (run.started) started.push(run);
  }
  return started;
}

export const isSyncTable = (s: string): s is SyncTableCode => (syncTableCodes as readonly string[]).includes(s);
