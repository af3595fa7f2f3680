import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { EMPTY_BIRTH_DATE, formatDate, type ListResponse } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useCan } from '../../auth/session';

export const CUSTOMERS_PAGE = '/customers';
export const CUSTOMERS_AREA = 'customers';
export const SHIP_TO_AREA = 'shipToAddresses';

/** The unknown birth date (0001-01-01) shows as empty. */
export const renderBirthDate = (v: unknown) => (!v || v === EMPTY_BIRTH_DATE ? '' : formatDate(v as string));
export const birthDateToPicker = (v: string | undefined) => (!v || v === EMPTY_BIRTH_DATE ? undefined : dayjs(v));
export const pickerToBirthDate = (v: Dayjs | null | undefined) => (v ? v.format('YYYY-MM-DD') : '');

/** Franchises and stores the user may create customers in. */
export function useStores() {
  return useQuery({
    queryKey: qk.other(CUSTOMERS_AREA, 'stores'),
    queryFn: () => call('customers.stores'),
    staleTime: 5 * 60_000,
  });
}

export const CUSTOMER_SETUP_PAGE = '/customers/setup';

/** Customer setups as prefix options, read only by users who may open the setup screen (the server refuses the rest). */
export function useSetupOptions() {
  const allowed = useCan(CUSTOMER_SETUP_PAGE, 'view');
  const q = useQuery({
    enabled: allowed,
    queryKey: qk.list('customerSetups', 'options'),
    queryFn: () => call('customerSetups.list', { body: { pagination: { page: 1, size: 100 } } }),
    meta: { silent: true },
    retry: false,
    staleTime: 5 * 60_000,
  });
  return (q.data?.items ?? []).map((s) => ({ value: s.prefix, label: `${s.prefix} — ${s.name} (${s.channel})` }));
}

export { showFormErrors } from '../../components/form-errors';

export type Page<T> = ListResponse<T>;
