import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { itemImageUrl } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useCan } from '../../auth/session';
import { useCategoryTree } from '../items/data';

// What the stock screens share (issue 10): the areas their queries live in, the locations a user may choose, the
// picture path (entry type names: options.warehouseEntryType, useLabels).

export const JOURNAL_PAGE = '/warehouseEntries';
/** The journal's queries; posting and transfers also refresh the stock areas. */
export const ENTRIES_AREA = 'warehouseEntries';
export const STOCK_AREA = 'warehouse';
export const REPORTS_AREA = 'stockReports';
export const ENTITY = 'Warehouse Entry';

export type LocationOption = {
  value: string;
  label: string;
  franchise: string;
  /** The franchise's rule: cash at the counter needs an open shift. */
  cashNeedsOpenShift: boolean;
};

/** The locations (stores) the user may move stock at: a store user's own, every franchise's for head office. */
export function useLocations() {
  const q = useQuery({
    queryKey: qk.other('customers', 'stores'),
    queryFn: () => call('customers.stores'),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  const options = useMemo<LocationOption[]>(
    () =>
      (q.data ?? [])
        .filter((s) => s.location_code)
        .map((s) => ({
          value: s.location_code,
          franchise: s.franchise_code,
          cashNeedsOpenShift: s.cash_needs_open_shift,
          label: `${s.location_code} — ${s.location_name}`,
        })),
    [q.data],
  );
  return { ...q, options };
}

/** Where item pictures are (GET /api/warehouse/path-config); '' when none is configured. */
export function usePicturePath() {
  const q = useQuery({
    queryKey: qk.other(STOCK_AREA, 'path-config'),
    queryFn: () => call('warehouse.pathConfig'),
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
  return q.data?.image_path_url ?? '';
}

/** An item's picture under the configured path (null when none is). */
export const pictureOf = (path: string, itemNo: string) => itemImageUrl(path, itemNo);

/** Whether the user may change the journal (add, edit, remove, post, transfer). */
export const useCanEditStock = () => useCan(JOURNAL_PAGE, 'edit');

/**
 * The category filter's options: a category finds the items of its sub-categories too (`in` over the codes), a
 * sub-category its own.
 */
export function useCategoryOptions() {
  const tree = useCategoryTree();
  return useMemo(
    () =>
      (tree.data ?? []).flatMap((c) => [
        { value: [c.code, ...c.children.map((s) => s.code)].join('|'), label: c.name },
        ...c.children.map((s) => ({ value: s.code, label: `${c.name} › ${s.name}` })),
      ]),
    [tree.data],
  );
}

/** A stock position's key (location, item, variant). */
export const positionKey = (r: { location_code: string; item_no: string; variant_code: string }) =>
  `${r.location_code}|${r.item_no}|${r.variant_code}`;

/** Σ quantities (decimal strings with at most 5 decimals, numeric(18,5)) without float drift: in 1/100000 units. */
export function sumQty(values: string[]): string {
  const units = values.reduce((s, v) => s + Math.round(Number(v) * 100_000), 0);
  return String(units / 100_000);
}
