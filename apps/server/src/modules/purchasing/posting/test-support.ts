import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../../test/helpers.js';
import { franchises, locations } from '../../franchises/schema.js';
import { items } from '../../items/schema.js';
import { insertPurchaseOrder, type PurchaseLineSpec } from './direct.js';

// Builders for the purchase posting tests, written straight to the tables (modules/purchasing/schema.ts) so the
// postings are tested without the document calls (create, lines, release). Overrides win.

let seq = 0;
const next = () => `${process.pid % 1000}${++seq}`;

/** A franchise with one store, buying from head office's vendor HO-V. */
export async function makeBuyer(t: TestApp, code: string) {
  const db = t.services.db;
  const location_code = `${code}-01`;
  await db
    .insert(franchises)
    .values({ customer_no: code, name: `Franchise ${code}`, vendor_no: 'HO-V', vendor_name: 'Head Office' })
    .onConflictDoNothing();
  await db
    .insert(locations)
    .values({ location_code, customer_no: code, name: `Store ${location_code}` })
    .onConflictDoNothing();
  return { franchise_code: code, location_code };
}

/** An item of the catalogue. */
export async function makePurchaseItem(t: TestApp, o: { item_no?: string } = {}) {
  const item_no = o.item_no ?? `PI${next()}`;
  await t.services.db
    .insert(items)
    .values({ item_no, description: `Item ${item_no}`, base_unit_of_measure: 'PCS', unit_price: '100000' })
    .onConflictDoNothing();
  return item_no;
}

/** A released purchase order written straight to the tables (direct.ts insertPurchaseOrder). */
export const makePurchaseOrder = (
  t: TestApp,
  buyer: { franchise_code: string; location_code: string },
  lines: PurchaseLineSpec[],
  o: Parameters<typeof insertPurchaseOrder>[3] = {},
) => t.services.db.transaction((tx) => insertPurchaseOrder(tx, buyer, lines, o));

/** Row counts of every table a purchase posting writes, the numbers taken and the versions (sums). */
export async function purchaseFootprint(t: TestApp) {
  const r = await t.services.db.execute<Record<string, string>>(sql`select
    (select count(*) from purchase_shipments)::text as shipments,
    (select count(*) from purchase_shipment_lines)::text as shipment_lines,
    (select count(*) from purchase_invoices)::text as invoices,
    (select count(*) from purchase_invoice_lines)::text as invoice_lines,
    (select count(*) from purchase_receipts)::text as receipts,
    (select count(*) from purchase_receipt_lines)::text as receipt_lines,
    (select count(*) from purchase_orders)::text as documents,
    (select count(*) from purchase_order_lines)::text as document_lines,
    (select count(*) from item_ledger_entries)::text as item_entries,
    (select count(*) from vendor_ledger_entries)::text as vendor_entries,
    (select count(*) from jobs)::text as jobs,
    (select coalesce(sum(last_no), 0)::text from number_series) as numbers,
    (select coalesce(sum(version), 0)::text from purchase_orders) as order_versions,
    (select coalesce(sum(version), 0)::text from purchase_order_lines) as line_versions,
    (select coalesce(sum(qty_shipped + qty_invoiced + qty_received + qty_credited), 0)::text from purchase_order_lines) as quantities`);
  const rows = Array.isArray(r) ? r : (r as unknown as { rows: Record<string, string>[] }).rows;
  return rows[0];
}
