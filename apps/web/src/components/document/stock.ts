import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { qk } from '../../api/keys';

// Stock at the counter (issue 17): what is on hand where a line ships from, read from the item ledger through
// POST /api/warehouse/on-hand (the same Σ the stock rule of the ship posting checks), so a line beyond stock shows
// before Ship Now. A warning, never a refusal: the posting decides.

/** The map key of a stock position. */
export const positionKey = (location: string, itemNo: string, variant = '') =>
  `${location}\u0001${itemNo}\u0001${variant}`;

/**
 * On hand (base units) of the items at the locations, per position (positionKey) and per item at a location (variant
 * ''  = Σ of its variants, for the item search). Positions without entries are absent (0). Disabled while nothing is
 * asked.
 */
export function useOnHand(locations: readonly string[], itemNos: readonly string[]) {
  const loc = [...new Set(locations.filter(Boolean))].sort();
  const items = [...new Set(itemNos.filter(Boolean))].sort();
  const body = {
    pagination: { page: 1, size: 500 },
    filters: [
      { field: 'location_code', value: loc.join('|'), condition_type: 'in' as const },
      { field: 'item_no', value: items.join('|'), condition_type: 'in' as const },
    ],
  };
  const q = useQuery({
    queryKey: qk.op('warehouse.onHand', body),
    queryFn: () => call('warehouse.onHand', { body }),
    enabled: loc.length > 0 && items.length > 0,
    meta: { silent: true },
  });
  const positions = new Map<string, number>();
  const perItem = new Map<string, number>();
  for (const r of q.data?.items ?? []) {
    positions.set(positionKey(r.location_code, r.item_no, r.variant_code), Number(r.quantity));
    const k = positionKey(r.location_code, r.item_no);
    perItem.set(k, (perItem.get(k) ?? 0) + Number(r.quantity));
  }
  return {
    ready: q.isSuccess,
    /** On hand of one position (a variant), 0 when none. */
    at: (location: string, itemNo: string, variant = '') => positions.get(positionKey(location, itemNo, variant)) ?? 0,
    /** On hand of an item at a location over all its variants. */
    item: (location: string, itemNo: string) => perItem.get(positionKey(location, itemNo)) ?? 0,
  };
}
