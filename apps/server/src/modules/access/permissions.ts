import { and, asc, eq, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  PageGrant,
  PagePermission,
  PagePermissionListItem,
  PermissionType,
  PermissionUser,
  assignPermissionBody,
  assignPermissionBulkBody,
  pagePermissionCreate,
  pagePermissionPage,
  pagePermissionUpdate,
} from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { Scope } from '../../http/scope.js';
import type { Auth } from '../../http/context.js';
import type { ListSpec } from '../../http/list.js';
import { roles, users } from '../auth/schema.js';
import { pagePermissions, pagePermissionUsers, pageStructures } from './schema.js';
import { assertMayAssignTo, assertMayGrant, assertMayManage } from './escalation.js';
import { displayNameSql } from '../../kernel/names.js';

// Page permission (product.md 3 and 6, calls.md 7.15): pages with a level, allowed buttons, assigned users.

type Row = typeof pagePermissions.$inferSelect & { users: number[] };

/** Permissions are shared by every franchise; the users shown of one are only those the caller may see. */
const visibleUser = (s: Scope) =>
  s.all
    ? sql`true`
    : sql`ppu.admin_user_id in (select ${users.user_id} from ${users} where ${s.franchise(users.customer_no)})`;
const usersOf = (s: Scope) =>
  sql<
    number[]
  >`coalesce((select json_agg(ppu.admin_user_id order by ppu.admin_user_id) from ${pagePermissionUsers} ppu where ppu.page_permission_id = ${pagePermissions.id} and ${visibleUser(s)}), '[]'::json)`;
const usersCount = (s: Scope) =>
  sql<number>`(select count(*) from ${pagePermissionUsers} ppu where ppu.page_permission_id = ${pagePermissions.id} and ${visibleUser(s)})`.mapWith(
    Number,
  );
const withUsers = (s: Scope) => ({ ...getTableColumns(pagePermissions), users: usersOf(s) });
const headOffice = new Scope(null);

export const pagePermissionList = (s: Scope): ListSpec<Row, PagePermissionListItem> => ({
  source: (db, extra) =>
    db
      .select({ ...withUsers(s), ...extra })
      .from(pagePermissions)
      .$dynamic(),
  fields: {
    id: pagePermissions.id,
    name: pagePermissions.name,
    permission_type: pagePermissions.permission_type,
    users_count: { expr: usersCount(s), type: 'number' },
    updated_at: pagePermissions.updated_at,
  },
  filterable: ['id', 'name', 'permission_type'],
  sortable: ['id', 'name', 'permission_type', 'users_count', 'updated_at'],
  defaultSort: { field: 'name', direction: 'asc' },
  key: pagePermissions.id,
  map: (r) => ({ ...r, pages_count: r.pages.length, users_count: r.users.length }),
});

/** One permission; `scope` limits the users shown to the caller's (the full list is for the rules here). */
export async function getPagePermission(db: DbOrTx, id: number, scope: Scope = headOffice): Promise<PagePermission> {
  const [row] = await db.select(withUsers(scope)).from(pagePermissions).where(eq(pagePermissions.id, id));
  if (!row) throw notFound('Page permission');
  return row;
}

/**
 * A permission is shared by every franchise: a store user may change or delete it only while no user of another
 * franchise holds it (else they would change what another franchise's users may do).
 */
async function assertNotShared(db: DbOrTx, auth: Auth, id: number) {
  if (auth.scope.all) return;
  const [other] = await db
    .select({ id: users.user_id })
    .from(pagePermissionUsers)
    .innerJoin(users, eq(users.user_id, pagePermissionUsers.admin_user_id))
    .where(
      and(
        eq(pagePermissionUsers.page_permission_id, id),
        sql`${users.customer_no} is distinct from ${auth.scope.franchiseCode}`,
      ),
    )
    .limit(1);
  if (other)
    throw forbidden('This permission is also held by users of other franchises; only head office may change it');
}

type PageInput = z.output<typeof pagePermissionPage>;

/** Page entries must name existing page structures; an entry without a level takes the permission's. */
async function resolvePages(db: DbOrTx, input: PageInput[], level: PermissionType) {
  const urls = input.map((p) => p.page_url);
  const found = urls.length
    ? await db
        .select({ page_url: pageStructures.page_url, buttons: pageStructures.buttons })
        .from(pageStructures)
        .where(inArray(pageStructures.page_url, urls))
    : [];
  const buttons = new Map(found.map((s) => [s.page_url, s.buttons]));
  input.forEach((p, i) => {
    if (!buttons.has(p.page_url)) throw badRequest(`Page structure ${p.page_url} not found`, `pages.${i}.page_url`);
  });
  const pages: PageGrant[] = input.map((p) => ({ page_url: p.page_url, permission_type: p.permission_type ?? level }));
  return { pages, buttons };
}

/** Each "<page_url>#<button>" names one of the permission's pages and a button of that page's structure. */
function checkButtonGrants(list: string[], buttons: Map<string, string[]>) {
  list.forEach((entry, i) => {
    const cut = entry.indexOf('#');
    const url = entry.slice(0, cut);
    const button = entry.slice(cut + 1);
    if (!buttons.has(url)) throw badRequest(`${url} is not one of this permission's pages`, `permissions.${i}`);
    if (!buttons.get(url)!.includes(button))
      throw badRequest(`${button} is not a button of ${url}`, `permissions.${i}`);
  });
}

async function structureButtons(db: DbOrTx, urls: string[]) {
  if (!urls.length) return new Map<string, string[]>();
  const rows = await db
    .select({ page_url: pageStructures.page_url, buttons: pageStructures.buttons })
    .from(pageStructures)
    .where(inArray(pageStructures.page_url, urls));
  return new Map(rows.map((s) => [s.page_url, s.buttons]));
}

async function assertUsersExist(db: DbOrTx, auth: Auth, ids: number[], field: string) {
  if (!ids.length) return;
  const rows = await db
    .select({ id: users.user_id })
    .from(users)
    .where(and(inArray(users.user_id, ids), auth.scope.franchise(users.customer_no)));
  const known = new Set(rows.map((r) => r.id));
  ids.forEach((id, i) => {
    if (!known.has(id)) throw new AppError(404, 'not_found', `User ${id} not found`, `${field}.${i}`);
  });
}

async function assertNameFree(db: DbOrTx, name: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: pagePermissions.id })
    .from(pagePermissions)
    .where(eq(sql`lower(${pagePermissions.name})`, name.toLowerCase()));
  if (dup && dup.id !== exceptId) throw conflict(`Page permission ${name} already exists`, 'duplicate', 'name');
}

/** Makes the permission's users exactly `ids` (replace) or adds them; returns whether anything changed. */
async function setUsers(
  tx: DbOrTx,
  auth: Auth,
  permissionId: number,
  ids: number[],
  mode: 'replace' | 'add',
): Promise<boolean> {
  // Replacing touches only the users the caller can see: a store user never drops another franchise's users.
  const current = await currentUsers(tx, permissionId, auth.scope.franchise(users.customer_no));
  const added = ids.filter((id) => !current.includes(id));
  const removed = mode === 'replace' ? current.filter((id) => !ids.includes(id)) : [];
  if (removed.length) {
    await tx
      .delete(pagePermissionUsers)
      .where(
        and(
          eq(pagePermissionUsers.page_permission_id, permissionId),
          inArray(pagePermissionUsers.admin_user_id, removed),
        ),
      );
  }
  if (added.length) {
    await tx
      .insert(pagePermissionUsers)
      .values(added.map((id) => ({ page_permission_id: permissionId, admin_user_id: id })))
      .onConflictDoNothing();
  }
  return added.length + removed.length > 0;
}

async function currentUsers(db: DbOrTx, permissionId: number, scope?: SQL) {
  const rows = await db
    .select({ id: pagePermissionUsers.admin_user_id })
    .from(pagePermissionUsers)
    .innerJoin(users, eq(users.user_id, pagePermissionUsers.admin_user_id))
    .where(and(eq(pagePermissionUsers.page_permission_id, permissionId), scope));
  return rows.map((r) => r.id);
}

export async function createPagePermission(
  tx: Tx,
  auth: Auth,
  input: z.output<typeof pagePermissionCreate>,
): Promise<PagePermission> {
  const { pages, buttons } = await resolvePages(tx, input.pages, input.permission_type);
  checkButtonGrants(input.permissions, buttons);
  await assertUsersExist(tx, auth, input.users, 'users');
  assertMayGrant(auth, pages);
  await assertMayAssignTo(tx, auth, input.users, [], 'users');
  await assertNameFree(tx, input.name);
  const [row] = await tx
    .insert(pagePermissions)
    .values({ name: input.name, permission_type: input.permission_type, pages, permissions: input.permissions })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`Page permission ${input.name} already exists`, 'duplicate', 'name');
  await setUsers(tx, auth, row.id, input.users, 'replace');
  return getPagePermission(tx, row.id, auth.scope);
}

export async function updatePagePermission(
  tx: Tx,
  auth: Auth,
  id: number,
  input: z.output<typeof pagePermissionUpdate>,
): Promise<PagePermission> {
  const current = await getPagePermission(tx, id);
  assertMayManage(auth, current.pages);
  // Changing only the users touches only the caller's own users (setUsers); what the permission grants is shared.
  if (input.name !== undefined || input.permission_type !== undefined || input.pages || input.permissions)
    await assertNotShared(tx, auth, id);
  const level = input.permission_type ?? current.permission_type;
  let pages = current.pages;
  let buttons: Map<string, string[]>;
  if (input.pages) {
    ({ pages, buttons } = await resolvePages(tx, input.pages, level));
    assertMayGrant(auth, pages);
  } else {
    buttons = await structureButtons(
      tx,
      pages.map((p) => p.page_url),
    );
  }
  let permissions = current.permissions;
  if (input.permissions) {
    checkButtonGrants(input.permissions, buttons);
    permissions = input.permissions;
  } else {
    // Pages that left the permission take their button grants with them.
    permissions = permissions.filter((b) => buttons.has(b.slice(0, b.indexOf('#'))));
  }
  if (input.users) {
    await assertUsersExist(tx, auth, input.users, 'users');
    await assertMayAssignTo(tx, auth, input.users, current.users, 'users');
  }
  if (input.name !== undefined) await assertNameFree(tx, input.name, id);
  const values = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    permission_type: level,
    pages,
    permissions,
  };
  const where = and(eq(pagePermissions.id, id), eq(pagePermissions.version, input.version));
  const [row] = await tx
    .update(pagePermissions)
    .set({ ...values, ...bump(pagePermissions.version) })
    .where(where)
    .returning({ id: pagePermissions.id });
  if (!row)
    return explainMissedUpdate(tx, getTableName(pagePermissions), eq(pagePermissions.id, id), 'Page permission');
  if (input.users) await setUsers(tx, auth, id, input.users, 'replace');
  return getPagePermission(tx, id, auth.scope);
}

export async function deletePagePermission(tx: Tx, auth: Auth, id: number): Promise<void> {
  const current = await getPagePermission(tx, id);
  assertMayManage(auth, current.pages);
  await assertNotShared(tx, auth, id);
  await tx.delete(pagePermissions).where(eq(pagePermissions.id, id));
}

/** product.md 6: one user gets one permission (assigning twice changes nothing). */
export async function assignPermission(
  tx: Tx,
  auth: Auth,
  input: z.output<typeof assignPermissionBody>,
): Promise<PagePermission> {
  const current = await getPagePermission(tx, input.page_permission_id);
  const [user] = await tx
    .select({ id: users.user_id })
    .from(users)
    .where(and(eq(users.user_id, input.admin_user_id), auth.scope.franchise(users.customer_no)));
  if (!user) throw new AppError(404, 'not_found', 'User not found', 'admin_user_id');
  assertMayManage(auth, current.pages);
  await assertMayAssignTo(tx, auth, [input.admin_user_id], current.users, 'admin_user_id');
  if (await setUsers(tx, auth, current.id, [input.admin_user_id], 'add')) await touch(tx, current.id);
  return getPagePermission(tx, current.id, auth.scope);
}

/** product.md 6: a batch of users for one permission, replacing its users or adding to them. */
export async function assignPermissionBulk(
  tx: Tx,
  auth: Auth,
  input: z.output<typeof assignPermissionBulkBody>,
): Promise<PagePermission> {
  const current = await getPagePermission(tx, input.page_permission_id);
  await assertUsersExist(tx, auth, input.admin_user_ids, 'admin_user_ids');
  assertMayManage(auth, current.pages);
  await assertMayAssignTo(tx, auth, input.admin_user_ids, await currentUsers(tx, current.id), 'admin_user_ids');
  if (await setUsers(tx, auth, current.id, input.admin_user_ids, input.mode)) await touch(tx, current.id);
  return getPagePermission(tx, current.id, auth.scope);
}

/** A change of the users is a change of the permission: its version moves so an open editor sees it is stale. */
async function touch(tx: DbOrTx, id: number) {
  await tx.update(pagePermissions).set(bump(pagePermissions.version)).where(eq(pagePermissions.id, id));
}

const fullName = displayNameSql(users);
const userColumns = {
  id: users.user_id,
  username: users.username,
  name: fullName,
  role: roles.name,
  customer_no: users.customer_no,
  is_active: users.is_active,
};

/** The users of a permission with their name and role (calls.md 7.15: users by page_permission_id). */
export async function usersOfPermission(db: DbOrTx, auth: Auth, id: number): Promise<PermissionUser[]> {
  await getPagePermission(db, id);
  return db
    .select(userColumns)
    .from(pagePermissionUsers)
    .innerJoin(users, eq(users.user_id, pagePermissionUsers.admin_user_id))
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(pagePermissionUsers.page_permission_id, id), auth.scope.franchise(users.customer_no)))
    .orderBy(asc(users.username));
}

/** Users the permission editor can pick from; `search` matches username, first or last name. */
export const assignableUserList: ListSpec<PermissionUser, PermissionUser> = {
  source: (db, extra) =>
    db
      .select({ ...userColumns, ...extra })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.role_id))
      .$dynamic(),
  fields: {
    id: users.user_id,
    username: users.username,
    name: fullName,
    search: sql`concat_ws(' ', ${users.username}, ${users.firstname}, ${users.lastname})`,
    role: roles.name,
    customer_no: users.customer_no,
    is_active: users.is_active,
  },
  filterable: ['id', 'username', 'name', 'search', 'role', 'customer_no', 'is_active'],
  sortable: ['id', 'username', 'name', 'role', 'customer_no'],
  defaultSort: { field: 'username', direction: 'asc' },
  key: users.user_id,
};
