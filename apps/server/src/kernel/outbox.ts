import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { WriteBatch } from './batch.js';
import type { DbOrTx, Tx } from '../db/client.js';
import { PermanentJobError, type JobHandler, type JobRow } from '../jobs/queue.js';
import { jobs } from '../jobs/schema.js';
import { erpDocumentSync, type ErpSyncState } from '../erp/schema.js';
import {
  ErpConflictError,
  type Erp,
  type ErpDocumentAck,
  type ErpDocumentKind,
  type ErpDocumentOfKind,
  type ErpDocumentState,
  type ErpPostedDocumentKind,
  type ErpPosting,
} from '../erp/port.js';
import type { JobRunner } from '../jobs/queue.js';
import { stampNow, stampValue } from '../db/clock.js';
import { param, preparedSql, rowJsonSql } from '../db/prepared.js';

/**
 * The ERP outbox for documents (erp/README.md): a release, posting, cancel or reopen enqueues one job in the
 * business transaction; the job loads the committed document, calls the ERP port outside any transaction and
 * writes the answer (external number, etag, sync state) onto `erp_document_sync`. The jobs of one document share
 * a group and run in the order they were enqueued (JobRunner.runOne).
 */
export const ERP_DOCUMENT_QUEUE = 'erp.document';
/** Attempts before a job that keeps failing (ERP unavailable) goes dead: with backoff, about 17 minutes. */
export const ERP_DOCUMENT_MAX_ATTEMPTS = 10;

export type ErpDocumentAction = 'release' | 'post' | 'cancel' | 'reopen';

/** The payload of an `erp.document` job. */
export type ErpDocumentJob = {
  kind: ErpDocumentKind;
  documentNo: string;
  action: ErpDocumentAction;
  /** For `post`: the posted document (shipment, invoice, credit memo, receipt) to send. */
  postedKind?: ErpPostedDocumentKind;
  postedNo?: string;
  /** For `cancel`: the cancel reason's description. */
  reason?: string;
};
/** What a loader is told about the job it loads for. */
export type ErpDocumentJobRef = ErpDocumentJob & { id: number; attempts: number };

export type ErpLoaderKind = ErpDocumentKind | ErpPostedDocumentKind;
/** A document (to release) or a posting (to post): what a loader answers. */
export type ErpDocumentPayload<K extends ErpLoaderKind = ErpLoaderKind> = K extends ErpPostedDocumentKind
  ? ErpPosting
  : K extends ErpDocumentKind
    ? ErpDocumentOfKind<K>
    : never;
/**
 * Reads one committed document in the ERP's shape; null when it no longer exists (the job goes dead).
 * `documentNo` is the document's number, or for a posting loader the posted document's number.
 */
export type ErpDocumentLoader<K extends ErpLoaderKind = ErpLoaderKind> = (
  db: DbOrTx,
  documentNo: string,
  job: ErpDocumentJobRef,
) => Promise<ErpDocumentPayload<K> | null>;

const loaders = new Map<ErpLoaderKind, ErpDocumentLoader>();

/**
 * Registers how to load documents of a kind (a document kind for release, a posted kind for post). A module does it
 * once at start (from its routes registration function); registering a kind again replaces its loader (tests use
 * this for a fake kind). The registry is per process, which is fine: a loader is a pure function of the database.
 */
export function registerErpDocumentLoader<K extends ErpLoaderKind>(kind: K, loader: ErpDocumentLoader<K>): void {
  loaders.set(kind, loader as unknown as ErpDocumentLoader);
}

/** What a module does with the ERP's answer to a release (e.g. keep the ERP's number of the document). */
export type ErpReleaseListener = (db: DbOrTx, documentNo: string, ack: ErpDocumentAck) => Promise<void>;
const releaseListeners = new Map<ErpDocumentKind, ErpReleaseListener>();

/**
 * Registers what to do once the ERP acknowledged a release of a kind (after the sync state is written, outside any
 * business transaction; the last registration wins). The purchase order keeps BC's sales order number as bc_so_no.
 */
export function onErpRelease(kind: ErpDocumentKind, listener: ErpReleaseListener): void {
  releaseListeners.set(kind, listener);
}

/** The group of a document's jobs: they run one after another in the order they were enqueued. */
export const erpGroupKey = (kind: ErpDocumentKind, documentNo: string) => `erp:${kind}:${documentNo}`;

const LIVE = ['pending', 'running', 'failed', 'dead'] as const;

/**
 * Enqueues an ERP action for a document in the caller's transaction (so it exists exactly when the business change
 * commits) and marks the document's sync state `pending` (and the posted document's, for `post`). Enqueue it while
 * holding the document's lock (a posting does), so the order of ids is the order of the changes.
 *
 * - `post` is keyed by the posted document (`erp:<kind>:<no>:post:<postedKind>:<postedNo>`): asking again for a
 *   posting that was queued or sent answers that job, so a retried POST never doubles.
 * - `release`, `cancel`, `reopen` asked again while the same action is the document's last queued job and has not
 *   started yet answer that job (it loads the document when it runs, so it sends the latest version).
 */
export async function enqueueErpDocument(tx: Tx, input: ErpDocumentEnqueue): Promise<JobRow> {
  const { variant, values } = enqueueValues(input);
  const rows = await enqueueStatement(variant)(tx, values);
  if (rows[0]) return rows[0];
  // A post job inserted meanwhile by another transaction (the live key's unique index refused ours): that one.
  const [live] = await tx
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.queue, ERP_DOCUMENT_QUEUE), eq(jobs.group_key, values.group_key), eq(jobs.key, values.key ?? '')),
    )
    .orderBy(desc(jobs.id))
    .limit(1);
  if (!live) throw new Error(`enqueueErpDocument: no job for ${values.group_key} ${input.action}`);
  return live;
}

/** What enqueueErpDocument is asked. */
export type ErpDocumentEnqueue = {
  kind: ErpDocumentKind;
  documentNo: string;
  action: ErpDocumentAction;
  postedKind?: ErpPostedDocumentKind;
  postedNo?: string;
  reason?: string;
};

/**
 * enqueueErpDocument of a release, reopen or cancel added to a WriteBatch (kernel/batch.ts, parts `erp_found`,
 * `erp_ins`, `erp_sync`): the status change and its job in one statement. Answers the SQL of the document's sync row
 * as the batch leaves it (one json value, rowJsonSql), for the batch's answer (WriteBatch.answer): the row the
 * statement wrote (pending), else the row as it was (an equal job was waiting already; null: never sent).
 */
export function batchErpDocument(
  batch: WriteBatch,
  input: ErpDocumentEnqueue & { action: 'release' | 'reopen' | 'cancel' },
): SQL {
  const { variant, values } = enqueueValues(input);
  const value = (name: keyof EnqueueValues, type: string) => sql`${values[name]}::${sql.raw(type)}`;
  for (const part of enqueueParts(variant, value)) batch.add(part.sql, part.name);
  const row = (alias: string) => rowJsonSql(erpDocumentSync, alias);
  return sql`coalesce((select ${row('w')} from "erp_sync" as "w"),
    (select ${row('s')} from ${erpDocumentSync} as "s" where "s"."kind" = ${input.kind}
      and "s"."document_no" = ${input.documentNo}))`;
}

type EnqueueVariant = 'post' | 'cancel' | 'document';
type EnqueueValues = {
  queue: string;
  key: string | null;
  group_key: string;
  action: string;
  payload: string;
  max_attempts: number;
  stamp: string | null;
  kind: string;
  document_no: string;
  posted_kind: string | null;
  posted_no: string | null;
};

function enqueueValues(input: ErpDocumentEnqueue): { variant: EnqueueVariant; values: EnqueueValues } {
  const { kind, documentNo, action } = input;
  if (!documentNo) throw new Error('enqueueErpDocument: documentNo is required');
  if (action === 'post' && (!input.postedKind || !input.postedNo))
    throw new Error('enqueueErpDocument: post needs postedKind and postedNo');
  const groupKey = erpGroupKey(kind, documentNo);
  const payload: ErpDocumentJob = {
    kind,
    documentNo,
    action,
    ...(action === 'post' ? { postedKind: input.postedKind, postedNo: input.postedNo } : {}),
    ...(action === 'cancel' ? { reason: input.reason ?? '' } : {}),
  };
  return {
    variant: action === 'post' || action === 'cancel' ? action : 'document',
    values: {
      queue: ERP_DOCUMENT_QUEUE,
      key: action === 'post' ? `${groupKey}:post:${input.postedKind}:${input.postedNo}` : null,
      group_key: groupKey,
      action,
      payload: JSON.stringify(payload),
      max_attempts: ERP_DOCUMENT_MAX_ATTEMPTS,
      stamp: stampValue(),
      kind,
      document_no: documentNo,
      posted_kind: input.postedKind ?? null,
      posted_no: input.postedNo ?? null,
    },
  };
}

/**
 * enqueueErpDocument's post jobs of the documents a posting is writing (a shipment and its invoice), added to the
 * posting's WriteBatch (kernel/batch.ts): a job per posted document unless one exists for its key, and ONE upsert of
 * the sync rows (the order's once, naming its last job: one statement may not change a row twice).
 */
export function batchErpPosts(
  batch: WriteBatch,
  input: {
    kind: ErpDocumentKind;
    documentNo: string;
    posted: readonly { postedKind: ErpPostedDocumentKind; postedNo: string }[];
  },
): void {
  if (input.posted.length === 0) return;
  const groupKey = erpGroupKey(input.kind, input.documentNo);
  const jobs = input.posted.map((p, i) => {
    const payload: ErpDocumentJob = {
      kind: input.kind,
      documentNo: input.documentNo,
      action: 'post',
      postedKind: p.postedKind,
      postedNo: p.postedNo,
    };
    const key = `${groupKey}:post:${p.postedKind}:${p.postedNo}`;
    const name = `erp_post_${i + 1}`;
    const found = batch.add(
      // By its group (index jobs_group): a post job's key starts with its group, and a lookup by key alone reads every
      // job the table keeps.
      sql`select * from jobs where queue = ${ERP_DOCUMENT_QUEUE} and group_key = ${groupKey} and key = ${key}
        order by id desc limit 1`,
      `${name}_found`,
    );
    const ins = batch.add(
      sql`insert into jobs (queue, key, group_key, payload, max_attempts, run_at)
        select ${ERP_DOCUMENT_QUEUE}, ${key}, ${groupKey}, ${JSON.stringify(payload)}::jsonb,
          ${ERP_DOCUMENT_MAX_ATTEMPTS}, ${stampNow()}
        where not exists (select 1 from ${sql.identifier(found)})
        on conflict do nothing
        returning id`,
      `${name}_ins`,
    );
    return { ...p, ins: sql.identifier(ins) };
  });
  const own = sql.join(
    jobs.map((j) => sql`select ${j.postedKind}::text, ${j.postedNo}::text, id from ${j.ins}`),
    sql` union all `,
  );
  const last = sql.join(
    jobs.map((j) => sql`select id from ${j.ins}`),
    sql` union all `,
  );
  batch.add(
    sql`insert into ${erpDocumentSync} (kind, document_no, sync_state, last_action, last_job_id)
      select d.kind, d.no, 'pending', 'post', d.id from (
        ${own}
        union all
        (select ${input.kind}::text, ${input.documentNo}::text, id from (${last}) j order by id desc limit 1)
      ) as d(kind, no, id)
      on conflict (kind, document_no) do update set
        -- A failed or dead earlier action holds this one back: the state keeps saying so (and its message).
        sync_state = case when ${erpDocumentSync.sync_state} in ('failed', 'dead') then ${erpDocumentSync.sync_state}
          else 'pending' end,
        last_action = excluded.last_action, last_job_id = excluded.last_job_id, updated_at = ${stampNow()}`,
    'erp_post_sync',
  );
}

/**
 * enqueueErpDocument as ONE prepared statement of data-modifying CTEs, one per kind of action (a post, a cancel, any
 * other): find the job to answer (the post job of the posted document, or the document's last live job when it is
 * the same action, not started), insert a new one when there is none, and mark the sync rows pending (ERP outbox
 * README). Its values are the placeholders enqueueErpDocument passes.
 */
const enqueueStatements = new Map<EnqueueVariant, ReturnType<typeof preparedSql<JobRow>>>();
function enqueueStatement(variant: EnqueueVariant) {
  let statement = enqueueStatements.get(variant);
  if (!statement) {
    const query = () => {
      const parts = enqueueParts(variant, (name, type) => param(name, type));
      return sql`with ${sql.join(
        parts.map((p) => sql`${sql.identifier(p.name)} as (${p.sql})`),
        sql`, `,
      )} select * from "erp_ins" union all select * from "erp_found"`;
    };
    statement = preparedSql<JobRow>(`fp_erp_enqueue_${variant}`, query);
    enqueueStatements.set(variant, statement);
  }
  return statement;
}

/** enqueueErpDocument's CTEs, its values written by `v` (placeholders of the prepared statement, or the values). */
function enqueueParts(
  variant: EnqueueVariant,
  v: (name: keyof EnqueueValues, type: string) => SQL,
): { name: string; sql: SQL }[] {
  const stamp = sql`coalesce(${v('stamp', 'timestamptz')}, now())`;
  // By its group (index jobs_group): the key of a post job starts with its group, and the jobs table keeps every job
  // (a lookup by key alone reads all of them).
  const found = sql`select * from jobs where queue = ${v('queue', 'text')} and group_key = ${v('group_key', 'text')}
    and key = ${v('key', 'text')}
    order by id desc limit 1`;
  // A runner claiming it meanwhile (SKIP LOCKED) passes it by; one that claimed it first makes it `running` here.
  const last = sql`select * from (select * from jobs where queue = ${v('queue', 'text')}
      and group_key = ${v('group_key', 'text')} and state in (${sql.join(
        LIVE.map((l) => sql.raw(`'${l}'`)),
        sql`, `,
      )}) order by id desc limit 1 for update) last
    where last.state = 'pending' and last.attempts = 0 and last.payload->>'action' = ${v('action', 'text')}`;
  const parts = [{ name: 'erp_found', sql: variant === 'post' ? found : last }];
  if (variant === 'cancel')
    parts.push({
      name: 'erp_changed',
      sql: sql`update jobs set payload = ${v('payload', 'jsonb')} where id in (select id from "erp_found")`,
    });
  parts.push({
    name: 'erp_ins',
    sql: sql`insert into jobs (queue, key, group_key, payload, max_attempts, run_at)
      select ${v('queue', 'text')}, ${v('key', 'text')}, ${v('group_key', 'text')},
        ${v('payload', 'jsonb')}, ${v('max_attempts', 'int')}, ${stamp}
      where not exists (select 1 from "erp_found")
      on conflict do nothing
      returning *`,
  });
  const syncRows = [sql`(${v('kind', 'text')}, ${v('document_no', 'text')})`];
  if (variant === 'post') syncRows.push(sql`(${v('posted_kind', 'text')}, ${v('posted_no', 'text')})`);
  parts.push({
    name: 'erp_sync',
    sql: sql`insert into ${erpDocumentSync} (kind, document_no, sync_state, last_action, last_job_id)
      select d.kind, d.no, 'pending', ${v('action', 'text')}, j.id
        from "erp_ins" j cross join (values ${sql.join(syncRows, sql`, `)}) as d(kind, no)
      on conflict (kind, document_no) do update set
        -- A failed or dead earlier action holds this one back: the state keeps saying so (and its message).
        sync_state = case when ${erpDocumentSync.sync_state} in ('failed', 'dead') then ${erpDocumentSync.sync_state}
          else 'pending' end,
        last_action = excluded.last_action, last_job_id = excluded.last_job_id, updated_at = ${stamp}
      returning *`,
  });
  return parts;
}

export type ErpSync = typeof erpDocumentSync.$inferSelect;

/** The sync state of one document (null: never sent to the ERP). */
export async function erpSyncOf(db: DbOrTx, kind: ErpLoaderKind, documentNo: string): Promise<ErpSync | null> {
  const [row] = await db
    .select()
    .from(erpDocumentSync)
    .where(and(eq(erpDocumentSync.kind, kind), eq(erpDocumentSync.document_no, documentNo)));
  return row ?? null;
}

/**
 * The join condition for a list: `.leftJoin(erpDocumentSync, erpSyncOn('sales_order', salesOrders.pos_so_no))`,
 * then select `erpDocumentSync.sync_state`, `.external_no`, `.last_error`, `.synced_at`.
 */
export const erpSyncOn = (kind: ErpLoaderKind, documentNo: SQLWrapper) =>
  and(eq(erpDocumentSync.kind, kind), eq(erpDocumentSync.document_no, documentNo as never))!;
export { erpDocumentSync };

/** Writes the ERP's answer. The document is `synced` only when no later job of it was queued meanwhile. */
async function markSynced(
  db: DbOrTx,
  job: JobRow,
  kind: ErpLoaderKind,
  documentNo: string,
  ack: { external_no: string; etag: string },
  own: boolean,
) {
  // `own`: the posted document's row, whose one action is done; the order's row may have later jobs queued.
  const state = own
    ? sql`'synced'`
    : sql`case when ${erpDocumentSync.last_job_id} is null or ${erpDocumentSync.last_job_id} = ${job.id} then 'synced' else 'pending' end`;
  await db
    .insert(erpDocumentSync)
    .values({
      kind,
      document_no: documentNo,
      sync_state: 'synced',
      last_action: (job.payload as ErpDocumentJob).action,
      external_no: ack.external_no,
      etag: ack.etag,
      last_job_id: job.id,
      synced_at: stampNow(),
    })
    .onConflictDoUpdate({
      target: [erpDocumentSync.kind, erpDocumentSync.document_no],
      set: {
        sync_state: state as never,
        external_no: ack.external_no,
        etag: ack.etag,
        last_error: null,
        synced_at: stampNow(),
        updated_at: stampNow(),
      },
    });
}

async function markFailed(db: DbOrTx, job: JobRow, rows: [string, string][], state: ErpSyncState, message: string) {
  for (const [kind, documentNo] of rows)
    await db
      .insert(erpDocumentSync)
      .values({
        kind,
        document_no: documentNo,
        sync_state: state,
        last_action: (job.payload as ErpDocumentJob).action,
        last_error: message,
        last_job_id: job.id,
      })
      .onConflictDoUpdate({
        target: [erpDocumentSync.kind, erpDocumentSync.document_no],
        set: { sync_state: state, last_error: message, updated_at: stampNow() },
      });
}

async function load<K extends ErpLoaderKind>(
  db: DbOrTx,
  kind: K,
  documentNo: string,
  job: ErpDocumentJobRef,
): Promise<ErpDocumentPayload<K>> {
  const loader = loaders.get(kind) as ErpDocumentLoader<K> | undefined;
  if (!loader) throw new PermanentJobError(`No ERP document loader is registered for ${kind}.`);
  const doc = await loader(db, documentNo, job);
  if (!doc) throw new PermanentJobError(`${kind} ${documentNo} no longer exists.`);
  return doc;
}

/**
 * The job handler of `erp.document`: loads the committed document with its registered loader, calls the ERP port
 * outside any database transaction, writes the answer back. ErpUnavailableError (or any other error) fails the job,
 * which retries with backoff (sync state `failed` with the message); PermanentJobError and ErpConflictError (the
 * document moved on in the ERP) make it dead at once, as does the last attempt (sync state `dead`).
 */
export function erpDocumentHandler(services: { db: DbOrTx; erp: Erp }): JobHandler {
  return async (raw, job) => {
    const p = raw as ErpDocumentJob;
    const { db } = services;
    const ref: ErpDocumentJobRef = { ...p, id: job.id, attempts: job.attempts };
    const rows: [string, string][] = [[p.kind, p.documentNo]];
    if (p.action === 'post' && p.postedKind && p.postedNo) rows.push([p.postedKind, p.postedNo]);
    try {
      const ifMatch = (await erpSyncOf(db, p.kind, p.documentNo))?.etag ?? undefined;
      // Read the port at call time (services.erp may be replaced, e.g. by a test's fake).
      const documents = services.erp.documents;
      switch (p.action) {
        case 'release': {
          const doc = await load(db, p.kind, p.documentNo, ref);
          if (doc.kind !== p.kind || doc.document_no !== p.documentNo)
            throw new PermanentJobError(`The loader of ${p.kind} answered ${doc.kind} ${doc.document_no}.`);
          const ack = await documents.release({ ...doc, ifMatch: doc.ifMatch ?? ifMatch });
          await markSynced(db, job, p.kind, p.documentNo, ack, false);
          await releaseListeners.get(p.kind)?.(db, p.documentNo, ack);
          return ack;
        }
        case 'post': {
          if (!p.postedKind || !p.postedNo) throw new PermanentJobError('A post job needs postedKind and postedNo.');
          const posting = await load(db, p.postedKind, p.postedNo, ref);
          const ack = await documents.post({ ...posting, ifMatch: posting.ifMatch ?? ifMatch });
          await markSynced(db, job, p.kind, p.documentNo, ack.order, false);
          await markSynced(db, job, p.postedKind, p.postedNo, ack.posted, true);
          return ack;
        }
        case 'cancel': {
          const ack = await documents.cancel({
            kind: p.kind,
            document_no: p.documentNo,
            ifMatch,
            reason: p.reason ?? '',
          });
          await markSynced(db, job, p.kind, p.documentNo, ack, false);
          return ack;
        }
        case 'reopen': {
          const ack = await documents.reopen({ kind: p.kind, document_no: p.documentNo, ifMatch });
          await markSynced(db, job, p.kind, p.documentNo, ack, false);
          return ack;
        }
        default:
          throw new PermanentJobError(`Unknown ERP document action ${String((p as { action: unknown }).action)}.`);
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const permanent = e instanceof PermanentJobError || e instanceof ErpConflictError;
      const dead = permanent || job.attempts >= job.max_attempts;
      await markFailed(db, job, rows, dead ? 'dead' : 'failed', message.slice(0, 1000));
      if (e instanceof ErpConflictError) throw new PermanentJobError(e.message);
      throw e;
    }
  };
}

/** Registers the outbox's job handler (app.ts, once per app). */
export function registerErpOutbox(services: { db: DbOrTx; erp: Erp; jobs: JobRunner }): void {
  services.jobs.register(ERP_DOCUMENT_QUEUE, erpDocumentHandler(services));
}

/**
 * The "sync" action of a document: asks the ERP for its view of the document (outside any transaction) and, when
 * the ERP knows it, stores its number and etag. Standalone answers `status: 'standalone'` (nothing to bring back).
 * Call it from the route without an open transaction.
 */
export async function refreshErpDocument(
  services: { db: DbOrTx; erp: Erp },
  kind: ErpDocumentKind,
  documentNo: string,
): Promise<{ erp: ErpDocumentState | null; sync: ErpSync | null; message: string }> {
  const state = await services.erp.documents.get(kind, documentNo);
  if (state && state.status !== 'standalone')
    await services.db
      .update(erpDocumentSync)
      .set({ external_no: state.external_no, etag: state.etag, updated_at: stampNow() })
      .where(and(eq(erpDocumentSync.kind, kind), eq(erpDocumentSync.document_no, documentNo)));
  const message = !state
    ? `The ERP does not know ${documentNo}.`
    : state.status === 'standalone'
      ? 'Standalone mode: the product is the record; nothing to bring back.'
      : `The ERP has ${documentNo} as ${state.external_no} (${state.status}).`;
  return { erp: state, sync: await erpSyncOf(services.db, kind, documentNo), message };
}
