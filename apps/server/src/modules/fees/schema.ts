import { boolean, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '../../db/columns.js';
import { money, percent } from '../../kernel/money.js';

// The fee catalogue (calls.md 7.14; issue 9): what a cashier may add to a sales order (sales_order_fees copies the
// code, description, amount and VAT rate at that moment, so a later catalogue change never alters an order).

export const fees = pgTable(
  'fees',
  {
    id: serial('id').primaryKey(),
    /** Upper case, unique. */
    fee_code: text('fee_code').notNull(),
    description: text('description').notNull(),
    /** The default amount on an order, VAT included. */
    amount: money('amount').notNull(),
    vat_percent: percent('vat_percent').notNull().default('10'),
    /** An inactive fee stays on the orders that have it but cannot be added any more. */
    is_active: boolean('is_active').notNull().default(true),
    ...versioned(),
  },
  (t) => [uniqueIndex('fees_fee_code').on(t.fee_code)],
);
