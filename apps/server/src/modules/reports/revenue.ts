import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  normalizeFilter,
  revenueEntryFilters,
  type FilterItem,
  type ListRequest,
  type RevenueDetailRow,
  type RevenueGroupBy,
  type RevenueSummaryRow,
  type RevenueTotal,
} from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { buildWhere, type FieldDef, type ListSpec } from '../../http/list.js';
import type { Scope } from '../../http/scope.js';
import { toMoney, toQty } from '../../kernel/money.js';
import { franchises, locations } from '../franchises/schema.js';
import {
  salesValueDaily as r,
  salesValueDailyCategories as rc,
  salesValueDailyItems as ri,
  salesValueDocuments as d,
  salesValueEntries as e,
} from './schema.js';

// The revenue reports (README here): one aggregate statement over the revenue storage (schema.ts), filtered and
// scoped before it groups. Without an item or category filter the summary reads the daily roll-up sales_value_daily
// (a row per day, franchise, location, sales type and document type: ≈ 60,000 rows for a month of 1,000,000 orders,
// documents = Σ its counts); with one item or one category, the item or category roll-up (the matching lines only:
// their quantity and amount, documents = Σ the documents holding them); with other item/category filters,
// sales_value_entries (documents = the distinct documents). Nothing is added up in JavaScript.

export type RevenueSummaryBody = ListRequest & {
  from_date: string;
  to_date: string;
  group_by: RevenueGroupBy;
  franchise_code?: string;
  location_code?: string;
  sales_type?: string;
  item_no?: string;
  category_code?: string;
};
export type RevenueDetailBody = ListRequest & { from_date: string; to_date: string; document_no?: string };

type EntryFilter = (typeof revenueEntryFilters)[number];
const isEntryFilter = (f: FilterItem) => (revenueEntryFilters as readonly string[]).includes(f.field);

/** A column of the grouped subquery `g` as the outer query names it. */
const g = (name: string) => sql`${sql.identifier('g')}.${sql.identifier(name)}`;

/** Whether the request pins the field to one value (a body field, or a list filter eq / in with one value). */
function pinned(body: RevenueSummaryBody, listed: FilterItem[], field: 'item_no' | 'category_code'): boolean {
  if (body[field]) return true;
  return listed.some((f) => {
    if (f.field !== field) return false;
    const { condition, value } = normalizeFilter(f);
    return (condition === 'eq' && typeof value === 'string') || (condition === 'in' && [value].flat().length === 1);
  });
}

/**
 * The storage a summary request reads (README "Roll-ups"): without an item or category filter the daily roll-up;
 * with one item pinned (any other item/category filter on top), the item roll-up; with one category pinned and no
 * item filter, the category roll-up (their documents add up: one document's entries of one item, or of one
 * category, are one key's). Any other item/category filter (several items, like) counts the distinct documents of
 * the value entries.
 */
function summaryTable(body: RevenueSummaryBody, listed: FilterItem[]) {
  const named = (field: string) => Boolean(body[field as EntryFilter]) || listed.some((f) => f.field === field);
  if (!named('item_no') && !named('category_code')) return r;
  if (pinned(body, listed, 'item_no')) return ri;
  if (!named('item_no') && pinned(body, listed, 'category_code')) return rc;
  return e;
}

/** The storage a summary request reads, its inner predicate (dates, scope, entry filters) and its aggregates. */
function summarySource(scope: Scope, body: RevenueSummaryBody) {
  const listed = body.filters.filter(isEntryFilter);
  const t = summaryTable(body, listed);
  const columns: Record<EntryFilter, SQLWrapper> = {
    franchise_code: t.franchise_code,
    location_code: t.location_code,
    sales_type: t.sales_type,
    item_no: t === ri ? ri.item_no : e.item_no,
    category_code: t === ri ? ri.category_code : t === rc ? rc.category_code : e.category_code,
  };
  const fields = Object.fromEntries(
    revenueEntryFilters.map((f): [string, FieldDef] => [f, { expr: columns[f], type: 'text' }]),
  );
  const exact = revenueEntryFilters.map((f) => (body[f] ? sql`${columns[f]} = ${body[f]}` : undefined));
  const where = and(
    sql`${t.posting_date} between ${body.from_date}::date and ${body.to_date}::date`,
    scope.franchise(t.franchise_code),
    ...exact,
    buildWhere({ fields, filterable: revenueEntryFilters }, listed),
  );
  const key = {
    franchise: sql`${t.franchise_code}`,
    location: sql`${t.location_code}`,
    day: sql`to_char(${t.posting_date}, 'YYYY-MM-DD')`,
    month: sql`to_char(${t.posting_date}, 'YYYY-MM')`,
    sales_type: sql`${t.sales_type}`,
  }[body.group_by];
  const figures = {
    documents: 'documents' in t ? sql`sum(${t.documents})` : sql`count(distinct ${e.document_no})`,
    quantity: sql`coalesce(sum(${t.quantity}), 0)`,
    sales_amount: sql`coalesce(sum(${t.amount}) filter (where ${t.document_type} = 'invoice'), 0)`,
    return_amount: sql`coalesce(-sum(${t.amount}) filter (where ${t.document_type} = 'credit_memo'), 0)`,
    net_amount: sql`coalesce(sum(${t.amount}), 0)`,
  };
  return { t, where, key, figures };
}

/** The grouped rows `g` (key + figures) of a summary request. */
function grouped(db: DbOrTx, scope: Scope, body: RevenueSummaryBody) {
  const { t, where, key, figures } = summarySource(scope, body);
  return db
    .select({
      key: sql<string>`${key}`.as('key'),
      documents: sql<number>`${figures.documents}`.as('documents'),
      quantity: sql<string>`${figures.quantity}`.as('quantity'),
      sales_amount: sql<string>`${figures.sales_amount}`.as('sales_amount'),
      return_amount: sql<string>`${figures.return_amount}`.as('return_amount'),
      net_amount: sql<string>`${figures.net_amount}`.as('net_amount'),
    })
    .from(t)
    .where(where)
    .groupBy(key)
    .as('g');
}

/** The label of a group: a franchise's or location's name, a date DD-MM-YYYY, a month MM-YYYY, the sales type. */
function labelOf(groupBy: RevenueGroupBy): SQL {
  switch (groupBy) {
    case 'franchise':
      return sql`coalesce((select ${franchises.name} from ${franchises} where ${franchises.customer_no} = ${g('key')}), ${g('key')})`;
    case 'location':
      return sql`coalesce((select ${locations.name} from ${locations} where ${locations.location_code} = ${g('key')}), (select ${franchises.name} from ${franchises} where ${franchises.customer_no} = ${g('key')}), ${g('key')})`;
    case 'day':
      return sql`substr(${g('key')}, 9, 2) || '-' || substr(${g('key')}, 6, 2) || '-' || substr(${g('key')}, 1, 4)`;
    case 'month':
      return sql`substr(${g('key')}, 6, 2) || '-' || substr(${g('key')}, 1, 4)`;
    case 'sales_type':
      return g('key');
  }
}

const FIGURES = ['documents', 'quantity', 'sales_amount', 'return_amount', 'net_amount'] as const;
const figureFields = {
  documents: { expr: g('documents'), type: 'number' },
  quantity: { expr: g('quantity'), type: 'decimal' },
  sales_amount: { expr: g('sales_amount'), type: 'decimal' },
  return_amount: { expr: g('return_amount'), type: 'decimal' },
  net_amount: { expr: g('net_amount'), type: 'decimal' },
} as const;

type SummaryDbRow = Omit<RevenueSummaryRow, 'documents'> & { documents: number | string };

/** The revenue summary of a request (the list spec: its filters on the entry fields are applied before grouping). */
export function revenueSummaryList(scope: Scope, body: RevenueSummaryBody): ListSpec<SummaryDbRow, RevenueSummaryRow> {
  const label = labelOf(body.group_by);
  return {
    source: (db, extra) =>
      db
        .select({
          key: sql<string>`${g('key')}`.as('key'),
          label: sql<string>`${label}`.as('label'),
          documents: sql<number>`${g('documents')}`.as('documents'),
          quantity: sql<string>`${g('quantity')}`.as('quantity'),
          sales_amount: sql<string>`${g('sales_amount')}`.as('sales_amount'),
          return_amount: sql<string>`${g('return_amount')}`.as('return_amount'),
          net_amount: sql<string>`${g('net_amount')}`.as('net_amount'),
          ...extra,
        })
        .from(grouped(db, scope, body))
        .$dynamic(),
    fields: { key: { expr: g('key'), type: 'text' }, label: { expr: label, type: 'text' }, ...figureFields },
    filterable: ['key', 'label', ...FIGURES],
    sortable: ['key', 'label', ...FIGURES],
    defaultSort: { field: 'key', direction: 'asc' },
    key: g('key'),
    applied: revenueEntryFilters,
    map: summaryRow,
  };
}

const summaryRow = (r: SummaryDbRow): RevenueSummaryRow => ({
  key: r.key,
  label: r.label,
  ...totalOf(r),
});

const totalOf = (r: {
  documents: number | string;
  quantity: string;
  sales_amount: string;
  return_amount: string;
  net_amount: string;
}): RevenueTotal => ({
  documents: Number(r.documents),
  quantity: toQty(r.quantity),
  sales_amount: toMoney(r.sales_amount),
  return_amount: toMoney(r.return_amount),
  net_amount: toMoney(r.net_amount),
});

type TotalRow = {
  documents: string;
  quantity: string;
  sales_amount: string;
  return_amount: string;
  net_amount: string;
};
const totalColumns = (p: (name: (typeof FIGURES)[number]) => SQL) => ({
  documents: sql<string>`coalesce(sum(${p('documents')}), 0)`.as('documents'),
  quantity: sql<string>`coalesce(sum(${p('quantity')}), 0)`.as('quantity'),
  sales_amount: sql<string>`coalesce(sum(${p('sales_amount')}), 0)`.as('sales_amount'),
  return_amount: sql<string>`coalesce(sum(${p('return_amount')}), 0)`.as('return_amount'),
  net_amount: sql<string>`coalesce(sum(${p('net_amount')}), 0)`.as('net_amount'),
});

/** Σ of every summary row of the same request (its list filters on the rows included; pagination and sort ignored). */
export async function revenueSummaryTotal(db: DbOrTx, scope: Scope, body: RevenueSummaryBody): Promise<RevenueTotal> {
  const rows = await revenueSummaryTotalQuery(db, scope, body);
  return totalOf(rows[0] as TotalRow);
}

/**
 * The statement of revenueSummaryTotal, unexecuted: the books checker embeds it (built on a QueryBuilder) to compare
 * the report with its own sums over the posted documents.
 */
export function revenueSummaryTotalQuery(db: DbOrTx, scope: Scope, body: RevenueSummaryBody) {
  const spec = revenueSummaryList(scope, body);
  return db
    .select(totalColumns(g))
    .from(grouped(db, scope, body))
    .where(
      buildWhere(
        spec,
        body.filters.filter((f) => !isEntryFilter(f)),
      ),
    );
}

/** The summary's grouped rows (key + figures), unexecuted: the books checker compares them per day. */
export const revenueSummaryGroups = (db: DbOrTx, scope: Scope, body: RevenueSummaryBody) =>
  db.select().from(grouped(db, scope, body));

// ---------- detail ----------

const DETAIL_TEXT = [
  'document_type',
  'document_no',
  'pos_so_no',
  'franchise_code',
  'location_code',
  'sales_type',
  'customer_no',
  'customer_name',
] as const;

/** The inner predicate of a detail request: dates, scope, the document number. */
const detailWhere = (scope: Scope, body: RevenueDetailBody) =>
  and(
    sql`${d.posting_date} between ${body.from_date}::date and ${body.to_date}::date`,
    scope.franchise(d.franchise_code),
    body.document_no ? eq(d.document_no, body.document_no) : undefined,
  );

type DetailDbRow = RevenueDetailRow;

/** The revenue detail: one row per posted document (sales_value_documents). */
export function revenueDetailList(scope: Scope, body: RevenueDetailBody): ListSpec<DetailDbRow, RevenueDetailRow> {
  return {
    source: (db, extra) =>
      db
        .select({
          document_type: d.document_type,
          document_no: d.document_no,
          pos_so_no: d.pos_so_no,
          posting_date: d.posting_date,
          franchise_code: d.franchise_code,
          location_code: d.location_code,
          sales_type: d.sales_type,
          customer_no: d.customer_no,
          customer_name: d.customer_name,
          quantity: d.quantity,
          amount: d.amount,
          ...extra,
        })
        .from(d)
        .$dynamic(),
    where: detailWhere(scope, body),
    fields: {
      ...Object.fromEntries(DETAIL_TEXT.map((f) => [f, d[f]])),
      posting_date: d.posting_date,
      quantity: d.quantity,
      amount: d.amount,
    },
    filterable: [...DETAIL_TEXT, 'posting_date', 'quantity', 'amount'],
    sortable: [...DETAIL_TEXT, 'posting_date', 'quantity', 'amount'],
    defaultSort: { field: 'posting_date', direction: 'desc' },
    key: d.document_no,
    map: (r) => ({ ...r, quantity: toQty(r.quantity), amount: toMoney(r.amount) }),
  };
}

/** The detail's fields the daily roll-up also holds: totals filtered on these only read the roll-up. */
const ROLLED_UP = ['document_type', 'franchise_code', 'location_code', 'sales_type', 'posting_date'] as const;

/**
 * The totals of the detail rows of the same request (documents, quantity, sales, returns, net). Filtered on
 * ROLLED_UP fields only (head office's month, a store's), they are the daily roll-up's sums; else Σ the documents.
 */
export async function revenueDetailTotal(db: DbOrTx, scope: Scope, body: RevenueDetailBody): Promise<RevenueTotal> {
  const rolledUp = !body.document_no && body.filters.every((f) => (ROLLED_UP as readonly string[]).includes(f.field));
  const t = rolledUp ? r : d;
  const where = rolledUp
    ? and(
        sql`${r.posting_date} between ${body.from_date}::date and ${body.to_date}::date`,
        scope.franchise(r.franchise_code),
        buildWhere(
          { fields: Object.fromEntries(ROLLED_UP.map((f) => [f, r[f]])), filterable: ROLLED_UP },
          body.filters,
        ),
      )
    : and(detailWhere(scope, body), buildWhere(revenueDetailList(scope, body), body.filters));
  const rows = await db
    .select({
      documents: (rolledUp ? sql<string>`coalesce(sum(${r.documents}), 0)` : sql<string>`count(*)`).as('documents'),
      quantity: sql<string>`coalesce(sum(${t.quantity}), 0)`.as('quantity'),
      sales_amount: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.document_type} = 'invoice'), 0)`.as(
        'sales_amount',
      ),
      return_amount: sql<string>`coalesce(-sum(${t.amount}) filter (where ${t.document_type} = 'credit_memo'), 0)`.as(
        'return_amount',
      ),
      net_amount: sql<string>`coalesce(sum(${t.amount}), 0)`.as('net_amount'),
    })
    .from(t)
    .where(where);
  return totalOf(rows[0] as TotalRow);
}

/** The summary scope for listRoute: applied inside the aggregation (revenueSummaryList), nothing outside. */
export const appliedInside = () => undefined;
