import { and, asc, eq, sql } from 'drizzle-orm';
import { customerLookupErrors, normalizePhone } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { AppError, conflict } from '../../http/errors.js';
import { Scope } from '../../http/scope.js';
import { franchises, locations } from '../franchises/schema.js';
import { customers } from './schema.js';

export type CustomerRow = typeof customers.$inferSelect;

export const noCustomerById = () => new AppError(404, 'customer_not_found', customerLookupErrors.byId, 'customer_no');
export const noCustomerByPhone = () =>
  new AppError(404, 'customer_not_found', customerLookupErrors.byPhone, 'phone_no');

/** One customer by number within the caller's scope; another franchise's customer is "not found". */
export async function getCustomerByNo(
  db: DbOrTx,
  auth: Auth,
  customerNo: string,
  forUpdate = false,
): Promise<CustomerRow> {
  const q = db
    .select()
    .from(customers)
    .where(
      and(eq(customers.customer_no, customerNo.trim().toUpperCase()), auth.scope.franchise(customers.franchise_code)),
    );
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw noCustomerById();
  return row;
}

/** One customer by mobile phone; head office must name the franchise when several franchises know the phone. */
export async function getCustomerByPhone(
  db: DbOrTx,
  auth: Auth,
  phoneNo: string,
  franchiseCode?: string | null,
): Promise<CustomerRow> {
  // A store user naming another franchise finds nobody there: "not found", like an unknown phone.
  const named = franchiseCode?.trim().toUpperCase() || undefined;
  if (named && !auth.scope.sees(named)) throw noCustomerByPhone();
  const rows = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.phone_no, normalizePhone(phoneNo)),
        auth.scope.franchise(customers.franchise_code),
        named ? eq(customers.franchise_code, named) : undefined,
      ),
    )
    .limit(2);
  if (rows.length === 0) throw noCustomerByPhone();
  if (rows.length > 1)
    throw conflict(
      `Several franchises have a customer with phone ${phoneNo}; choose the franchise_code`,
      'ambiguous_phone',
      'franchise_code',
    );
  return rows[0];
}

export async function getCustomerByKey(
  db: DbOrTx,
  auth: Auth,
  key: { customer_no?: string; phone_no?: string; franchise_code?: string },
) {
  if (key.customer_no) return getCustomerByNo(db, auth, key.customer_no);
  return getCustomerByPhone(db, auth, key.phone_no ?? '', key.franchise_code);
}

/** A location, when given, must be a store of the customer's franchise; any other is "not found" (http/scope.ts). */
export async function assertLocation(db: DbOrTx, franchiseCode: string, locationCode: string): Promise<void> {
  if (!locationCode) return;
  await new Scope(franchiseCode).assertLocation(
    db,
    locationCode,
    new AppError(404, 'not_found', `Location ${locationCode} not found`, 'location_code'),
  );
}

/** Franchises and their stores the caller may create customers in (a store user: their own). */
export async function storesFor(db: DbOrTx, auth: Auth) {
  return db
    .select({
      franchise_code: franchises.customer_no,
      franchise_name: franchises.name,
      location_code: sql<string>`coalesce(${locations.location_code}, '')`,
      location_name: sql<string>`coalesce(${locations.name}, '')`,
      cash_needs_open_shift: franchises.cash_needs_open_shift,
    })
    .from(franchises)
    .leftJoin(locations, eq(locations.customer_no, franchises.customer_no))
    .where(and(eq(franchises.is_active, true), auth.scope.franchise(franchises.customer_no)))
    .orderBy(asc(franchises.customer_no), asc(locations.location_code));
}
