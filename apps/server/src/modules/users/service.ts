import { and, eq, getTableColumns, getTableName, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ADMIN_ROLE, mayManageUser } from '@fp/contract';
import type {
  changeDeviceBody,
  changeStoreBody,
  CurrentUser,
  Role,
  setActiveBody,
  setPasswordBody,
  User,
  UserInfo,
  userCreate,
  userUpdate,
} from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import type { Auth } from '../../http/context.js';
import { AppError, businessRule, conflict, forbidden, notFound } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import { roles, sessions, users } from '../auth/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { pagePermissions, pagePermissionUsers } from '../access/schema.js';
import { franchises } from '../franchises/schema.js';
import { assertAssignableRole, assertDeviceExists, assertStoreExists, storeFor } from './references.js';

type UserRow = User;

const { password_hash: _hash, ...userColumns } = getTableColumns(users);
const userSelect = { ...userColumns, role_name: roles.name };

export const userList: ListSpec<UserRow, User> = {
  source: (db, extra) =>
    db
      .select({ ...userSelect, ...extra })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.role_id))
      .$dynamic(),
  fields: {
    user_id: users.user_id,
    username: users.username,
    firstname: users.firstname,
    lastname: users.lastname,
    email: users.email,
    role_id: users.role_id,
    role_name: roles.name,
    customer_no: users.customer_no,
    device_id: users.device_id,
    is_active: users.is_active,
    created_at: users.created_at,
    updated_at: users.updated_at,
  },
  filterable: [
    'user_id',
    'username',
    'firstname',
    'lastname',
    'email',
    'role_id',
    'role_name',
    'customer_no',
    'device_id',
    'is_active',
    'created_at',
    'updated_at',
  ],
  sortable: [
    'user_id',
    'username',
    'firstname',
    'lastname',
    'email',
    'role_id',
    'role_name',
    'customer_no',
    'device_id',
    'is_active',
    'created_at',
    'updated_at',
  ],
  defaultSort: { field: 'username', direction: 'asc' },
  key: users.user_id,
};

export const roleList: ListSpec<Role> = {
  source: (db, extra) =>
    db
      .select({ ...getTableColumns(roles), ...extra })
      .from(roles)
      .$dynamic(),
  fields: { id: roles.id, name: roles.name, description: roles.description },
  filterable: ['id', 'name', 'description'],
  sortable: ['id', 'name'],
  defaultSort: { field: 'id', direction: 'asc' },
  key: roles.id,
};
/** Only Administrators see (and may assign) the Administrators role (not franchise scoping: roles are global). */
export const roleFilter = (auth: Auth): SQL | undefined =>
  auth.isAdmin ? undefined : ne(sql`lower(${roles.name})`, ADMIN_ROLE.toLowerCase());

/** One user as the caller may see it; another franchise's user is a 404, so existence is not leaked. */
export async function getUser(db: DbOrTx, auth: Auth | null, id: number): Promise<User> {
  const [row] = await db
    .select(userSelect)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.user_id, id), auth ? auth.scope.franchise(users.customer_no) : undefined));
  if (!row) throw notFound('User');
  return row;
}

/** Only Administrators may change an Administrator (else a head-office user could take the account over). */
function assertMayManage(auth: Auth, target: User) {
  if (!mayManageUser(auth.isAdmin, target.role_name))
    throw forbidden('Only Administrators may change an Administrator');
}

async function assertUsernameFree(db: DbOrTx, username: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: users.user_id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  if (dup && dup.id !== exceptId) throw usernameTaken(username);
}
const usernameTaken = (username: string) => conflict(`Username ${username} already exists`, 'duplicate', 'username');

/** A concurrent insert of the same username passes the check and trips the unique index: still a 409. */
function mapUniqueViolation(e: unknown, username: string): never {
  if (pgCode(e) === '23505') throw usernameTaken(username);
  throw e;
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

const endSessions = (db: DbOrTx, ids: number[]) => db.delete(sessions).where(inArray(sessions.user_id, ids));

export async function createUser(tx: Tx, auth: Auth, input: z.output<typeof userCreate>): Promise<User> {
  const customerNo = storeFor(auth, input.customer_no, auth.scope.franchiseCode);
  const passwordHash = await hashPassword(input.password);
  await assertUsernameFree(tx, input.username);
  await assertAssignableRole(tx, auth, input.role_id);
  if (customerNo) await assertStoreExists(tx, customerNo);
  if (input.device_id) await assertDeviceExists(tx, auth, input.device_id);
  const { password: _p, ...values } = input;
  const [row] = await tx
    .insert(users)
    .values({ ...values, customer_no: customerNo, device_id: input.device_id ?? null, password_hash: passwordHash })
    .returning({ id: users.user_id })
    .catch((e: unknown) => mapUniqueViolation(e, input.username));
  return getUser(tx, null, row.id);
}

export async function updateUser(tx: Tx, auth: Auth, input: z.output<typeof userUpdate>): Promise<User> {
  const { user_id: id, version, password, ...values } = input;
  const passwordHash = password ? await hashPassword(password) : undefined;
  const current = await getUser(tx, auth, id);
  assertMayManage(auth, current);
  if (values.is_active === false && id === auth.userId) throw cannotDeactivateSelf('is_active');
  // With self-deactivation and self-deletion refused, this keeps at least one active Administrator.
  if (values.role_id !== undefined && values.role_id !== current.role_id && id === auth.userId) {
    throw businessRule('You cannot change your own role', 'cannot_change_own_role', 'role_id');
  }
  if (values.username !== undefined) await assertUsernameFree(tx, values.username, id);
  if (values.role_id !== undefined && values.role_id !== current.role_id)
    await assertAssignableRole(tx, auth, values.role_id);
  if (values.customer_no !== undefined) {
    values.customer_no = storeFor(auth, values.customer_no, current.customer_no);
    if (values.customer_no && values.customer_no !== current.customer_no)
      await assertStoreExists(tx, values.customer_no);
  }
  if (values.device_id && values.device_id !== current.device_id) await assertDeviceExists(tx, auth, values.device_id);
  const set = { ...values, ...(passwordHash ? { password_hash: passwordHash } : {}), ...bump(users.version) };
  const [row] = await tx
    .update(users)
    .set(set)
    .where(and(eq(users.user_id, id), eq(users.version, version)))
    .returning({ id: users.user_id })
    .catch((e: unknown) => mapUniqueViolation(e, values.username ?? ''));
  if (!row) return explainMissedUpdate(tx, getTableName(users), eq(users.user_id, id), 'User');
  // A new password or a deactivation ends the user's sessions at once.
  if (passwordHash || values.is_active === false) await endSessions(tx, [id]);
  return getUser(tx, null, id);
}

const cannotDeactivateSelf = (field: string) =>
  businessRule('You cannot deactivate your own user', 'cannot_deactivate_self', field);

export async function deleteUser(tx: Tx, auth: Auth, id: number): Promise<void> {
  if (id === auth.userId) throw businessRule('You cannot delete your own user', 'cannot_delete_self', 'user_id');
  assertMayManage(auth, await getUser(tx, auth, id));
  await tx
    .delete(users)
    .where(eq(users.user_id, id))
    .catch((e: unknown) => {
      // Records that name the user (documents, logs with a key) keep it: deactivate instead.
      if (pgCode(e) === '23503')
        throw conflict('This user has records and cannot be deleted; deactivate it instead', 'in_use', 'user_id');
      throw e;
    });
}

/** calls.md 7.4: an administrator sets a user's password; the user's sessions end. */
export async function setUserPassword(tx: Tx, auth: Auth, input: z.output<typeof setPasswordBody>): Promise<User> {
  const passwordHash = await hashPassword(input.new_password);
  assertMayManage(auth, await getUser(tx, auth, input.user_id));
  await tx
    .update(users)
    .set({ password_hash: passwordHash, ...bump(users.version) })
    .where(eq(users.user_id, input.user_id));
  await endSessions(tx, [input.user_id]);
  return getUser(tx, null, input.user_id);
}

/** product.md 4: is_active toggled for one or several users, all or none; deactivation ends their sessions. */
export async function setActive(
  tx: Tx,
  auth: Auth,
  input: z.output<typeof setActiveBody>,
): Promise<{ updated: number; items: User[] }> {
  const ids = [...new Set(input.ids)];
  if (!input.is_active && ids.includes(auth.userId)) throw cannotDeactivateSelf('ids');
  const found = await tx
    .select(userSelect)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(and(inArray(users.user_id, ids), auth.scope.franchise(users.customer_no)));
  const missing = ids.find((id) => !found.some((u) => u.user_id === id));
  if (missing !== undefined) throw new AppError(404, 'not_found', `User ${missing} not found`, 'ids');
  found.forEach((u) => assertMayManage(auth, u));
  const changed = await tx
    .update(users)
    .set({ is_active: input.is_active, ...bump(users.version) })
    .where(and(inArray(users.user_id, ids), ne(users.is_active, input.is_active)))
    .returning({ id: users.user_id });
  if (!input.is_active) await endSessions(tx, ids);
  const items = await tx
    .select(userSelect)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(inArray(users.user_id, ids));
  return { updated: changed.length, items };
}

/** Applies a store or device change with an optional version check (the franchise-user calls). */
async function changeOne(tx: DbOrTx, id: number, version: number | undefined, set: Partial<typeof users.$inferInsert>) {
  const where = version === undefined ? eq(users.user_id, id) : and(eq(users.user_id, id), eq(users.version, version));
  const [row] = await tx
    .update(users)
    .set({ ...set, ...bump(users.version) })
    .where(where)
    .returning({ id: users.user_id });
  if (!row) await explainMissedUpdate(tx, getTableName(users), eq(users.user_id, id), 'User');
  return getUser(tx, null, id);
}

export async function changeStore(tx: Tx, auth: Auth, input: z.output<typeof changeStoreBody>): Promise<User> {
  const current = await getUser(tx, auth, input.admin_user_id);
  assertMayManage(auth, current);
  const customerNo = storeFor(auth, input.customer_no, current.customer_no);
  if (customerNo) await assertStoreExists(tx, customerNo);
  return changeOne(tx, input.admin_user_id, input.version, { customer_no: customerNo });
}

export async function changeDevice(tx: Tx, auth: Auth, input: z.output<typeof changeDeviceBody>): Promise<User> {
  assertMayManage(auth, await getUser(tx, auth, input.admin_user_id));
  if (input.device_id !== null) await assertDeviceExists(tx, auth, input.device_id);
  return changeOne(tx, input.admin_user_id, input.version, { device_id: input.device_id });
}

export async function userInfo(db: DbOrTx, auth: Auth, id: number): Promise<UserInfo> {
  const u = await getUser(db, auth, id);
  const perms = await db
    .select({ id: pagePermissions.id, name: pagePermissions.name })
    .from(pagePermissionUsers)
    .innerJoin(pagePermissions, eq(pagePermissions.id, pagePermissionUsers.page_permission_id))
    .where(eq(pagePermissionUsers.admin_user_id, id))
    .orderBy(pagePermissions.name);
  return { ...u, page_permissions: perms };
}

export async function currentUser(db: DbOrTx, auth: Auth): Promise<CurrentUser> {
  const u = await getUser(db, null, auth.userId);
  const [store] = u.customer_no
    ? await db.select({ name: franchises.name }).from(franchises).where(eq(franchises.customer_no, u.customer_no))
    : [];
  return {
    ...u,
    role: u.role_id !== null && u.role_name !== null ? { id: u.role_id, name: u.role_name } : null,
    store: u.customer_no ? { customer_no: u.customer_no, name: store?.name ?? null } : null,
    is_admin: auth.isAdmin,
  };
}
