import { sql } from 'drizzle-orm';
import { businessDate } from '@fp/contract';
import type { TestApp } from '../../../../test/helpers.js';
import { toQty } from '../../../kernel/money.js';
import { customers } from '../../customers/schema.js';
import { franchises, locations } from '../../franchises/schema.js';
import { items } from '../../items/schema.js';
import { postItemEntries } from '../../ledger/service.js';
import { takeNextNumber } from '../../number-series/service.js';
import { salesOrderLines, salesOrders } from '../schema.js';
import { documentTotals, lineAmount } from '../totals.js';

// Builders for posting tests, written straight to the database so the postings are tested without the document
// calls (create, lines, release) of the sales documents module. Overrides win.

let seq = 0;
const next = () => `${process.pid % 1000}${++seq}`;

/** A franchise with one store and a customer. */
export async function makeStore(t: TestApp, code: string) {
  const db = t.services.db;
  const location_code = `${code}-01`;
  await db
    .insert(franchises)
    .values({ customer_no: code, name: `Franchise ${code}` })
    .onConflictDoNothing();
  await db
    .insert(locations)
    .values({ location_code, customer_no: code, name: `Store ${location_code}` })
    .onConflictDoNothing();
  const customer_no = `${code}-C${next()}`;
  await db.insert(customers).values({
    customer_no,
    franchise_code: code,
    location_code,
    name: `Khách ${customer_no}`,
    phone_no: `09${String(10_000_000 + seq * 7919).slice(-8)}`,
    referral_code: `R${customer_no}`,
  });
  return { franchise_code: code, location_code, customer_no };
}

/** An item of the catalogue (list price VAT included). */
export async function makeItem(t: TestApp, o: { item_no?: string; unit_price?: string; vat_percent?: string } = {}) {
  const item_no = o.item_no ?? `IT${next()}`;
  await t.services.db
    .insert(items)
    .values({
      item_no,
      description: `Item ${item_no}`,
      base_unit_of_measure: 'PCS',
      unit_price: o.unit_price ?? '100000',
      vat_percent: o.vat_percent ?? '10',
    })
    .onConflictDoNothing();
  return item_no;
}

/** Stock on hand: a positive adjustment in the item ledger. */
export async function addStock(
  t: TestApp,
  o: { franchise_code: string; location_code: string; item_no: string; quantity: string; variant_code?: string },
) {
  await postItemEntries(t.services.db, [
    {
      entry_type: 'positive_adjmt',
      franchise_code: o.franchise_code,
      location_code: o.location_code,
      item_no: o.item_no,
      variant_code: o.variant_code ?? '',
      quantity: o.quantity,
      document_type: 'warehouse_entry',
      document_no: `TEST-WE-${next()}`,
      posting_date: businessDate(),
    },
  ]);
}

export type LineSpec = {
  item_no: string;
  quantity: string;
  unit_price?: string;
  line_discount_amount?: string;
  location_code?: string;
  qty_per_unit_of_measure?: string;
  unit_of_measure?: string;
  variant_code?: string;
  qty_to_ship?: string;
  qty_to_invoice?: string;
};

/**
 * A sales order with lines (status released unless told), qty to ship and to invoice set to the quantity as the
 * documents module sets them on line creation; numbered from the SO series; grand total from totals.ts.
 */
export async function makeOrder(
  t: TestApp,
  store: { franchise_code: string; location_code: string; customer_no: string },
  lines: LineSpec[],
  o: { status?: string; invoice_discount_amount?: string } = {},
) {
  const db = t.services.db;
  const priced = lines.map((l, i) => {
    const unit_price = l.unit_price ?? '100000';
    const line_discount_amount = l.line_discount_amount ?? '0';
    return {
      line_no: (i + 1) * 10000,
      item_no: l.item_no,
      variant_code: l.variant_code ?? '',
      description: `Item ${l.item_no}`,
      unit_of_measure: l.unit_of_measure ?? 'PCS',
      qty_per_unit_of_measure: l.qty_per_unit_of_measure ?? '1',
      location_code: l.location_code ?? store.location_code,
      quantity: l.quantity,
      unit_price,
      line_discount_amount,
      amount: lineAmount({ quantity: l.quantity, unit_price, line_discount_amount }),
      vat_percent: '10',
      qty_to_ship: toQty(l.qty_to_ship ?? l.quantity),
      qty_to_invoice: toQty(l.qty_to_invoice ?? l.quantity),
    };
  });
  const totals = documentTotals(priced, { invoiceDiscount: o.invoice_discount_amount ?? 0 });
  return db.transaction(async (tx) => {
    const pos_so_no = await takeNextNumber(tx, { franchiseCode: store.franchise_code, documentType: 'SO' });
    await tx.insert(salesOrders).values({
      pos_so_no,
      document_type: 'order',
      franchise_code: store.franchise_code,
      location_code: store.location_code,
      sales_type: 'STEP IN STORE',
      status: o.status ?? 'released',
      sell_to_code: store.customer_no,
      sell_to_name: `Khách ${store.customer_no}`,
      bill_to_code: store.customer_no,
      invoice_discount_amount: totals.invoice_discount_amount,
      grand_total: totals.grand_total,
      order_date: businessDate(),
    });
    await tx.insert(salesOrderLines).values(priced.map((l) => ({ ...l, pos_so_no })));
    return { pos_so_no, version: 1, grand_total: totals.grand_total };
  });
}

/** Row counts of every table a posting writes (posted documents, ledgers, jobs, number series counters). */
export async function postingFootprint(t: TestApp) {
  const r = await t.services.db.execute<Record<string, string>>(sql`select
    (select count(*) from sales_shipments)::text as shipments,
    (select count(*) from sales_shipment_lines)::text as shipment_lines,
    (select count(*) from sales_invoices)::text as invoices,
    (select count(*) from sales_invoice_lines)::text as invoice_lines,
    (select count(*) from sales_orders)::text as documents,
    (select count(*) from sales_order_lines)::text as document_lines,
    (select count(*) from item_ledger_entries)::text as item_entries,
    (select count(*) from customer_ledger_entries)::text as customer_entries,
    (select count(*) from jobs)::text as jobs,
    (select coalesce(sum(last_no), 0)::text from number_series) as numbers,
    (select coalesce(sum(version), 0)::text from sales_orders) as order_versions,
    (select coalesce(sum(version), 0)::text from sales_order_lines) as line_versions`);
  const rows = Array.isArray(r) ? r : (r as unknown as { rows: Record<string, string>[] }).rows;
  return rows[0];
}
