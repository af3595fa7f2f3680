import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stampedAt } from '../../db/columns.js';

/**
 * One row per counter sale, claimed first in the sale's posting transaction (README.md here, "Exactly once"): the
 * client's `client_id`, the franchise that sold (GET is scoped by it), who sold, the sha256 of the body in canonical
 * form, the order made and the answer sent (`result`, answered again for the same client_id). A sale the server
 * flagged (an offline sale, issue 19) is marked reviewed by the store manager: who and when.
 */
export const counterSales = pgTable(
  'counter_sales',
  {
    client_id: uuid('client_id').primaryKey(),
    franchise_code: text('franchise_code').notNull(),
    user_id: integer('user_id').notNull(),
    body_hash: text('body_hash').notNull(),
    pos_so_no: text('pos_so_no').notNull().default(''),
    result: jsonb('result').notNull(),
    created_at: stampedAt('created_at'),
    reviewed_by: integer('reviewed_by'),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('counter_sales_franchise').on(t.franchise_code, t.created_at),
    index('counter_sales_order').on(t.pos_so_no),
  ],
);

/**
 * A range of a franchise's sales order series reserved for one device (issue 19, README.md here "Offline"): the
 * numbers prefix + first … last (6 digits), taken from the series under its lock in one transaction (the series'
 * last_no moves past them), so ranges never overlap and no other sale takes them. Written once, never changed.
 */
export const counterNumberRanges = pgTable(
  'counter_number_ranges',
  {
    id: serial('id').primaryKey(),
    franchise_code: text('franchise_code').notNull(),
    location_code: text('location_code').notNull(),
    offline_device: uuid('offline_device').notNull(),
    /** The series: SO of `year`, `prefix` as the series formats it (`HN001-SO-26-`). */
    year: integer('year').notNull(),
    prefix: text('prefix').notNull(),
    first: integer('first').notNull(),
    last: integer('last').notNull(),
    reserved_by: integer('reserved_by'),
    created_at: stampedAt('created_at'),
  },
  (t) => [
    uniqueIndex('counter_number_ranges_first').on(t.prefix, t.first),
    index('counter_number_ranges_device').on(t.offline_device, t.franchise_code),
  ],
);
