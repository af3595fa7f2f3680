import { and, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  messages,
  type ApiError,
  type Device,
  type DeviceListItem,
  type deviceCreate,
  type deviceUpdate,
} from '@fp/contract';
import type { AppConfig } from '../../config.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import type { Auth } from '../../http/context.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import { users } from '../auth/schema.js';
import { locations } from '../franchises/schema.js';
import { checkPrinterAddress, type PrinterAddressPolicy } from './printing/index.js';
import { devices } from './schema.js';
import { stampNow } from '../../db/clock.js';

export type DeviceRow = typeof devices.$inferSelect;
type CreateInput = z.output<typeof deviceCreate>;
type UpdateInput = z.output<typeof deviceUpdate>;

export const addressPolicy = (config: AppConfig): PrinterAddressPolicy => ({
  allowedPorts: config.printerPorts,
  allowLoopback: config.printerAllowLoopback,
});

const ipExpr = sql<string>`${devices.device_data}->>'ip'`;
const portExpr = sql<number>`(${devices.device_data}->>'port')::int`;
// The franchise (customer_no) a device belongs to, for "the devices of this store" (the user form's printers).
const customerNoExpr = sql<string>`coalesce((select ${locations.customer_no} from ${locations} where ${locations.location_code} = ${devices.location_code}), ${devices.location_code})`;
const listColumns = { ...getTableColumns(devices), ip: ipExpr.as('ip'), port: portExpr.mapWith(Number).as('port') };

export const deviceList: ListSpec<DeviceListItem, DeviceListItem> = {
  source: (db, extra) =>
    db
      .select({ ...listColumns, ...extra })
      .from(devices)
      .$dynamic(),
  fields: {
    id: devices.id,
    device_code: devices.device_code,
    device_name: devices.device_name,
    device_type: devices.device_type,
    location_code: devices.location_code,
    ip: { expr: ipExpr, type: 'text' },
    port: { expr: portExpr, type: 'number' },
    customer_no: { expr: customerNoExpr, type: 'text' },
    created_at: devices.created_at,
    updated_at: devices.updated_at,
  },
  filterable: [
    'id',
    'device_code',
    'device_name',
    'device_type',
    'location_code',
    'customer_no',
    'ip',
    'port',
    'updated_at',
  ],
  sortable: [
    'id',
    'device_code',
    'device_name',
    'device_type',
    'location_code',
    'ip',
    'port',
    'created_at',
    'updated_at',
  ],
  defaultSort: { field: 'device_code', direction: 'asc' },
  key: devices.id,
};

/** One device the caller may see; another franchise's device is "not found" (existence is not leaked). */
export async function getDevice(db: DbOrTx, auth: Auth | null, id: number): Promise<Device> {
  // Store users see the devices of their franchise's locations only.
  const scope = auth ? auth.scope.location(devices.location_code) : undefined;
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.id, id), scope));
  if (!row) throw notFound('Device');
  return row;
}

/**
 * For the users module (calls.md 7.4 device change, user form device_id): 400 on device_id when there is no such device.
 * Returns the device so the caller can check more (e.g. its location) if it wants to.
 */
export async function assertDeviceExists(db: DbOrTx, id: number): Promise<Device> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  if (!row) throw badRequest(`Device ${id} does not exist`, 'device_id', 'device_not_found');
  return row;
}

type Draft = {
  location_code: string | null;
  device_type: Device['device_type'];
  device_code: string;
  device_data: { ip: string; port: number };
};

/**
 * The rules a saved device must meet, reported together (400 naming each field):
 * a PRINTER has a location; a location is a known one (the caller's own for a store user);
 * the address passes the printer address policy; the device code is not taken.
 */
async function checkDraft(
  db: DbOrTx,
  auth: Auth,
  config: AppConfig,
  draft: Draft,
  changed: { location: boolean; address: boolean; code: boolean },
  exceptId?: number,
) {
  if (!auth.scope.all && draft.device_type === 'ADMIN_PRINTER') {
    throw forbidden('Only head office can manage an ADMIN_PRINTER', 'forbidden');
  }
  const errors: ApiError[] = [];
  if (draft.device_type === 'PRINTER' && !draft.location_code) {
    errors.push({ code: 'validation_error', msg: messages.required, field: 'location_code' });
  } else if (changed.location && draft.location_code) {
    // Another franchise's location is "not found", exactly like an unknown one (http/scope.ts).
    await auth.scope.assertLocation(
      db,
      draft.location_code,
      new AppError(404, 'not_found', `Location ${draft.location_code} not found`, 'location_code'),
    );
  }
  if (changed.address) {
    const refused = checkPrinterAddress(draft.device_data.ip, draft.device_data.port, addressPolicy(config));
    if (refused)
      errors.push({ code: 'printer_address_refused', msg: refused.message, field: `device_data.${refused.field}` });
  }
  if (errors.length) {
    const [first, ...rest] = errors;
    throw new AppError(400, first.code, first.msg, first.field, rest);
  }
  if (changed.code) {
    const [dup] = await db
      .select({ id: devices.id })
      .from(devices)
      .where(sql`lower(${devices.device_code}) = lower(${draft.device_code})`);
    if (dup && dup.id !== exceptId) throw codeTaken(draft.device_code);
  }
}

const codeTaken = (code: string) => conflict(`Device code ${code} already exists`, 'duplicate', 'device_code');

function mapUnique(code: string) {
  return (e: unknown): never => {
    if (pgCode(e) === '23505') throw codeTaken(code);
    throw e;
  };
}

function pgCode(e: unknown): string | undefined {
  for (
    let cur = e as { code?: unknown; cause?: unknown } | undefined, i = 0;
    cur && i < 5;
    cur = cur.cause as typeof cur, i++
  ) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur.code;
  }
  return undefined;
}

export async function createDevice(db: DbOrTx, auth: Auth, config: AppConfig, input: CreateInput): Promise<Device> {
  const draft: Draft = { ...input, location_code: input.location_code ?? null };
  await checkDraft(db, auth, config, draft, { location: true, address: true, code: true });
  const [row] = await db
    .insert(devices)
    .values({ ...draft, device_name: input.device_name })
    .returning()
    .catch(mapUnique(draft.device_code));
  return row;
}

export async function updateDevice(
  db: DbOrTx,
  auth: Auth,
  config: AppConfig,
  id: number,
  input: UpdateInput,
): Promise<Device> {
  const { version, ...values } = input;
  const current = await getDevice(db, auth, id);
  const draft: Draft = {
    location_code: values.location_code === undefined ? current.location_code : values.location_code,
    device_type: values.device_type ?? current.device_type,
    device_code: values.device_code ?? current.device_code,
    device_data: values.device_data ?? current.device_data,
  };
  // A store user may not touch a device that is (or would become) head office's.
  if (!auth.scope.all && current.device_type === 'ADMIN_PRINTER') throw notFound('Device');
  await checkDraft(
    db,
    auth,
    config,
    draft,
    {
      location: draft.location_code !== current.location_code,
      address: values.device_data !== undefined,
      code: draft.device_code.toLowerCase() !== current.device_code.toLowerCase(),
    },
    id,
  );
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const where = and(eq(devices.id, id), eq(devices.version, version));
  const [row] = await db
    .update(devices)
    .set({ ...set, ...bump(devices.version) })
    .where(where)
    .returning()
    .catch(mapUnique(draft.device_code));
  return row ?? explainMissedUpdate(db, getTableName(devices), eq(devices.id, id), 'Device');
}

/** Deletes a device; users it was assigned to fall back to their location's printer. */
export async function deleteDevice(tx: Tx, auth: Auth, id: number): Promise<void> {
  const current = await getDevice(tx, auth, id);
  if (!auth.scope.all && current.device_type === 'ADMIN_PRINTER') throw notFound('Device');
  await tx.delete(devices).where(eq(devices.id, id));
  await tx
    .update(users)
    .set({ device_id: null, version: sql`${users.version} + 1`, updated_at: stampNow() })
    .where(eq(users.device_id, id));
}
