import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../db/client.js';
import { jobs } from './schema.js';
import { stampNow } from '../db/clock.js';
import type { WriteBatch } from '../kernel/batch.js';

export type JobRow = typeof jobs.$inferSelect;
export type EnqueueInput = {
  queue: string;
  payload: unknown;
  key?: string | null;
  /** Jobs of one group run in id order, one at a time (see JobRunner.runOne). */
  groupKey?: string | null;
  maxAttempts?: number;
  runAt?: Date;
};

/** A failure the handler knows will never succeed on retry (e.g. a 400 from the shop). */
export class PermanentJobError extends Error {}

export type JobHandler = (payload: unknown, job: JobRow) => Promise<unknown>;

/** The row of a job to enqueue (its defaults: 8 attempts, due now). */
function jobValues(input: EnqueueInput) {
  return {
    queue: input.queue,
    key: input.key ?? null,
    group_key: input.groupKey ?? null,
    payload: input.payload ?? {},
    max_attempts: input.maxAttempts ?? 8,
    run_at: (input.runAt ?? new Date()).toISOString(),
  };
}

/**
 * Enqueues a job with the caller's transaction, so the job exists exactly when the business change commits.
 * A key makes it idempotent: while a job with the same queue and key is live, the existing one is returned.
 */
export async function enqueue(db: DbOrTx, input: EnqueueInput): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(jobValues(input)).onConflictDoNothing().returning();
  if (row) return row;
  const [live] = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.queue, input.queue),
        eq(jobs.key, input.key ?? ''),
        inArray(jobs.state, ['pending', 'running', 'failed']),
      ),
    );
  return live;
}

/**
 * enqueue in a posting's WriteBatch (kernel/batch.ts): the job's INSERT joins the posting's one statement. A live job
 * with the same queue and key stays the one (the INSERT does nothing).
 */
export function batchEnqueue(db: DbOrTx, batch: WriteBatch, input: EnqueueInput): void {
  batch.insert(jobs, [jobValues(input)], { onConflictDoNothing: true });
}

/** Exponential backoff with a little jitter: 2, 4, 8 … seconds, at most an hour (or the queue's own cap). */
export const backoffSeconds = (attempt: number, maxSeconds = 3600) =>
  Math.min(maxSeconds, 2 ** attempt) + Math.random();

/** How a queue retries: `maxBackoffSeconds` caps the wait between attempts (the e-invoices: back within a minute). */
export type QueueOptions = { maxBackoffSeconds?: number };

export class JobRunner {
  private handlers = new Map<string, JobHandler>();
  private options = new Map<string, QueueOptions>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly pollMs = 1000,
  ) {}

  register(queue: string, handler: JobHandler, options: QueueOptions = {}) {
    this.handlers.set(queue, handler);
    this.options.set(queue, options);
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }

  private async tick() {
    if (this.running) return;
    this.running = true;
    try {
      while (await this.runOne()) {
        /* keep going while jobs are due */
      }
    } catch (e) {
      this.log.error({ err: e }, 'job runner tick failed');
    } finally {
      this.running = false;
    }
  }

  /** Runs every due job now (tests and the admin's "run now"); returns how many ran. */
  async drain(queue?: string): Promise<number> {
    let n = 0;
    while (await this.runOne(queue)) n++;
    return n;
  }

  /**
   * Claims one due job with SKIP LOCKED, runs it outside the claim transaction, records the outcome.
   *
   * Ordered groups: a job with a `group_key` is skipped while an earlier job (lower id) of the same group is not
   * finished — pending, running, failed (waiting for its retry) or dead. So the jobs of one document run in the
   * order they were enqueued even when a later one is due first, without any handler "throwing to wait". A dead job
   * blocks the rest of its group until an admin retries it (`retryJobs`) or discards it (`discardJobs`): sending
   * a later step (a posting) after a refused earlier one (its release) would be wrong or refused again.
   */
  async runOne(queue?: string): Promise<boolean> {
    const queues = [...this.handlers.keys()].filter((q) => !queue || q === queue);
    if (queues.length === 0) return false;
    const claimed = await this.db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(
          and(
            inArray(jobs.queue, queues),
            or(
              isNull(jobs.group_key),
              sql`not exists (select 1 from ${jobs} as earlier where earlier.group_key = ${jobs.group_key}
                    and earlier.id < ${jobs.id} and earlier.state in ('pending', 'running', 'failed', 'dead'))`,
            ),
            or(
              and(inArray(jobs.state, ['pending', 'failed']), lte(jobs.run_at, sql`now()`)),
              and(eq(jobs.state, 'running'), lte(jobs.locked_until, sql`now()`)),
            ),
          ),
        )
        .orderBy(jobs.run_at, jobs.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return null;
      const [row] = await tx
        .update(jobs)
        .set({
          state: 'running',
          attempts: job.attempts + 1,
          locked_until: sql`now() + interval '5 minutes'`,
          updated_at: stampNow(),
        })
        .where(eq(jobs.id, job.id))
        .returning();
      return row;
    });
    if (!claimed) return false;
    const handler = this.handlers.get(claimed.queue)!;
    try {
      const result = await handler(claimed.payload, claimed);
      await this.db
        .update(jobs)
        .set({
          state: 'done',
          result: (result ?? null) as never,
          last_error: null,
          locked_until: null,
          updated_at: stampNow(),
        })
        .where(eq(jobs.id, claimed.id));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const dead = e instanceof PermanentJobError || claimed.attempts >= claimed.max_attempts;
      // A wait the remote system asked for (an ERP's Retry-After) is honoured when it is longer than the backoff
      // (capped per queue: QueueOptions.maxBackoffSeconds).
      const cap = this.options.get(claimed.queue)?.maxBackoffSeconds;
      const asked = (e as { retryAfterMs?: unknown }).retryAfterMs;
      const waitMs = Math.max(backoffSeconds(claimed.attempts, cap) * 1000, typeof asked === 'number' ? asked : 0);
      const retryAt = new Date(Date.now() + waitMs).toISOString();
      await this.db
        .update(jobs)
        .set({
          state: dead ? 'dead' : 'failed',
          last_error: message,
          run_at: dead ? claimed.run_at : retryAt,
          locked_until: null,
          updated_at: stampNow(),
        })
        .where(eq(jobs.id, claimed.id));
      this.log.warn(
        { job: claimed.id, queue: claimed.queue, attempt: claimed.attempts, dead, err: message },
        'job failed',
      );
    }
    return true;
  }
}

/**
 * An admin's retry: the job runs again now with a fresh set of attempts. A dead job whose key already has a newer
 * live job is left alone (that job carries the same work), so a retry never doubles a push.
 */
export async function retryJobs(db: DbOrTx, ids: number[]): Promise<JobRow[]> {
  return db
    .update(jobs)
    .set({ state: 'pending', attempts: 0, run_at: stampNow(), last_error: null, updated_at: stampNow() })
    .where(
      and(
        inArray(jobs.id, ids),
        inArray(jobs.state, ['failed', 'dead']),
        sql`not exists (select 1 from jobs newer where newer.queue = jobs.queue and newer.key = jobs.key
            and newer.id <> jobs.id and newer.state in ('pending', 'running', 'failed'))`,
      ),
    )
    .returning();
}

/**
 * An admin's discard: a failed or dead job is given up (state done, result `{ discarded: true }`, the reason kept in
 * last_error), so the later jobs of its group run. Answers the discarded jobs.
 */
export async function discardJobs(
  db: DbOrTx,
  ids: number[],
  reason = 'Discarded by an administrator',
): Promise<JobRow[]> {
  return db
    .update(jobs)
    .set({
      state: 'done',
      result: { discarded: true },
      last_error: reason,
      locked_until: null,
      updated_at: stampNow(),
    })
    .where(and(inArray(jobs.id, ids), inArray(jobs.state, ['failed', 'dead'])))
    .returning();
}
