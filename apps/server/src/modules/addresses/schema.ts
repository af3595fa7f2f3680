import { boolean, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '../../db/columns.js';

/**
 * Provinces (table_code post_code) and districts (table_code address_district) with their official GSO codes;
 * reference data loaded from reference/vn-admin-units.json.
 */
export const addressUnits = pgTable(
  'address_units',
  {
    id: serial('id').primaryKey(),
    table_code: text('table_code').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    name_en: text('name_en').notNull(),
    full_name: text('full_name').notNull(),
    type: text('type').notNull(),
    /** The province code: the row's own code for a province, its province for a district. */
    post_code: text('post_code').notNull(),
  },
  (t) => [
    uniqueIndex('address_units_table_code').on(t.table_code, t.code),
    index('address_units_post_code').on(t.post_code),
  ],
);

/** Carriers that deliver orders (GHN, GHTK, Viettel Post, …). */
export const shippingAgents = pgTable('shipping_agents', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

/** A carrier's service, optionally bound to a province (post_code) and district. */
export const shippingAgentServices = pgTable(
  'shipping_agent_services',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    shipping_agent_code: text('shipping_agent_code').notNull(),
    description: text('description').notNull(),
    post_code: text('post_code').notNull().default(''),
    district_code: text('district_code').notNull().default(''),
    is_temporary: boolean('is_temporary').notNull().default(false),
    ...versioned(),
  },
  (t) => [uniqueIndex('shipping_agent_services_agent_code').on(t.shipping_agent_code, t.code)],
);
