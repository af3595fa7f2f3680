import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned, stampedAt } from '../../db/columns.js';
import { money } from '../../kernel/money.js';

// Promotions and coupons (issue 9; README.md beside this file for the rules).

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    kind: text('kind').$type<'auto' | 'coupon'>().notNull(),
    /** A coupon's code (upper-case, unique among coupons); '' for an automatic promotion. */
    coupon_code: text('coupon_code').notNull().default(''),
    discount_type: text('discount_type').$type<'percent' | 'amount'>().notNull(),
    discount_value: money('discount_value').notNull(),
    scope: text('scope').$type<'all' | 'category' | 'item'>().notNull().default('all'),
    /** Category ids (as text; a category covers its sub-categories) or item numbers. */
    scope_values: text('scope_values')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    min_order_amount: money('min_order_amount').notNull().default('0'),
    valid_from: date('valid_from', { mode: 'string' }).notNull(),
    valid_to: date('valid_to', { mode: 'string' }).notNull(),
    /** The franchises it applies to; empty = every franchise. */
    franchise_codes: text('franchise_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Coupons: how many orders may use it; null = unlimited. */
    usage_limit: integer('usage_limit'),
    priority: integer('priority').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('promotions_code').on(t.code),
    uniqueIndex('promotions_coupon_code')
      .on(t.coupon_code)
      .where(sql`${t.coupon_code} <> ''`),
    index('promotions_auto').on(t.kind, t.is_active, t.valid_from),
  ],
);

/** A coupon used by an order: one row per order (pos_so_no unique), counted against the coupon's usage limit. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: serial('id').primaryKey(),
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'restrict' }),
    pos_so_no: text('pos_so_no').notNull(),
    created_at: stampedAt('created_at'),
  },
  (t) => [uniqueIndex('coupon_uses_order').on(t.pos_so_no), index('coupon_uses_promotion').on(t.promotion_id)],
);

/**
 * What made an order's promotion_discount_amount: rewritten by promotionDiscountOf in every transaction that
 * recomputes the order (sales/lines.ts finishDocumentChange). Σ amount = the order's promotion_discount_amount.
 */
export const salesOrderPromotions = pgTable(
  'sales_order_promotions',
  {
    id: serial('id').primaryKey(),
    pos_so_no: text('pos_so_no').notNull(),
    /** null for the birthday promotion. */
    promotion_id: integer('promotion_id').references(() => promotions.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<'auto' | 'coupon' | 'birthday'>().notNull(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('sales_order_promotions_order').on(t.pos_so_no),
    index('sales_order_promotions_promotion').on(t.promotion_id),
  ],
);
