import { and, eq } from 'drizzle-orm';
import { isAdministratorRole } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { AppError, badRequest } from '../../http/errors.js';
import { roles } from '../auth/schema.js';
import { franchises } from '../franchises/schema.js';
import { devices } from '../devices/schema.js';

/** The role a form names: it must exist, and only Administrators may hand out the Administrators role. */
export async function assertAssignableRole(db: DbOrTx, auth: Auth, roleId: number) {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw badRequest(`Role ${roleId} does not exist`, 'role_id');
  if (isAdministratorRole(role.name) && !auth.isAdmin) {
    throw new AppError(403, 'forbidden', 'Only Administrators may assign the Administrators role', 'role_id');
  }
  return role;
}

/**
 * The store a store user may give: only their own franchise (they cannot move a user to another one).
 * `undefined` keeps `fallback` (create: the caller's store; update: the user's current store).
 */
export function storeFor(auth: Auth, requested: string | null | undefined, fallback: string | null): string | null {
  const value = requested === undefined ? fallback : requested;
  const own = auth.scope.franchiseCode;
  if (own === null) return value;
  // Another franchise is "not found", exactly like an unknown one (http/scope.ts); no store would make a head-office user.
  if (value !== null) auth.scope.assert(value, new AppError(404, 'not_found', 'Franchise not found', 'customer_no'));
  else throw new AppError(403, 'forbidden', `You may only assign users to your own store ${own}`, 'customer_no');
  return value;
}

/** product.md 6: a user's store is a franchise, named by its customer_no. */
export async function assertStoreExists(db: DbOrTx, customerNo: string) {
  const [row] = await db.select({ id: franchises.id }).from(franchises).where(eq(franchises.customer_no, customerNo));
  if (!row) throw badRequest(`Store ${customerNo} does not exist`, 'customer_no');
}

/** product.md 6: a user's device is a registered device (printer); a store user may only give one of their stores'. */
export async function assertDeviceExists(db: DbOrTx, auth: Auth, deviceId: number) {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, deviceId), auth.scope.location(devices.location_code)));
  if (!row)
    throw auth.scope.all
      ? badRequest(`Device ${deviceId} does not exist`, 'device_id')
      : new AppError(404, 'not_found', 'Device not found', 'device_id');
}
