import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { languages, type Language } from '@fp/contract/constants';
import { versioned, stampedAt } from '../../db/columns.js';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
});

export const users = pgTable(
  'users',
  {
    user_id: serial('user_id').primaryKey(),
    username: text('username').notNull(),
    password_hash: text('password_hash').notNull(),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    email: text('email').notNull().default(''),
    role_id: integer('role_id').references(() => roles.id),
    /** The assigned store (franchise customer_no): the user's franchise scope. */
    customer_no: text('customer_no'),
    device_id: integer('device_id'),
    is_active: boolean('is_active').notNull().default(true),
    /** The interface language the user chose ('en' | 'vi'); null until they choose: DEFAULT_LANGUAGE applies. */
    language: text('language').$type<Language>(),
    ...versioned(),
  },
  (t) => [
    check('users_language', sql`${t.language} in (${sql.raw(languages.map((l) => `'${l}'`).join(', '))})`),
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    index('users_customer_no').on(t.customer_no),
  ],
);

/** Opaque tokens, stored as sha256 hashes; revoked by deleting the row. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id, { onDelete: 'cascade' }),
    created_at: stampedAt('created_at'),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('sessions_user').on(t.user_id)],
);

/**
 * Login attempts that did not succeed (kept in the database: no process state). A row is written before the password
 * is checked and deleted when it was right, so parallel guesses count at once. `device` is the nonce of the caller's
 * signed device cookie for that username (a browser that logged in as that user before); null is an unknown device.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    address: text('address').notNull(),
    device: text('device'),
    at: stampedAt('at'),
  },
  (t) => [index('login_failures_username').on(t.username, t.at), index('login_failures_address').on(t.address, t.at)],
);

/**
 * Keys the server makes for itself once, on its first start, and shares between its processes and restarts (the
 * device cookie's HMAC key when DEVICE_COOKIE_SECRET is unset). Never sent to a client.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: stampedAt('created_at'),
});
