import type { PageGrant, PermissionType } from '@fp/contract';
import { buttonAllowedOnAny, isAdministratorRole } from '@fp/contract';
import { AppError } from './errors.js';
import { Scope } from './scope.js';

/** Who is calling: resolved once per request from the session token. */
export type Auth = {
  userId: number;
  username: string;
  roleName: string | null;
  isAdmin: boolean;
  /** The franchise (store customer_no) a store user is scoped to; null sees every franchise. */
  franchiseCode: string | null;
  grants: PageGrant[];
  /** Allowed buttons, `<page url>#<button>`, from the page permissions' `permissions` (@fp/contract buttons.ts). */
  buttons: string[];
  sessionId: number;
  /** Franchise scoping (http/scope.ts), built once from franchiseCode: every query over franchise data takes it. */
  scope: Scope;
};

/**
 * The caller, from the session's user. `franchiseCode` is the user's store; Administrators are never scoped
 * (null), so the scope is built here from the final franchise and cannot disagree with it.
 */
export const makeAuth = (a: Omit<Auth, 'isAdmin' | 'scope'>): Auth => {
  const isAdmin = isAdministratorRole(a.roleName);
  const franchiseCode = isAdmin ? null : a.franchiseCode;
  return { ...a, isAdmin, franchiseCode, scope: new Scope(franchiseCode) };
};

/** edit implies view; Administrators pass everything. */
export function canAccess(auth: Auth, pageUrl: string, level: PermissionType): boolean {
  if (auth.isAdmin) return true;
  return auth.grants.some((g) => g.page_url === pageUrl && (g.permission_type === 'edit' || level === 'view'));
}

/** Refuses (403, nothing changed) a button the caller may not use on any of the pages (@fp/contract buttons.ts). */
export function requireButton(auth: Auth, pageUrls: readonly string[], button: string, field?: string): void {
  if (!buttonAllowedOnAny(auth, pageUrls, button))
    throw new AppError(403, 'forbidden', `You are not allowed to ${button}`, field);
}

/** The caller for work the system does itself (demo seed, jobs, tests): head office, unscoped. */
export const systemAuth = (username = 'system'): Auth =>
  makeAuth({
    userId: 0,
    username,
    roleName: 'Administrators',
    franchiseCode: null,
    grants: [],
    buttons: [],
    sessionId: 0,
  });
