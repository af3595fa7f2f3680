import { useQuery } from '@tanstack/react-query';
import type { PermissionUser } from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { qk } from '../../api/keys';
import { useCan } from '../../auth/session';

export const PERMISSION_PAGE = '/pagePermission';
export const PERMISSION_DETAIL = '/pagePermission/detail/{slug}';
export const PERMISSION_AREA = 'pagePermissions';

export const permissionDetailPath = (id: number | 'new') => `/pagePermission/detail/${id}`;

/** The list and the detail screen both carry the family's operations (the server accepts either page). */
export function useCanEditPermissions() {
  const list = useCan(PERMISSION_PAGE, 'edit');
  const detail = useCan(PERMISSION_DETAIL, 'edit');
  return list || detail;
}

export function usePermission(id: number, enabled: boolean) {
  return useQuery({
    queryKey: qk.one(PERMISSION_AREA, id),
    queryFn: () => call('pagePermissions.get', { params: { id } }),
    enabled,
    retry: (n, e) => !(e instanceof ApiCallError && e.status < 500) && n < 2,
  });
}

export function usePermissionUsers(id: number, enabled: boolean) {
  return useQuery({
    queryKey: qk.other(PERMISSION_AREA, 'users', id),
    queryFn: () => call('pagePermissions.users', { params: { id } }),
    enabled,
  });
}

export const userLabel = (u: Pick<PermissionUser, 'username' | 'name' | 'role'>) =>
  `${u.username}${u.name ? ` — ${u.name}` : ''}${u.role ? ` (${u.role})` : ''}`;
