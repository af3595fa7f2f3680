import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '../../db/columns.js';

/**
 * product.md 3 Customer and Customer record: a shopper of one franchise (franchise_code = the franchise's
 * customer_no), found at the counter by mobile phone. Loyalty balances live in the loyalty ledgers.
 */
export const customers = pgTable(
  'customers',
  {
    customer_no: text('customer_no').primaryKey(),
    franchise_code: text('franchise_code').notNull(),
    location_code: text('location_code').notNull().default(''),
    name: text('name').notNull(),
    /** Stored in national form (0xxxxxxxxx) so +84/84/0 spellings find the same customer. */
    phone_no: text('phone_no').notNull(),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    address_2: text('address_2').notNull().default(''),
    district_code: text('district_code').notNull().default(''),
    post_code: text('post_code').notNull().default(''),
    country_region_code: text('country_region_code').notNull().default('VNM'),
    /** calls.md 9: an unknown birth date is 0001-01-01. */
    birth_date: date('birth_date', { mode: 'string' }).notNull().default('0001-01-01'),
    prefix: text('prefix').notNull().default(''),
    channel: text('channel').notNull().default(''),
    customer_setup_id: integer('customer_setup_id'),
    is_temporary: boolean('is_temporary').notNull().default(true),
    /** The customer's own code, given to friends. */
    referral_code: text('referral_code').notNull(),
    /** The referral code of whoever referred this customer ('' when nobody). */
    referred_by_code: text('referred_by_code').notNull().default(''),
    /** The order on which the referral was accepted; a referral counts once. */
    referral_pos_so_no: text('referral_pos_so_no').notNull().default(''),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('customers_franchise_phone').on(t.franchise_code, t.phone_no),
    uniqueIndex('customers_referral_code').on(t.referral_code),
    index('customers_phone').on(t.phone_no),
  ],
);

/** product.md 3 Customer setup: customer number prefix per sales channel. */
export const customerSetups = pgTable(
  'customer_setups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    channel: text('channel').notNull(),
    ...versioned(),
  },
  (t) => [uniqueIndex('customer_setups_prefix').on(t.prefix)],
);

/** product.md 3 Ship-to address: a customer's delivery addresses. */
export const shipToAddresses = pgTable(
  'ship_to_addresses',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    customer_no: text('customer_no')
      .notNull()
      .references(() => customers.customer_no, { onDelete: 'cascade', onUpdate: 'cascade' }),
    franchise_code: text('franchise_code').notNull(),
    name: text('name').notNull(),
    name_2: text('name_2').notNull().default(''),
    address: text('address').notNull(),
    address_2: text('address_2').notNull().default(''),
    district_code: text('district_code').notNull().default(''),
    post_code: text('post_code').notNull().default(''),
    contact: text('contact').notNull().default(''),
    phone_no: text('phone_no').notNull().default(''),
    country_region_code: text('country_region_code').notNull().default('VNM'),
    is_temporary: boolean('is_temporary').notNull().default(false),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('ship_to_addresses_customer_code').on(t.customer_no, t.code),
    index('ship_to_addresses_franchise').on(t.franchise_code),
  ],
);
