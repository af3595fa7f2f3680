import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../test/helpers.js';
import type { Db, Tx } from '../db/client.js';
import { bookChecks, checkBooks, totalViolations, type BookCheckResult } from './checks.js';
import { directCreditMemo, directSale, directStock } from './direct.js';

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
      { 'posted lines name an order line': 1 },
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
      { 'qty credited = credit memo lines': 1, 'item ledger per credit memo line': 1 },
    ],
    [
      'an invoice whose amount is not its lines',
      async (tx) => {
        await tx.execute(sql`alter table sales_invoices disable trigger sales_invoices_append_only`);
        await tx.execute(sql`update sales_invoices set amount = amount + 1 where pos_si_no = ${sale.pos_si_no}`);
        await tx.execute(sql`alter table sales_invoices enable trigger sales_invoices_append_only`);
      },
      { 'invoice amount = lines': 1, 'customer ledger per invoice': 1 },
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
  ];

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
    expect(bookChecks.map((c) => c.name).filter((n) => !proven.has(n))).toEqual([]);
  });

  it('the books are clean again after the rolled-back damage', async () => {
    expect(totalViolations(await checkBooks(db()))).toBe(0);
  });
});
