import { bigserial, index, integer, jsonb, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { stampedAt } from '../../db/columns.js';

/** Key/value settings: maintenance mode and notice, shop URL. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: stampedAt('updated_at'),
});

export const apiLogs = pgTable(
  'api_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    created_at: stampedAt('created_at'),
    user_id: integer('user_id'),
    username: text('username'),
    method: text('method').notNull(),
    operation: text('operation').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    duration_ms: real('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('api_logs_created').on(t.created_at), index('api_logs_user').on(t.username)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    user_id: integer('user_id').notNull(),
    operation: text('operation').notNull(),
    body_hash: text('body_hash').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').notNull(),
    created_at: stampedAt('created_at'),
  },
  (t) => [primaryKey({ columns: [t.key, t.user_id, t.operation] })],
);
