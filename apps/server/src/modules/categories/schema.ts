import { type AnyPgColumn, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '../../db/columns.js';

/** calls.md 7.8 categories: a two-level tree; parent_id null = category, else its sub-category. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    parent_id: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    sort: integer('sort').notNull().default(0),
    ...versioned(),
  },
  (t) => [uniqueIndex('categories_code').on(t.code), index('categories_parent').on(t.parent_id, t.sort)],
);
