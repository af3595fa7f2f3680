import { franchisesHooks } from '../../api/areas';

export const FRANCHISES_PAGE = '/franchises';
export const FRANCHISES_AREA = 'franchises';
export const NUMBER_SERIES_AREA = 'numberSeries';

export const detailUrl = (customerNo: string) => `/franchises/detail?customer_no=${encodeURIComponent(customerNo)}`;

export function useFranchise(customerNo: string | null) {
  return franchisesHooks.useQuery(
    'get',
    { params: { customer_no: customerNo ?? '' } },
    { enabled: !!customerNo, retry: false },
  );
}

/** Franchise choices for pickers (the caller's scope: a store user gets their own). */
export function useFranchiseOptions(enabled = true) {
  return franchisesHooks.useQuery(
    'list',
    { body: { pagination: { page: 1, size: 500 }, sort_order: { field: 'customer_no', direction: 'asc' } } },
    {
      enabled,
      select: (r) => r.items.map((f) => ({ value: f.customer_no, label: `${f.customer_no} — ${f.name}` })),
    },
  );
}
