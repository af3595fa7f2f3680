import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { stampedAt } from '../db/columns.js';

/** The durable job queue / outbox (ARCHITECTURE: enqueued inside the business transaction). */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    /** Idempotency key: one live job per key (e.g. the external document number). */
    key: text('key'),
    /**
     * Jobs of one group run one after another in id order (the outbox: `erp:<kind>:<document_no>`): a job is not
     * claimed while an earlier job of its group is pending, running, failed or dead (queue.ts, JobRunner.runOne).
     */
    group_key: text('group_key'),
    payload: jsonb('payload').notNull(),
    state: text('state').$type<'pending' | 'running' | 'done' | 'failed' | 'dead'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(8),
    run_at: stampedAt('run_at'),
    locked_until: timestamp('locked_until', { withTimezone: true, mode: 'string' }),
    last_error: text('last_error'),
    result: jsonb('result'),
    created_at: stampedAt('created_at'),
    updated_at: stampedAt('updated_at'),
  },
  (t) => [
    index('jobs_ready').on(t.state, t.run_at),
    index('jobs_group')
      .on(t.group_key, t.id)
      .where(sql`${t.group_key} is not null`),
    uniqueIndex('jobs_live_key')
      .on(t.queue, t.key)
      .where(sql`${t.key} is not null and ${t.state} in ('pending','running','failed')`),
  ],
);
