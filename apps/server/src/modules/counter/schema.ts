import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stampedAt } from '../../db/columns.js';

/**
 * One row per counter sale, claimed first in the sale's posting transaction (README.md here, "Exactly once"): the
 * client's `client_id`, the franchise that sold (GET is scoped by it), who sold, the sha256 of the body in canonical
 * form, the order made and the answer sent (`result`, answered again for the same client_id).
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
  },
  (t) => [index('counter_sales_franchise').on(t.franchise_code, t.created_at)],
);
