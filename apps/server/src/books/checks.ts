import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';

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
];

// ---------- building blocks ----------

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
    rule: "a posted invoice's amount = Σ its lines' amount − its invoice discount",
    query: () => sql`
      select i.pos_si_no, i.amount, coalesce(sum(il.amount), 0) as lines_amount, i.invoice_discount_amount
      from sales_invoices i left join sales_invoice_lines il on il.pos_si_no = i.pos_si_no
      group by i.pos_si_no, i.amount, i.invoice_discount_amount
      having i.amount <> coalesce(sum(il.amount), 0) - i.invoice_discount_amount`,
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
    // Fees (issue 9) are added here: grand total = Σ item line amounts − invoice discount + fees (totals.ts).
    rule: "a sales document's grand_total = Σ its item lines' amount − invoice discount (documentTotals)",
    query: () => sql`
      select o.pos_so_no, o.document_type, o.grand_total, coalesce(l.amount, 0) as lines_amount,
        o.invoice_discount_amount
      from sales_orders o
      left join (select pos_so_no, sum(amount) as amount from sales_order_lines where line_type = 'item' group by 1) l
        on l.pos_so_no = o.pos_so_no
      where o.grand_total <> coalesce(l.amount, 0) - o.invoice_discount_amount`,
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
