import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerTemporaryCreate, pages, shipToAddressCreate } from '@fp/contract';
import { useTestApp, type Client } from './helpers.js';
import { systemAuth } from '../src/http/context.js';
import { franchises, locations } from '../src/modules/franchises/schema.js';
import { franchiseItems, items } from '../src/modules/items/schema.js';
import { devices } from '../src/modules/devices/schema.js';
import { pagePermissions, pagePermissionUsers } from '../src/modules/access/schema.js';
import { createTemporaryCustomer } from '../src/modules/customers/service.js';
import { createShipToAddress } from '../src/modules/customers/ship-to.js';
import { getCustomerByNo } from '../src/modules/customers/lookup.js';
import { earnRedeemablePoints } from '../src/modules/loyalty/points.js';
import { generateNumberSeries } from '../src/modules/number-series/service.js';
import { createItemPrice } from '../src/modules/item-prices/service.js';
import { createSalesDocument } from '../src/modules/sales/documents.js';
import {
  salesInvoiceLines,
  salesInvoices,
  salesOrders,
  salesShipmentLines,
  salesShipments,
} from '../src/modules/sales/schema.js';
import { cashReceipts } from '../src/modules/payments/schema.js';
import { purchaseOrders } from '../src/modules/purchasing/schema.js';
import { headOfficeAuth, insertPurchaseOrder } from '../src/modules/purchasing/posting/direct.js';
import { shipPurchaseOrder } from '../src/modules/purchasing/posting/ship.js';
import { warehouseEntries } from '../src/modules/warehouse/schema.js';
import { shifts } from '../src/modules/shifts/schema.js';
import { postItemEntries } from '../src/modules/ledger/service.js';
import { postCreditMemoValue, postInvoiceValue } from '../src/modules/reports/value.js';
import { recordCreditMemoEInvoice, recordInvoiceEInvoice } from '../src/modules/einvoices/record.js';
import { counterNumberRanges, counterSales } from '../src/modules/counter/schema.js';

/**
 * The cross-franchise walk (issue 7, DEVELOPING.md "Franchise scoping"): a store user of franchise A who holds every
 * page at edit calls EVERY registered route (router.routes) with franchise B's identifiers in its path, query and
 * body, and no answer may hold B's private data and none of B's rows may change. A new route is walked without
 * anyone adding it here; a route with an identifier the walk cannot fill fails the test and names the filler to add.
 */

const ctx = useTestApp();

const A = 'WA001';
const B = 'WB001';
const A_LOC = 'WA001-01';
const B_LOC = 'WB001-01';
const ITEM = 'WALKITEM';
const B_LIST = 'WBLIST';
const YEAR = new Date().getFullYear();
const today = new Date().toISOString().slice(0, 10);

/** Text that only B's private records hold; the walk never sends it, so finding it in an answer is a leak. */
const MARKERS = [
  'Zqxb Franchise Secret',
  'Zqxb Street 9',
  'Zqxb Store One',
  'Zqxb Secret Price List',
  '987654.32',
  'Zqxb Customer Name',
  'zqxb.customer@example.vn',
  'Zqxb Ship To Name',
  'Zqxb Printer',
  '10.98.76.54',
  'zqxbuser',
  'ZQXBSO1',
  'Zqxb loyalty note',
  'ZQXBLOGMARK',
  'Zqxb sales note',
  'Zqxb purchase note',
  'Zqxb warehouse note',
];

type Ids = {
  bCustomerNo: string;
  bCustomerPhone: string;
  bReferral: string;
  bShipToCode: string;
  bShipToId: number;
  bPriceId: number;
  bDeviceId: number;
  bUserId: number;
  bPermissionId: number;
  bPointEntryId: number;
  bWarehouseEntryId: number;
  bShiftId: number;
  bFranchisePhone: string;
  bOrderNo: string;
  bShipmentNo: string;
  bInvoiceNo: string;
  bCreditMemoNo: string;
  bReceiptId: number;
  bPurchaseOrderNo: string;
  bPurchaseShipmentNo: string;
  bCounterClientId: string;
  bDevice: string;
};
let ids: Ids;
let storeA: Client;
let storeAName = '';
let currentToken = '';

async function fixtures() {
  const { db } = ctx.t.services;
  const sys = systemAuth('walk-fixtures');
  for (const [code, loc, secret] of [
    [A, A_LOC, false],
    [B, B_LOC, true],
  ] as const) {
    await db.insert(franchises).values({
      customer_no: code,
      name: secret ? 'Zqxb Franchise Secret' : 'Walk Franchise A',
      address: secret ? 'Zqxb Street 9' : 'A street',
      phone_no: secret ? '0977000999' : '0977000111',
    });
    await db
      .insert(locations)
      .values({ location_code: loc, customer_no: code, name: secret ? 'Zqxb Store One' : 'A store' });
    await generateNumberSeries(db, { franchiseCode: code, year: YEAR });
  }
  await db
    .insert(items)
    .values({ item_no: ITEM, description: 'Walk item', base_unit_of_measure: 'PCS', unit_price: '1000' });
  await db.insert(franchiseItems).values([
    { franchise_code: A, item_no: ITEM },
    { franchise_code: B, item_no: ITEM, price_rate: '1.2345' },
  ]);
  const price = await db.transaction((tx) =>
    createItemPrice(tx, {
      price_list_code: B_LIST,
      price_list_name: 'Zqxb Secret Price List',
      item_no: ITEM,
      variant_code: '',
      unit_of_measure: '',
      franchise_code: B,
      unit_price: '987654.32',
      minimum_quantity: '1',
      valid_from: today,
      valid_to: null,
      pinned: true,
      sort: 0,
    }),
  );
  const customer = await db.transaction((tx) =>
    createTemporaryCustomer(
      tx,
      sys,
      customerTemporaryCreate.parse({
        name: 'Zqxb Customer Name',
        phone_no: '0988777666',
        email: 'zqxb.customer@example.vn',
        franchise_code: B,
        location_code: B_LOC,
      }),
    ),
  );
  const shipTo = await db.transaction((tx) =>
    createShipToAddress(
      tx,
      sys,
      shipToAddressCreate.parse({
        customer_no: customer.customer_no,
        name: 'Zqxb Ship To Name',
        address: 'Zqxb ship street',
      }),
    ),
  );
  const row = await getCustomerByNo(db, sys, customer.customer_no);
  await db.transaction((tx) =>
    earnRedeemablePoints(tx, row, { points: '100', pos_so_no: 'ZQXBSO1', description: 'Zqxb loyalty note' }),
  );
  const [entry] = (
    (await db.execute(
      sql`select id from redeemable_point_entries where customer_no = ${customer.customer_no}`,
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  const [device] = await db
    .insert(devices)
    .values({
      device_code: 'WBDEV',
      device_name: 'Zqxb Printer',
      device_type: 'PRINTER',
      location_code: B_LOC,
      device_data: { ip: '10.98.76.54', port: 9100 },
    })
    .returning();
  const bUser = await ctx.t.makeUser({ username: 'zqxbuser', role: 'Store Staff', customer_no: B });
  const [perm] = await db
    .insert(pagePermissions)
    .values({
      name: 'Walk shared permission',
      permission_type: 'view',
      pages: [{ page_url: '/items', permission_type: 'view' }],
    })
    .returning();
  await db.insert(pagePermissionUsers).values({ page_permission_id: perm.id, admin_user_id: bUser.id });
  // A row in the api log made by B's user: a store user of A reading the api log must not see it.
  await bUser.client.get(`/api/item-prices/view?price_list_code=ZQXBLOGMARK`);
  // B's sales documents: an order (its note and customer are B's), a shipment, an invoice and a credit memo.
  const bOrderNo = await db.transaction((tx) =>
    createSalesDocument(tx, sys.scope, {
      document_type: 'order',
      franchise_code: B,
      location_code: B_LOC,
      sales_type: 'HOTLINE',
      sell_to_code: customer.customer_no,
      general_comments: 'Zqxb sales note',
      lines: [{ item_no: ITEM, quantity: '1' }],
    } as never),
  );
  const posted = {
    pos_so_no: bOrderNo,
    franchise_code: B,
    location_code: B_LOC,
    customer_no: customer.customer_no,
    customer_name: 'Zqxb Customer Name',
    order_date: today,
    posting_date: today,
    ship_to_address: 'Zqxb Street 9',
  };
  const postedLine = {
    line_no: 10000,
    order_line_no: 10000,
    item_no: ITEM,
    description: 'Zqxb sales note',
    unit_of_measure: 'PCS',
    location_code: B_LOC,
    quantity: '1',
    unit_price: '987654.32',
    amount: '987654.32',
  };
  await db.insert(salesShipments).values({ pos_ss_no: 'WB001-SS-WALK-1', ...posted });
  await db.insert(salesShipmentLines).values({ pos_ss_no: 'WB001-SS-WALK-1', ...postedLine });
  await db
    .insert(salesInvoices)
    .values({ pos_si_no: 'WB001-SI-WALK-1', ...posted, subtotal: '987654.32', amount: '987654.32' });
  await db.insert(salesInvoiceLines).values({ pos_si_no: 'WB001-SI-WALK-1', ...postedLine });
  await db.insert(salesOrders).values({
    pos_so_no: 'WB001-SCM-WALK-1',
    document_type: 'credit_memo',
    franchise_code: B,
    location_code: B_LOC,
    status: 'invoiced',
    sell_to_code: customer.customer_no,
    sell_to_name: 'Zqxb Customer Name',
    general_comments: 'Zqxb sales note',
    applies_to_order_no: bOrderNo,
    order_date: today,
    posting_date: today,
    grand_total: '987654.32',
  });
  // B's revenue (issue 11): the value documents and entries the postings write for that invoice and credit memo.
  await postInvoiceValue(db, 'WB001-SI-WALK-1');
  await postCreditMemoValue(db, 'WB001-SCM-WALK-1');
  // B's e-invoices (issue 21): the e-invoice of that invoice and of the credit memo.
  await recordInvoiceEInvoice(db, 'WB001-SI-WALK-1');
  await recordCreditMemoEInvoice(db, 'WB001-SCM-WALK-1');
  // B's counter sale (issue 18): the answer stored under its client_id names B's order and customer.
  const bCounterClientId = '6b0f4c8e-2d1a-4e5b-9c3f-7a8b9c0d1e2f';
  await db.insert(counterSales).values({
    client_id: bCounterClientId,
    franchise_code: B,
    user_id: bUser.id,
    body_hash: 'walk',
    pos_so_no: bOrderNo,
    result: { client_id: bCounterClientId, pos_so_no: bOrderNo, customer_name: 'Zqxb Customer Name' },
  });
  // B's offline selling (issue 19): a device's number range, and that order flagged as an offline sale of it.
  const bDevice = '7c1e5d9f-3e2b-4f6c-8d4e-8b9c0d1e2f3a';
  await db.insert(counterNumberRanges).values({
    franchise_code: B,
    location_code: B_LOC,
    offline_device: bDevice,
    year: 2026,
    prefix: 'WB001-SO-26-',
    first: 900000,
    last: 900009,
  });
  await db
    .update(salesOrders)
    .set({ flags: ['stock_short'], offline_device: bDevice, sold_at: new Date().toISOString() })
    .where(eq(salesOrders.pos_so_no, bOrderNo));
  // B's open cash receipt on that order (payments, issue 9).
  const [receipt] = await db
    .insert(cashReceipts)
    .values({
      receipt_no: 'WB001-RC-WALK-1',
      franchise_code: B,
      location_code: B_LOC,
      customer_no: customer.customer_no,
      customer_name: 'Zqxb Customer Name',
      pos_so_no: bOrderNo,
      amount: '987654.32',
      receipt_type: 'collect_store',
      payment_type: 'card',
      comment: 'Zqxb sales note',
    })
    .returning();
  // B's open shift (issue 11), opened by B's user (its name is B's private text in a shift's answer).
  const [bShift] = await db
    .insert(shifts)
    .values({
      shift_no: `${B}-SH-26-000001`,
      franchise_code: B,
      location_code: B_LOC,
      opening_float: '123456',
      business_date: today,
      opened_by: bUser.id,
    })
    .returning();
  // B's purchase order (issue 10), released and shipped by head office: its note and franchise name are B's.
  const bPurchase = await db.transaction(async (tx) => {
    const po = await insertPurchaseOrder(tx, { franchise_code: B, location_code: B_LOC }, [
      { item_no: ITEM, purchase_qty: '2' },
    ]);
    await tx
      .update(purchaseOrders)
      .set({ franchise_name: 'Zqxb Franchise Secret', nwv_general_comments: 'Zqxb purchase note' })
      .where(eq(purchaseOrders.pos_po_no, po.pos_po_no));
    const shipment = await shipPurchaseOrder(tx, headOfficeAuth(), {
      pos_po_no: po.pos_po_no,
      version: 1,
      lines: [{ line_no: 10000, quantity: '1' }],
    });
    return { no: po.pos_po_no, shipment };
  });
  // B's consignment (issue 10): an issue, its transfer order, a shipment and a receipt.
  await db.execute(sql`update franchises set consignment_warehouse_code = 'HO-WH', consignment_location_code = ${`${B}-CS`},
    consignment_intransit_code = ${`${B}-IT`} where customer_no in (${A}, ${B})`);
  await db.execute(sql`insert into consignment_issues (ci_no, franchise_code, status, la_notes, franchise_name, order_date,
      bc_to_no, transfer_from_code, transfer_to_code, intransit_code)
    values ('WB001-CI-WALK-1', ${B}, 'released', 'Zqxb sales note', 'Zqxb Franchise Secret', ${today},
      'WB001-TO-WALK-1', 'HO-WH', ${`${B}-CS`}, ${`${B}-IT`})`);
  await db.execute(sql`insert into consignment_issue_lines (ci_no, line_no, item_no, description, unit_of_measure, ci_qty)
    values ('WB001-CI-WALK-1', 10000, ${ITEM}, 'Zqxb sales note', 'PCS', 2)`);
  await db.execute(sql`insert into transfer_orders (bc_to_no, franchise_code, transfer_from_code, transfer_to_code,
      intransit_code, ci_no, external_document_no, order_date)
    values ('WB001-TO-WALK-1', ${B}, 'HO-WH', ${`${B}-CS`}, ${`${B}-IT`}, 'WB001-CI-WALK-1', 'Zqxb sales note', ${today})`);
  await db.execute(sql`insert into transfer_order_lines (bc_to_no, line_no, item_no, description, unit_of_measure,
      quantity, qty_shipped, qty_received, la_to_line_note)
    values ('WB001-TO-WALK-1', 10000, ${ITEM}, 'Zqxb sales note', 'PCS', 2, 2, 1, 'Zqxb sales note')`);
  await db.execute(sql`insert into transfer_shipments (no, bc_to_no, franchise_code, transfer_from_code, transfer_to_code,
      intransit_code, posting_date, shipment_date)
    values ('WB001-TS-WALK-1', 'WB001-TO-WALK-1', ${B}, 'HO-WH', ${`${B}-CS`}, ${`${B}-IT`}, ${today}, ${today})`);
  await db.execute(sql`insert into transfer_shipment_lines (no, line_no, order_line_no, item_no, description,
      unit_of_measure, quantity) values ('WB001-TS-WALK-1', 10000, 10000, ${ITEM}, 'Zqxb sales note', 'PCS', 2)`);
  await db.execute(sql`insert into consignment_receipts (no, bc_to_no, ci_no, franchise_code, location_code,
      intransit_code, posting_date)
    values ('WB001-CR-WALK-1', 'WB001-TO-WALK-1', 'WB001-CI-WALK-1', ${B}, ${`${B}-CS`}, ${`${B}-IT`}, ${today})`);
  await db.execute(sql`insert into consignment_receipt_lines (no, line_no, order_line_no, item_no, description,
      unit_of_measure, quantity) values ('WB001-CR-WALK-1', 10000, 10000, ${ITEM}, 'Zqxb sales note', 'PCS', 1)`);
  // Warehouse (issue 10): an open adjustment of B and stock of B at its store.
  const [bEntry] = await db
    .insert(warehouseEntries)
    .values({
      franchise_code: B,
      location_code: B_LOC,
      item_no: ITEM,
      unit_of_measure: 'PCS',
      entry_type: 'positive_adjmt',
      quantity: '7',
      reason_code: 'WALK',
      description: 'Zqxb warehouse note',
      posting_date: today,
    })
    .returning();
  await postItemEntries(db, [
    {
      entry_type: 'positive_adjmt',
      franchise_code: B,
      location_code: B_LOC,
      item_no: ITEM,
      quantity: '7',
      document_type: 'walk',
      document_no: 'WB001-WALK-1',
      posting_date: today,
    },
  ]);
  ids = {
    bWarehouseEntryId: bEntry.id,
    bShiftId: bShift.id,
    bReceiptId: receipt.receipt_id,
    bPurchaseOrderNo: bPurchase.no,
    bPurchaseShipmentNo: bPurchase.shipment,
    bOrderNo,
    bCounterClientId,
    bDevice,
    bShipmentNo: 'WB001-SS-WALK-1',
    bInvoiceNo: 'WB001-SI-WALK-1',
    bCreditMemoNo: 'WB001-SCM-WALK-1',
    bCustomerNo: customer.customer_no,
    bCustomerPhone: '0988777666',
    bReferral: row.referral_code,
    bShipToCode: shipTo.code,
    bShipToId: shipTo.id,
    bPriceId: price.id,
    bDeviceId: device.id,
    bUserId: bUser.id,
    bPermissionId: perm.id,
    bPointEntryId: entry.id,
    bFranchisePhone: '0977000999',
  };
  // The store user of A holds every page at edit.
  const a = await ctx.t.makeUser({
    role: 'Store Manager',
    customer_no: A,
    pages: pages.map((p) => ({ page_url: p.url, permission_type: 'edit' as const })),
  });
  storeA = a.client;
  storeAName = a.username;
}

/** B's rows in every table that carries a franchise (or a customer, location or user of one), with versions. */
async function snapshotB(): Promise<Record<string, unknown[]>> {
  const { db } = ctx.t.services;
  const q = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const bUsers = sql`(select user_id from users where customer_no = ${B})`;
  return {
    franchises: await q(sql`select * from franchises where customer_no = ${B}`),
    locations: await q(sql`select * from locations where customer_no = ${B} order by location_code`),
    customers: await q(sql`select * from customers where franchise_code = ${B} order by customer_no`),
    ship_to_addresses: await q(sql`select * from ship_to_addresses where franchise_code = ${B} order by id`),
    item_prices: await q(sql`select * from item_prices where franchise_code = ${B} order by id`),
    item_price_lists: await q(sql`select * from item_price_lists where code = ${B_LIST}`),
    franchise_items: await q(sql`select * from franchise_items where franchise_code = ${B} order by id`),
    devices: await q(sql`select * from devices where location_code = ${B_LOC} order by id`),
    users: await q(
      sql`select user_id, username, customer_no, device_id, role_id, is_active, password_hash, version, updated_at from users where customer_no = ${B} order by user_id`,
    ),
    sessions: await q(sql`select id, user_id from sessions where user_id in ${bUsers} order by id`),
    page_permission_users: await q(
      sql`select * from page_permission_users where admin_user_id in ${bUsers} order by 1, 2`,
    ),
    number_series: await q(sql`select * from number_series where franchise_code = ${B} order by id`),
    redeemable_point_entries: await q(
      sql`select * from redeemable_point_entries where franchise_code = ${B} order by id`,
    ),
    ranking_point_entries: await q(sql`select * from ranking_point_entries where franchise_code = ${B} order by id`),
    sales_orders: await q(sql`select * from sales_orders where franchise_code = ${B} order by pos_so_no`),
    cash_receipts: await q(sql`select * from cash_receipts where franchise_code = ${B} order by receipt_id`),
    counter_sales: await q(sql`select * from counter_sales where franchise_code = ${B} order by client_id`),
    counter_number_ranges: await q(sql`select * from counter_number_ranges where franchise_code = ${B} order by id`),
    remaining_amount_adjustments: await q(
      sql`select * from remaining_amount_adjustments where franchise_code = ${B} order by id`,
    ),
    sales_order_lines: await q(
      sql`select * from sales_order_lines where pos_so_no in (select pos_so_no from sales_orders where franchise_code = ${B}) order by id`,
    ),
    sales_shipments: await q(sql`select * from sales_shipments where franchise_code = ${B} order by pos_ss_no`),
    sales_invoices: await q(sql`select * from sales_invoices where franchise_code = ${B} order by pos_si_no`),
    e_invoices: await q(sql`select * from e_invoices where franchise_code = ${B} order by pos_si_no`),
    purchase_orders: await q(sql`select * from purchase_orders where franchise_code = ${B} order by pos_po_no`),
    purchase_order_lines: await q(
      sql`select * from purchase_order_lines where pos_po_no in (select pos_po_no from purchase_orders where franchise_code = ${B}) order by id`,
    ),
    purchase_shipments: await q(sql`select * from purchase_shipments where franchise_code = ${B} order by no`),
    vendor_ledger_entries: await q(sql`select * from vendor_ledger_entries where franchise_code = ${B} order by id`),
    consignment_issues: await q(sql`select * from consignment_issues where franchise_code = ${B} order by ci_no`),
    consignment_issue_lines: await q(
      sql`select * from consignment_issue_lines where ci_no in (select ci_no from consignment_issues where franchise_code = ${B}) order by id`,
    ),
    transfer_orders: await q(sql`select * from transfer_orders where franchise_code = ${B} order by bc_to_no`),
    transfer_order_lines: await q(
      sql`select * from transfer_order_lines where bc_to_no in (select bc_to_no from transfer_orders where franchise_code = ${B}) order by id`,
    ),
    consignment_receipts: await q(sql`select * from consignment_receipts where franchise_code = ${B} order by no`),
    warehouse_entries: await q(sql`select * from warehouse_entries where franchise_code = ${B} order by id`),
    shifts: await q(sql`select * from shifts where franchise_code = ${B} order by id`),
    shift_counts: await q(
      sql`select * from shift_counts where shift_id in (select id from shifts where franchise_code = ${B}) order by id`,
    ),
    warehouse_transfers: await q(sql`select * from warehouse_transfers where franchise_code = ${B} order by id`),
    item_ledger_entries: await q(sql`select * from item_ledger_entries where franchise_code = ${B} order by id`),
    birthday_promotion_uses: await q(
      sql`select * from birthday_promotion_uses where customer_no in (select customer_no from customers where franchise_code = ${B})`,
    ),
  };
}

/**
 * Fillers by parameter or field name: B's identifiers, so every route is asked about B's records. `path` is the
 * route's URL, for names that mean different records in different areas (an `id`, a `customer_no`).
 */
type Filler = (path: string) => unknown;
const FILL: Record<string, Filler> = {
  id: (p) =>
    p.includes('/shifts')
      ? ids.bShiftId
      : p.includes('/warehouse')
        ? ids.bWarehouseEntryId
        : p.includes('/devices')
          ? ids.bDeviceId
          : p.includes('/item-prices')
            ? ids.bPriceId
            : p.includes('/page-permissions')
              ? ids.bPermissionId
              : p.includes('/ship-to')
                ? ids.bShipToId
                : p.includes('/redeemable-points')
                  ? ids.bPointEntryId
                  : p.includes('/admin/users')
                    ? ids.bUserId
                    : 1,
  ids: (p) =>
    p.includes('/warehouse')
      ? [ids.bWarehouseEntryId]
      : p.includes('/item-prices')
        ? [ids.bPriceId]
        : p.includes('/admin/users')
          ? [ids.bUserId]
          : p.includes('/redeemable-points')
            ? [ids.bPointEntryId]
            : [1],
  customer_no: (p) => (/\/(franchises|admin\/users|franchise-users)/.test(p) ? B : ids.bCustomerNo),
  customer_nos: () => [B],
  franchise_code: () => B,
  fee_code: () => 'WALKFEE', // issue 9 fees: a catalogue fee (shared); the order is B's, so 404 comes first
  location_code: () => B_LOC,
  // Warehouse transfer (issue 10): B's store on both ends.
  location_from: () => B_LOC,
  location_to: () => B_LOC,
  price_list_code: () => B_LIST,
  phone_no: (p) => (p.includes('/franchises') ? ids.bFranchisePhone : ids.bCustomerPhone),
  phone_no_customer: () => ids.bCustomerPhone,
  user_id: () => ids.bUserId,
  admin_user_id: () => ids.bUserId,
  admin_user_ids: () => [ids.bUserId],
  users: () => [ids.bUserId],
  device_id: () => ids.bDeviceId,
  page_permission_id: () => ids.bPermissionId,
  referral_code: () => ids.bReferral,
  referred_by_code: () => ids.bReferral,
  code: (p) => (p.includes('/ship-to') ? ids.bShipToCode : 'WALK'),
  pos_so_no: (p) =>
    p.includes('/sales-credit-memos')
      ? ids.bCreditMemoNo
      : p.includes('/sales-') || p.includes('/cash-receipts')
        ? ids.bOrderNo
        : 'ZQXBSO1',
  // payments (issue 9)
  receipt_id: () => ids.bReceiptId,
  // the counter (issue 18): B's counter sale
  client_id: () => ids.bCounterClientId,
  // Offline selling (issue 19): B's device and a number of its range.
  offline_device: () => ids.bDevice,
  device_doc_no: () => 'WB001-SO-26-900000',
  sales_order_no: () => '',
  contract_no: () => 'WALK',
  collect_store_code: () => '',
  phone: () => ids.bCustomerPhone,
  pos_ss_no: () => ids.bShipmentNo,
  // Purchasing (issue 10): B's purchase order (by our number or the ERP's) and head office's shipment of it.
  pos_po_no: () => ids.bPurchaseOrderNo,
  po_no: () => ids.bPurchaseOrderNo,
  no: (p) =>
    p.includes('/purchase-orders/shipments')
      ? ids.bPurchaseShipmentNo
      : p.includes('/consignment-receipts')
        ? 'WB001-CR-WALK-1'
        : 'walk',
  external_document_no: () => 'WALK',
  receiving_code: () => '',
  receiving_district_code: () => '',
  receiving_post_code: () => '',
  receiving_region_code: () => '',
  warehouse_code: () => '',
  pos_si_no: () => ids.bInvoiceNo,
  pos_si_nos: () => [ids.bInvoiceNo],
  // a company buyer (issue 21): none, so the sale or order is otherwise B's
  buyer_tax_code: () => '',
  buyer_company_name: () => '',
  buyer_address: () => '',
  // a franchise's own SInvoice account (issue 21): a valid one, so the write reaches the head-office check
  supplier_tax_code: () => '0312345678',
  template_code: () => '1/001',
  invoice_series: () => 'C26MWK',
  // Sales documents: B's customer, its ship-to, line numbers of B's order, and codes of the catalogue.
  sell_to_code: () => ids.bCustomerNo,
  bill_to_code: () => ids.bCustomerNo,
  ship_to_code: () => ids.bShipToCode,
  la_referral_cust_no: () => ids.bCustomerNo,
  la_referral_code: () => ids.bReferral,
  loyalty_cust_referral_code: () => ids.bReferral,
  sell_to_phone_no: () => ids.bCustomerPhone,
  bill_to_phone_no: () => ids.bCustomerPhone,
  ship_to_phone_no: () => ids.bCustomerPhone,
  sell_to_district_code: () => '',
  bill_to_district_code: () => '',
  ship_to_district_code: () => '',
  sell_to_post_code: () => '',
  bill_to_post_code: () => '',
  ship_to_post_code: () => '',
  // consignment (issue 10): B's transfer order and consignment issue
  bc_to_no: () => 'WB001-TO-WALK-1',
  ci_no: () => 'WB001-CI-WALK-1',
  line_no: () => 10000,
  line_nos: () => [10000],
  // promotions (issue 9): a coupon code of the catalogue; a promotion naming B's franchise
  coupon_code: () => 'WALK',
  franchise_codes: () => [B],
  cancel_reason_code: () => 'WALK',
  agent_code: () => 'WALK',
  agent_service_code: () => 'WALK',
  // Global identifiers (the catalogue and master data are the same for every franchise).
  item_no: () => ITEM,
  category_code: () => 'WALKCAT', // issue 11 revenue summary filter: a catalogue category (shared)
  item_nos: () => [ITEM],
  variant_code: () => '',
  unit_of_measure: () => '',
  unit: () => '',
  table_code: () => 'post_code',
  system_id: () => '00000000-0000-4000-8000-000000000020', // an ERP record's id (head office's sync tables: global)
  post_code: () => '',
  district_code: () => '',
  country_region_code: () => 'VNM',
  shipping_agent_code: () => 'WALK',
  reason_code: () => 'WALK',
  document_type: (p) =>
    p.includes('/print') || p.includes('/sales-')
      ? 'order'
      : p.includes('/item-documents')
        ? 'image'
        : p.includes('/bank-account-entries')
          ? 'Deposit'
          : 'SO',
  // Money (issue 11): a bank account of the catalogue's kind; the franchise named is B's.
  bank_account_no: () => 'WALK-BANK',
  bank_account_code: () => '',
  customer_birthday: () => today,
  // Lists: every row the caller may see, first page, no filter (an unknown filter field would only be a 400).
  filters: () => [],
  sort_order: () => undefined,
  pagination: () => ({ page: 1, size: 500 }),
  permissions: () => [],
  page_url: () => '/items',
  role_id: () => 1,
  category_id: () => 1,
  subCategoryId: () => 1,
  parent_id: () => null,
  buildId: () => 'walk',
  // Master-data codes a franchise form names (head office's dimensions and vendor; global).
  region_code: () => 'WALK',
  tp_no: () => 'WALK',
  ss_no: () => 'WALK',
  vendor_no: () => 'WALK',
  buy_from_code: () => 'WALK',
  consignment_location_code: () => '',
  consignment_warehouse_code: () => '',
  consignment_intransit_code: () => '',
  shift_id: () => ids.bShiftId,
  device_code: () => 'WALKDEV',
  document_no: () => 'ZQXBSO1',
  website_no: () => 'WALKWEB',
  slug: () => 'walk',
  // The compatibility proxy re-dispatches in process as the token's user: ask it for B's price list.
  url: () => `item-prices/view?price_list_code=${B_LIST}`,
  token: () => currentToken,
};

/** Names that identify a record: the walk must know what to put there (else it fails naming the filler). */
const IDENTIFIER = /^(id|ids|code|url)$|_(id|ids|no|nos|code|codes)$|^phone|Id$/;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  minLength?: number;
  const?: unknown;
  default?: unknown;
};

function sample(s: Schema | undefined, name: string, path: string, missing: string[]): unknown {
  if (name in FILL) return FILL[name](path);
  if (IDENTIFIER.test(name)) missing.push(name);
  if (!s) return 'walk';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return sample(alt.find((x) => x.type !== 'null') ?? alt[0], name, path, missing);
  if (s.allOf?.length) return sample(s.allOf[0], name, path, missing);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, k, path, missing);
    return out;
  }
  if (type === 'array') return [sample(s.items, name.replace(/s$/, ''), path, missing)];
  if (type === 'integer' || type === 'number')
    return name === 'year' ? YEAR : name === 'version' ? 1 : Math.max(1, s.minimum ?? 1);
  if (type === 'boolean') return name === 'is_active' ? false : true;
  if (s.format === 'date' || /date|valid_(from|to)/.test(name)) return today;
  if (/password/.test(name)) return 'WalkPassw0rd9';
  if (/email/.test(name)) return 'walk@example.vn';
  return 'walk'.padEnd(s.minLength ?? 0, 'k');
}

/** The text a user would see in an answer: JSON as sent, .xlsx files as their cells. */
async function answerText(res: {
  headers: Record<string, unknown>;
  rawPayload: Buffer;
  body: string;
}): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml')) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const cells: string[] = [];
    wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => cells.push(String(c.text ?? c.value)))));
    return cells.join('\n');
  }
  return res.body;
}

describe("cross-franchise walk: a store user of A against every route with B's records", () => {
  beforeAll(fixtures, 300_000);

  it("item prices: a store user cannot read another franchise's price list, nor see it listed or counted", async () => {
    const admin = await ctx.t.admin();
    // A list with a price for every franchise, a price for A and a price for B: A sees the first two only.
    for (const [franchise_code, unit_price] of [
      [null, '500'],
      [A, '600'],
      [B, '700'],
    ] as const) {
      const r = await admin.post('/api/item-prices', {
        price_list_code: 'WMIXED',
        price_list_name: 'Mixed',
        item_no: ITEM,
        franchise_code,
        unit_price,
        minimum_quantity: '5',
        valid_from: '2020-01-01',
      });
      expect(r.statusCode).toBe(201);
    }
    const view = await storeA.get<{
      prices: { unit_price: string; franchise_code: string | null }[];
      price_list: { price_count: number };
    }>('/api/item-prices/view?price_list_code=WMIXED');
    expect(view.statusCode).toBe(200);
    expect(view.data.prices.map((p) => p.unit_price).sort()).toEqual(['500.00', '600.00']);
    expect(view.data.price_list.price_count).toBe(2);
    // B's own list answers exactly like a list that does not exist.
    const other = await storeA.get('/api/item-prices/view?price_list_code=' + B_LIST);
    const none = await storeA.get('/api/item-prices/view?price_list_code=NOSUCHLIST');
    expect(other.statusCode).toBe(404);
    expect(none.statusCode).toBe(404);
    expect(other.envelope.errors[0].code).toBe(none.envelope.errors[0].code);
    const lists = await storeA.post<{ items: { code: string; price_count: number; franchise_count: number }[] }>(
      '/api/item-prices/price-lists/filter',
      {},
    );
    expect(lists.data.items.map((l) => l.code)).toEqual(['WMIXED']);
    expect(lists.data.items[0]).toMatchObject({ price_count: 2, franchise_count: 1 });
    const file = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/item-prices/price-lists/filter/export',
      headers: { authorization: `Bearer ${storeA.token}` },
      payload: {},
    });
    expect(await answerText(file as never)).not.toContain(B_LIST);
    // Head office sees every list and every price.
    const all = await admin.post<{ items: { code: string; price_count: number }[] }>(
      '/api/item-prices/price-lists/filter',
      {},
    );
    expect(all.data.items.map((l) => [l.code, l.price_count])).toEqual([
      [B_LIST, 1],
      ['WMIXED', 3],
    ]);
  });

  it("answers 404, exactly as for a record that does not exist, for another franchise's record on every kind of read and write", async () => {
    const same = async (
      label: string,
      other: Promise<{ statusCode: number; envelope: { errors: { code: string; msg: string }[] } }>,
      missing: Promise<{ statusCode: number; envelope: { errors: { code: string; msg: string }[] } }>,
    ) => {
      const [o, m] = await Promise.all([other, missing]);
      expect({ label, status: o.statusCode, code: o.envelope.errors[0]?.code }).toEqual({
        label,
        status: 404,
        code: m.envelope.errors[0]?.code,
      });
      expect(m.statusCode, label).toBe(404);
    };
    // Single reads.
    await same(
      'customer by number',
      storeA.get(`/api/customers/${ids.bCustomerNo}`),
      storeA.get('/api/customers/KH999999'),
    );
    await same(
      'customer by phone',
      storeA.get(`/api/customers/by-phone/${ids.bCustomerPhone}`),
      storeA.get('/api/customers/by-phone/0911222333'),
    );
    await same(
      'customer by phone, naming B',
      storeA.get(`/api/customers/by-phone/${ids.bCustomerPhone}?franchise_code=${B}`),
      storeA.get('/api/customers/by-phone/0911222333'),
    );
    await same(
      'customer record',
      storeA.post('/api/customer-records/info', { customer_no: ids.bCustomerNo }),
      storeA.post('/api/customer-records/info', { customer_no: 'KH999999' }),
    );
    await same(
      'points total',
      storeA.post('/api/redeemable-points/total', { customer_no: ids.bCustomerNo }),
      storeA.post('/api/redeemable-points/total', { customer_no: 'KH999999' }),
    );
    await same('device', storeA.get(`/api/devices/${ids.bDeviceId}`), storeA.get('/api/devices/999999'));
    await same(
      'user',
      storeA.get(`/api/admin/users/info?user_id=${ids.bUserId}`),
      storeA.get('/api/admin/users/info?user_id=999999'),
    );
    await same('franchise', storeA.get(`/api/franchises/${B}`), storeA.get('/api/franchises/NOSUCH'));
    await same(
      'price list',
      storeA.get(`/api/item-prices/view?price_list_code=${B_LIST}`),
      storeA.get('/api/item-prices/view?price_list_code=NOSUCH'),
    );
    // Updates and deletes.
    await same(
      'customer record update',
      storeA.put('/api/customer-records', { customer_no: ids.bCustomerNo, version: 1, name: 'x' }),
      storeA.put('/api/customer-records', { customer_no: 'KH999999', version: 1, name: 'x' }),
    );
    await same(
      'customer record delete',
      storeA.post('/api/customer-records/delete', { customer_no: ids.bCustomerNo }),
      storeA.post('/api/customer-records/delete', { customer_no: 'KH999999' }),
    );
    await same(
      'ship-to update',
      storeA.put('/api/ship-to-addresses', {
        customer_no: ids.bCustomerNo,
        code: ids.bShipToCode,
        version: 1,
        name: 'x',
      }),
      storeA.put('/api/ship-to-addresses', { customer_no: 'KH999999', code: 'SA001', version: 1, name: 'x' }),
    );
    await same(
      'device update',
      storeA.put(`/api/devices/${ids.bDeviceId}`, { version: 1, device_name: 'x' }),
      storeA.put('/api/devices/999999', { version: 1, device_name: 'x' }),
    );
    await same('device delete', storeA.del(`/api/devices/${ids.bDeviceId}`), storeA.del('/api/devices/999999'));
    await same(
      'user delete',
      storeA.del(`/api/admin/users?user_id=${ids.bUserId}`),
      storeA.del('/api/admin/users?user_id=999999'),
    );
    await same(
      'user store change',
      storeA.post('/api/franchise-users/store', { admin_user_id: ids.bUserId, customer_no: A }),
      storeA.post('/api/franchise-users/store', { admin_user_id: 999999, customer_no: A }),
    );
    await same(
      'franchise update',
      storeA.put('/api/franchises', { customer_no: B, version: 1, name: 'x' }),
      storeA.put('/api/franchises', { customer_no: 'NOSUCH', version: 1, name: 'x' }),
    );
    // Creates that name another franchise (or its location, customer or device) in the body.
    await same(
      'customer for B',
      storeA.post('/api/customers/temporary', { name: 'x', phone_no: '0911222444', franchise_code: B }),
      storeA.post('/api/customers/temporary', { name: 'x', phone_no: '0911222444', franchise_code: 'NOSUCH' }),
    );
    await same(
      "ship-to for B's customer",
      storeA.post('/api/ship-to-addresses', { customer_no: ids.bCustomerNo, name: 'x', address: 'x' }),
      storeA.post('/api/ship-to-addresses', { customer_no: 'KH999999', name: 'x', address: 'x' }),
    );
    await same(
      "device at B's store",
      storeA.post('/api/devices', {
        location_code: B_LOC,
        device_type: 'PRINTER',
        device_name: 'x',
        device_code: 'WX1',
        device_data: { ip: '10.0.0.9', port: 9100 },
      }),
      storeA.post('/api/devices', {
        location_code: 'NOSUCH-01',
        device_type: 'PRINTER',
        device_name: 'x',
        device_code: 'WX1',
        device_data: { ip: '10.0.0.9', port: 9100 },
      }),
    );
    await same(
      "user for B's store",
      storeA.post('/api/admin/users', { username: 'wx1', password: 'WalkPassw0rd9', role_id: 4, customer_no: B }),
      storeA.post('/api/admin/users', {
        username: 'wx1',
        password: 'WalkPassw0rd9',
        role_id: 4,
        customer_no: 'NOSUCH',
      }),
    );
    await same(
      'number series for B',
      storeA.post('/api/number-series/generate', { franchise_code: B, year: YEAR }),
      storeA.post('/api/number-series/generate', { franchise_code: 'NOSUCH', year: YEAR }),
    );
    await same(
      'price rate for B',
      storeA.post('/api/items/update-price-rate', { franchise_code: B, item_no: ITEM, price_rate: 2 }),
      storeA.post('/api/items/update-price-rate', { franchise_code: 'NOSUCH', item_no: ITEM, price_rate: 2 }),
    );
  });

  it("walks every registered route: 0 answers with B's data, 0 changes to B's rows, no route left unfilled", async () => {
    const openapi = (await ctx.t.anon.get<unknown>('/api/openapi.json')).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { in: string; name: string; schema?: Schema }[];
            requestBody?: { content?: Record<string, { schema?: Schema }> };
          }
        >
      >;
    };
    // The markers really are B's (and only B's): head office sees them.
    const admin = await ctx.t.admin();
    expect((await admin.get(`/api/item-prices/view?price_list_code=${B_LIST}`)).body).toContain('987654.32');

    const before = await snapshotB();
    const leaks: string[] = [];
    const unfilled: string[] = [];
    const statuses = new Map<number, number>();
    let walked = 0;
    let token = storeA.token!;
    for (const route of ctx.t.router.routes) {
      const key = `${route.method} ${route.url}`;
      // A route may end the caller's own session (logout): log in again so every route is walked as A.
      const me = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      if (me.statusCode === 401) token = (await ctx.t.as(storeAName, 'Passw0rd1')).token!;
      currentToken = token;
      const openPath = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      const op = openapi.paths[openPath]?.[route.method.toLowerCase()];
      const missing: string[] = [];
      let url = route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
        encodeURIComponent(String(sample(undefined, name, route.url, missing))),
      );
      const query = new URLSearchParams();
      for (const p of op?.parameters ?? []) {
        if (p.in === 'query') query.set(p.name, String(sample(p.schema, p.name, route.url, missing)));
      }
      if ([...query.keys()].length) url += `?${query.toString()}`;
      const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
      const body = bodySchema
        ? sample(bodySchema, '', route.url, missing)
        : route.method === 'GET' || route.method === 'DELETE'
          ? undefined
          : {};
      if (missing.length) {
        unfilled.push(
          `${key}: no filler for ${[...new Set(missing)].join(', ')} — add it to FILL in test/cross-franchise.test.ts`,
        );
        continue;
      }
      const res = await ctx.t.app.inject({
        method: route.method,
        url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      walked++;
      if (process.env.WALK_VERBOSE)
        console.info(`${res.statusCode} ${key} ${url} ${res.body.slice(0, 160).replace(/[^\x20-\x7e]/g, '?')}`);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const text = await answerText(res as never);
      for (const m of MARKERS)
        if (text.includes(m)) leaks.push(`${key} (${res.statusCode}) answered B's "${m}": ${text.slice(0, 300)}`);
    }
    const after = await snapshotB();
    const changed = Object.keys(before).filter((t) => JSON.stringify(before[t]) !== JSON.stringify(after[t]));
    console.info(
      `cross-franchise walk: ${walked} of ${ctx.t.router.routes.length} routes walked, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${leaks.length} leaks, B tables changed: ${changed.join(', ') || 'none'}`,
    );
    expect(unfilled).toEqual([]);
    expect(leaks).toEqual([]);
    expect(changed.map((t) => ({ table: t, before: before[t], after: after[t] }))).toEqual([]);
    expect(walked).toBe(ctx.t.router.routes.length);
  }, 600_000);
});
