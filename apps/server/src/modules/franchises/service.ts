import { and, asc, eq, getTableColumns, getTableName, gt, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Franchise, FranchiseDetail, franchiseCreate, franchiseUpdate } from '@fp/contract';
import type { AppConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import { AppError, businessRule, conflict, notFound } from '../../http/errors.js';
import type { Auth } from '../../http/context.js';
import type { ListSpec } from '../../http/list.js';
import { users } from '../auth/schema.js';
import { numberSeries } from '../number-series/schema.js';
import { franchises, locations } from './schema.js';

type Row = typeof franchises.$inferSelect;
const franchiseColumns = getTableColumns(franchises);

const listFields = {
  id: franchises.id,
  customer_no: franchises.customer_no,
  name: franchises.name,
  address: franchises.address,
  district_code: franchises.district_code,
  district_name: franchises.district_name,
  city: franchises.city,
  post_code: franchises.post_code,
  region_code: franchises.region_code,
  phone_no: franchises.phone_no,
  email: franchises.email,
  contact: franchises.contact,
  tp_no: franchises.tp_no,
  ss_no: franchises.ss_no,
  vendor_no: franchises.vendor_no,
  vendor_name: franchises.vendor_name,
  buy_from_code: franchises.buy_from_code,
  batch_name: franchises.batch_name,
  consignment_location_code: franchises.consignment_location_code,
  is_active: franchises.is_active,
  last_synced_at: franchises.last_synced_at,
  updated_at: franchises.updated_at,
  created_at: franchises.created_at,
};

export const franchiseList: ListSpec<Row, Franchise> = {
  source: (db, extra) =>
    db
      .select({ ...franchiseColumns, ...extra })
      .from(franchises)
      .$dynamic(),
  fields: listFields,
  filterable: Object.keys(listFields),
  sortable: Object.keys(listFields),
  defaultSort: { field: 'customer_no', direction: 'asc' },
  key: franchises.id,
};

/** 404 when the caller is a store user of another franchise (existence is not leaked; http/scope.ts). */
export function assertFranchiseVisible(auth: Auth, customerNo: string) {
  auth.scope.assert(customerNo, 'Franchise');
}

export async function getFranchise(db: DbOrTx, customerNo: string): Promise<Franchise> {
  const [row] = await db.select().from(franchises).where(eq(franchises.customer_no, customerNo));
  if (!row) throw notFound('Franchise');
  return row;
}

/** For other modules: a document's franchise must exist (422 naming the field otherwise). */
export async function assertFranchiseExists(
  db: DbOrTx,
  customerNo: string,
  field = 'franchise_code',
): Promise<Franchise> {
  const [row] = await db.select().from(franchises).where(eq(franchises.customer_no, customerNo));
  if (!row) throw businessRule(`Franchise ${customerNo} does not exist`, 'unknown_franchise', field);
  return row;
}

/** The franchise_* fields a document header copies (product.md 3, purchase order). */
export function franchiseSnapshot(f: Franchise) {
  return {
    franchise_code: f.customer_no,
    franchise_name: f.name,
    franchise_address: f.address,
    franchise_district_code: f.district_code,
    franchise_district_name: f.district_name,
    franchise_phone_no: f.phone_no,
    franchise_contact: f.contact,
    franchise_post_code: f.post_code,
    franchise_region_code: f.region_code,
  };
}

export async function listLocations(db: DbOrTx, customerNo: string) {
  return db.select().from(locations).where(eq(locations.customer_no, customerNo)).orderBy(asc(locations.location_code));
}

/**
 * For document modules: the store must be one of the franchise's; any other is "not found" (404 naming the field),
 * the one rule of http/scope.ts. Check the franchise itself against the caller first (`auth.scope.own`).
 */
export async function assertLocationOfFranchise(
  db: DbOrTx,
  franchiseCode: string,
  locationCode: string,
  field = 'location_code',
) {
  const [row] = await db.select().from(locations).where(eq(locations.location_code, locationCode));
  if (!row || row.customer_no !== franchiseCode)
    throw new AppError(404, 'not_found', `Location ${locationCode} not found`, field);
  return row;
}

export async function getFranchiseDetail(db: DbOrTx, customerNo: string): Promise<FranchiseDetail> {
  const f = await getFranchise(db, customerNo);
  return { ...f, locations: await listLocations(db, customerNo) };
}

export async function createFranchise(
  db: DbOrTx,
  config: AppConfig,
  input: z.output<typeof franchiseCreate>,
): Promise<Franchise> {
  const [dup] = await db
    .select({ id: franchises.id })
    .from(franchises)
    .where(eq(franchises.customer_no, input.customer_no));
  if (dup) throw conflict(`Franchise ${input.customer_no} already exists`, 'duplicate', 'customer_no');
  // The configured default vendor (head office) supplies a new franchise unless another is given.
  const values = {
    ...input,
    vendor_no: input.vendor_no || config.defaultVendorNo,
    vendor_name:
      input.vendor_name ||
      (input.vendor_no && input.vendor_no !== config.defaultVendorNo ? '' : config.defaultVendorName),
  };
  const [row] = await db.insert(franchises).values(values).onConflictDoNothing().returning();
  if (!row) throw conflict(`Franchise ${input.customer_no} already exists`, 'duplicate', 'customer_no');
  return row;
}

export async function updateFranchise(db: DbOrTx, input: z.output<typeof franchiseUpdate>): Promise<Franchise> {
  const { customer_no, version, ...values } = input;
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const where = and(eq(franchises.customer_no, customer_no), eq(franchises.version, version));
  const [row] = await db
    .update(franchises)
    .set({ ...set, ...bump(franchises.version) })
    .where(where)
    .returning();
  return row ?? explainMissedUpdate(db, getTableName(franchises), eq(franchises.customer_no, customer_no), 'Franchise');
}

/** What keeps a franchise from being deleted: each answers which of the codes it still uses. Document modules may add theirs. */
export const franchiseReferences: { what: string; count: (db: DbOrTx, codes: string[]) => Promise<string[]> }[] = [
  {
    what: 'users',
    count: async (db, codes) =>
      (await db.selectDistinct({ c: users.customer_no }).from(users).where(inArray(users.customer_no, codes))).map(
        (r) => r.c!,
      ),
  },
  {
    // Every posted document took a number from its franchise's series.
    what: 'documents',
    count: async (db, codes) =>
      (
        await db
          .selectDistinct({ c: numberSeries.franchise_code })
          .from(numberSeries)
          .where(and(inArray(numberSeries.franchise_code, codes), gt(numberSeries.last_no, 0)))
      ).map((r) => r.c),
  },
];

/** Deletes all given franchises or none: unknown ones are 404, ones still used are 422 naming them. */
export async function deleteFranchises(db: DbOrTx, customerNos: string[]): Promise<string[]> {
  const codes = [...new Set(customerNos)];
  const found = await db
    .select({ c: franchises.customer_no })
    .from(franchises)
    .where(inArray(franchises.customer_no, codes));
  const missing = codes.filter((c) => !found.some((f) => f.c === c));
  if (missing.length) throw notFound(`Franchise ${missing.join(', ')}`);
  const blocked: string[] = [];
  for (const ref of franchiseReferences) {
    const used = await ref.count(db, codes);
    if (used.length) blocked.push(`${used.sort().join(', ')} (${ref.what})`);
  }
  if (blocked.length)
    throw businessRule(
      `Cannot delete franchises that still have users or documents: ${blocked.join('; ')}`,
      'franchise_in_use',
      'customer_nos',
    );
  await db.delete(franchises).where(inArray(franchises.customer_no, codes));
  return codes;
}
