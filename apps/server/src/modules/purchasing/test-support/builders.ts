import { eq } from 'drizzle-orm';
import { PURCHASE_PAGES, type ApiResponse } from '@fp/contract';
import type { Client, TestApp } from '../../../../test/helpers.js';
import { makeFranchise } from '../../customers/test-support/builders.js';
import { franchises, locations } from '../../franchises/schema.js';
import { items, itemUnits, itemVariants } from '../../items/schema.js';

export type PurchaseOrderAnswer = ApiResponse<'purchaseOrders.get'>;

/** Every purchase page at a level. */
export const purchasePages = (level: 'view' | 'edit') =>
  PURCHASE_PAGES.map((page_url) => ({ page_url, permission_type: level }));

/**
 * A franchise with purchasing defaults (vendor, buy-from, dimensions, lead time 3 days), a second store, items (one
 * with a variant and a box unit, one blocked), a store user with edit and one with view on the purchase pages.
 */
export async function purchaseWorld(t: TestApp, code: string, o: { vendor?: boolean } = {}) {
  const store = await makeFranchise(t, code, `${code}-01`);
  const db = t.services.db;
  await db
    .update(franchises)
    .set({
      name: `Franchise ${code}`,
      address: '1 Lê Lợi',
      district_code: 'Q1',
      district_name: 'Quận 1',
      phone_no: '0281234567',
      contact: 'Chị Lan',
      post_code: '700000',
      region_code: 'HCM',
      vendor_no: o.vendor === false ? '' : 'V-HO-9',
      vendor_name: o.vendor === false ? '' : 'HO Nine',
      buy_from_code: `BF-${code}`,
      buy_from_address: '9 Kho Tổng',
      receipt_lead_time: 3,
      header_campaign: 'HC',
      header_costcenter: 'HCC',
      header_channel: 'HCH',
      header_department: 'HD',
      header_factory: 'HF',
      line_campaign: 'LC',
      line_costcenter: 'LCC',
      line_gen_bus_posting_group: 'LGB',
    })
    .where(eq(franchises.customer_no, code));
  await db
    .update(locations)
    .set({ address: '5 Nguyễn Huệ', district_code: 'Q3', district_name: 'Quận 3' })
    .where(eq(locations.location_code, store.location_code));
  await db
    .insert(items)
    .values([
      { item_no: 'PO110', description: 'Nước mắm 110', base_unit_of_measure: 'PCS', unit_price: '110000' },
      { item_no: 'PO050', description: 'Bánh 50', base_unit_of_measure: 'PCS', unit_price: '50000', vat_percent: '8' },
      { item_no: 'POBLK', description: 'Blocked', base_unit_of_measure: 'PCS', unit_price: '1000', blocked: true },
    ])
    .onConflictDoNothing();
  await db
    .insert(itemVariants)
    .values({ item_no: 'PO050', variant_code: 'RED', description: 'Đỏ' })
    .onConflictDoNothing();
  await db
    .insert(itemUnits)
    .values({ item_no: 'PO050', code: 'BOX', qty_per_unit_of_measure: '12' })
    .onConflictDoNothing();
  const manager = await t.makeUser({ role: 'Store Manager', customer_no: code, pages: purchasePages('edit') });
  const viewer = await t.makeUser({ role: 'Store Staff', customer_no: code, pages: purchasePages('view') });
  return { ...store, client: manager.client, viewer: viewer.client };
}

/** Creates an order with one line (2 × PO110) through the API. */
export async function makePurchaseOrder(client: Client, o: Record<string, unknown> = {}) {
  const res = await client.post<PurchaseOrderAnswer>('/api/purchase-orders', {
    lines: [{ item_no: 'PO110', purchase_qty: 2 }],
    ...o,
  });
  if (res.statusCode !== 201) throw new Error(`purchase order create failed: ${res.body}`);
  return res.data;
}
