import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { PermissionUser } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { PERMISSION_AREA, userLabel } from './data';

type Props = {
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Users already known (the permission's current users), so their names show before any search. */
  known?: PermissionUser[];
  disabled?: boolean;
  id?: string;
};

/** Picks users by username or name; the search runs on the server (assignable-users list). */
export function UsersPicker({ value = [], onChange, known = [], disabled, id }: Props) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(t);
  }, [typed]);
  const found = useQuery({
    queryKey: qk.other(PERMISSION_AREA, 'assignable', search),
    queryFn: () =>
      call('pagePermissions.assignableUsersList', {
        body: {
          pagination: { page: 1, size: 20 },
          filters: search ? [{ field: 'search', value: search, condition_type: 'like' }] : [],
        },
      }),
    placeholderData: keepPreviousData,
    enabled: !disabled,
  });
  // Remembers every user shown so far, so picked users keep their label after the search moves on.
  const seen = useRef(new Map<number, PermissionUser>());
  for (const u of [...known, ...(found.data?.items ?? [])]) seen.current.set(u.id, u);
  const ids = [...new Set([...value, ...(found.data?.items ?? []).map((u) => u.id)])];
  const options = ids.map((uid) => {
    const u = seen.current.get(uid);
    return { value: uid, label: u ? userLabel(u) : `User ${uid}` };
  });

  return (
    <Select
      id={id}
      mode="multiple"
      aria-label="Users"
      placeholder="Search users by username or name"
      style={{ width: '100%' }}
      value={value}
      disabled={disabled}
      onChange={(ids: number[]) => onChange?.(ids)}
      filterOption={false}
      showSearch
      onSearch={setTyped}
      onBlur={() => setTyped('')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? 'Searching…' : 'No users found'}
      options={options}
    />
  );
}
