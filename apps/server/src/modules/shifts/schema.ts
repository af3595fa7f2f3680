import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned, stampedAt } from '../../db/columns.js';
import { money } from '../../kernel/money.js';

/**
 * Shifts (issue 11): a cashier opens the drawer of a location with a counted float and closes it with a counted amount
 * per payment method. At most one open shift per location. Receipts processed while it is open carry its id.
 */
export const shifts = pgTable(
  'shifts',
  {
    id: serial('id').primaryKey(),
    /** From the franchise's SH series. */
    shift_no: text('shift_no').notNull(),
    franchise_code: text('franchise_code').notNull(),
    location_code: text('location_code').notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    opening_float: money('opening_float').notNull(),
    business_date: date('business_date', { mode: 'string' }).notNull(),
    opened_by: integer('opened_by'),
    opened_at: stampedAt('opened_at'),
    closed_by: integer('closed_by'),
    closed_at: timestamp('closed_at', { withTimezone: true, mode: 'string' }),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('shifts_no').on(t.franchise_code, t.shift_no),
    uniqueIndex('shifts_one_open_per_location')
      .on(t.location_code)
      .where(sql`status = 'open'`),
    index('shifts_franchise').on(t.franchise_code, t.business_date),
  ],
);

/**
 * What was counted at a shift's close, per payment method (issue 11): expected = what the receipts of the shift say
 * (cash: + the opening float), difference = counted − expected. Written once, at close (append-only).
 */
export const shiftCounts = pgTable(
  'shift_counts',
  {
    id: serial('id').primaryKey(),
    shift_id: integer('shift_id')
      .notNull()
      .references(() => shifts.id),
    payment_method: text('payment_method').notNull(),
    expected_amount: money('expected_amount').notNull(),
    counted_amount: money('counted_amount').notNull(),
    difference: money('difference').notNull(),
    created_at: stampedAt('created_at'),
  },
  (t) => [uniqueIndex('shift_counts_method').on(t.shift_id, t.payment_method)],
);
