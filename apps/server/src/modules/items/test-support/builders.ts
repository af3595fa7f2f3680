import type { TestApp, Client } from '../../../../test/helpers.js';
import { franchises } from '../../franchises/schema.js';

let seq = 0;
export const uniq = (p: string) => `${p}${++seq}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** A franchise row straight in the table (the franchises module owns its API). */
export async function makeFranchise(t: TestApp, code = uniq('F')): Promise<string> {
  await t.services.db
    .insert(franchises)
    .values({ customer_no: code, name: `Cửa hàng ${code}` })
    .onConflictDoNothing();
  return code;
}

export type ItemOverrides = Partial<{
  item_no: string;
  description: string;
  unit_price: string | number;
  base_unit_of_measure: string;
  category_id: number | null;
  variants: unknown[];
  units: unknown[];
  blocked: boolean;
}>;

/** Creates an item through the API (the admin form's create) and returns its item_no. */
export async function makeItem(admin: Client, o: ItemOverrides = {}): Promise<string> {
  const item_no = o.item_no ?? uniq('IT');
  const res = await admin.post('/api/items', {
    item_no,
    description: `Sản phẩm ${item_no}`,
    base_unit_of_measure: 'PCS',
    unit_price: '100000',
    ...o,
  });
  if (res.statusCode !== 201) throw new Error(`makeItem: ${res.statusCode} ${res.body}`);
  return item_no;
}

/** Adds items to a franchise's list through the sync call. */
export async function syncInto(admin: Client, franchise: string, itemNo?: string) {
  const res = itemNo
    ? await admin.post('/api/items/sync-item-no', { item_no: itemNo, franchise_code: franchise })
    : await admin.post('/api/items/sync', { franchise_code: franchise });
  if (res.statusCode !== 200) throw new Error(`sync: ${res.statusCode} ${res.body}`);
  return res;
}

export async function makePrice(admin: Client, body: Record<string, unknown>) {
  const res = await admin.post<{ id: number; version: number }>('/api/item-prices', {
    price_list_code: 'TEST',
    valid_from: '2026-01-01',
    unit_price: '90000',
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`makePrice: ${res.statusCode} ${res.body}`);
  return res.data;
}
