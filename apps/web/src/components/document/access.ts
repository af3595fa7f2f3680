import type { Me, PermissionType } from '@fp/contract';
// The structures' own module: zod-free, and only the document screens' chunks carry it.
import { pageStructureOf } from '@fp/contract/page-structures';
import { canAccess, canButtonOnAny, useSession } from '../../auth/session';

/** Whether the user has `level` on any of the document's pages (its detail and its list: the shell opens either). */
export function useCanAny(pages: readonly string[], level: PermissionType = 'view'): boolean {
  const { me } = useSession();
  return pages.some((p) => canAccess(me, p, level));
}

/**
 * Whether the user may use a document's button (the server's rule, sales/limits.ts): the screen's pages whose structure
 * lists the button, narrowed to those the user holds; a button no page lists is not restricted.
 */
export function documentButtonAllowed(me: Me | null, pages: readonly string[], button: string): boolean {
  if (!me) return false;
  const candidates = pages.filter((p) => pageStructureOf(p).buttons.includes(button));
  if (!candidates.length) return true;
  const held = candidates.filter((p) => canAccess(me, p, 'view'));
  return canButtonOnAny(me, held.length ? held : candidates, button);
}

export function useDocumentButton(pages: readonly string[], button: string): boolean {
  return documentButtonAllowed(useSession().me, pages, button);
}
