import { eq } from 'drizzle-orm';
import type { PageGrant } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { pagePermissions, pagePermissionUsers } from './schema.js';

/** The page grants of a user: the union of the pages of every permission assigned to them. */
export async function grantsOf(db: DbOrTx, userId: number): Promise<PageGrant[]> {
  const rows = await db
    .select({ pages: pagePermissions.pages, permission_type: pagePermissions.permission_type })
    .from(pagePermissionUsers)
    .innerJoin(pagePermissions, eq(pagePermissions.id, pagePermissionUsers.page_permission_id))
    .where(eq(pagePermissionUsers.admin_user_id, userId));
  return mergeGrants(rows);
}

export type GrantRow = { pages: PageGrant[] | null; permission_type: PageGrant['permission_type'] };

/** Merges the pages of several permissions: edit wins over view. */
export function mergeGrants(rows: GrantRow[]): PageGrant[] {
  const best = new Map<string, PageGrant['permission_type']>();
  for (const r of rows) {
    for (const pg of r.pages ?? []) {
      const level = pg.permission_type ?? r.permission_type;
      if (best.get(pg.page_url) !== 'edit') best.set(pg.page_url, level);
    }
  }
  return [...best].map(([page_url, permission_type]) => ({ page_url, permission_type }));
}
