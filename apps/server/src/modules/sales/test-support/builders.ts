import type { ApiResponse } from '@fp/contract';
import type { Client, TestApp } from '../../../../test/helpers.js';
import { makeCustomer, makeFranchise } from '../../customers/test-support/builders.js';
import { eq } from 'drizzle-orm';
import { buttonKey, GUARDED } from '@fp/contract';
import { items, itemUnits, itemVariants } from '../../items/schema.js';
import { pagePermissions } from '../../access/schema.js';

export type Order = ApiResponse<'salesOrders.get'>;

/** Every sales page at a level (the operations take any of them). */
export const salesPages = (level: 'view' | 'edit') =>
  ['/salesOrders', '/salesOrders/detail', '/salesQuotes', '/salesQuotes/detail', '/customers'].map((page_url) => ({
    page_url,
    permission_type: level,
  }));

/** The guarded buttons (cashier limits) on the sales document pages of salesPages. */
export const managerButtons = ['/salesOrders/detail', '/salesQuotes/detail'].flatMap((page) =>
  Object.values(GUARDED).map((b) => buttonKey(page, b)),
);

/** A franchise with a store, items (one with a variant and a box unit, one blocked), and a store user of it. */
export async function salesWorld(t: TestApp, code: string) {
  const store = await makeFranchise(t, code, `${code}-01`);
  const db = t.services.db;
  await db
    .insert(items)
    .values([
      {
        item_no: 'SP110',
        description: 'Nước mắm 110',
        base_unit_of_measure: 'PCS',
        unit_price: '110000',
        vat_percent: '10',
      },
      { item_no: 'SP050', description: 'Bánh 50', base_unit_of_measure: 'PCS', unit_price: '50000', vat_percent: '8' },
      { item_no: 'SPBLK', description: 'Blocked', base_unit_of_measure: 'PCS', unit_price: '1000', blocked: true },
    ])
    .onConflictDoNothing();
  await db
    .insert(itemVariants)
    .values({ item_no: 'SP050', variant_code: 'RED', description: 'Đỏ' })
    .onConflictDoNothing();
  await db
    .insert(itemUnits)
    .values({ item_no: 'SP050', code: 'BOX', qty_per_unit_of_measure: '12' })
    .onConflictDoNothing();
  const manager = await t.makeUser({ role: 'Store Manager', customer_no: code, pages: salesPages('edit') });
  // Store managers hold the cashier limits (issue 9, as in the demo): prices and discounts of the tests are theirs.
  await db
    .update(pagePermissions)
    .set({ permissions: managerButtons })
    .where(eq(pagePermissions.name, `perm-${manager.username}`));
  const customer = await makeCustomer(manager.client, {
    franchise_code: code,
    location_code: store.location_code,
    address: '12 Hàng Bạc',
  });
  return { ...store, client: manager.client, customer };
}

/** A cancel reason of a page (admin). */
export async function makeCancelReason(admin: Client, page: string, code = 'NOSTOCK') {
  const r = await admin.post('/api/cancel-reasons', { reason_code: code, description: `Reason ${code}`, page });
  if (r.statusCode !== 201 && r.statusCode !== 409) throw new Error(`cancel reason: ${r.body}`);
}

/** Creates a document with one line (2 × SP110) through the API. */
export async function makeOrder(
  client: Client,
  w: { location_code: string; customer: { customer_no: string } },
  o: Record<string, unknown> = {},
): Promise<Order> {
  const res = await client.post<Order>('/api/sales-orders', {
    location_code: w.location_code,
    sell_to_code: w.customer.customer_no,
    lines: [{ item_no: 'SP110', quantity: 2 }],
    ...o,
  });
  if (res.statusCode !== 201) throw new Error(`order create failed: ${res.body}`);
  return res.data;
}
