import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '../../db/columns.js';

/** product.md 3 Franchise: a dealer or store company, keyed by its customer number at head office. */
export const franchises = pgTable(
  'franchises',
  {
    id: serial('id').primaryKey(),
    customer_no: text('customer_no').notNull(),
    // Identity, address and contact (the purchase order's franchise_* fields are copied from these).
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    address_2: text('address_2').notNull().default(''),
    district_code: text('district_code').notNull().default(''),
    district_name: text('district_name').notNull().default(''),
    city: text('city').notNull().default(''),
    post_code: text('post_code').notNull().default(''),
    region_code: text('region_code').notNull().default(''),
    phone_no: text('phone_no').notNull().default(''),
    email: text('email').notNull().default(''),
    contact: text('contact').notNull().default(''),
    tp_no: text('tp_no').notNull().default(''),
    ss_no: text('ss_no').notNull().default(''),
    // Purchasing defaults.
    vendor_no: text('vendor_no').notNull().default(''),
    vendor_name: text('vendor_name').notNull().default(''),
    buy_from_code: text('buy_from_code').notNull().default(''),
    buy_from_address: text('buy_from_address').notNull().default(''),
    /** Days between ordering and the requested receipt date. */
    receipt_lead_time: integer('receipt_lead_time').notNull().default(0),
    // Dimensions copied onto document headers and lines.
    header_campaign: text('header_campaign').notNull().default(''),
    header_costcenter: text('header_costcenter').notNull().default(''),
    header_channel: text('header_channel').notNull().default(''),
    header_department: text('header_department').notNull().default(''),
    header_factory: text('header_factory').notNull().default(''),
    line_campaign: text('line_campaign').notNull().default(''),
    line_costcenter: text('line_costcenter').notNull().default(''),
    line_gen_bus_posting_group: text('line_gen_bus_posting_group').notNull().default(''),
    batch_name: text('batch_name').notNull().default(''),
    // Consignment locations.
    consignment_location_code: text('consignment_location_code').notNull().default(''),
    consignment_warehouse_code: text('consignment_warehouse_code').notNull().default(''),
    consignment_intransit_code: text('consignment_intransit_code').notNull().default(''),
    /**
     * The store's bank account (issue 11): where its transfer payments go and what its VietQR codes name. bank_bin is
     * the NAPAS BIN of the bank (6 digits, e.g. 970416 ACB); bank_account_code is the account's code in the books
     * (bank account entries' bank_account_no).
     */
    bank_account_code: text('bank_account_code').notNull().default(''),
    bank_bin: text('bank_bin').notNull().default(''),
    bank_account_no: text('bank_account_no').notNull().default(''),
    bank_account_name: text('bank_account_name').notNull().default(''),
    /**
     * Cash at the counter needs an open shift (issue 17): a cash receipt of a location without an open shift is
     * refused (modules/payments). Off by default; on for the demo franchises.
     */
    cash_needs_open_shift: boolean('cash_needs_open_shift').notNull().default(false),
    is_active: boolean('is_active').notNull().default(true),
    /** When the last sync from the ERP port refreshed this franchise. */
    last_synced_at: timestamp('last_synced_at', { withTimezone: true, mode: 'string' }),
    ...versioned(),
  },
  (t) => [uniqueIndex('franchises_customer_no').on(t.customer_no), index('franchises_phone_no').on(t.phone_no)],
);

/** The stores (locations) a franchise runs; documents carry location_code. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    location_code: text('location_code').notNull(),
    customer_no: text('customer_no')
      .notNull()
      .references(() => franchises.customer_no, { onDelete: 'cascade', onUpdate: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    district_code: text('district_code').notNull().default(''),
    district_name: text('district_name').notNull().default(''),
    city: text('city').notNull().default(''),
    phone_no: text('phone_no').notNull().default(''),
    is_active: boolean('is_active').notNull().default(true),
    ...versioned(),
  },
  (t) => [uniqueIndex('locations_location_code').on(t.location_code), index('locations_customer_no').on(t.customer_no)],
);
