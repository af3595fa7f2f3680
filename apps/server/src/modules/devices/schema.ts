import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeviceData, DeviceType } from '@fp/contract';
import { versioned } from '../../db/columns.js';

/** product.md 3 Device: a network receipt printer of a store location (PRINTER) or of head office (ADMIN_PRINTER). */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    /** The store location (locations.location_code); may be empty for an ADMIN_PRINTER. */
    location_code: text('location_code'),
    device_type: text('device_type').$type<DeviceType>().notNull(),
    device_name: text('device_name').notNull(),
    device_code: text('device_code').notNull(),
    /** { ip, port } of the raw-TCP ESC/POS printer. */
    device_data: jsonb('device_data').$type<DeviceData>().notNull(),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('devices_device_code_lower').on(sql`lower(${t.device_code})`),
    index('devices_location_type').on(t.location_code, t.device_type),
  ],
);
