import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { BookCheck } from '../../books/checks.js';
import type { DbOrTx } from '../../db/client.js';
import { Scope } from '../../http/scope.js';
import { ROLL_UPS } from './rollups.js';
import { revenueSummaryGroups, revenueSummaryTotalQuery, type RevenueSummaryBody } from './revenue.js';

// The books checks of the revenue storage and reports (books/checks.ts registers them; books.test.ts damages each):
// the value documents are the posted invoices and credit memos with their amounts, the value entries of each
// document add up to it, and the revenue summary (its own statements, built here unexecuted and embedded) equals
// the sums the checker takes straight from the posted tables, per day and in total.

/** The report's statements without a database: the checks embed them (QueryBuilder builds the same SQL). */
const qb = new QueryBuilder() as unknown as DbOrTx;
/** Every posted document, head office's view, grouped by day. */
const everything: RevenueSummaryBody = {
  from_date: '0001-01-01',
  to_date: '9999-12-31',
  group_by: 'day',
  filters: [],
  pagination: { page: 1, size: 1 },
};

/** The checker's own figures per posting date, from sales_invoices(+lines) and credit memo documents(+lines). */
const postedPerDay = sql`
  select posting_date, count(*) as documents, sum(quantity) as quantity,
         sum(amount) filter (where kind = 'invoice') as sales, coalesce(sum(amount) filter (where kind = 'cm'), 0) as returns
    from (
      select 'invoice' as kind, i.posting_date, i.amount,
             (select coalesce(sum(l.quantity), 0) from sales_invoice_lines l where l.pos_si_no = i.pos_si_no) as quantity
        from sales_invoices i
      union all
      select 'cm', c.posting_date, c.grand_total,
             -(select coalesce(sum(l.quantity), 0) from sales_order_lines l where l.pos_so_no = c.pos_so_no)
        from sales_orders c where c.document_type = 'credit_memo'
    ) p
   group by posting_date`;

/**
 * A roll-up of the value entries (the item and category roll-ups) against the entries: Σ its rows per key (documents,
 * quantity, amount) = the distinct documents, Σ quantity, Σ amount of the entries of the key; a key exactly where
 * entries are.
 */
function entriesRollUpCheck(name: string, table: string, keys: readonly string[]): BookCheck {
  const cols = sql.raw(keys.join(', '));
  const pick = sql.raw(keys.map((k) => `coalesce(r.${k}, v.${k}) as ${k}`).join(', '));
  const on = sql.raw(keys.map((k) => `v.${k} = r.${k}`).join(' and '));
  return {
    name,
    rule: `Σ the ${table} rows of each key (${keys.join(', ')}): documents, quantity, amount = the distinct documents, Σ quantity, Σ amount of the sales value entries of that key`,
    query: () => sql`
      select ${pick}, r.documents, v.documents as entry_documents, r.quantity, v.quantity as entry_quantity,
        r.amount, v.amount as entry_amount
      from (select ${cols}, sum(documents) as documents, sum(quantity) as quantity, sum(amount) as amount
              from ${sql.identifier(table)} group by ${cols}) r
      full join (select ${cols}, count(distinct document_no) as documents, sum(quantity) as quantity,
                        sum(amount) as amount
                   from sales_value_entries group by ${cols}) v on ${on}
      where r.posting_date is null or v.posting_date is null or r.documents <> v.documents
         or r.quantity <> v.quantity or r.amount <> v.amount`,
  };
}

export const revenueChecks: BookCheck[] = [
  {
    name: 'revenue documents = posted invoices and credit memos',
    rule: 'each posted invoice has one sales value document of +its amount, each credit memo one of −its grand total (same franchise and date); no other',
    query: () => sql`
      select coalesce(p.document_no, d.document_no) as document_no, p.amount as expected, d.amount as value_document
      from (select pos_si_no as document_no, 'invoice' as kind, amount, franchise_code, posting_date from sales_invoices
            union all
            select pos_so_no, 'credit_memo', -grand_total, franchise_code, posting_date from sales_orders
             where document_type = 'credit_memo') p
      full join sales_value_documents d on d.document_no = p.document_no
      where p.document_no is null or d.document_no is null or d.amount <> p.amount or d.document_type <> p.kind
         or d.franchise_code <> p.franchise_code or d.posting_date <> p.posting_date`,
  },
  {
    name: 'value entries per document = its amount',
    rule: "Σ a sales value document's entries (amount and quantity) = the document; no entry without its document",
    query: () => sql`
      select coalesce(d.document_no, e.document_no) as document_no, d.amount, e.amount as entries_amount,
        d.quantity, e.quantity as entries_quantity
      from sales_value_documents d
      full join (select document_no, sum(amount) as amount, sum(quantity) as quantity from sales_value_entries
                  group by document_no) e on e.document_no = d.document_no
      where d.document_no is null or e.document_no is null or e.amount <> d.amount or e.quantity <> d.quantity`,
  },
  {
    name: 'revenue roll-up = value documents',
    rule: 'Σ the daily revenue roll-up rows of each day, franchise, location, sales type and document type (documents, quantity, amount) = the sales value documents of that key',
    query: () => sql`
      select coalesce(r.posting_date, d.posting_date) as posting_date, coalesce(r.franchise_code, d.franchise_code) as franchise_code,
        coalesce(r.location_code, d.location_code) as location_code, coalesce(r.sales_type, d.sales_type) as sales_type,
        coalesce(r.document_type, d.document_type) as document_type, r.documents, d.documents as value_documents,
        r.quantity, d.quantity as value_quantity, r.amount, d.amount as value_amount
      from (select posting_date, franchise_code, location_code, sales_type, document_type, sum(documents) as documents,
                   sum(quantity) as quantity, sum(amount) as amount
              from sales_value_daily group by 1, 2, 3, 4, 5) r
      full join (select posting_date, franchise_code, location_code, sales_type, document_type, count(*) as documents,
                        sum(quantity) as quantity, sum(amount) as amount
                   from sales_value_documents group by 1, 2, 3, 4, 5) d
        on d.posting_date = r.posting_date and d.franchise_code = r.franchise_code and d.location_code = r.location_code
       and d.sales_type = r.sales_type and d.document_type = r.document_type
      where r.posting_date is null or d.posting_date is null or r.documents <> d.documents or r.quantity <> d.quantity
         or r.amount <> d.amount`,
  },
  entriesRollUpCheck(
    'item revenue roll-up = value entries',
    ROLL_UPS.salesValueDailyItems.table,
    ROLL_UPS.salesValueDailyItems.keys,
  ),
  entriesRollUpCheck(
    'category revenue roll-up = value entries',
    ROLL_UPS.salesValueDailyCategories.table,
    ROLL_UPS.salesValueDailyCategories.keys,
  ),
  {
    name: 'stock balances = item ledger',
    rule: 'Σ the stock balance rows of each position (franchise, location, item, variant) = Σ its item ledger entries; a balance row exactly for the positions with entries',
    query: () => sql`
      select coalesce(b.franchise_code, l.franchise_code) as franchise_code,
        coalesce(b.location_code, l.location_code) as location_code, coalesce(b.item_no, l.item_no) as item_no,
        coalesce(b.variant_code, l.variant_code) as variant_code, b.quantity as balance, l.quantity as ledger
      from (select franchise_code, location_code, item_no, variant_code, sum(quantity) as quantity
              from item_stock_balances group by 1, 2, 3, 4) b
      full join (select franchise_code, location_code, item_no, variant_code, sum(quantity) as quantity
                   from item_ledger_entries group by 1, 2, 3, 4) l
        on l.franchise_code = b.franchise_code and l.location_code = b.location_code and l.item_no = b.item_no
       and l.variant_code = b.variant_code
      where b.item_no is null or l.item_no is null or b.quantity <> l.quantity`,
  },
  {
    name: 'stock per day = item ledger',
    rule: 'Σ the daily stock rows of each day and position (franchise, location, item, variant): quantity_in = Σ its positive item ledger entries, quantity_out = −Σ its negative ones; a row exactly for the days and positions with entries',
    query: () => sql`
      select coalesce(d.posting_date, l.posting_date) as posting_date,
        coalesce(d.franchise_code, l.franchise_code) as franchise_code,
        coalesce(d.location_code, l.location_code) as location_code, coalesce(d.item_no, l.item_no) as item_no,
        coalesce(d.variant_code, l.variant_code) as variant_code, d.quantity_in, l.quantity_in as ledger_in,
        d.quantity_out, l.quantity_out as ledger_out
      from (select posting_date, franchise_code, location_code, item_no, variant_code, sum(quantity_in) as quantity_in,
                   sum(quantity_out) as quantity_out
              from item_stock_daily group by 1, 2, 3, 4, 5) d
      full join (select posting_date, franchise_code, location_code, item_no, variant_code,
                        coalesce(sum(quantity) filter (where quantity > 0), 0) as quantity_in,
                        coalesce(-sum(quantity) filter (where quantity < 0), 0) as quantity_out
                   from item_ledger_entries group by 1, 2, 3, 4, 5) l
        on l.posting_date = d.posting_date and l.franchise_code = d.franchise_code
       and l.location_code = d.location_code and l.item_no = d.item_no and l.variant_code = d.variant_code
      where d.item_no is null or l.item_no is null or d.quantity_in <> l.quantity_in
         or d.quantity_out <> l.quantity_out`,
  },
  {
    name: 'revenue summary = posted documents',
    rule: 'the revenue summary (report statements, all franchises) per day and in total = Σ invoices − Σ credit memos, documents and quantities taken from the posted tables',
    query: () => {
      const groups = revenueSummaryGroups(qb, new Scope(null), everything);
      const total = revenueSummaryTotalQuery(qb, new Scope(null), everything);
      return sql`
        select coalesce(r.key, to_char(p.posting_date, 'YYYY-MM-DD')) as day, r.documents, p.documents as posted_documents,
          r.quantity, p.quantity as posted_quantity, r.sales_amount, p.sales as posted_sales, r.return_amount,
          p.returns as posted_returns, r.net_amount
        from (${groups}) r
        full join (${postedPerDay}) p on r.key = to_char(p.posting_date, 'YYYY-MM-DD')
        where r.key is null or p.posting_date is null or r.documents::bigint <> p.documents or r.quantity <> p.quantity
           or r.sales_amount <> p.sales or r.return_amount <> p.returns or r.net_amount <> p.sales - p.returns
        union all
        select 'total', t.documents::bigint, a.documents, t.quantity::numeric, a.quantity, t.sales_amount::numeric,
          a.sales, t.return_amount::numeric, a.returns, t.net_amount::numeric
        from (${total}) t,
             (select coalesce(sum(documents), 0) as documents, coalesce(sum(quantity), 0) as quantity,
                     coalesce(sum(sales), 0) as sales, coalesce(sum(returns), 0) as returns
                from (${postedPerDay}) x) a
        where t.documents::bigint <> a.documents or t.quantity::numeric <> a.quantity
           or t.sales_amount::numeric <> a.sales or t.return_amount::numeric <> a.returns
           or t.net_amount::numeric <> a.sales - a.returns`;
    },
  },
];
