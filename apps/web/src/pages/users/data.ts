import { useQuery } from '@tanstack/react-query';
import type { Device, FilterItem, User } from '@fp/contract';
import { displayName } from '@fp/contract/web';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useCan, useSession } from '../../auth/session';

export const USERS_PAGE = '/users';
export const USERS_AREA = 'users';

/** Roles the caller may hand out (the server lists Administrators for Administrators only). */
export function useRoles() {
  return useQuery({
    queryKey: qk.other(USERS_AREA, 'roles'),
    queryFn: () => call('roles.list', { body: { pagination: { page: 1, size: 500 } } }),
    meta: { silent: true },
    staleTime: 5 * 60_000,
  });
}

/** Stores to choose from; only for users who may read franchises (others type the customer_no). */
export function useStores() {
  const allowed = useCan('/franchises', 'view');
  return useQuery({
    queryKey: qk.other('franchises', 'options'),
    queryFn: () =>
      call('franchises.list', {
        body: { pagination: { page: 1, size: 500 }, sort_order: { field: 'customer_no', direction: 'asc' } },
      }),
    enabled: allowed,
    meta: { silent: true },
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/**
 * Devices to choose from; only for users who may read devices (others type the device id). `store` narrows them to
 * one store's printers (a customer_no), or to the head office printers (null); absent = every device.
 */
export function useDevices(store?: string | null) {
  const allowed = useCan('/devices', 'view');
  const filters: FilterItem[] =
    store === undefined
      ? []
      : store
        ? [{ field: 'customer_no', value: store, condition_type: 'eq' }]
        : [{ field: 'device_type', value: 'ADMIN_PRINTER', condition_type: 'eq' }];
  return useQuery({
    queryKey: qk.other('devices', 'options', store),
    queryFn: () => call('devices.list', { body: { pagination: { page: 1, size: 500 }, filters } }),
    enabled: allowed,
    meta: { silent: true },
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function useUserInfo(id: number) {
  return useQuery({
    queryKey: qk.one(USERS_AREA, id),
    queryFn: () => call('users.info', { query: { user_id: id } }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    // calls.md 8: no toast for user-info failures; the page says what went wrong.
    meta: { silent: true },
  });
}

/** A store user manages only their own store (the server refuses any other). */
export function useOwnStore(): string | null {
  return useSession().me?.franchise_code ?? null;
}

export const deviceLabel = (d: Pick<Device, 'device_name' | 'device_code'>) => `${d.device_name} (${d.device_code})`;

/** A user's name as every screen shows it (the contract's displayName: family name first). */
export const fullName = (u: Pick<User, 'firstname' | 'lastname' | 'username'>) => displayName(u);
