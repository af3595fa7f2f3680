import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import type { PageGrant } from '@fp/contract';
import { versioned } from '../../db/columns.js';
import { users } from '../auth/schema.js';

export const pageStructures = pgTable('page_structures', {
  id: serial('id').primaryKey(),
  page_url: text('page_url').notNull().unique(),
  page_name: text('page_name').notNull(),
  buttons: jsonb('buttons').$type<string[]>().notNull().default([]),
  fields: jsonb('fields').$type<string[]>().notNull().default([]),
  filters: jsonb('filters').$type<string[]>().notNull().default([]),
  ...versioned(),
});

export const pagePermissions = pgTable('page_permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  permission_type: text('permission_type').$type<'edit' | 'view'>().notNull().default('view'),
  pages: jsonb('pages').$type<PageGrant[]>().notNull().default([]),
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  ...versioned(),
});

/** Which users hold which page permission (product.md 6: assigned per user, singly or in bulk). */
export const pagePermissionUsers = pgTable(
  'page_permission_users',
  {
    page_permission_id: integer('page_permission_id')
      .notNull()
      .references(() => pagePermissions.id, { onDelete: 'cascade' }),
    admin_user_id: integer('admin_user_id')
      .notNull()
      .references(() => users.user_id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.page_permission_id, t.admin_user_id] }), index('ppu_user').on(t.admin_user_id)],
);
