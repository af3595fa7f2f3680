import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { qk } from '../../api/keys';

export const STRUCTURE_PAGE = '/pageStructure';
export const STRUCTURE_AREA = 'pageStructures';

/** /pageStructure/detail/{slug}: the slug is the page url without its leading slash (several segments). */
export const structureDetailPath = (pageUrl: string) => `/pageStructure/detail/${pageUrl.replace(/^\//, '')}`;

/** One structure by its url (the detail screen is addressed by url, the API by id). */
export function useStructureByUrl(pageUrl: string, enabled: boolean) {
  return useQuery({
    queryKey: qk.other(STRUCTURE_AREA, 'by-url', pageUrl),
    queryFn: async () => {
      const r = await call('pageStructures.list', {
        body: {
          filters: [{ field: 'page_url', value: pageUrl, condition_type: 'eq' }],
          pagination: { page: 1, size: 1 },
        },
      });
      return r.items[0] ?? null;
    },
    enabled,
  });
}

/** Every page structure, for pickers (the route table has well under the 500 a page may hold). */
export function useAllStructures() {
  return useQuery({
    queryKey: qk.other(STRUCTURE_AREA, 'all'),
    queryFn: async () =>
      (
        await call('pageStructures.list', {
          body: { pagination: { page: 1, size: 500 }, sort_order: { field: 'page_url', direction: 'asc' } },
        })
      ).items,
    staleTime: 60_000,
  });
}
