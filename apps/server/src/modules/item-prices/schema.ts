import { boolean, date, index, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { versioned } from '../../db/columns.js';
import { items } from '../items/schema.js';
import { franchises } from '../franchises/schema.js';

export const itemPriceLists = pgTable('item_price_lists', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  ...versioned(),
});

/** One price of an item in a price list; priceOf (price.ts) says which one applies. */
export const itemPrices = pgTable(
  'item_prices',
  {
    id: serial('id').primaryKey(),
    price_list_code: text('price_list_code')
      .notNull()
      .references(() => itemPriceLists.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    item_no: text('item_no')
      .notNull()
      .references(() => items.item_no, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** '' = every variant. */
    variant_code: text('variant_code').notNull().default(''),
    unit_of_measure: text('unit_of_measure').notNull(),
    /** null = every franchise. */
    franchise_code: text('franchise_code').references(() => franchises.customer_no, {
      onDelete: 'cascade',
      onUpdate: 'cascade',
    }),
    unit_price: numeric('unit_price', { precision: 18, scale: 2 }).notNull(),
    minimum_quantity: numeric('minimum_quantity', { precision: 18, scale: 5 }).notNull().default('1'),
    valid_from: date('valid_from', { mode: 'string' }).notNull(),
    valid_to: date('valid_to', { mode: 'string' }),
    pinned: boolean('pinned').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...versioned(),
  },
  (t) => [
    index('item_prices_item_franchise').on(t.item_no, t.franchise_code, t.valid_from),
    index('item_prices_franchise').on(t.franchise_code),
    index('item_prices_list').on(t.price_list_code, t.sort),
  ],
);
