import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(timer);
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
    return { value: uid, label: u ? userLabel(u) : t('pagePermission.userOf', { id: uid }) };
  });

  return (
    <Select
      id={id}
      mode="multiple"
      aria-label={t('pagePermission.users')}
      placeholder={t('pagePermission.searchUsers')}
      style={{ width: '100%' }}
      value={value}
      disabled={disabled}
      onChange={(ids: number[]) => onChange?.(ids)}
      filterOption={false}
      showSearch
      onSearch={setTyped}
      onBlur={() => setTyped('')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? t('pagePermission.searching') : t('pagePermission.noUsers')}
      options={options}
    />
  );
}
