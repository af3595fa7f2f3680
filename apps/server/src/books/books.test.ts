import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../test/helpers.js';
import type { Db, Tx } from '../db/client.js';
import { bookChecks, checkBooks, totalViolations, type BookCheckResult } from './checks.js';
import { directCreditMemo, directSale, directStock } from './direct.js';
import { directTransfer } from '../modules/consignment/direct.js';
import { directPurchase } from '../modules/purchasing/posting/direct.js';
import { directWarehouseEntries, directWarehouseTransfer } from '../modules/warehouse/direct.js';
import { directMoney } from '../modules/money/direct.js';
import { directShift } from '../modules/shifts/direct.js';

// The books checker (issue 8): 0 violations on clean books, and every check finds the damage it is written for
// (each corruption runs in a transaction that is rolled back, so the tests do not see each other's damage).

const ctx = useTestApp();
const db = () => ctx.t.services.db;
const DAY = '2026-03-10';

class Rollback extends Error {}

/** Damages the books inside a transaction, runs the checker in it, rolls everything back; answers the results. */
async function afterDamage(damage: (tx: Tx) => Promise<unknown>): Promise<BookCheckResult[]> {
  let results: BookCheckResult[] = [];
  await db()
    .transaction(async (tx) => {
      await damage(tx);
      results = await checkBooks(tx as unknown as Db);
      throw new Rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof Rollback)) throw e;
    });
  return results;
}

const failing = (results: BookCheckResult[]) =>
  Object.fromEntries(results.filter((r) => r.violations > 0).map((r) => [r.name, r.violations]));

let sale: Awaited<ReturnType<typeof directSale>>;
let open: Awaited<ReturnType<typeof directSale>>;
let creditMemo: string;
let transfer: Awaited<ReturnType<typeof directTransfer>>;
/** A purchase order shipped in part, received in part, one BOX returned (issue 10). */
let purchase: Awaited<ReturnType<typeof directPurchase>>;
let we: Awaited<ReturnType<typeof directWarehouseEntries>>;
let wt: Awaited<ReturnType<typeof directWarehouseTransfer>>;
/** Money (issue 11): cash 150,000 the day before; cash −20,000, a transfer 300,000 and a fee −50,000 on DAY. */
let money: Awaited<ReturnType<typeof directMoney>>;
let moneyDay: Awaited<ReturnType<typeof directMoney>>;
/** Shifts (issue 11): a closed one with two cash receipts (float 100.000 + 5.000 + 2.000, counted 106.000) and an open one. */
let closedShift: Awaited<ReturnType<typeof directShift>>;
let openShift: Awaited<ReturnType<typeof directShift>>;

beforeAll(async () => {
  await db().execute(sql`insert into franchises (customer_no, name) values ('BK001', 'Books store')`);
  await db().transaction(async (tx) => {
    await directStock(tx, {
      franchise: 'BK001',
      date: DAY,
      stock: [
        { location_code: 'BK001-01', item_no: 'SP001', quantity: '100' },
        { location_code: 'BK001-01', item_no: 'SP002', quantity: '100' },
      ],
    });
    sale = await directSale(tx, {
      franchise: 'BK001',
      location: 'BK001-01',
      customer_no: 'C1',
      date: DAY,
      invoice_discount_amount: '1000',
      lines: [
        { item_no: 'SP001', quantity: '3', unit_price: '15000', location_code: 'BK001-01' },
        {
          item_no: 'SP002',
          quantity: '2',
          unit_price: '99999',
          line_discount_amount: '500',
          location_code: 'BK001-01',
          unit_of_measure: 'BOX',
          qty_per_unit_of_measure: '6',
        },
      ],
    });
    open = await directSale(tx, {
      franchise: 'BK001',
      location: 'BK001-01',
      customer_no: 'C1',
      date: DAY,
      ship: false,
      lines: [{ item_no: 'SP001', quantity: '1', unit_price: '15000', location_code: 'BK001-01' }],
    });
    creditMemo = await directCreditMemo(tx, {
      orderNo: sale.pos_so_no,
      date: DAY,
      lines: [{ line_no: 20000, quantity: '1' }],
    });
    transfer = await directTransfer(tx, {
      franchise: 'BK001',
      date: DAY,
      item_no: 'SP001',
      quantity: '5',
      shipped: '3',
      received: '2',
    });
    purchase = await directPurchase(
      tx,
      { franchise_code: 'BK001', location_code: 'BK001-01' },
      [
        { item_no: 'SP001', purchase_qty: '4', unit_price: '15000', line_discount_amount: '1000' },
        {
          item_no: 'SP002',
          purchase_qty: '2',
          unit_price: '99999',
          unit_of_measure: 'BOX',
          qty_per_unit_of_measure: '6',
        },
      ],
      [
        {
          ship: [
            { line_no: 10000, quantity: '3' },
            { line_no: 20000, quantity: '2' },
          ],
        },
        {
          receive: [
            { line_no: 10000, qty_to_receive: '2' },
            { line_no: 20000, qty_to_receive: '2' },
          ],
        },
        { credit: [{ line_no: 20000, quantity: '1' }] },
      ],
      { invoice_discount_amount: '3000' },
    );
    // Warehouse (issue 10): an adjustment pair and a transfer.
    we = await directWarehouseEntries(tx, {
      franchise: 'BK001',
      date: DAY,
      entries: [
        { location_code: 'BK001-01', item_no: 'SP003', entry_type: 'positive_adjmt', quantity: '10' },
        { location_code: 'BK001-01', item_no: 'SP003', entry_type: 'negative_adjmt', quantity: '4' },
      ],
    });
    wt = await directWarehouseTransfer(tx, {
      franchise: 'BK001',
      date: DAY,
      from: 'BK001-01',
      to: 'BK001-02',
      lines: [{ item_no: 'SP003', quantity: '2' }],
    });
    const bank = { franchise: 'BK001', customer_no: 'C1', bank_account: 'BK-ACB-VND' };
    money = await directMoney(tx, {
      ...bank,
      date: '2026-03-09',
      receipts: [{ amount: '150000', payment_type: 'cash' }],
    });
    moneyDay = await directMoney(tx, {
      ...bank,
      date: DAY,
      receipts: [
        { amount: '-20000', payment_type: 'cash' },
        { amount: '300000', payment_type: 'transfer' },
      ],
      manual: [{ amount: '-50000', document_type: 'Fee' }],
    });
  });
});

beforeAll(async () => {
  await db().transaction(async (tx) => {
    closedShift = await directShift(tx, {
      franchise: 'BK001',
      location: 'BK001-01',
      date: DAY,
      float: '100000',
      receipts: [
        { pos_so_no: open.pos_so_no, customer_no: 'C1', amount: '5000' },
        { pos_so_no: open.pos_so_no, customer_no: 'C1', amount: '2000' },
      ],
      counted: { cash: '106000', card: '0', transfer: '0' },
    });
    openShift = await directShift(tx, { franchise: 'BK001', location: 'BK001-02', date: DAY, float: '0' });
  });
});

describe('check:books', () => {
  it('finds nothing wrong in clean books, in one read-only snapshot', async () => {
    const results = await checkBooks(db());
    expect(results.map((r) => r.name)).toEqual(bookChecks.map((c) => c.name));
    expect(failing(results)).toEqual({});
    expect(totalViolations(results)).toBe(0);
  });

  it('answers only the checks asked for', async () => {
    const results = await checkBooks(db(), { only: ['numbers'] });
    expect(results.map((r) => r.name)).toEqual(['numbers gap-free per series', 'numbers belong to a series']);
  });

  const cases: [string, (tx: Tx) => Promise<unknown>, Record<string, number>][] = [
    [
      'shipped more than ordered',
      (tx) =>
        tx.execute(
          sql`update sales_order_lines set quantity = 1 where pos_so_no = ${sale.pos_so_no} and line_no = 10000`,
        ),
      // quantity 1 < shipped 3; the amount no longer matches the line either.
      { 'sales line quantities': 1, 'line amount = quantity × price − discount': 1 },
    ],
    [
      'credited more than invoiced',
      (tx) =>
        tx.execute(
          sql`update sales_order_lines set qty_credited = 5 where pos_so_no = ${sale.pos_so_no} and line_no = 20000`,
        ),
      { 'sales line quantities': 1, 'qty credited = credit memo lines': 1 },
    ],
    [
      'a shipment line without its ledger entry and order quantity',
      async (tx) => {
        await tx.execute(sql`insert into sales_shipment_lines (pos_ss_no, line_no, order_line_no, item_no, unit_of_measure, quantity)
          values (${sale.pos_ss_no}, 30000, 10000, 'SP001', 'PCS', 1)`);
      },
      { 'qty shipped = shipment lines': 1, 'item ledger per shipment line': 1, 'item ledger per shipment': 1 },
    ],
    [
      'an invoice line the order does not count',
      (tx) =>
        tx.execute(sql`insert into sales_invoice_lines (pos_si_no, line_no, order_line_no, item_no, unit_of_measure, quantity, amount)
          values (${sale.pos_si_no}, 30000, 99999, 'SP001', 'PCS', 1, 0)`),
      // The revenue summary's quantity (value entries) no longer matches the posted lines: that day and the total.
      { 'posted lines name an order line': 1, 'revenue summary = posted documents': 2 },
    ],
    [
      'an order line that claims an invoice it does not have',
      (tx) =>
        tx.execute(
          sql`update sales_order_lines set qty_invoiced = 0 where pos_so_no = ${sale.pos_so_no} and line_no = 10000`,
        ),
      { 'qty invoiced = invoice lines': 1, 'status matches quantities': 1 },
    ],
    [
      'a ledger entry of the wrong quantity',
      (tx) =>
        tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, quantity, document_type, document_no, document_line_no, posting_date)
          values ('sale', 'BK001', 'BK001-01', 'SP002', -1, 'sales_shipment', ${sale.pos_ss_no}, 20000, ${DAY})`),
      { 'item ledger per shipment line': 1, 'item ledger per shipment': 1 },
    ],
    [
      'a shipment entry in the item ledger without a shipment',
      (tx) =>
        tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, quantity, document_type, document_no, posting_date)
          values ('sale', 'BK001', 'BK001-01', 'SP001', -1, 'sales_shipment', 'BK001-SS-26-999999', ${DAY})`),
      { 'item ledger per shipment': 1 },
    ],
    [
      'a credit memo line without its stock back',
      async (tx) => {
        await tx.execute(sql`alter table sales_order_lines disable trigger sales_order_lines_credit_memo_posted`);
        await tx.execute(
          sql`update sales_order_lines set quantity = 2, qty_invoiced = 2 where pos_so_no = ${creditMemo}`,
        );
        await tx.execute(sql`alter table sales_order_lines enable trigger sales_order_lines_credit_memo_posted`);
      },
      {
        'qty credited = credit memo lines': 1,
        'item ledger per credit memo line': 1,
        'revenue summary = posted documents': 2,
      },
    ],
    [
      'an invoice whose amount is not its lines',
      async (tx) => {
        await tx.execute(sql`alter table sales_invoices disable trigger sales_invoices_append_only`);
        await tx.execute(sql`update sales_invoices set amount = amount + 1 where pos_si_no = ${sale.pos_si_no}`);
        await tx.execute(sql`alter table sales_invoices enable trigger sales_invoices_append_only`);
      },
      {
        'invoice amount = lines': 1,
        'customer ledger per invoice': 1,
        // its e-invoice still has the amount it was posted with
        'e-invoice per posted invoice': 1,
        'revenue documents = posted invoices and credit memos': 1,
        'revenue summary = posted documents': 2,
      },
    ],
    [
      'a second customer ledger entry for an invoice, and a credit memo entry without its credit memo',
      async (tx) => {
        await tx.execute(sql`insert into customer_ledger_entries (entry_type, franchise_code, customer_no, amount, document_type, document_no, posting_date)
          values ('invoice', 'BK001', 'C1', 1, 'sales_invoice', ${sale.pos_si_no}, ${DAY}),
            ('credit_memo', 'BK001', 'C1', -1, 'sales_credit_memo', 'BK001-SCM-26-000777', ${DAY})`);
      },
      { 'customer ledger per invoice': 1, 'customer ledger per credit memo': 1 },
    ],
    [
      'a grand total typed instead of computed',
      (tx) => tx.execute(sql`update sales_orders set grand_total = 1 where pos_so_no = ${open.pos_so_no}`),
      { 'grand total = lines': 1 },
    ],
    [
      'a gap in a series',
      (tx) =>
        tx.execute(
          sql`update number_series set last_no = last_no + 1 where franchise_code = 'BK001' and document_type = 'SS'`,
        ),
      { 'numbers gap-free per series': 1 },
    ],
    [
      'a number outside every series',
      (tx) =>
        tx.execute(sql`insert into sales_orders (pos_so_no, document_type, franchise_code, order_date)
          values ('BK001-SO-19-000001', 'order', 'BK001', '2019-01-01')`),
      { 'numbers belong to a series': 1 },
    ],
    [
      'a customer number taken twice is not possible; one beyond its series is',
      (tx) =>
        tx.execute(sql`insert into customers (customer_no, franchise_code, name, phone_no, referral_code)
          values ('BK001-CUS-26-000005', 'BK001', 'X', '0900000001', 'BKREF1')`),
      { 'numbers gap-free per series': 0, 'numbers belong to a series': 1 },
    ],
    [
      'a disabled append-only trigger',
      (tx) => tx.execute(sql`alter table item_ledger_entries disable trigger item_ledger_entries_append_only`),
      { 'posted rows append-only': 1 },
    ],
    [
      'a dropped trigger and a trigger function that no longer raises',
      async (tx) => {
        await tx.execute(sql`drop trigger sales_shipments_append_only on sales_shipments`);
        await tx.execute(
          sql.raw(`create or replace function fp_refuse_posted_credit_memo_change() returns trigger language plpgsql as $$
            begin return new; end; $$`),
        );
      },
      { 'posted rows append-only': 3 },
    ],
    [
      'negative stock while allow_negative_stock is off',
      (tx) =>
        tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, quantity, document_type, document_no, posting_date)
          values ('negative_adjmt', 'BK001', 'BK001-01', 'SP009', -2, 'warehouse_entry', 'X', ${DAY})`),
      { 'on hand not negative': 1 },
    ],
    [
      'negative stock allowed by the setting',
      async (tx) => {
        await tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, quantity, document_type, document_no, posting_date)
          values ('negative_adjmt', 'BK001', 'BK001-01', 'SP009', -2, 'warehouse_entry', 'X', ${DAY})`);
        await tx.execute(sql`insert into settings (key, value) values ('allow_negative_stock', 'true'::jsonb)`);
      },
      {},
    ],
    [
      'statuses that do not match the quantities',
      async (tx) => {
        await tx.execute(sql`update sales_orders set status = 'open' where pos_so_no = ${sale.pos_so_no}`);
        await tx.execute(sql`update sales_orders set status = 'shipped' where pos_so_no = ${open.pos_so_no}`);
      },
      { 'status matches quantities': 2 },
    ],
    // payments (issue 9)
    [
      'a payment entry without its processed receipt',
      (tx) =>
        tx.execute(sql`insert into customer_ledger_entries (entry_type, franchise_code, customer_no, amount, document_type, document_no, order_no, posting_date)
          values ('payment', 'BK001', 'C1', -5, 'cash_receipt', 'BK-RC-X', ${open.pos_so_no}, ${DAY})`),
      { 'customer ledger per cash receipt': 1, 'remaining amount = due − receipts − adjustments': 1 },
    ],
    [
      'an adjustment without its ledger entry',
      (tx) =>
        tx.execute(sql`insert into remaining_amount_adjustments (pos_so_no, franchise_code, amount, remaining_before, remaining_after, reason)
          values (${open.pos_so_no}, 'BK001', 5, 0, 0, 'damage')`),
      { 'customer ledger per remaining-amount adjustment': 1, 'remaining amount = due − receipts − adjustments': 1 },
    ],
    // promotions (issue 9)
    [
      'a coupon used past its limit',
      async (tx) => {
        await tx.execute(sql`insert into promotions (id, code, description, kind, coupon_code, discount_type,
          discount_value, valid_from, valid_to, usage_limit) values (900001, 'BKC', 'Books coupon', 'coupon', 'BKC',
          'percent', 10, '2026-01-01', '2026-12-31', 1)`);
        await tx.execute(
          sql`update sales_orders set coupon_code = 'BKC' where pos_so_no in (${sale.pos_so_no}, ${open.pos_so_no})`,
        );
        await tx.execute(
          sql`insert into coupon_uses (promotion_id, pos_so_no) values (900001, ${sale.pos_so_no}), (900001, ${open.pos_so_no})`,
        );
      },
      { 'coupon never used past its limit': 1 },
    ],
    [
      'a coupon use on an order without the coupon',
      async (tx) => {
        await tx.execute(sql`insert into promotions (id, code, description, kind, coupon_code, discount_type,
          discount_value, valid_from, valid_to) values (900002, 'BKD', 'Books coupon', 'coupon', 'BKD',
          'percent', 10, '2026-01-01', '2026-12-31')`);
        await tx.execute(sql`insert into coupon_uses (promotion_id, pos_so_no) values (900002, ${open.pos_so_no})`);
      },
      { 'coupon use on an order carrying it': 1 },
    ],
    [
      'an applied promotion the order does not count',
      (tx) =>
        tx.execute(sql`insert into sales_order_promotions (pos_so_no, kind, code, description, amount)
          values (${open.pos_so_no}, 'birthday', 'BIRTHDAY', 'Birthday', 1000)`),
      { 'promotion discount = applied promotions': 1 },
    ],
    // Loyalty on sales (issue 9).
    [
      'redeemed points the ledger does not have',
      (tx) => tx.execute(sql`update sales_orders set la_exchange_points = 5 where pos_so_no = ${open.pos_so_no}`),
      { 'points redeemed on an order = its open uses': 1 },
    ],
    [
      'a points discount without points, above what is payable',
      (tx) =>
        tx.execute(sql`update sales_orders set points_discount_amount = 999999, grand_total = grand_total - 999999
          where pos_so_no = ${open.pos_so_no}`),
      { 'points discount within payable': 1 },
    ],
    [
      'a reversal of nothing',
      (tx) =>
        tx.execute(sql`insert into redeemable_point_entries (customer_no, franchise_code, source, entry_type, points, reverses_id)
          values ('C1', 'BK001', 'Franchise', 'reversed', 5, 999999)`),
      { 'reversals undo one use': 1 },
    ],
    [
      'points earned off the rate, without ledger entries',
      (tx) =>
        tx.execute(sql`insert into loyalty_sales_postings (document_no, kind, pos_so_no, customer_no, franchise_code, scheme,
            amount, redeemable_per_100k, ranking_per_100k, redeemable_points, ranking_points)
          values (${sale.pos_si_no}, 'invoice', ${sale.pos_so_no}, 'C1', 'BK001', 'Silver', 200000, 1, 1, 5, 2)`),
      { 'points earned = rate × invoice amount': 1, 'points ledgers per loyalty posting': 1 },
    ],
    [
      'a credit memo reversing more than was earned',
      async (tx) => {
        await tx.execute(sql`insert into loyalty_sales_postings (document_no, kind, pos_so_no, customer_no, franchise_code,
            scheme, amount, redeemable_per_100k, ranking_per_100k, redeemable_points, ranking_points)
          values (${sale.pos_si_no}, 'invoice', ${sale.pos_so_no}, 'C1', 'BK001', 'Silver', 1000, 0, 0, 0, 0),
            (${creditMemo}, 'credit_memo', ${sale.pos_so_no}, 'C1', 'BK001', 'Silver', 1000, 0, 0, 0, -1)`);
        await tx.execute(sql`insert into ranking_point_entries (customer_no, franchise_code, pos_so_no, document_no,
            entry_type, points) values ('C1', 'BK001', ${sale.pos_so_no}, ${creditMemo}, 'reversed', -1)`);
      },
      { 'points reversed ≤ earned': 1 },
    ],
    [
      'a referral reward without its points',
      (tx) =>
        tx.execute(sql`insert into loyalty_referral_rewards (customer_no, referrer_customer_no, referral_code, pos_so_no,
            pos_si_no, points) values ('C1', 'C0', 'ABCDEFGH', ${sale.pos_so_no}, ${sale.pos_si_no}, 50)`),
      { 'referral points once': 1 },
    ],
    [
      'a purchase order whose totals and line amount are typed instead of computed',
      async (tx) => {
        await tx.execute(sql`insert into purchase_orders (pos_po_no, franchise_code, order_date, total_lines, grand_total)
          values ('BK001-PO-19-000001', 'BK001', '2019-01-01', 7, 7)`);
        await tx.execute(sql`insert into purchase_order_lines (pos_po_no, line_no, item_no, unit_of_measure, purchase_qty,
          unit_price, amount) values ('BK001-PO-19-000001', 10000, 'SP001', 'PCS', 1, 1, 5)`);
      },
      {
        'purchase order totals = lines': 1,
        'purchase line amount = qty × price − discount': 1,
        'numbers belong to a series': 1,
      },
    ],
    [
      'earned points stored on an order',
      (tx) =>
        tx.execute(sql`update sales_orders set loyalty_redeemable_points = 1 where pos_so_no = ${open.pos_so_no}`),
      { 'order earned points are derived': 1 },
    ],
    // Purchase order postings (issue 10): purchase.numbers = [HSS, PR, PCM].
    [
      'a purchase line received past what was shipped',
      (tx) =>
        tx.execute(sql`update purchase_order_lines set qty_received = 3
          where pos_po_no = ${purchase.pos_po_no} and line_no = 20000`),
      { 'purchase line quantities': 1, 'purchase qty received = receipt lines': 1 },
    ],
    [
      'a purchase line invoiced apart from shipped',
      (tx) =>
        tx.execute(sql`update purchase_order_lines set qty_invoiced = 1
          where pos_po_no = ${purchase.pos_po_no} and line_no = 10000`),
      { 'purchase line quantities': 1, 'purchase qty shipped = shipment lines': 1 },
    ],
    [
      'a purchase credit memo line changed after posting',
      async (tx) => {
        await tx.execute(sql`alter table purchase_order_lines disable trigger purchase_order_lines_credit_memo_posted`);
        await tx.execute(
          sql`update purchase_order_lines set purchase_qty = 2 where pos_po_no = ${purchase.numbers[2]}`,
        );
        await tx.execute(sql`alter table purchase_order_lines enable trigger purchase_order_lines_credit_memo_posted`);
      },
      { 'purchase qty credited = credit memo lines': 1, 'item ledger per purchase credit memo line': 1 },
    ],
    [
      'a second item ledger entry for a purchase receipt line',
      (tx) =>
        tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, quantity, document_type, document_no, document_line_no, posting_date)
          values ('purchase', 'BK001', 'BK001-01', 'SP001', 1, 'purchase_receipt', ${purchase.numbers[1]}, 10000, ${DAY})`),
      { 'item ledger per purchase receipt line': 1 },
    ],
    [
      'a head office invoice whose amount is not its lines',
      async (tx) => {
        await tx.execute(sql`alter table purchase_invoices disable trigger purchase_invoices_append_only`);
        await tx.execute(sql`update purchase_invoices set amount = amount + 1 where pos_po_no = ${purchase.pos_po_no}`);
        await tx.execute(sql`alter table purchase_invoices enable trigger purchase_invoices_append_only`);
      },
      {
        'head office invoice amount = lines': 1,
        'vendor ledger per head office invoice': 1,
        'purchase payable = vendor ledger': 1,
      },
    ],
    [
      'a second vendor ledger entry for a purchase credit memo',
      (tx) =>
        tx.execute(sql`insert into vendor_ledger_entries (entry_type, franchise_code, vendor_no, amount, document_type, document_no, order_no, posting_date)
          values ('credit_memo', 'BK001', 'HO-V', -1, 'purchase_credit_memo', ${purchase.numbers[2]}, ${purchase.pos_po_no}, ${DAY})`),
      { 'vendor ledger per purchase credit memo': 1, 'purchase payable = vendor ledger': 1 },
    ],
    // Warehouse (issue 10)
    [
      'a posted warehouse entry whose ledger entry has the wrong sign, and a WE entry without its warehouse entry',
      async (tx) => {
        await tx.execute(sql`alter table item_ledger_entries disable trigger item_ledger_entries_append_only`);
        await tx.execute(
          sql`update item_ledger_entries set quantity = 4 where document_no = ${we.document_no} and document_line_no = ${we.ids[1]}`,
        );
        await tx.execute(sql`alter table item_ledger_entries enable trigger item_ledger_entries_append_only`);
        await tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, quantity, document_type, document_no, document_line_no, posting_date)
          values ('positive_adjmt', 'BK001', 'BK001-01', 'SP003', 0, 'warehouse_entry', ${we.document_no}, 999999, ${DAY})`);
      },
      // The changed entry's position and day no longer have the balance and the movements the posting left (an
      // UPDATE is no posting).
      { 'item ledger per warehouse entry': 2, 'stock balances = item ledger': 1, 'stock per day = item ledger': 1 },
    ],
    [
      'an open warehouse entry with a WE number',
      (tx) =>
        tx.execute(sql`insert into warehouse_entries (franchise_code, location_code, item_no, unit_of_measure, entry_type, quantity, reason_code, posting_date, document_no)
          values ('BK001', 'BK001-01', 'SP003', 'PCS', 'positive_adjmt', 1, 'X', ${DAY}, 'BK001-WE-26-000099')`),
      { 'item ledger per warehouse entry': 1 },
    ],
    [
      'a transfer line whose entries do not cancel out, and a transfer entry without its line',
      (tx) =>
        tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, quantity, document_type, document_no, document_line_no, posting_date)
          values ('transfer', 'BK001', 'BK001-02', 'SP003', 1, 'warehouse_transfer', ${wt.document_no}, 10000, ${DAY}),
            ('transfer', 'BK001', 'BK001-02', 'SP003', 1, 'warehouse_transfer', ${wt.document_no}, 20000, ${DAY})`),
      { 'item ledger per warehouse transfer line': 2 },
    ],
    [
      'a posted warehouse entry changed and a transfer trigger disabled',
      async (tx) => {
        await tx.execute(sql`alter table warehouse_entries disable trigger warehouse_entries_posted`);
        await tx.execute(sql`update warehouse_entries set quantity = 3 where id = ${we.ids[0]}`);
        await tx.execute(sql`alter table warehouse_entries enable trigger warehouse_entries_posted`);
        await tx.execute(
          sql`alter table warehouse_transfer_lines disable trigger warehouse_transfer_lines_append_only`,
        );
      },
      { 'item ledger per warehouse entry': 1, 'posted rows append-only': 1 },
    ],
    [
      'a WT number taken without its transfer',
      (tx) =>
        tx.execute(
          sql`update number_series set last_no = last_no + 1 where franchise_code = 'BK001' and document_type = 'WT'`,
        ),
      { 'numbers gap-free per series': 1 },
    ],
  ];

  // Money (issue 11)
  cases.push(
    [
      'a bank entry of source cash_receipt for a cash receipt',
      (tx) =>
        tx.execute(sql`insert into bank_account_entries (entry_no, franchise_code, posting_date, document_type,
            bank_account_no, amount, source, receipt_no)
          values ('BK-BA-X', 'BK001', ${DAY}, 'Payment', 'BK-ACB-VND', -20000, 'cash_receipt', ${moneyDay.receipts[0]})`),
      { 'bank entries from receipts = receipts': 1 },
    ],
    [
      "a transfer receipt's bank entry changed to another amount",
      async (tx) => {
        await tx.execute(sql`alter table bank_account_entries disable trigger bank_account_entries_append_only`);
        await tx.execute(sql`update bank_account_entries set amount = 299000 where entry_no = ${moneyDay.entries[0]}`);
        await tx.execute(sql`alter table bank_account_entries enable trigger bank_account_entries_append_only`);
      },
      { 'bank entries from receipts = receipts': 1, 'bank entry per transfer/card receipt': 1 },
    ],
    [
      'a second bank entry (of 0) for a transfer receipt, on another bank account',
      (tx) =>
        tx.execute(sql`insert into bank_account_entries (entry_no, franchise_code, posting_date, document_type,
            bank_account_no, amount, source, receipt_no)
          values ('BK-BA-Y', 'BK001', ${DAY}, 'Payment', 'OTHER', 0, 'cash_receipt', ${moneyDay.receipts[1]})`),
      { 'bank entry per transfer/card receipt': 1 },
    ],
    [
      'a processed cash receipt without a posting date (the cashbook misses it)',
      async (tx) => {
        await tx.execute(sql`alter table cash_receipts disable trigger user`);
        await tx.execute(sql`update cash_receipts set posting_date = null where receipt_no = ${money.receipts[0]}`);
        await tx.execute(sql`alter table cash_receipts enable trigger user`);
      },
      { 'cashbook closing = opening + movements': 1, 'customer ledger per cash receipt': 1 },
    ],
    [
      'a BA number taken without its entry, and bank entries no longer append-only',
      async (tx) => {
        await tx.execute(
          sql`update number_series set last_no = last_no + 1 where franchise_code = 'BK001' and document_type = 'BA'`,
        );
        await tx.execute(sql`alter table bank_account_entries disable trigger bank_account_entries_append_only`);
      },
      { 'numbers gap-free per series': 1, 'posted rows append-only': 1 },
    ],
  );

  cases.push(
    [
      'a transfer line received more than shipped',
      (tx) => tx.execute(sql`update transfer_order_lines set qty_received = 4 where bc_to_no = ${transfer.bc_to_no}`),
      { 'transfer line quantities': 1, 'transfer qty received = receipt lines': 1 },
    ],
    [
      'a transfer shipment line without its ledger entry and order quantity',
      (tx) =>
        tx.execute(sql`insert into transfer_shipment_lines (no, line_no, order_line_no, item_no, unit_of_measure, quantity)
          values (${transfer.ts}, 20000, 10000, 'SP001', 'PCS', 1)`),
      { 'transfer qty shipped = shipment lines': 1, 'item ledger per transfer shipment line': 1 },
    ],
    [
      'a consignment receipt line without its ledger entries and order quantity',
      (tx) =>
        tx.execute(sql`insert into consignment_receipt_lines (no, line_no, order_line_no, item_no, unit_of_measure, quantity)
          values (${transfer.cr}, 20000, 10000, 'SP001', 'PCS', 1)`),
      { 'transfer qty received = receipt lines': 1, 'item ledger per consignment receipt line': 1 },
    ],
    [
      'more taken out of transit than shipped into it',
      (tx) =>
        tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, quantity,
            document_type, document_no, posting_date)
          values ('negative_adjmt', 'BK001', ${transfer.transit}, 'SP001', -5, 'warehouse_entry', 'BK-WE-1', ${DAY})`),
      { 'in-transit stock not negative': 1, 'on hand not negative': 1 },
    ],
  );

  // Shifts (issue 11, modules/shifts/book-checks.ts).
  cases.push(
    [
      'a count whose difference is not counted − expected',
      async (tx) => {
        await tx.execute(sql`alter table shift_counts disable trigger shift_counts_append_only`);
        await tx.execute(
          sql`update shift_counts set difference = 0 where shift_id = ${closedShift.id} and payment_method = 'cash'`,
        );
        await tx.execute(sql`alter table shift_counts enable trigger shift_counts_append_only`);
      },
      { 'shift counts = receipts': 1 },
    ],
    [
      'counts on an open shift',
      (tx) =>
        tx.execute(sql`insert into shift_counts (shift_id, payment_method, expected_amount, counted_amount, difference)
          values (${openShift.id}, 'cash', 0, 0, 0)`),
      { 'open shift has no counts': 1 },
    ],
    [
      "a receipt moved to another location's shift (its own shift's expected cash no longer holds)",
      async (tx) => {
        await tx.execute(sql`alter table cash_receipts disable trigger cash_receipts_processed_posted`);
        await tx.execute(
          sql`update cash_receipts set shift_id = ${openShift.id} where receipt_no = ${closedShift.receipt_nos[0]!}`,
        );
        await tx.execute(sql`alter table cash_receipts enable trigger cash_receipts_processed_posted`);
      },
      { 'receipt in the shift open at its processing': 1, 'shift counts = receipts': 1 },
    ],
    [
      'an SH number taken without its shift, and the counts trigger disabled',
      async (tx) => {
        await tx.execute(
          sql`update number_series set last_no = last_no + 1 where franchise_code = 'BK001' and document_type = 'SH'`,
        );
        await tx.execute(sql`alter table shift_counts disable trigger shift_counts_append_only`);
      },
      { 'numbers gap-free per series': 1, 'posted rows append-only': 1 },
    ],
  );

  // Revenue storage and reports (issue 11, modules/reports/book-checks.ts).
  cases.push(
    [
      'a value document without its posted invoice',
      async (tx) => {
        await tx.execute(sql`
          insert into sales_value_documents (document_type, document_no, pos_so_no, posting_date, franchise_code, quantity, amount)
          values ('invoice', 'BK001-SI-26-999999', ${sale.pos_so_no}, ${DAY}, 'BK001', 1, 5)`);
        await tx.execute(sql`
          insert into sales_value_entries (document_type, document_no, pos_so_no, posting_date, franchise_code, entry_kind, quantity, amount)
          values ('invoice', 'BK001-SI-26-999999', ${sale.pos_so_no}, ${DAY}, 'BK001', 'item', 1, 5)`);
      },
      // The summary of that day and the total no longer equal the posted documents.
      { 'revenue documents = posted invoices and credit memos': 1, 'revenue summary = posted documents': 2 },
    ],
    [
      'a value entry that does not add up to its document',
      (tx) =>
        tx.execute(sql`
          insert into sales_value_entries (document_type, document_no, pos_so_no, posting_date, franchise_code, entry_kind, line_no, amount)
          values ('invoice', ${sale.pos_si_no}, ${sale.pos_so_no}, ${DAY}, 'BK001', 'fee', 1, 1)`),
      { 'value entries per document = its amount': 1 },
    ],
    // Roll-ups (issue 22, modules/reports/README "Roll-ups").
    [
      'a revenue roll-up row no value document explains',
      (tx) =>
        tx.execute(sql`
          insert into sales_value_daily (posting_date, franchise_code, location_code, sales_type, document_type, documents, quantity, amount)
          values (${DAY}, 'BK001', 'BK001-01', 'STEP IN STORE', 'invoice', 1, 1, 5)`),
      // The summary reads the roll-up: that day and the total no longer equal the posted documents.
      { 'revenue roll-up = value documents': 1, 'revenue summary = posted documents': 2 },
    ],
    [
      'a compacted revenue roll-up that lost a delta',
      async (tx) => {
        await tx.execute(sql`
          delete from sales_value_daily where id = (select max(id) from sales_value_daily where franchise_code = 'BK001')`);
      },
      { 'revenue roll-up = value documents': 1, 'revenue summary = posted documents': 2 },
    ],
    [
      'an item revenue roll-up row no value entry explains',
      (tx) =>
        tx.execute(sql`
          insert into sales_value_daily_items (posting_date, franchise_code, location_code, sales_type, document_type, item_no, category_code, documents, quantity, amount)
          values (${DAY}, 'BK001', 'BK001-01', 'STEP IN STORE', 'invoice', 'SP001', '', 1, 1, 5)`),
      { 'item revenue roll-up = value entries': 1 },
    ],
    [
      'a compacted category revenue roll-up that lost a delta',
      (tx) =>
        tx.execute(sql`
          delete from sales_value_daily_categories
           where id = (select max(id) from sales_value_daily_categories where franchise_code = 'BK001')`),
      { 'category revenue roll-up = value entries': 1 },
    ],
    [
      'a stock balance row the item ledger does not hold',
      (tx) =>
        tx.execute(sql`insert into item_stock_balances (franchise_code, location_code, item_no, variant_code, quantity)
          values ('BK001', 'BK001-01', 'SP001', '', 1)`),
      { 'stock balances = item ledger': 1 },
    ],
    [
      'a position of the item ledger without its stock balance',
      (tx) =>
        tx.execute(
          sql`delete from item_stock_balances where franchise_code = 'BK001' and location_code = 'BK001-01' and item_no = 'SP001'`,
        ),
      { 'stock balances = item ledger': 1 },
    ],
    [
      'a daily stock row the item ledger does not hold',
      (tx) =>
        tx.execute(sql`insert into item_stock_daily (posting_date, franchise_code, location_code, item_no, variant_code,
            quantity_in, quantity_out)
          values (${DAY}, 'BK001', 'BK001-01', 'SP001', '', 0, 1)`),
      { 'stock per day = item ledger': 1 },
    ],
    [
      'a day of the item ledger without its daily stock rows',
      (tx) =>
        tx.execute(
          sql`delete from item_stock_daily where id = (select max(id) from item_stock_daily where franchise_code = 'BK001')`,
        ),
      { 'stock per day = item ledger': 1 },
    ],
  );

  // E-invoices (issue 21, modules/einvoices/book-checks.ts).
  cases.push(
    [
      'an invoice without its e-invoice',
      (tx) => tx.execute(sql`delete from e_invoices where pos_si_no = ${sale.pos_si_no}`),
      { 'e-invoice per posted invoice': 1 },
    ],
    [
      'an e-invoice of another amount than its credit memo',
      (tx) => tx.execute(sql`update e_invoices set amount = amount + 1 where pos_si_no = ${creditMemo}`),
      { 'e-invoice per posted invoice': 1 },
    ],
    [
      'an e-invoice still pending a day and more after its posting',
      (tx) =>
        tx.execute(sql`update e_invoices set state = 'pending', job_id = 1, created_at = now() - interval '26 hours'
          where pos_si_no = ${sale.pos_si_no}`),
      { 'e-invoice settled within the retry window': 1 },
    ],
    [
      'an issued e-invoice without its tax authority code, and one provider number on two e-invoices',
      async (tx) => {
        await tx.execute(sql`update e_invoices set state = 'issued', invoice_no = 'C26MAA0000001', invoice_series = 'C26MAA',
          supplier_tax_code = '0100109106', code_of_tax = '', issued_at = now() where pos_si_no = ${sale.pos_si_no}`);
        await tx.execute(sql`update e_invoices set state = 'issued', invoice_no = 'C26MAA0000001', invoice_series = 'C26MAA',
          supplier_tax_code = '0100109106', code_of_tax = 'M1-26-ABCDE-00000000001', issued_at = now()
          where pos_si_no = ${creditMemo}`);
      },
      { 'e-invoice state complete': 1, 'e-invoice never doubled': 1 },
    ],
  );

  // Offline selling (issue 19, modules/counter/book-checks.ts): device number ranges and device numbers.
  const DEVICE = '00000000-0000-4000-8000-000000000019';
  const soPrefix = () => sale.pos_so_no.slice(0, -6);
  /** A range of the BK001 SO series for DEVICE, from `first` to `last` counted from the series' last_no (0 = it). */
  const range = (tx: Tx, first: number, last: number) =>
    tx.execute(sql`insert into counter_number_ranges (franchise_code, location_code, offline_device, year, prefix, first, last)
      select 'BK001', 'BK001-01', ${DEVICE}::uuid, 2026, ${soPrefix()}, s.last_no + ${first}, s.last_no + ${last}
      from number_series s where s.prefix = ${soPrefix()} and s.franchise_code = 'BK001'`);
  const moveSeries = (tx: Tx, by: number) =>
    tx.execute(
      sql`update number_series set last_no = last_no + ${by} where prefix = ${soPrefix()} and franchise_code = 'BK001'`,
    );
  cases.push(
    [
      'a device range reserved as the series moved on: its unused numbers count as taken',
      async (tx) => {
        await range(tx, 1, 10);
        await moveSeries(tx, 10);
      },
      {},
    ],
    [
      'two device ranges that overlap',
      async (tx) => {
        await range(tx, 1, 12);
        await range(tx, 10, 20);
        await moveSeries(tx, 20);
      },
      // The overlapping numbers are also counted twice in the series.
      { 'device number ranges never overlap, never reused': 1, 'numbers gap-free per series': 1 },
    ],
    [
      'a device range beyond its series',
      (tx) => range(tx, 1, 5),
      { 'device number ranges never overlap, never reused': 1, 'numbers gap-free per series': 1 },
    ],
    [
      'a device range over a number an online sale used',
      (tx) =>
        tx.execute(sql`insert into counter_number_ranges (franchise_code, location_code, offline_device, year, prefix, first, last)
          values ('BK001', 'BK001-01', ${DEVICE}::uuid, 2026, ${soPrefix()}, ${Number(sale.pos_so_no.slice(-6))}, ${Number(sale.pos_so_no.slice(-6))})`),
      { 'device number ranges never overlap, never reused': 1 },
    ],
    [
      'a device number in no range of its device',
      (tx) =>
        tx.execute(
          sql`update sales_orders set offline_device = ${DEVICE}, device_doc_no = pos_so_no where pos_so_no = ${sale.pos_so_no}`,
        ),
      { "each device number in its device's range, used once": 1 },
    ],
    [
      'stock below zero by what a flagged offline sale took (listed, not a violation)',
      async (tx) => {
        await tx.execute(sql`update sales_orders set flags = '{stock_short}' where pos_so_no = ${sale.pos_so_no}`);
        await tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, quantity, document_type, document_no, posting_date)
          select 'negative_adjmt', 'BK001', 'BK001-01', 'SP001', -(sum(quantity) + 1), 'warehouse_entry', 'X', ${DAY}
          from item_ledger_entries where location_code = 'BK001-01' and item_no = 'SP001'`);
      },
      {},
    ],
    [
      'stock below zero by more than the flagged offline sales took',
      async (tx) => {
        await tx.execute(sql`update sales_orders set flags = '{stock_short}' where pos_so_no = ${sale.pos_so_no}`);
        await tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, quantity, document_type, document_no, posting_date)
          select 'negative_adjmt', 'BK001', 'BK001-01', 'SP001', -(sum(quantity) + 1000), 'warehouse_entry', 'X', ${DAY}
          from item_ledger_entries where location_code = 'BK001-01' and item_no = 'SP001'`);
      },
      { 'on hand not negative': 1 },
    ],
  );

  it('lists flagged offline sales as information, not violations', async () => {
    const results = await afterDamage((tx) =>
      tx.execute(sql`update sales_orders set flags = '{price_changed}' where pos_so_no = ${sale.pos_so_no}`),
    );
    const flagged = results.find((r) => r.name === 'flagged offline counter sales');
    expect([flagged?.violations, flagged?.listed]).toEqual([0, 1]);
    expect(flagged?.examples[0]).toMatchObject({ pos_so_no: sale.pos_so_no, flags: 'price_changed' });
    expect(totalViolations(results)).toBe(0);
  });

  it.each(cases)('finds %s', async (_name, damage, expected) => {
    const results = await afterDamage(damage);
    const found = failing(results);
    for (const [name, n] of Object.entries(expected)) expect(found[name] ?? 0, name).toBe(n);
    // Nothing else is reported when the damage touches only what is listed.
    const named = Object.keys(expected);
    expect(Object.keys(found).filter((n) => !named.includes(n))).toEqual([]);
    // Examples come with the count.
    for (const r of results) if (r.violations > 0) expect(r.examples.length).toBeGreaterThan(0);
  });

  it('every check can fail: each is named by some damage above', () => {
    const proven = new Set(
      cases.flatMap(([, , expected]) =>
        Object.entries(expected)
          .filter(([, n]) => n > 0)
          .map(([k]) => k),
      ),
    );
    // An information check (flagged offline sales) lists rows and never fails (its own test above).
    expect(
      bookChecks
        .filter((c) => !c.info)
        .map((c) => c.name)
        .filter((n) => !proven.has(n)),
    ).toEqual([]);
  });

  it('the books are clean again after the rolled-back damage', async () => {
    expect(totalViolations(await checkBooks(db()))).toBe(0);
  });
});
