import { bigint, bigserial, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Loyalty tiers: a customer's scheme is the highest one whose threshold their ranking points reach (default Silver). */
export const loyaltySchemes = pgTable('loyalty_schemes', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  min_ranking_points: numeric('min_ranking_points', { precision: 18, scale: 2 }).notNull(),
  sort: integer('sort').notNull(),
});

/** Ranking points ledger (earned from sales, reversed by credit memos); the balance is the sum. */
export const rankingPointEntries = pgTable(
  'ranking_point_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customer_no: text('customer_no').notNull(),
    franchise_code: text('franchise_code').notNull(),
    pos_so_no: text('pos_so_no').notNull().default(''),
    entry_type: text('entry_type').notNull(),
    points: numeric('points', { precision: 18, scale: 2 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('ranking_point_entries_customer').on(t.customer_no)],
);

/**
 * Redeemable points ledger: earned (+), used (−) and reversed (the opposite of the entry it undoes).
 * Rows are never updated or deleted; a customer's total is the sum of points.
 */
export const redeemablePointEntries = pgTable(
  'redeemable_point_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customer_no: text('customer_no').notNull(),
    franchise_code: text('franchise_code').notNull(),
    referral_code: text('referral_code').notNull().default(''),
    pos_so_no: text('pos_so_no').notNull().default(''),
    website_no: text('website_no').notNull().default(''),
    source: text('source').notNull(),
    entry_type: text('entry_type').notNull(),
    points: numeric('points', { precision: 18, scale: 2 }).notNull(),
    reverses_id: bigint('reverses_id', { mode: 'number' }),
    description: text('description').notNull().default(''),
    created_by: text('created_by').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('redeemable_point_entries_customer').on(t.customer_no),
    index('redeemable_point_entries_order').on(t.pos_so_no),
  ],
);

/** Birthday promotion: once per customer per year. */
export const birthdayPromotionUses = pgTable(
  'birthday_promotion_uses',
  {
    customer_no: text('customer_no').notNull(),
    year: integer('year').notNull(),
    pos_so_no: text('pos_so_no').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customer_no, t.year] })],
);
