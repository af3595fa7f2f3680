import type { PermissionType } from '@fp/contract';
import { canAccess, useSession } from '../../auth/session';

/** Whether the user has `level` on any of the document's pages (its detail and its list: the shell opens either). */
export function useCanAny(pages: readonly string[], level: PermissionType = 'view'): boolean {
  const { me } = useSession();
  return pages.some((p) => canAccess(me, p, level));
}
