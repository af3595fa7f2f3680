import { bigint, bigserial, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { money } from '../../kernel/money.js';
import { stampedAt } from '../../db/columns.js';

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
    /** The posted document that earned or reversed the points (SI or SCM number; issue 9); '' for others. */
    document_no: text('document_no').notNull().default(''),
    entry_type: text('entry_type').notNull(),
    points: numeric('points', { precision: 18, scale: 2 }).notNull(),
    created_at: stampedAt('created_at'),
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
    /** The posted document that earned or reversed the points (SI or SCM number; issue 9); '' for uses. */
    document_no: text('document_no').notNull().default(''),
    description: text('description').notNull().default(''),
    created_by: text('created_by').notNull().default(''),
    created_at: stampedAt('created_at'),
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
    created_at: stampedAt('created_at'),
  },
  (t) => [primaryKey({ columns: [t.customer_no, t.year] })],
);

/**
 * Loyalty on sales (issue 9): one row per posted invoice (kind 'invoice': points earned) or credit memo (kind
 * 'credit_memo': points reversed, negative) of an order with a customer, recording the scheme, the rates and the
 * amount the points were computed from. The ledgers' entries of the document carry its number (document_no) and
 * sum to the row's points (books check). Append-only; the primary key makes each posting count once.
 */
export const loyaltySalesPostings = pgTable(
  'loyalty_sales_postings',
  {
    document_no: text('document_no').primaryKey(),
    kind: text('kind').$type<'invoice' | 'credit_memo'>().notNull(),
    pos_so_no: text('pos_so_no').notNull(),
    customer_no: text('customer_no').notNull(),
    franchise_code: text('franchise_code').notNull(),
    scheme: text('scheme').notNull(),
    /** The invoice amount, or the credit memo amount (positive). */
    amount: money('amount').notNull(),
    redeemable_per_100k: numeric('redeemable_per_100k', { precision: 18, scale: 2 }).notNull(),
    ranking_per_100k: numeric('ranking_per_100k', { precision: 18, scale: 2 }).notNull(),
    /** Signed: earned > 0 on an invoice, reversed < 0 on a credit memo. */
    redeemable_points: numeric('redeemable_points', { precision: 18, scale: 2 }).notNull(),
    ranking_points: numeric('ranking_points', { precision: 18, scale: 2 }).notNull(),
    created_by: text('created_by').notNull().default(''),
    created_at: stampedAt('created_at'),
  },
  (t) => [
    index('loyalty_sales_postings_order').on(t.pos_so_no),
    index('loyalty_sales_postings_customer').on(t.customer_no),
  ],
);

/** Referral points (issue 9): the referrer earns them once per referred customer, on that customer's first invoice. */
export const loyaltyReferralRewards = pgTable('loyalty_referral_rewards', {
  /** The referred customer: the primary key makes the reward count once. */
  customer_no: text('customer_no').primaryKey(),
  referrer_customer_no: text('referrer_customer_no').notNull(),
  referral_code: text('referral_code').notNull(),
  pos_so_no: text('pos_so_no').notNull(),
  pos_si_no: text('pos_si_no').notNull(),
  points: numeric('points', { precision: 18, scale: 2 }).notNull(),
  created_at: stampedAt('created_at'),
});
