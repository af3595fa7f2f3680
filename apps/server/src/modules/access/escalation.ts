import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PageGrant } from '@fp/contract';
import { ADMIN_ROLE } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { canAccess, type Auth } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { roles, users } from '../auth/schema.js';

// Who may hand out access. Administrators may do anything. Anyone else with /pagePermission edit may only:
// - grant pages they hold themselves, at a level they hold (so nobody can give more than they have);
// - never grant edit on the permission screens themselves (/pagePermission, /pageStructure and their details);
// - change, delete or assign only permissions that lie entirely within their own pages;
// - never assign a permission to a user of the Administrators role.

const ADMIN_GRANTED = ['/pagePermission', '/pageStructure'];
const isPermissionScreen = (url: string) => ADMIN_GRANTED.some((p) => url === p || url.startsWith(`${p}/`));

const refused = (msg: string, field?: string) => new AppError(403, 'forbidden', msg, field);

/** The pages a caller puts into a permission. */
export function assertMayGrant(auth: Auth, pages: PageGrant[], field = 'pages') {
  if (auth.isAdmin) return;
  pages.forEach((p, i) => {
    if (p.permission_type === 'edit' && isPermissionScreen(p.page_url)) {
      throw refused(`Only Administrators may grant edit on ${p.page_url}`, `${field}.${i}.page_url`);
    }
    if (!canAccess(auth, p.page_url, p.permission_type)) {
      throw refused(
        `You may only grant pages you hold yourself: you do not have ${p.permission_type} on ${p.page_url}`,
        `${field}.${i}.page_url`,
      );
    }
  });
}

/** The pages of a permission the caller changes, deletes or assigns. */
export function assertMayManage(auth: Auth, pages: PageGrant[]) {
  if (auth.isAdmin) return;
  for (const p of pages) {
    if (
      (p.permission_type === 'edit' && isPermissionScreen(p.page_url)) ||
      !canAccess(auth, p.page_url, p.permission_type)
    ) {
      throw refused(
        `This permission grants ${p.permission_type} on ${p.page_url}, which you do not hold; only an Administrator may change or assign it`,
      );
    }
  }
}

/** Users newly given a permission must not be Administrators unless the caller is one. */
export async function assertMayAssignTo(
  db: DbOrTx,
  auth: Auth,
  ids: number[],
  alreadyAssigned: number[],
  field: string,
) {
  if (auth.isAdmin) return;
  const added = ids.filter((id) => !alreadyAssigned.includes(id));
  if (!added.length) return;
  const admins = await db
    .select({ id: users.user_id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(inArray(users.user_id, added), eq(sql`lower(${roles.name})`, ADMIN_ROLE.toLowerCase())));
  if (!admins.length) return;
  const index = ids.indexOf(admins[0].id);
  const where = field === 'admin_user_id' ? field : `${field}.${index}`;
  throw refused('Only Administrators may assign page permissions to users of the Administrators role', where);
}
