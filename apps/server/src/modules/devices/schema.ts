import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeviceData, DeviceType } from '@fp/contract';
import { versioned, stampedAt } from '../../db/columns.js';

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

/**
 * The print log (issue 9): every POST /api/print of a document, what was printed (the document as rendered and its
 * text, line by line) and how it went (printed or not connected). Append-only; the raster is what went to paper.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: serial('id').primaryKey(),
    /** quote, order, shipment, invoice, receipt or test. */
    document_type: text('document_type').notNull(),
    /** The document number ('' for a ready document or the test page). */
    document_no: text('document_no').notNull().default(''),
    /** The document's franchise ('' when none: the test page, a ready document of head office). */
    franchise_code: text('franchise_code').notNull().default(''),
    device_id: integer('device_id'),
    device_code: text('device_code').notNull(),
    user_id: integer('user_id'),
    status: text('status').$type<'printed' | 'not_connected'>().notNull(),
    /** The PrintDocument rendered (renderDocument of it is the raster sent). */
    document: jsonb('document').$type<{ lines: unknown[] }>().notNull(),
    /** The document's text, one entry per printed line (columns joined by two spaces). */
    text_lines: jsonb('text_lines').$type<string[]>().notNull(),
    created_at: stampedAt('created_at'),
  },
  (t) => [
    index('print_jobs_user').on(t.user_id, t.id),
    index('print_jobs_document').on(t.document_type, t.document_no),
  ],
);
