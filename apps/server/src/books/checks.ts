import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bankPaymentTypes } from '@fp/contract';
import { ADJUSTMENT_DOC, CASH_RECEIPT_DOC } from '../modules/payments/documents.js';
import { remainingAmountSql } from '../modules/sales/amounts.js';
import { purchasePostingChecks } from '../modules/purchasing/posting/book-checks.js';
import { shiftBookChecks } from '../modules/shifts/book-checks.js';
import { revenueChecks } from '../modules/reports/book-checks.js';
import { eInvoiceChecks } from '../modules/einvoices/book-checks.js';

// The books checker (issue 8, "Must show"; `npm run check:books`, cli.ts). Every invariant of the posted data is one
// SQL query that returns the rows that break it: 0 rows = the invariant holds. It reads only: the checks run in one
// READ ONLY, REPEATABLE READ transaction (one snapshot for all of them). Later issues (purchases, consignment,
// payments, points, cashbook) add their checks to `bookChecks` (one registry), their posted tables to
// `appendOnlyTables` and their numbered documents to `numberedDocuments`.

export type BookCheck = {
  /** Short and stable: the CLI prints it, tests name it, `npm run check:books -- <part of a name>` selects it. */
  name: string;
  /** What must hold, in one sentence. */
  rule: string;
  /** Rows that violate the rule (each row one example: keys and the figures that disagree). */
  query: () => SQL;
};

export type BookCheckResult = {
  name: string;
  rule: string;
  violations: number;
  examples: Record<string, unknown>[];
  /** How long the check's query took. */
  ms: number;
};

// ---------- conventions of the postings (the document types the ledgers name) ----------

/** item_ledger_entries.document_type of a posted sales shipment (quantity −base units per shipment line). */
export const SHIPMENT_DOC = 'sales_shipment';
/** item_ledger_entries / customer_ledger_entries .document_type of a posted credit memo (document_no = its pos_so_no). */
export const CREDIT_MEMO_DOC = 'sales_credit_memo';
/** customer_ledger_entries.document_type of a posted sales invoice (document_no = pos_si_no). */
export const INVOICE_DOC = 'sales_invoice';
/** item_ledger_entries.document_type of posted warehouse entries (document_no = WE, document_line_no = the entry's id). */
export const WAREHOUSE_ENTRY_DOC = 'warehouse_entry';
/** item_ledger_entries.document_type of warehouse transfers (two entries per line: − from, + to). */
export const WAREHOUSE_TRANSFER_DOC = 'warehouse_transfer';

/**
 * Tables whose rows are never changed or deleted, and the trigger function that refuses it (migration
 * 0008_posted_immutable.sql). The proof at the database level: a BEFORE UPDATE OR DELETE … FOR EACH ROW trigger
 * calling that function exists and is enabled on each, and the function raises.
 */
export const appendOnlyTables: { table: string; fn: string }[] = [
  { table: 'item_ledger_entries', fn: 'fp_refuse_change' },
  { table: 'customer_ledger_entries', fn: 'fp_refuse_change' },
  { table: 'sales_shipments', fn: 'fp_refuse_change' },
  { table: 'sales_shipment_lines', fn: 'fp_refuse_change' },
  { table: 'sales_invoices', fn: 'fp_refuse_change' },
  { table: 'sales_invoice_lines', fn: 'fp_refuse_change' },
  // Credit memo documents are rows of sales_orders(_lines), refused once written.
  { table: 'sales_orders', fn: 'fp_refuse_posted_credit_memo_change' },
  { table: 'sales_order_lines', fn: 'fp_refuse_posted_credit_memo_change' },
  // payments (issue 9): a processed receipt never changes; adjustments are append-only.
  { table: 'cash_receipts', fn: 'fp_refuse_processed_receipt_change' },
  { table: 'remaining_amount_adjustments', fn: 'fp_refuse_change' },
  // Loyalty (issue 9, migration *_loyalty_append_only.sql): the points ledgers and the loyalty postings of sales.
  { table: 'redeemable_point_entries', fn: 'fp_refuse_change' },
  { table: 'ranking_point_entries', fn: 'fp_refuse_change' },
  { table: 'loyalty_sales_postings', fn: 'fp_refuse_change' },
  { table: 'loyalty_referral_rewards', fn: 'fp_refuse_change' },
  // Purchasing and consignment (issue 10, migration *_purchasing_append_only.sql).
  { table: 'vendor_ledger_entries', fn: 'fp_refuse_change' },
  { table: 'purchase_shipments', fn: 'fp_refuse_change' },
  { table: 'purchase_shipment_lines', fn: 'fp_refuse_change' },
  { table: 'purchase_invoices', fn: 'fp_refuse_change' },
  { table: 'purchase_invoice_lines', fn: 'fp_refuse_change' },
  { table: 'purchase_receipts', fn: 'fp_refuse_change' },
  { table: 'purchase_receipt_lines', fn: 'fp_refuse_change' },
  { table: 'purchase_orders', fn: 'fp_refuse_posted_purchase_credit_memo_change' },
  { table: 'purchase_order_lines', fn: 'fp_refuse_posted_purchase_credit_memo_change' },
  { table: 'transfer_shipments', fn: 'fp_refuse_change' },
  { table: 'transfer_shipment_lines', fn: 'fp_refuse_change' },
  { table: 'consignment_receipts', fn: 'fp_refuse_change' },
  { table: 'consignment_receipt_lines', fn: 'fp_refuse_change' },
  // Revenue storage (issue 11, migration *_sales_value_backfill.sql): written by the sales postings.
  { table: 'sales_value_entries', fn: 'fp_refuse_change' },
  { table: 'sales_value_documents', fn: 'fp_refuse_change' },
  // Warehouse (issue 10, migration *_warehouse_append_only.sql): a posted entry never changes; transfers are written once.
  { table: 'warehouse_entries', fn: 'fp_refuse_posted_warehouse_entry_change' },
  { table: 'warehouse_transfers', fn: 'fp_refuse_change' },
  { table: 'warehouse_transfer_lines', fn: 'fp_refuse_change' },
  // Money (issue 11, migration *_money_append_only.sql): a bank account entry is never changed; a correction is new.
  { table: 'bank_account_entries', fn: 'fp_refuse_change' },
  // Shifts (issue 11, migration *_shifts_append_only.sql): counts are written once; a closed shift never changes.
  { table: 'shift_counts', fn: 'fp_refuse_change' },
  { table: 'shifts', fn: 'fp_refuse_closed_shift_change' },
];

/**
 * Where each series' numbers are used: `source` selects the column `no`. `gapFree`: the used numbers are exactly
 * 1 … last_no of the series (a number taken is a document that exists); otherwise they are unique and ≤ last_no only
 * (customer records may be deleted: `deleteCustomerRecord`).
 */
export const numberedDocuments: { type: string; source: SQL; gapFree: boolean }[] = [
  { type: 'SO', source: sql`select pos_so_no as no from sales_orders where document_type = 'order'`, gapFree: true },
  { type: 'SQ', source: sql`select pos_so_no as no from sales_orders where document_type = 'quote'`, gapFree: true },
  {
    type: 'SCM',
    source: sql`select pos_so_no as no from sales_orders where document_type = 'credit_memo'`,
    gapFree: true,
  },
  { type: 'SS', source: sql`select pos_ss_no as no from sales_shipments`, gapFree: true },
  { type: 'SI', source: sql`select pos_si_no as no from sales_invoices`, gapFree: true },
  { type: 'CUS', source: sql`select customer_no as no from customers`, gapFree: false },
  // payments (issue 9): an open receipt may be deleted, so RC numbers are unique but may have gaps.
  { type: 'RC', source: sql`select receipt_no as no from cash_receipts`, gapFree: false },
  // Purchasing and consignment (issue 10). bc_so_no is taken once, at the first release (a reopen keeps it).
  { type: 'PO', source: sql`select pos_po_no as no from purchase_orders where type = 'Order'`, gapFree: true },
  { type: 'PCM', source: sql`select pos_po_no as no from purchase_orders where type = 'Credit Memo'`, gapFree: true },
  { type: 'HSO', source: sql`select bc_so_no as no from purchase_orders where bc_so_no <> ''`, gapFree: true },
  { type: 'HSS', source: sql`select no from purchase_shipments`, gapFree: true },
  { type: 'HSI', source: sql`select no from purchase_invoices`, gapFree: true },
  { type: 'PR', source: sql`select pos_pr_no as no from purchase_receipts`, gapFree: true },
  { type: 'TO', source: sql`select bc_to_no as no from transfer_orders`, gapFree: true },
  { type: 'TS', source: sql`select no from transfer_shipments`, gapFree: true },
  { type: 'CR', source: sql`select no from consignment_receipts`, gapFree: true },
  { type: 'CI', source: sql`select ci_no as no from consignment_issues`, gapFree: true },
  // Warehouse (issue 10): one WE number per posting call, shared by the entries posted together.
  {
    type: 'WE',
    source: sql`select distinct document_no as no from warehouse_entries where status = 'posted'`,
    gapFree: true,
  },
  { type: 'WT', source: sql`select document_no as no from warehouse_transfers`, gapFree: true },
  // Money (issue 11): one BA number per bank account entry (manual, or of a processed transfer/card receipt).
  { type: 'BA', source: sql`select entry_no as no from bank_account_entries`, gapFree: true },
  // Shifts (issue 11): a shift is never deleted.
  { type: 'SH', source: sql`select shift_no as no from shifts`, gapFree: true },
];

// ---------- building blocks ----------

/** Receipt methods that move money through a bank account (a processed one has its bank account entry). */
const BANK_PAYMENT_TYPES: readonly string[] = bankPaymentTypes;

/** Base units of a line quantity, as the ledger stores them (numeric(18,5)). */
const base = (q: SQL, perUnit: SQL) => sql`round(${q} * ${perUnit}, 5)`;

/** The lines of credit memo documents, with the order they credit. */
const creditMemoLines = sql`
  select cm.pos_so_no as cm_no, cm.applies_to_order_no as order_no, cl.line_no, cl.item_no, cl.variant_code,
    cl.location_code, cl.quantity, cl.qty_per_unit_of_measure
  from sales_order_lines cl join sales_orders cm on cm.pos_so_no = cl.pos_so_no and cm.document_type = 'credit_memo'`;

/** Every used number of a series type: no, type, prefix (`HN001-SO-26-`) and n (123). */
const usedNumbers = () =>
  sql.join(
    numberedDocuments.map(
      (d) => sql`select u.no, ${d.type}::text as type, left(u.no, length(u.no) - 6) as prefix, right(u.no, 6)::int as n
      from (${d.source}) u
      where u.no like ${`%-${d.type}-__-______`} and translate(right(u.no, 6), '0123456789', '') = ''`,
    ),
    sql` union all `,
  );

const allowNegativeStock = sql`coalesce((select lower(value #>> '{}') in ('true', 't', '1', 'yes', 'on')
  from settings where key = 'allow_negative_stock'), false)`;

// ---------- the registry ----------

export const bookChecks: BookCheck[] = [
  {
    name: 'sales line quantities',
    rule: 'per order line: 0 ≤ credited ≤ invoiced ≤ shipped ≤ quantity, and qty to ship / to invoice ≥ 0',
    query: () => sql`
      select l.pos_so_no, l.line_no, l.quantity, l.qty_shipped, l.qty_invoiced, l.qty_credited, l.qty_to_ship,
        l.qty_to_invoice
      from sales_order_lines l join sales_orders o on o.pos_so_no = l.pos_so_no
      where o.document_type in ('order', 'quote')
        and not (l.quantity >= 0 and l.qty_shipped >= 0 and l.qty_invoiced >= 0 and l.qty_credited >= 0
          and l.qty_to_ship >= 0 and l.qty_to_invoice >= 0
          and l.qty_shipped <= l.quantity and l.qty_invoiced <= l.qty_shipped and l.qty_credited <= l.qty_invoiced)`,
  },
  {
    name: 'qty shipped = shipment lines',
    rule: "an order line's qty_shipped is the sum of its posted shipment lines",
    query: () => sql`
      select l.pos_so_no, l.line_no, l.qty_shipped, coalesce(p.q, 0) as posted
      from sales_order_lines l join sales_orders o on o.pos_so_no = l.pos_so_no and o.document_type = 'order'
      left join (select s.pos_so_no, sl.order_line_no, sum(sl.quantity) as q
        from sales_shipment_lines sl join sales_shipments s on s.pos_ss_no = sl.pos_ss_no group by 1, 2) p
        on p.pos_so_no = l.pos_so_no and p.order_line_no = l.line_no
      where l.qty_shipped <> coalesce(p.q, 0)`,
  },
  {
    name: 'qty invoiced = invoice lines',
    rule: "an order line's qty_invoiced is the sum of its posted invoice lines",
    query: () => sql`
      select l.pos_so_no, l.line_no, l.qty_invoiced, coalesce(p.q, 0) as posted
      from sales_order_lines l join sales_orders o on o.pos_so_no = l.pos_so_no and o.document_type = 'order'
      left join (select i.pos_so_no, il.order_line_no, sum(il.quantity) as q
        from sales_invoice_lines il join sales_invoices i on i.pos_si_no = il.pos_si_no group by 1, 2) p
        on p.pos_so_no = l.pos_so_no and p.order_line_no = l.line_no
      where l.qty_invoiced <> coalesce(p.q, 0)`,
  },
  {
    name: 'qty credited = credit memo lines',
    rule: "an order line's qty_credited is the sum of the lines with its line_no on credit memos applying to the order",
    query: () => sql`
      select l.pos_so_no, l.line_no, l.qty_credited, coalesce(p.q, 0) as posted
      from sales_order_lines l join sales_orders o on o.pos_so_no = l.pos_so_no and o.document_type = 'order'
      left join (select c.order_no, c.line_no, sum(c.quantity) as q from (${creditMemoLines}) c group by 1, 2) p
        on p.order_no = l.pos_so_no and p.line_no = l.line_no
      where l.qty_credited <> coalesce(p.q, 0)`,
  },
  {
    name: 'posted lines name an order line',
    rule: 'every shipment, invoice and credit memo line belongs to an existing line of its order',
    query: () => sql`
      select 'shipment' as document, s.pos_ss_no as document_no, sl.line_no, s.pos_so_no, sl.order_line_no
      from sales_shipment_lines sl join sales_shipments s on s.pos_ss_no = sl.pos_ss_no
      where not exists (select 1 from sales_order_lines l join sales_orders o on o.pos_so_no = l.pos_so_no
        where o.document_type = 'order' and l.pos_so_no = s.pos_so_no and l.line_no = sl.order_line_no)
      union all
      select 'invoice', i.pos_si_no, il.line_no, i.pos_so_no, il.order_line_no
      from sales_invoice_lines il join sales_invoices i on i.pos_si_no = il.pos_si_no
      where not exists (select 1 from sales_order_lines l join sales_orders o on o.pos_so_no = l.pos_so_no
        where o.document_type = 'order' and l.pos_so_no = i.pos_so_no and l.line_no = il.order_line_no)
      union all
      select 'credit memo', c.cm_no, c.line_no, c.order_no, c.line_no
      from (${creditMemoLines}) c
      where not exists (select 1 from sales_order_lines l join sales_orders o on o.pos_so_no = l.pos_so_no
        where o.document_type = 'order' and l.pos_so_no = c.order_no and l.line_no = c.line_no)`,
  },
  {
    name: 'item ledger per shipment line',
    rule: `each shipment line has one item ledger entry (${SHIPMENT_DOC}, same document no and line) of −quantity × qty per unit of measure of its order line, same item and variant`,
    query: () => sql`
      select sl.pos_ss_no, sl.line_no, sl.item_no, sl.quantity,
        -${base(sql`sl.quantity`, sql`coalesce(max(ol.qty_per_unit_of_measure), 1)`)} as expected,
        count(e.id)::int as entries, sum(e.quantity) as ledger
      from sales_shipment_lines sl join sales_shipments s on s.pos_ss_no = sl.pos_ss_no
      left join sales_order_lines ol on ol.pos_so_no = s.pos_so_no and ol.line_no = sl.order_line_no
      left join item_ledger_entries e on e.document_type = ${SHIPMENT_DOC} and e.document_no = sl.pos_ss_no
        and e.document_line_no = sl.line_no
      group by sl.pos_ss_no, sl.line_no, sl.item_no, sl.variant_code, sl.location_code, sl.quantity
      having count(e.id) <> 1
        or sum(e.quantity) is distinct from -${base(sql`sl.quantity`, sql`coalesce(max(ol.qty_per_unit_of_measure), 1)`)}
        or bool_or(e.item_no <> sl.item_no or e.variant_code <> sl.variant_code
          or (sl.location_code <> '' and e.location_code <> sl.location_code))`,
  },
  {
    name: 'item ledger per shipment',
    rule: `Σ item ledger of each sales shipment = −Σ its lines' base quantity; no ${SHIPMENT_DOC} entry without its shipment`,
    query: () => sql`
      select coalesce(p.pos_ss_no, e.document_no) as pos_ss_no, coalesce(p.q, 0) as expected, coalesce(e.q, 0) as ledger
      from (select sl.pos_ss_no,
          -sum(${base(sql`sl.quantity`, sql`coalesce(ol.qty_per_unit_of_measure, 1)`)}) as q
        from sales_shipment_lines sl join sales_shipments s on s.pos_ss_no = sl.pos_ss_no
        left join sales_order_lines ol on ol.pos_so_no = s.pos_so_no and ol.line_no = sl.order_line_no
        group by sl.pos_ss_no) p
      full join (select document_no, sum(quantity) as q from item_ledger_entries
        where document_type = ${SHIPMENT_DOC} group by document_no) e on e.document_no = p.pos_ss_no
      where p.q is distinct from e.q`,
  },
  {
    name: 'item ledger per credit memo line',
    rule: `each credit memo line has one item ledger entry (${CREDIT_MEMO_DOC}, same document no and line) of +quantity × qty per unit of measure; no such entry without its line`,
    query: () => sql`
      select coalesce(c.cm_no, e.document_no) as credit_memo_no, coalesce(c.line_no, e.document_line_no) as line_no,
        ${base(sql`c.quantity`, sql`c.qty_per_unit_of_measure`)} as expected, coalesce(e.n, 0) as entries,
        e.q as ledger
      from (${creditMemoLines}) c
      full join (select document_no, document_line_no, count(*)::int as n, sum(quantity) as q,
          min(item_no) as item_no, max(item_no) as item_no_max
        from item_ledger_entries where document_type = ${CREDIT_MEMO_DOC} group by 1, 2) e
        on e.document_no = c.cm_no and e.document_line_no = c.line_no
      where c.cm_no is null or e.document_no is null or e.n <> 1
        or e.q <> ${base(sql`c.quantity`, sql`c.qty_per_unit_of_measure`)}
        or e.item_no <> c.item_no or e.item_no_max <> c.item_no`,
  },
  {
    name: 'invoice amount = lines',
    rule: "a posted invoice's amount = Σ its lines' amount − its invoice discount + its fees",
    query: () => sql`
      select i.pos_si_no, i.amount, coalesce(sum(il.amount), 0) as lines_amount, i.invoice_discount_amount,
        i.fees_amount
      from sales_invoices i left join sales_invoice_lines il on il.pos_si_no = i.pos_si_no
      group by i.pos_si_no, i.amount, i.invoice_discount_amount, i.fees_amount
      having i.amount <> coalesce(sum(il.amount), 0) - i.invoice_discount_amount + i.fees_amount`,
  },
  {
    name: 'customer ledger per invoice',
    rule: `each posted invoice has one customer ledger entry (${INVOICE_DOC}) of +its amount; no such entry without its invoice`,
    query: () => sql`
      select coalesce(i.pos_si_no, e.document_no) as pos_si_no, i.amount as expected, coalesce(e.n, 0) as entries,
        e.amount as ledger
      from sales_invoices i
      full join (select document_no, count(*)::int as n, sum(amount) as amount from customer_ledger_entries
        where document_type = ${INVOICE_DOC} group by document_no) e on e.document_no = i.pos_si_no
      where i.pos_si_no is null or e.document_no is null or e.n <> 1 or e.amount <> i.amount`,
  },
  {
    name: 'customer ledger per credit memo',
    rule: `each credit memo has one customer ledger entry (${CREDIT_MEMO_DOC}) of −its grand total; no such entry without its credit memo`,
    query: () => sql`
      select coalesce(c.pos_so_no, e.document_no) as credit_memo_no, -c.grand_total as expected,
        coalesce(e.n, 0) as entries, e.amount as ledger
      from (select pos_so_no, grand_total from sales_orders where document_type = 'credit_memo') c
      full join (select document_no, count(*)::int as n, sum(amount) as amount from customer_ledger_entries
        where document_type = ${CREDIT_MEMO_DOC} group by document_no) e on e.document_no = c.pos_so_no
      where c.pos_so_no is null or e.document_no is null or e.n <> 1 or e.amount <> -c.grand_total`,
  },
  {
    name: 'grand total = lines',
    rule: "a sales document's grand_total = Σ its item lines' amount − invoice, promotion and points discounts + fees, and fees_amount = Σ its fees (documentTotals)",
    query: () => sql`
      select o.pos_so_no, o.document_type, o.grand_total, coalesce(l.amount, 0) as lines_amount,
        o.invoice_discount_amount, o.promotion_discount_amount, o.points_discount_amount, o.fees_amount,
        coalesce(f.amount, 0) as fees
      from sales_orders o
      left join (select pos_so_no, sum(amount) as amount from sales_order_lines where line_type = 'item' group by 1) l
        on l.pos_so_no = o.pos_so_no
      left join (select pos_so_no, sum(amount) as amount from sales_order_fees group by 1) f on f.pos_so_no = o.pos_so_no
      where o.fees_amount <> coalesce(f.amount, 0)
        or o.grand_total <> coalesce(l.amount, 0) - o.invoice_discount_amount - o.promotion_discount_amount
          - o.points_discount_amount + o.fees_amount`,
  },
  {
    name: 'line amount = quantity × price − discount',
    rule: "an order or quote line's amount = round(quantity × unit price, 2) − line discount amount (lineAmount)",
    query: () => sql`
      select l.pos_so_no, l.line_no, l.quantity, l.unit_price, l.line_discount_amount, l.amount
      from sales_order_lines l join sales_orders o on o.pos_so_no = l.pos_so_no
      where o.document_type in ('order', 'quote') and l.line_type = 'item'
        and l.amount <> round(l.quantity * l.unit_price - l.line_discount_amount, 2)`,
  },
  // purchasing (issue 10, modules/purchasing README "Money"): totals stored, recomputed with every change of lines.
  {
    name: 'purchase order totals = lines',
    rule: "a purchase order's (or purchase credit memo's) total_lines = Σ its lines' amount and grand_total = total_lines − invoice_discount_amount",
    query: () => sql`
      select o.pos_po_no, o.type, o.total_lines, o.grand_total, o.invoice_discount_amount,
        coalesce(l.amount, 0) as lines_amount
      from purchase_orders o
      left join (select pos_po_no, sum(amount) as amount from purchase_order_lines group by 1) l
        on l.pos_po_no = o.pos_po_no
      where o.total_lines <> coalesce(l.amount, 0) or o.grand_total <> o.total_lines - o.invoice_discount_amount`,
  },
  {
    name: 'purchase line amount = qty × price − discount',
    rule: "a purchase order line's amount = round(purchase_qty × unit_price, 2) − line_discount_amount",
    query: () => sql`
      select l.pos_po_no, l.line_no, l.purchase_qty, l.unit_price, l.line_discount_amount, l.amount
      from purchase_order_lines l join purchase_orders o on o.pos_po_no = l.pos_po_no
      where o.type = 'Order' and l.amount <> round(l.purchase_qty * l.unit_price, 2) - l.line_discount_amount`,
  },
  {
    name: 'numbers gap-free per series',
    rule: 'per franchise, type and year the numbers used are 1 … last_no of the number series, each once (customers: unique, ≤ last_no)',
    query: () => sql`
      with used as (${usedNumbers()}),
      kinds(type, gap_free) as (values ${sql.join(
        numberedDocuments.map((d) => sql`(${d.type}::text, ${d.gapFree}::boolean)`),
        sql`, `,
      )}),
      steps as (select type, prefix, n, n - lag(n, 1, 0) over (partition by type, prefix order by n) as step from used),
      per_prefix as (select type, prefix, count(*)::int as used, count(distinct n)::int as distinct_used,
          min(n) as first_no, max(n) as max_no, min(n - step + 1) filter (where step > 1) as first_missing
        from steps group by type, prefix)
      select s.franchise_code, s.document_type, s.year, s.last_no, coalesce(p.used, 0) as used,
        coalesce(p.distinct_used, 0) as distinct_used, p.max_no,
        coalesce(p.first_missing, case when coalesce(p.max_no, 0) < s.last_no then coalesce(p.max_no, 0) + 1 end)
          as first_missing
      from number_series s join kinds k on k.type = s.document_type
      left join per_prefix p on p.type = s.document_type and p.prefix = s.prefix
      where coalesce(p.distinct_used, 0) <> coalesce(p.used, 0) or coalesce(p.max_no, 0) > s.last_no
        or coalesce(p.first_no, 1) < 1 or (k.gap_free and coalesce(p.used, 0) <> s.last_no)`,
  },
  {
    name: 'numbers belong to a series',
    rule: 'every number in the series format has its number series row (franchise, type, year)',
    query: () => sql`
      select u.no, u.type from (${usedNumbers()}) u
      where not exists (select 1 from number_series s where s.document_type = u.type and s.prefix = u.prefix)`,
  },
  {
    name: 'posted rows append-only',
    rule: 'every posted table and ledger has its enabled BEFORE UPDATE OR DELETE row trigger whose function raises',
    query: () => sql`
      select v.table_name, v.function_name, v.problem from (
        select e.table_name, e.function_name,
          case when to_regclass(e.table_name) is null then 'table missing'
            when p.oid is null then 'function missing'
            when t.oid is null then 'no BEFORE UPDATE OR DELETE row trigger calling it'
            when t.tgenabled not in ('O', 'A') then 'trigger disabled'
            when p.prosrc not ilike '%raise%exception%' then 'function does not raise'
          end as problem
        from (values ${sql.join(
          appendOnlyTables.map((a) => sql`(${a.table}::text, ${a.fn}::text)`),
          sql`, `,
        )}) e(table_name, function_name)
        left join pg_proc p on p.proname = e.function_name
        left join lateral (select t.oid, t.tgenabled from pg_trigger t
          where t.tgrelid = to_regclass(e.table_name) and t.tgfoid = p.oid and not t.tgisinternal
            and (t.tgtype & 1) = 1 and (t.tgtype & 2) = 2 and (t.tgtype & 8) = 8 and (t.tgtype & 16) = 16
          order by (t.tgenabled in ('O', 'A')) desc limit 1) t on true
      ) v where v.problem is not null`,
  },
  {
    name: 'on hand not negative',
    rule: 'while allow_negative_stock is off, on hand (Σ item ledger) per location, item and variant is ≥ 0',
    query: () => sql`
      select location_code, item_no, variant_code, sum(quantity) as on_hand
      from item_ledger_entries
      where not ${allowNegativeStock}
      group by location_code, item_no, variant_code
      having sum(quantity) < 0`,
  },
  {
    name: 'status matches quantities',
    rule: 'open/released/confirmed/canceled: nothing shipped; partial_delivered: some shipped, some outstanding; shipped: all shipped, not all invoiced; invoiced: all shipped is invoiced; credit memos: invoiced',
    query: () => sql`
      select v.pos_so_no, v.document_type, v.status, v.problem from (
        select q.*, case
          when q.document_type = 'credit_memo' then case when q.status <> 'invoiced' then 'a credit memo is invoiced' end
          when q.status in ('open', 'released', 'confirmed', 'canceled') and q.any_posted
            then 'shipped or invoiced while ' || q.status
          when q.status = 'partial_delivered' and not q.any_shipped then 'partial_delivered but nothing shipped'
          when q.status = 'partial_delivered' and q.all_shipped then 'partial_delivered but everything shipped'
          when q.status = 'shipped' and not q.all_shipped then 'shipped but not everything shipped'
          when q.status = 'shipped' and q.all_invoiced then 'everything shipped and invoiced but not invoiced'
          when q.status = 'invoiced' and not q.all_invoiced then 'invoiced but not everything shipped is invoiced'
        end as problem
        from (select o.pos_so_no, o.document_type, o.status,
            coalesce(l.any_posted, false) as any_posted, coalesce(l.any_shipped, false) as any_shipped,
            coalesce(l.all_shipped, true) as all_shipped, coalesce(l.all_invoiced, true) as all_invoiced
          from sales_orders o left join (select pos_so_no,
              bool_or(l.qty_shipped > 0 or l.qty_invoiced > 0) as any_posted, bool_or(l.qty_shipped > 0) as any_shipped,
              bool_and(l.qty_shipped = l.quantity) as all_shipped, bool_and(l.qty_invoiced = l.qty_shipped) as all_invoiced
            from sales_order_lines l where l.line_type = 'item' group by pos_so_no) l on l.pos_so_no = o.pos_so_no
          where o.document_type in ('order', 'credit_memo')) q
      ) v where v.problem is not null`,
  },
  // ---------- payments (issue 9): cash receipts, remaining-amount adjustments, the remaining amount ----------
  {
    name: 'customer ledger per cash receipt',
    rule: `each processed cash receipt has one customer ledger entry 'payment' (${CASH_RECEIPT_DOC}) of −its amount on its order; no such entry for an open or missing receipt`,
    query: () => sql`
      select coalesce(r.receipt_no, e.document_no) as receipt_no, r.status, -r.amount as expected,
        coalesce(e.n, 0) as entries, e.amount as ledger
      from cash_receipts r
      full join (select document_no, count(*)::int as n, sum(amount) as amount,
          bool_and(entry_type = 'payment') as typed, min(order_no) as order_no, max(order_no) as order_no_max
        from customer_ledger_entries where document_type = ${CASH_RECEIPT_DOC} group by document_no) e
        on e.document_no = r.receipt_no
      where (r.receipt_no is null)
        or (r.status = 'open' and e.document_no is not null)
        or (r.status = 'processed' and (e.document_no is null or e.n <> 1 or e.amount <> -r.amount or not e.typed
          or e.order_no <> r.pos_so_no or e.order_no_max <> r.pos_so_no or r.posting_date is null))`,
  },
  {
    name: 'customer ledger per remaining-amount adjustment',
    rule: `each remaining-amount adjustment has one customer ledger entry 'adjustment' (${ADJUSTMENT_DOC}) of −its amount on its order; no such entry without its adjustment`,
    query: () => sql`
      select coalesce(a.id::text, e.document_no) as adjustment_id, -a.amount as expected, coalesce(e.n, 0) as entries,
        e.amount as ledger
      from remaining_amount_adjustments a
      full join (select document_no, count(*)::int as n, sum(amount) as amount,
          bool_and(entry_type = 'adjustment') as typed, min(order_no) as order_no
        from customer_ledger_entries where document_type = ${ADJUSTMENT_DOC} group by document_no) e
        on e.document_no = a.id::text
      where a.id is null or e.document_no is null or e.n <> 1 or e.amount <> -a.amount or not e.typed
        or e.order_no <> a.pos_so_no`,
  },
  {
    name: 'remaining amount = due − receipts − adjustments',
    rule: "an order's remaining amount (as lists and reads show it, from the ledger) = amount due (0 canceled, Σ invoices invoiced, else grand total) − Σ its credit memos − Σ its processed receipts − Σ its adjustments (from those tables)",
    query: () => sql`
      select v.pos_so_no, v.status, v.shown, v.expected from (
        select sales_orders.pos_so_no, sales_orders.status, ${remainingAmountSql()} as shown,
          (case when sales_orders.status = 'canceled' then 0
            when sales_orders.status = 'invoiced' then coalesce((select sum(i.amount) from sales_invoices i
              where i.pos_so_no = sales_orders.pos_so_no), 0)
            else sales_orders.grand_total end)
          - coalesce((select sum(cm.grand_total) from sales_orders cm where cm.document_type = 'credit_memo'
              and cm.applies_to_order_no = sales_orders.pos_so_no), 0)
          - coalesce((select sum(r.amount) from cash_receipts r where r.status = 'processed'
              and r.pos_so_no = sales_orders.pos_so_no), 0)
          - coalesce((select sum(a.amount) from remaining_amount_adjustments a
              where a.pos_so_no = sales_orders.pos_so_no), 0) as expected
        from sales_orders where sales_orders.document_type = 'order'
      ) v where v.shown <> v.expected`,
  },
  // ---------- money (issue 11, modules/money): bank account entries and the cashbook ----------
  {
    name: 'bank entries from receipts = receipts',
    rule: `per receipt_no, the bank account entries of source ${CASH_RECEIPT_DOC} sum to the amount of a processed transfer or card receipt of the same franchise`,
    query: () => sql`
      select e.franchise_code, e.receipt_no, e.amount as entries_amount, r.amount as receipt_amount, r.status,
        r.payment_type
      from (select franchise_code, receipt_no, sum(amount) as amount from bank_account_entries
        where source = 'cash_receipt' group by 1, 2) e
      left join cash_receipts r on r.franchise_code = e.franchise_code and r.receipt_no = e.receipt_no
      where r.receipt_id is null or r.status <> 'processed' or r.payment_type not in (${sql.join(
        BANK_PAYMENT_TYPES.map((t) => sql`${t}`),
        sql`, `,
      )}) or e.amount <> r.amount`,
  },
  {
    name: 'bank entry per transfer/card receipt',
    rule: 'each processed transfer or card receipt has exactly one bank account entry (source cash_receipt) of its amount, on its bank account and posting date',
    query: () => sql`
      select r.franchise_code, r.receipt_no, r.amount, r.bank_account_code, r.posting_date, count(e.id)::int as entries,
        sum(e.amount) as entries_amount
      from cash_receipts r
      left join bank_account_entries e on e.source = 'cash_receipt' and e.franchise_code = r.franchise_code
        and e.receipt_no = r.receipt_no
      where r.status = 'processed' and r.payment_type in (${sql.join(
        BANK_PAYMENT_TYPES.map((t) => sql`${t}`),
        sql`, `,
      )})
      group by r.receipt_id, r.franchise_code, r.receipt_no, r.amount, r.bank_account_code, r.posting_date
      having count(e.id) <> 1 or sum(e.amount) <> r.amount
        or bool_or(e.bank_account_no <> r.bank_account_code or e.posting_date is distinct from r.posting_date)`,
  },
  {
    name: 'cashbook closing = opening + movements',
    rule: "per franchise, book (cash: processed cash receipts; bank: bank account entries) and day with movements, the closing balance (Σ movements dated up to the day) = the opening balance (the previous such day's closing, 0 before the first) + in − out of the day, and the last closing = Σ of all the book's movements",
    query: () => sql`
      with m as (
        select franchise_code, 'cash'::text as book, posting_date, amount from cash_receipts
          where status = 'processed' and payment_type = 'cash'
        union all
        select franchise_code, 'bank', posting_date, amount from bank_account_entries),
      days as (select franchise_code, book, posting_date,
          sum(case when amount > 0 then amount else 0 end) as total_in,
          sum(case when amount < 0 then -amount else 0 end) as total_out
        from m where posting_date is not null group by 1, 2, 3),
      chain as (select d.*,
          coalesce(lag(d.closing) over (partition by d.franchise_code, d.book order by d.posting_date), 0) as opening,
          row_number() over (partition by d.franchise_code, d.book order by d.posting_date desc) as from_last
        from (select days.*, (select coalesce(sum(x.amount), 0) from m x where x.franchise_code = days.franchise_code
            and x.book = days.book and x.posting_date <= days.posting_date) as closing from days) d),
      books as (select franchise_code, book, sum(amount) as total from m group by 1, 2)
      select b.franchise_code, b.book, c.posting_date, c.opening, c.total_in, c.total_out, c.closing,
        b.total as all_movements
      from books b left join chain c on c.franchise_code = b.franchise_code and c.book = b.book
      where c.posting_date is null
        or c.closing <> c.opening + c.total_in - c.total_out
        or (c.from_last = 1 and c.closing <> b.total)`,
  },
  // ---------- promotions (issue 9, modules/promotions) ----------
  {
    name: 'coupon never used past its limit',
    rule: 'the coupon uses of a coupon (one per order) are at most its usage_limit',
    query: () => sql`
      select p.id, p.coupon_code, p.usage_limit, count(*) as uses
      from promotions p join coupon_uses u on u.promotion_id = p.id
      where p.usage_limit is not null
      group by p.id, p.coupon_code, p.usage_limit
      having count(*) > p.usage_limit`,
  },
  {
    name: 'coupon use on an order carrying it',
    rule: "each coupon use is of a coupon, on an order that is not canceled and whose coupon_code is that coupon's code",
    query: () => sql`
      select u.pos_so_no, u.promotion_id, p.coupon_code, o.coupon_code as order_coupon_code, o.status
      from coupon_uses u
      left join promotions p on p.id = u.promotion_id
      left join sales_orders o on o.pos_so_no = u.pos_so_no
      where p.id is null or p.kind <> 'coupon' or o.pos_so_no is null or o.status = 'canceled'
        or o.coupon_code <> p.coupon_code`,
  },
  {
    name: 'promotion discount = applied promotions',
    rule: "an order's promotion_discount_amount is Σ of its recorded applied promotions (sales_order_promotions)",
    query: () => sql`
      select o.pos_so_no, o.promotion_discount_amount, coalesce(a.amount, 0) as applied
      from sales_orders o
      left join (select pos_so_no, sum(amount) as amount from sales_order_promotions group by pos_so_no) a
        on a.pos_so_no = o.pos_so_no
      where o.promotion_discount_amount <> coalesce(a.amount, 0)`,
  },
  // ---------- loyalty on sales (issue 9, modules/loyalty README "Loyalty on sales") ----------
  {
    name: 'points redeemed on an order = its open uses',
    rule: "an order's la_exchange_points = −Σ its 'used' Franchise entries of the points ledger that no reversal undoes (no stored balance: a customer's points are always Σ the ledger)",
    query: () => sql`
      select o.pos_so_no, o.status, o.la_exchange_points, coalesce(u.points, 0) as open_used
      from sales_orders o
      left join (select e.pos_so_no, -sum(e.points) as points from redeemable_point_entries e
          where e.entry_type = 'used' and e.source = 'Franchise'
            and not exists (select 1 from redeemable_point_entries r where r.reverses_id = e.id)
          group by e.pos_so_no) u on u.pos_so_no = o.pos_so_no
      where o.document_type = 'order' and o.la_exchange_points <> coalesce(u.points, 0)`,
  },
  {
    name: 'points discount within payable',
    rule: "an order's points_discount_amount is 0 without redeemed points, and never more than its lines − invoice and promotion discounts",
    query: () => sql`
      select o.pos_so_no, o.la_exchange_points, o.points_discount_amount, coalesce(l.amount, 0) as lines_amount,
        o.invoice_discount_amount, o.promotion_discount_amount
      from sales_orders o
      left join (select pos_so_no, sum(amount) as amount from sales_order_lines where line_type = 'item' group by 1) l
        on l.pos_so_no = o.pos_so_no
      where o.document_type = 'order' and (o.points_discount_amount < 0
        or (o.la_exchange_points = 0 and o.points_discount_amount <> 0)
        or o.points_discount_amount > greatest(0, coalesce(l.amount, 0) - o.invoice_discount_amount - o.promotion_discount_amount))`,
  },
  {
    name: 'reversals undo one use',
    rule: "a 'reversed' redeemable entry with reverses_id undoes exactly the opposite of one 'used' entry of the same customer and order, once",
    query: () => sql`
      select r.id, r.reverses_id, r.points, u.entry_type as reversed_type, u.points as reversed_points,
        (select count(*) from redeemable_point_entries x where x.reverses_id = r.reverses_id) as reversals
      from redeemable_point_entries r left join redeemable_point_entries u on u.id = r.reverses_id
      where r.reverses_id is not null and (u.id is null or u.entry_type <> 'used' or r.entry_type <> 'reversed'
        or r.points <> -u.points or r.customer_no <> u.customer_no or r.pos_so_no <> u.pos_so_no
        or (select count(*) from redeemable_point_entries x where x.reverses_id = r.reverses_id) <> 1)`,
  },
  {
    name: 'points earned = rate × invoice amount',
    rule: 'each invoice of an order with a customer earned floor(amount ÷ 100,000 × rate, 2) redeemable and ranking points at the rates it recorded; a credit memo reverses (≤ 0)',
    query: () => sql`
      select p.document_no, p.kind, p.amount, p.redeemable_per_100k, p.ranking_per_100k, p.redeemable_points,
        p.ranking_points
      from loyalty_sales_postings p
      where (p.kind = 'invoice' and (p.redeemable_points <> trunc(p.amount / 100000 * p.redeemable_per_100k, 2)
          or p.ranking_points <> trunc(p.amount / 100000 * p.ranking_per_100k, 2)
          or not exists (select 1 from sales_invoices si where si.pos_si_no = p.document_no and si.pos_so_no = p.pos_so_no)))
        or (p.kind = 'credit_memo' and (p.redeemable_points > 0 or p.ranking_points > 0
          or not exists (select 1 from sales_orders cm where cm.pos_so_no = p.document_no
            and cm.document_type = 'credit_memo' and cm.applies_to_order_no = p.pos_so_no)))
        or p.kind not in ('invoice', 'credit_memo')`,
  },
  {
    name: 'points ledgers per loyalty posting',
    rule: 'the redeemable and ranking entries of the customer naming a posted invoice or credit memo (document_no) sum to what its loyalty posting recorded',
    query: () => sql`
      select p.document_no, p.customer_no, p.redeemable_points, coalesce(r.points, 0) as redeemable_entries,
        p.ranking_points, coalesce(k.points, 0) as ranking_entries
      from loyalty_sales_postings p
      left join (select document_no, customer_no, sum(points) as points from redeemable_point_entries
          where document_no <> '' group by 1, 2) r on r.document_no = p.document_no and r.customer_no = p.customer_no
      left join (select document_no, customer_no, sum(points) as points from ranking_point_entries
          where document_no <> '' group by 1, 2) k on k.document_no = p.document_no and k.customer_no = p.customer_no
      where p.redeemable_points <> coalesce(r.points, 0) or p.ranking_points <> coalesce(k.points, 0)`,
  },
  {
    name: 'points reversed ≤ earned',
    rule: 'per order, the points its credit memos reversed never exceed what its invoices earned (redeemable and ranking)',
    query: () => sql`
      select pos_so_no,
        sum(redeemable_points) filter (where kind = 'invoice') as redeemable_earned,
        -sum(redeemable_points) filter (where kind = 'credit_memo') as redeemable_reversed,
        sum(ranking_points) filter (where kind = 'invoice') as ranking_earned,
        -sum(ranking_points) filter (where kind = 'credit_memo') as ranking_reversed
      from loyalty_sales_postings group by pos_so_no
      having sum(redeemable_points) < 0 or sum(ranking_points) < 0`,
  },
  {
    name: 'referral points once',
    rule: "a referred customer's referrer earned the referral points once, in one ledger entry naming the invoice",
    query: () => sql`
      select w.customer_no, w.referrer_customer_no, w.pos_si_no, w.points, coalesce(r.points, 0) as entries, r.n
      from loyalty_referral_rewards w
      left join (select customer_no, document_no, sum(points) as points, count(*) as n from redeemable_point_entries
          where description like 'Referral of %' group by 1, 2) r
        on r.customer_no = w.referrer_customer_no and r.document_no = w.pos_si_no
      where coalesce(r.points, 0) <> w.points or coalesce(r.n, 0) <> 1`,
  },
  // ---------- consignment (issue 10, modules/consignment/README.md) ----------
  {
    name: 'transfer line quantities',
    rule: 'per transfer order line: 0 ≤ qty received ≤ qty shipped ≤ quantity',
    query: () => sql`
      select l.bc_to_no, l.line_no, l.quantity, l.qty_shipped, l.qty_received from transfer_order_lines l
      where not (l.qty_received >= 0 and l.qty_received <= l.qty_shipped and l.qty_shipped <= l.quantity)`,
  },
  {
    name: 'transfer qty shipped = shipment lines',
    rule: "a transfer order line's qty_shipped is the sum of its transfer shipment lines; every shipment line names a line of its order",
    query: () => sql`
      select l.bc_to_no, l.line_no, l.qty_shipped, coalesce(p.q, 0) as posted
      from transfer_order_lines l
      left join (select s.bc_to_no, sl.order_line_no, sum(sl.quantity) as q
        from transfer_shipment_lines sl join transfer_shipments s on s.no = sl.no group by 1, 2) p
        on p.bc_to_no = l.bc_to_no and p.order_line_no = l.line_no
      where l.qty_shipped <> coalesce(p.q, 0)
      union all
      select s.bc_to_no, sl.order_line_no, null, sl.quantity
      from transfer_shipment_lines sl join transfer_shipments s on s.no = sl.no
      where not exists (select 1 from transfer_order_lines l where l.bc_to_no = s.bc_to_no and l.line_no = sl.order_line_no)`,
  },
  {
    name: 'transfer qty received = receipt lines',
    rule: "a transfer order line's qty_received is the sum of its consignment receipt lines; every receipt line names a line of its order",
    query: () => sql`
      select l.bc_to_no, l.line_no, l.qty_received, coalesce(p.q, 0) as posted
      from transfer_order_lines l
      left join (select r.bc_to_no, rl.order_line_no, sum(rl.quantity) as q
        from consignment_receipt_lines rl join consignment_receipts r on r.no = rl.no group by 1, 2) p
        on p.bc_to_no = l.bc_to_no and p.order_line_no = l.line_no
      where l.qty_received <> coalesce(p.q, 0)
      union all
      select r.bc_to_no, rl.order_line_no, null, rl.quantity
      from consignment_receipt_lines rl join consignment_receipts r on r.no = rl.no
      where not exists (select 1 from transfer_order_lines l where l.bc_to_no = r.bc_to_no and l.line_no = rl.order_line_no)`,
  },
  {
    name: 'item ledger per transfer shipment line',
    rule: "each transfer shipment line has one item ledger entry (transfer_shipment, same document no and line) of +base quantity at the order's in-transit code and, for direction 'return', one of −base quantity at its from code; same item and variant; no such entry without its line",
    query: () => sql`
      select sl.no, sl.line_no, sl.item_no, sl.quantity, count(e.id)::int as entries, sum(e.quantity) as ledger
      from transfer_shipment_lines sl join transfer_shipments s on s.no = sl.no
      join transfer_orders o on o.bc_to_no = s.bc_to_no
      left join item_ledger_entries e on e.document_type = 'transfer_shipment' and e.document_no = sl.no
        and e.document_line_no = sl.line_no
      group by sl.no, sl.line_no, sl.item_no, sl.variant_code, sl.quantity, sl.qty_per_unit_of_measure,
        s.intransit_code, s.transfer_from_code, o.direction
      having count(e.id) <> (case when o.direction = 'return' then 2 else 1 end)
        or coalesce(sum(e.quantity) filter (where e.location_code = s.intransit_code), 0)
          <> ${base(sql`sl.quantity`, sql`sl.qty_per_unit_of_measure`)}
        or (o.direction = 'return' and coalesce(sum(e.quantity) filter (where e.location_code = s.transfer_from_code), 0)
          <> -${base(sql`sl.quantity`, sql`sl.qty_per_unit_of_measure`)})
        or bool_or(e.item_no <> sl.item_no or e.variant_code <> sl.variant_code or not (e.location_code = s.intransit_code
          or (o.direction = 'return' and e.location_code = s.transfer_from_code)))
      union all
      select e.document_no, e.document_line_no, e.item_no, e.quantity, 1, e.quantity from item_ledger_entries e
      where e.document_type = 'transfer_shipment' and not exists (select 1 from transfer_shipment_lines sl
        where sl.no = e.document_no and sl.line_no = e.document_line_no)`,
  },
  {
    name: 'item ledger per consignment receipt line',
    rule: "each consignment receipt line has one item ledger entry (consignment_receipt, same document no and line) of −base quantity at the in-transit code and, for direction 'issue', one of +base quantity at the receipt's location; same item and variant; no such entry without its line",
    query: () => sql`
      select rl.no, rl.line_no, rl.item_no, rl.quantity, count(e.id)::int as entries, sum(e.quantity) as ledger
      from consignment_receipt_lines rl join consignment_receipts r on r.no = rl.no
      join transfer_orders o on o.bc_to_no = r.bc_to_no
      left join item_ledger_entries e on e.document_type = 'consignment_receipt' and e.document_no = rl.no
        and e.document_line_no = rl.line_no
      group by rl.no, rl.line_no, rl.item_no, rl.variant_code, rl.quantity, rl.qty_per_unit_of_measure,
        r.intransit_code, r.location_code, o.direction
      having count(e.id) <> (case when o.direction = 'issue' then 2 else 1 end)
        or coalesce(sum(e.quantity) filter (where e.location_code = r.intransit_code), 0)
          <> -${base(sql`rl.quantity`, sql`rl.qty_per_unit_of_measure`)}
        or (o.direction = 'issue' and coalesce(sum(e.quantity) filter (where e.location_code = r.location_code), 0)
          <> ${base(sql`rl.quantity`, sql`rl.qty_per_unit_of_measure`)})
        or bool_or(e.item_no <> rl.item_no or e.variant_code <> rl.variant_code or not (e.location_code = r.intransit_code
          or (o.direction = 'issue' and e.location_code = r.location_code)))
      union all
      select e.document_no, e.document_line_no, e.item_no, e.quantity, 1, e.quantity from item_ledger_entries e
      where e.document_type = 'consignment_receipt' and not exists (select 1 from consignment_receipt_lines rl
        where rl.no = e.document_no and rl.line_no = e.document_line_no)`,
  },
  {
    name: 'in-transit stock not negative',
    rule: "Σ item ledger at every transfer order's in-transit code, per item and variant, is ≥ 0 (whatever allow_negative_stock says)",
    query: () => sql`
      select e.location_code, e.item_no, e.variant_code, sum(e.quantity) as in_transit from item_ledger_entries e
      where e.location_code in (select intransit_code from transfer_orders)
      group by e.location_code, e.item_no, e.variant_code
      having sum(e.quantity) < 0`,
  },
  {
    name: 'order earned points are derived',
    rule: "an order's loyalty_redeemable_points and loyalty_ranking_points are never stored (the answer derives them from loyalty_sales_postings)",
    query: () => sql`
      select pos_so_no, loyalty_redeemable_points, loyalty_ranking_points from sales_orders
      where loyalty_redeemable_points <> 0 or loyalty_ranking_points <> 0`,
  },
  // Purchase order postings (issue 10): modules/purchasing/posting/book-checks.ts.
  ...purchasePostingChecks,
  // Shifts (issue 11): modules/shifts/book-checks.ts.
  ...shiftBookChecks,
  ...revenueChecks,
  ...eInvoiceChecks,
  // Warehouse (issue 10, modules/warehouse/README.md).
  {
    name: 'item ledger per warehouse entry',
    rule: `each posted warehouse entry has exactly one item ledger entry (${WAREHOUSE_ENTRY_DOC}, its WE number, document_line_no = its id) of ±quantity × qty per unit (− for negative_adjmt), same franchise, location, item, variant and entry type; an open entry has none and no WE number; no ${WAREHOUSE_ENTRY_DOC} entry of a WE number without its posted entry`,
    query: () => sql`
      select w.id, w.status, w.document_no, w.quantity,
        (case when w.entry_type = 'negative_adjmt' then -1 else 1 end) * ${base(sql`w.quantity`, sql`w.qty_per_unit_of_measure`)} as expected,
        count(e.id)::int as entries, sum(e.quantity) as ledger
      from warehouse_entries w
      left join item_ledger_entries e on e.document_type = ${WAREHOUSE_ENTRY_DOC} and w.document_no <> ''
        and e.document_no = w.document_no and e.document_line_no = w.id
      group by w.id
      having (w.status = 'posted' and (count(e.id) <> 1 or w.document_no = ''
          or sum(e.quantity) is distinct from (case when w.entry_type = 'negative_adjmt' then -1 else 1 end)
            * ${base(sql`w.quantity`, sql`w.qty_per_unit_of_measure`)}
          or bool_or(e.franchise_code <> w.franchise_code or e.location_code <> w.location_code
            or e.item_no <> w.item_no or e.variant_code <> w.variant_code or e.entry_type <> w.entry_type)))
        or (w.status = 'open' and (count(e.id) <> 0 or w.document_no <> ''))
      union all
      select null, 'no entry', e.document_no, null, null, 1, e.quantity
      from item_ledger_entries e
      where e.document_type = ${WAREHOUSE_ENTRY_DOC} and e.document_no like '%-WE-__-______'
        and not exists (select 1 from warehouse_entries w where w.status = 'posted'
          and w.document_no = e.document_no and w.id = e.document_line_no)`,
  },
  {
    name: 'item ledger per warehouse transfer line',
    rule: `each warehouse transfer line has two item ledger entries (${WAREHOUSE_TRANSFER_DOC}, its WT number and line no): −quantity_base at location_from and +quantity_base at location_to (summing to 0), quantity_base = quantity × qty per unit; no ${WAREHOUSE_TRANSFER_DOC} entry without its line`,
    query: () => sql`
      select coalesce(l.document_no, e.document_no) as document_no, coalesce(l.line_no, e.document_line_no) as line_no,
        l.quantity_base, count(e.id)::int as entries, sum(e.quantity) as ledger
      from (select l.*, t.franchise_code, t.location_from, t.location_to from warehouse_transfer_lines l
          join warehouse_transfers t on t.id = l.transfer_id) l
      full join (select * from item_ledger_entries where document_type = ${WAREHOUSE_TRANSFER_DOC}) e
        on e.document_no = l.document_no and e.document_line_no = l.line_no
      group by l.document_no, l.line_no, l.quantity, l.qty_per_unit_of_measure, l.quantity_base, l.location_from,
        l.location_to, l.franchise_code, l.item_no, l.variant_code, e.document_no, e.document_line_no
      having l.document_no is null or count(e.id) <> 2 or sum(e.quantity) <> 0
        or l.quantity_base <> ${base(sql`l.quantity`, sql`l.qty_per_unit_of_measure`)}
        or count(*) filter (where e.location_code = l.location_from and e.quantity = -l.quantity_base) <> 1
        or count(*) filter (where e.location_code = l.location_to and e.quantity = l.quantity_base) <> 1
        or bool_or(e.franchise_code <> l.franchise_code or e.item_no <> l.item_no or e.variant_code <> l.variant_code)`,
  },
];

// ---------- running them ----------

const rowsOf = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[];

/** Runs one check: how many rows violate it and the first `examples` of them. */
export async function runCheck(db: Pick<Db, 'execute'>, check: BookCheck, examples = 5): Promise<BookCheckResult> {
  const t0 = performance.now();
  const result = await db.execute(
    sql`select v.*, count(*) over () as "__violations" from (${check.query()}) v limit ${examples || 1}`,
  );
  const rows = rowsOf(result);
  const violations = rows.length ? Number(rows[0].__violations) : 0;
  return {
    name: check.name,
    rule: check.rule,
    violations,
    examples: rows.slice(0, examples).map(({ __violations: _n, ...r }) => r),
    ms: Math.round(performance.now() - t0),
  };
}

/**
 * Runs every check (or those whose name contains one of `only`) in one read-only snapshot and answers each with
 * its count of violations and a few examples. Tests: `expect(total(await checkBooks(db))).toBe(0)`.
 */
export async function checkBooks(
  db: Db,
  opts: { only?: string[]; examples?: number; checks?: BookCheck[] } = {},
): Promise<BookCheckResult[]> {
  const selected = (opts.checks ?? bookChecks).filter(
    (c) => !opts.only?.length || opts.only.some((o) => c.name.includes(o)),
  );
  return db.transaction(
    async (tx) => {
      const out: BookCheckResult[] = [];
      for (const c of selected) out.push(await runCheck(tx, c, opts.examples ?? 5));
      return out;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Σ violations of a checkBooks answer. */
export const totalViolations = (results: BookCheckResult[]) => results.reduce((s, r) => s + r.violations, 0);
