import { sql } from 'drizzle-orm';
import { recordCreditMemoEInvoice, recordInvoiceEInvoice } from '../modules/einvoices/record.js';
import { formatSeriesNumber, numberSeriesPrefix } from '@fp/contract';
import type { DbOrTx } from '../db/client.js';
import { D, toMoney, toQty } from '../kernel/money.js';
import { documentTotals, lineAmount } from '../modules/sales/totals.js';
import { CREDIT_MEMO_DOC, INVOICE_DOC, SHIPMENT_DOC } from './checks.js';
import { postCreditMemoValue, postInvoiceValue } from '../modules/reports/value.js';

// Postings written directly in SQL, the way the books checker expects them (checks.ts): the floor the "ship now"
// benchmark compares the API with, and books.test.ts's hand-made data. Not used by the app. The caller opens the
// transaction.

const rowsOf = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[];

/** The next number of a series in one statement (creates the series row on first use). */
export async function takeNumberDirect(tx: DbOrTx, franchise: string, type: string, date: string): Promise<string> {
  const year = Number(date.slice(0, 4));
  const prefix = numberSeriesPrefix(franchise, type, year);
  const r = await tx.execute(sql`
    insert into number_series (franchise_code, document_type, year, prefix, last_no, last_date)
    values (${franchise}, ${type}, ${year}, ${prefix}, 1, ${date}::date)
    on conflict (franchise_code, document_type, year) do update
      set last_no = number_series.last_no + 1, last_date = greatest(number_series.last_date, excluded.last_date),
        updated_at = now()
    returning last_no`);
  return formatSeriesNumber(prefix, Number(rowsOf(r)[0].last_no));
}

export type DirectLine = {
  item_no: string;
  quantity: string;
  unit_price: string;
  line_discount_amount?: string;
  location_code: string;
  unit_of_measure?: string;
  qty_per_unit_of_measure?: string;
  vat_percent?: string;
};

/**
 * A walk-in sale: an order with its lines, shipped and invoiced in full (a shipment, an invoice, an item ledger entry
 * per line, a customer ledger entry), status invoiced. `ship: false` leaves it released with nothing posted.
 * Returns the numbers it took.
 */
export async function directSale(
  tx: DbOrTx,
  o: {
    franchise: string;
    location: string;
    customer_no: string;
    date: string;
    lines: DirectLine[];
    invoice_discount_amount?: string;
    ship?: boolean;
  },
): Promise<{ pos_so_no: string; pos_ss_no?: string; pos_si_no?: string }> {
  const ship = o.ship ?? true;
  const lines = o.lines.map((l, i) => ({
    ...l,
    line_no: (i + 1) * 10000,
    line_discount_amount: l.line_discount_amount ?? '0',
    vat_percent: l.vat_percent ?? '10',
    unit_of_measure: l.unit_of_measure ?? 'PCS',
    qty_per_unit_of_measure: l.qty_per_unit_of_measure ?? '1',
    amount: lineAmount({ ...l, line_discount_amount: l.line_discount_amount ?? '0' }),
  }));
  const discount = o.invoice_discount_amount ?? '0';
  const totals = documentTotals(lines, { invoiceDiscount: discount });
  const posted = ship ? sql`${o.date}::date` : sql`null`;
  const soNo = await takeNumberDirect(tx, o.franchise, 'SO', o.date);
  await tx.execute(sql`
    insert into sales_orders (pos_so_no, document_type, franchise_code, location_code, sales_type, status,
      sell_to_code, bill_to_code, invoice_discount_amount, grand_total, order_date, posting_date)
    values (${soNo}, 'order', ${o.franchise}, ${o.location}, 'STEP IN STORE', ${ship ? 'invoiced' : 'released'},
      ${o.customer_no}, ${o.customer_no}, ${discount}, ${totals.grand_total}, ${o.date}::date, ${posted})`);
  const done = (q: string) => (ship ? q : '0');
  await tx.execute(sql`
    insert into sales_order_lines (pos_so_no, line_no, item_no, unit_of_measure, qty_per_unit_of_measure, location_code,
      quantity, unit_price, line_discount_amount, amount, vat_percent, qty_shipped, qty_invoiced)
    values ${sql.join(
      lines.map(
        (l) => sql`(${soNo}, ${l.line_no}, ${l.item_no}, ${l.unit_of_measure}, ${l.qty_per_unit_of_measure},
          ${l.location_code}, ${l.quantity}, ${l.unit_price}, ${l.line_discount_amount}, ${l.amount}, ${l.vat_percent},
          ${done(l.quantity)}, ${done(l.quantity)})`,
      ),
      sql`, `,
    )}`);
  if (!ship) return { pos_so_no: soNo };

  const ssNo = await takeNumberDirect(tx, o.franchise, 'SS', o.date);
  const siNo = await takeNumberDirect(tx, o.franchise, 'SI', o.date);
  const header = sql`${soNo}, ${o.franchise}, ${o.location}, ${o.customer_no}, ${o.date}::date, ${o.date}::date`;
  await tx.execute(sql`
    insert into sales_shipments (pos_ss_no, pos_so_no, franchise_code, location_code, customer_no, order_date, posting_date)
    values (${ssNo}, ${header})`);
  await tx.execute(sql`
    insert into sales_invoices (pos_si_no, pos_so_no, franchise_code, location_code, customer_no, order_date, posting_date,
      subtotal, line_discount_amount, invoice_discount_amount, vat_amount, amount)
    values (${siNo}, ${header}, ${totals.subtotal}, ${totals.line_discount_amount}, ${totals.invoice_discount_amount},
      ${totals.vat_amount}, ${totals.grand_total})`);
  const postedLines = (table: string, no: string) => sql`
    insert into ${sql.identifier(table)} (${sql.identifier(table === 'sales_shipment_lines' ? 'pos_ss_no' : 'pos_si_no')},
      line_no, order_line_no, item_no, unit_of_measure, location_code, quantity, unit_price, line_discount_amount,
      amount, vat_percent)
    select ${no}, line_no, line_no, item_no, unit_of_measure, location_code, quantity, unit_price, line_discount_amount,
      amount, vat_percent
    from sales_order_lines where pos_so_no = ${soNo}`;
  await tx.execute(postedLines('sales_shipment_lines', ssNo));
  await tx.execute(postedLines('sales_invoice_lines', siNo));
  await tx.execute(sql`
    insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, variant_code, quantity,
      document_type, document_no, document_line_no, order_no, posting_date)
    select 'sale', ${o.franchise}, location_code, item_no, variant_code, -round(quantity * qty_per_unit_of_measure, 5),
      ${SHIPMENT_DOC}, ${ssNo}, line_no, ${soNo}, ${o.date}::date
    from sales_order_lines where pos_so_no = ${soNo}`);
  await tx.execute(sql`
    insert into customer_ledger_entries (entry_type, franchise_code, customer_no, amount, document_type, document_no,
      order_no, posting_date)
    values ('invoice', ${o.franchise}, ${o.customer_no}, ${totals.grand_total}, ${INVOICE_DOC}, ${siNo}, ${soNo},
      ${o.date}::date)`);
  await postInvoiceValue(tx, siNo);
  await recordInvoiceEInvoice(tx, siNo);
  return { pos_so_no: soNo, pos_ss_no: ssNo, pos_si_no: siNo };
}

type OrderLineRow = {
  line_no: number;
  item_no: string;
  variant_code: string;
  unit_of_measure: string;
  qty_per_unit_of_measure: string;
  location_code: string;
  quantity: string;
  unit_price: string;
  line_discount_amount: string;
  vat_percent: string;
};

/**
 * A credit memo of an invoiced order: a credit_memo document (SCM) whose lines carry the credited quantities with
 * the order line's line_no, stock back (+base units), a customer ledger credit of −its grand total, the order
 * lines' qty_credited raised.
 */
export async function directCreditMemo(
  tx: DbOrTx,
  o: { orderNo: string; date: string; lines: { line_no: number; quantity: string }[] },
): Promise<string> {
  const head = rowsOf(
    await tx.execute(
      sql`select franchise_code, location_code, sell_to_code from sales_orders where pos_so_no = ${o.orderNo}`,
    ),
  )[0] as { franchise_code: string; location_code: string; sell_to_code: string };
  const orderLines = rowsOf(
    await tx.execute(sql`select * from sales_order_lines where pos_so_no = ${o.orderNo}`),
  ) as unknown as OrderLineRow[];
  const lines = o.lines.map((c) => {
    const l = orderLines.find((x) => Number(x.line_no) === c.line_no);
    if (!l) throw new Error(`no line ${c.line_no} on ${o.orderNo}`);
    const discount = toMoney(D(l.line_discount_amount).mul(c.quantity).div(l.quantity));
    return { ...l, line_no: c.line_no, quantity: toQty(c.quantity), line_discount_amount: discount };
  });
  const totals = documentTotals(lines);
  const cmNo = await takeNumberDirect(tx, head.franchise_code, 'SCM', o.date);
  await tx.execute(sql`
    insert into sales_orders (pos_so_no, document_type, franchise_code, location_code, status, sell_to_code,
      bill_to_code, grand_total, applies_to_order_no, order_date, posting_date)
    values (${cmNo}, 'credit_memo', ${head.franchise_code}, ${head.location_code}, 'invoiced', ${head.sell_to_code},
      ${head.sell_to_code}, ${totals.grand_total}, ${o.orderNo}, ${o.date}::date, ${o.date}::date)`);
  for (const l of lines) {
    await tx.execute(sql`
      insert into sales_order_lines (pos_so_no, line_no, item_no, unit_of_measure, qty_per_unit_of_measure,
        location_code, quantity, unit_price, line_discount_amount, amount, vat_percent, qty_invoiced)
      values (${cmNo}, ${l.line_no}, ${l.item_no}, ${l.unit_of_measure}, ${l.qty_per_unit_of_measure},
        ${l.location_code}, ${l.quantity}, ${l.unit_price}, ${l.line_discount_amount}, ${lineAmount(l)},
        ${l.vat_percent}, ${l.quantity})`);
    await tx.execute(sql`
      insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, variant_code, quantity,
        document_type, document_no, document_line_no, order_no, posting_date)
      values ('sale_return', ${head.franchise_code}, ${l.location_code}, ${l.item_no}, ${l.variant_code},
        round(${l.quantity}::numeric * ${l.qty_per_unit_of_measure}::numeric, 5), ${CREDIT_MEMO_DOC}, ${cmNo},
        ${l.line_no}, ${o.orderNo}, ${o.date}::date)`);
    await tx.execute(sql`
      update sales_order_lines set qty_credited = qty_credited + ${l.quantity}::numeric
      where pos_so_no = ${o.orderNo} and line_no = ${l.line_no}`);
  }
  await tx.execute(sql`
    insert into customer_ledger_entries (entry_type, franchise_code, customer_no, amount, document_type, document_no,
      order_no, posting_date)
    values ('credit_memo', ${head.franchise_code}, ${head.sell_to_code}, ${D(totals.grand_total).neg().toFixed(2)},
      ${CREDIT_MEMO_DOC}, ${cmNo}, ${o.orderNo}, ${o.date}::date)`);
  await postCreditMemoValue(tx, cmNo);
  await recordCreditMemoEInvoice(tx, cmNo);
  return cmNo;
}

/** Stock for the sales: a positive adjustment per location and item (base units). */
export async function directStock(
  tx: DbOrTx,
  o: { franchise: string; date: string; stock: { location_code: string; item_no: string; quantity: string }[] },
) {
  for (const s of o.stock)
    await tx.execute(sql`
      insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, quantity, document_type,
        document_no, posting_date)
      values ('positive_adjmt', ${o.franchise}, ${s.location_code}, ${s.item_no}, ${s.quantity}, 'opening_stock',
        'OPENING', ${o.date}::date)`);
}
