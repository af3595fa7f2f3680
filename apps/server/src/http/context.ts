import type { PageGrant, PermissionType } from '@fp/contract';
import { isAdministratorRole } from '@fp/contract';

/** Who is calling: resolved once per request from the session token. */
export type Auth = {
  userId: number;
  username: string;
  roleName: string | null;
  isAdmin: boolean;
  /** The franchise (store customer_no) a store user is scoped to; null sees every franchise. */
  franchiseCode: string | null;
  grants: PageGrant[];
  sessionId: number;
};

export const makeAuth = (a: Omit<Auth, 'isAdmin'>): Auth => ({ ...a, isAdmin: isAdministratorRole(a.roleName) });

/** edit implies view; Administrators pass everything. */
export function canAccess(auth: Auth, pageUrl: string, level: PermissionType): boolean {
  if (auth.isAdmin) return true;
  return auth.grants.some((g) => g.page_url === pageUrl && (g.permission_type === 'edit' || level === 'view'));
}
