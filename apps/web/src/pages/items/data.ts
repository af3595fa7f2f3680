import { useQuery } from '@tanstack/react-query';
import type { CategoryTreeNode } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';

export const AREA = 'items';
export const ENTITY = 'Item Franchise';

/** The category tree (GET /api/categories), shared by the items list and the tablet screens. */
export function useCategoryTree() {
  return useQuery({
    queryKey: qk.other('categories', 'tree'),
    queryFn: () => call('categories.tree'),
    staleTime: 60_000,
  });
}

/** Franchise choices for head office (silent when the user may not list franchises). */
export function useFranchiseOptions(enabled: boolean) {
  return useQuery({
    queryKey: qk.other('franchises', 'options'),
    enabled,
    meta: { silent: true },
    queryFn: async () => {
      const r = await call('franchises.list', {
        body: {
          pagination: { page: 1, size: 500 },
          filters: [],
          sort_order: { field: 'customer_no', direction: 'asc' },
        },
      });
      return r.items.map((f) => ({ value: f.customer_no, label: `${f.customer_no} · ${f.name}` }));
    },
  });
}

export const categoryOptions = (tree: CategoryTreeNode[] | undefined) =>
  (tree ?? []).map((c) => ({
    label: c.name,
    options: [
      { label: `${c.name} (all)`, value: c.id },
      ...c.children.map((s) => ({ label: `— ${s.name}`, value: s.id })),
    ],
  }));
