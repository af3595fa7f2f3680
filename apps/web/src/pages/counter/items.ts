import type { FilterItem, ItemRow, OnHandRow } from '@fp/contract';
import { call } from '../../api/client';

// The item field's lookups: an exact code on Enter (item number or barcode, never a debounced search, so a scanner
// typing 5 ms per character loses nothing), a name search for the list under the field, and what is on hand.

const franchiseFilter = (franchise: string | null): FilterItem[] =>
  franchise ? [{ field: 'franchise_code', value: franchise, condition_type: 'eq' }] : [];

const cache = new Map<string, ItemRow>();

/** The item whose number or barcode is exactly `code` in the franchise's item list, or null. */
export async function itemByCode(code: string, franchise: string | null): Promise<ItemRow | null> {
  const key = `${franchise ?? ''}|${code}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const by = (field: 'item_no' | 'barcode', value: string) =>
    call('items.list', {
      body: {
        pagination: { page: 1, size: 1 },
        filters: [{ field, value, condition_type: 'eq' }, ...franchiseFilter(franchise)],
      },
    });
  const [byNo, byBarcode] = await Promise.all([
    by('item_no', code.toUpperCase()),
    /^\d{8,14}$/.test(code) ? by('barcode', code) : Promise.resolve(null),
  ]);
  const item = byNo.items[0] ?? byBarcode?.items[0] ?? null;
  if (item) cache.set(key, item);
  return item;
}

/** Items of the franchise's list whose number, name or barcode contains `text`. */
export async function searchItems(text: string, franchise: string | null): Promise<ItemRow[]> {
  const r = await call('items.list', {
    body: {
      pagination: { page: 1, size: 8 },
      filters: [{ field: 'search', value: text, condition_type: 'like' }, ...franchiseFilter(franchise)],
    },
  });
  return r.items;
}

/** On hand at a location per item number (base units); items without stock are '0'. */
export async function onHandAt(location: string, itemNos: string[]): Promise<Record<string, string>> {
  if (!itemNos.length) return {};
  const r = await call('warehouse.onHand', {
    body: {
      pagination: { page: 1, size: 100 },
      filters: [
        { field: 'location_code', value: location, condition_type: 'eq' },
        { field: 'item_no', value: itemNos.join('|'), condition_type: 'in' },
      ],
    },
  });
  const out: Record<string, string> = Object.fromEntries(itemNos.map((n) => [n, '0']));
  for (const row of r.items as OnHandRow[])
    out[row.item_no] = String(Number(out[row.item_no] ?? 0) + Number(row.quantity));
  return out;
}
