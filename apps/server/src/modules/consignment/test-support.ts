import { eq, sql } from 'drizzle-orm';
import { CONSIGNMENT_PAGES } from '@fp/contract';
import type { Client, TestApp } from '../../../test/helpers.js';
import { franchises } from '../franchises/schema.js';
import { onHand } from '../ledger/service.js';
import { addStock, makeItem, makeStore } from '../sales/posting/test-support.js';

// Builders for the consignment tests: a franchise with consignment codes, its store user (edit on the consignment
// pages) and head office.

export { addStock, makeItem };

/** A franchise with consignment warehouse (head office's), location and in-transit codes, and a store user. */
export async function makeConsignmentStore(t: TestApp, code: string) {
  const store = await makeStore(t, code);
  const codes = {
    consignment_warehouse_code: 'HO-CONS',
    consignment_location_code: `${code}-CS`,
    consignment_intransit_code: `${code}-IT`,
  };
  await t.services.db.update(franchises).set(codes).where(eq(franchises.customer_no, code));
  const user = await t.makeUser({
    role: 'Store Manager',
    customer_no: code,
    pages: CONSIGNMENT_PAGES.map((page_url) => ({ page_url, permission_type: 'edit' as const })),
  });
  return { ...store, ...codes, user: user.client };
}
export type ConsignmentStore = Awaited<ReturnType<typeof makeConsignmentStore>>;

/** A head office user with edit on the consignment pages. */
export async function makeHeadOffice(t: TestApp): Promise<Client> {
  const u = await t.makeUser({
    role: 'Head Office',
    customer_no: null,
    pages: CONSIGNMENT_PAGES.map((page_url) => ({ page_url, permission_type: 'edit' as const })),
  });
  return u.client;
}

export const stockAt = (t: TestApp, locationCode: string, itemNo: string) =>
  onHand(t.services.db, { locationCode, itemNo });

/** Row counts of every table the consignment postings write. */
export async function consignmentFootprint(t: TestApp) {
  const r = await t.services.db.execute<Record<string, string>>(sql`select
    (select count(*) from transfer_orders)::text as orders,
    (select coalesce(sum(version), 0) from transfer_orders)::text as order_versions,
    (select coalesce(sum(version), 0) from transfer_order_lines)::text as line_versions,
    (select coalesce(sum(qty_shipped + qty_received), 0) from transfer_order_lines)::text as line_qty,
    (select count(*) from transfer_shipments)::text as shipments,
    (select count(*) from transfer_shipment_lines)::text as shipment_lines,
    (select count(*) from consignment_receipts)::text as receipts,
    (select count(*) from consignment_receipt_lines)::text as receipt_lines,
    (select count(*) from consignment_issues)::text as issues,
    (select coalesce(sum(version), 0) from consignment_issues)::text as issue_versions,
    (select count(*) from item_ledger_entries)::text as item_entries,
    (select count(*) from jobs)::text as jobs,
    (select coalesce(sum(last_no), 0)::text from number_series) as numbers`);
  const rows = Array.isArray(r) ? r : (r as unknown as { rows: Record<string, string>[] }).rows;
  return rows[0];
}
