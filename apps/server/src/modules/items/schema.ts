import { boolean, index, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '../../db/columns.js';
import { categories } from '../categories/schema.js';
import { franchises } from '../franchises/schema.js';

/** The item master (the product's own in standalone mode; refreshed from the ERP port otherwise). */
export const items = pgTable(
  'items',
  {
    item_no: text('item_no').primaryKey(),
    description: text('description').notNull(),
    description_2: text('description_2').notNull().default(''),
    /** The GTIN on the item's package (8 to 14 digits), '' when none: the counter's scanner finds the item by it. */
    barcode: text('barcode').notNull().default(''),
    base_unit_of_measure: text('base_unit_of_measure').notNull(),
    /** List price of one base unit, VND. */
    unit_price: numeric('unit_price', { precision: 18, scale: 2 }).notNull(),
    /** VAT contained in the item's prices, percent (retail prices include VAT; 10 is the standard rate). */
    vat_percent: numeric('vat_percent', { precision: 5, scale: 2 }).notNull().default('10'),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    blocked: boolean('blocked').notNull().default(false),
    ...versioned(),
  },
  (t) => [
    index('items_category').on(t.category_id),
    index('items_description').on(t.description),
    index('items_barcode').on(t.barcode),
  ],
);

export const itemVariants = pgTable(
  'item_variants',
  {
    item_no: text('item_no')
      .notNull()
      .references(() => items.item_no, { onDelete: 'cascade', onUpdate: 'cascade' }),
    variant_code: text('variant_code').notNull(),
    description: text('description').notNull(),
    /** The variant's own list price; null = the item's. */
    unit_price: numeric('unit_price', { precision: 18, scale: 2 }),
    blocked: boolean('blocked').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.item_no, t.variant_code] })],
);

/** Units besides the base unit: one `code` holds qty_per_unit_of_measure base units. */
export const itemUnits = pgTable(
  'item_units',
  {
    item_no: text('item_no')
      .notNull()
      .references(() => items.item_no, { onDelete: 'cascade', onUpdate: 'cascade' }),
    code: text('code').notNull(),
    qty_per_unit_of_measure: numeric('qty_per_unit_of_measure', { precision: 18, scale: 5 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.item_no, t.code] })],
);

/** "Item Franchise": an item in a franchise's assortment, with the franchise's price rate and sort order. */
export const franchiseItems = pgTable(
  'franchise_items',
  {
    id: serial('id').primaryKey(),
    franchise_code: text('franchise_code')
      .notNull()
      .references(() => franchises.customer_no, { onDelete: 'cascade', onUpdate: 'cascade' }),
    item_no: text('item_no')
      .notNull()
      .references(() => items.item_no, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** The franchise sells at list price × price_rate unless an item price applies. */
    price_rate: numeric('price_rate', { precision: 9, scale: 4 }).notNull().default('1'),
    sort: integer('sort').notNull().default(0),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('franchise_items_franchise_item').on(t.franchise_code, t.item_no),
    index('franchise_items_franchise_sort').on(t.franchise_code, t.sort),
    index('franchise_items_item').on(t.item_no),
  ],
);
