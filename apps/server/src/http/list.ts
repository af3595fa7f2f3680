import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import type { ListRequest, ListResponse, FilterItem } from '@fp/contract';
import {
  businessTimeZone,
  INT32_MAX,
  LIST_TOTAL_CAP,
  MAX_IN_VALUES,
  normalizeFilter,
  parseStrictDate,
  parseStrictDateTime,
  tooManyValues,
} from '@fp/contract';
import { badRequest } from './errors.js';
import type { DbOrTx } from '../db/client.js';

export type FieldType = 'text' | 'number' | 'integer' | 'decimal' | 'boolean' | 'date' | 'datetime';
/** `number` is for expressions whose SQL type is not known here: values are compared as numeric. */
export type FieldDef = SQLWrapper | { expr: SQLWrapper; type: FieldType };

/** A query built by a list: selection already applied, ready for where/orderBy/limit. */
export type DynamicQuery<Row> = {
  where(w: SQL | undefined): DynamicQuery<Row>;
  orderBy(...o: SQL[]): DynamicQuery<Row>;
  limit(n: number): DynamicQuery<Row>;
  offset(n: number): DynamicQuery<Row>;
} & PromiseLike<Row[]>;

export type ListSpec<Row, Item = Row> = {
  /**
   * Builds the select (with joins) for the given extra fields; must call .$dynamic(). `__total` is a placeholder
   * (the constant 0): the list counts in a statement of its own, capped (runList).
   */
  source: (db: DbOrTx, extra: { __total: SQL.Aliased<number> }) => DynamicQuery<Row & { __total: number }>;
  /** API field name -> column or expression; only these may be filtered or sorted (api.md). */
  fields: Record<string, FieldDef>;
  filterable: readonly string[];
  sortable: readonly string[];
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  /**
   * Tie-breaker so paging is stable. Several columns are ordered one by one, so the planner can take the order from
   * an index and stop at the page (a row value `(a, b)` sorts the same but hides that order).
   */
  key: SQLWrapper | readonly SQLWrapper[];
  map?: (row: Row) => Item;
  /**
   * Filter fields the source applies itself, before it aggregates (a report filtered by item, then grouped by day):
   * the list leaves them out of its own where. The source must check them (e.g. with `buildWhere` on its columns).
   */
  applied?: readonly string[];
  /**
   * A fixed predicate of the source (a report's date range): the list adds it to its where (a `.where()` inside
   * `source` would be replaced by the list's own).
   */
  where?: SQL;
};

const INTEGER_COLUMNS = new Set(['PgInteger', 'PgSmallInt', 'PgSerial', 'PgSmallSerial']);
const BIGINT_COLUMNS = new Set(['PgBigInt53', 'PgBigInt64', 'PgBigSerial53', 'PgBigSerial64']);

function fieldOf(def: FieldDef): { expr: SQLWrapper; type: FieldType; bigint?: boolean } {
  if ('expr' in def && 'type' in def) {
    const d = def as { expr: SQLWrapper; type: FieldType };
    // A declared number is filtered and sorted as numeric whatever SQL type the expression answers (text sums sort
    // "10" before "9" and cannot be compared with a numeric parameter).
    return d.type === 'number' ? { expr: sql`(${d.expr})::numeric`, type: 'number' } : d;
  }
  if (def instanceof PgColumn) {
    const ct = def.columnType;
    if (INTEGER_COLUMNS.has(ct)) return { expr: def, type: 'integer' };
    if (BIGINT_COLUMNS.has(ct)) return { expr: def, type: 'integer', bigint: true };
    if (def.dataType === 'number' || ct === 'PgNumeric') return { expr: def, type: 'decimal' };
    if (def.dataType === 'boolean') return { expr: def, type: 'boolean' };
    if (ct === 'PgDateString' || ct === 'PgDate') return { expr: def, type: 'date' };
    if (ct === 'PgTimestampString' || ct === 'PgTimestamp') return { expr: def, type: 'datetime' };
    return { expr: def, type: 'text' };
  }
  return { expr: def, type: 'text' };
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const INT64_MAX = 9223372036854775807n;

/** A filter value in the column's type, checked here so PostgreSQL never refuses it (issue 7: no 500). */
function coerce(field: string, f: { type: FieldType; bigint?: boolean }, v: unknown): unknown {
  if (v === null) return null;
  const s = String(v).trim();
  const name = `filters.${field}`;
  switch (f.type) {
    case 'integer': {
      if (!/^-?\d{1,19}$/.test(s)) throw badRequest(`Filter ${field} needs a whole number`, name);
      const n = BigInt(s);
      const max = f.bigint ? INT64_MAX : BigInt(INT32_MAX);
      if (n > max || n < -max - 1n)
        throw badRequest(`Filter ${field} needs a whole number between ${-max - 1n} and ${max}`, name);
      return s;
    }
    case 'decimal':
    case 'number':
      if (!/^-?\d{1,20}(\.\d{1,10})?$/.test(s)) throw badRequest(`Filter ${field} needs a number`, name);
      return s;
    case 'boolean':
      if (/^(true|1)$/i.test(s)) return true;
      if (/^(false|0)$/i.test(s)) return false;
      throw badRequest(`Filter ${field} needs true or false`, name);
    case 'date':
    case 'datetime': {
      const d = f.type === 'date' ? parseStrictDate(s) : parseStrictDateTime(s);
      if (d === null) throw badRequest(`Filter ${field} needs a date (DD-MM-YYYY or YYYY-MM-DD)`, name);
      return d;
    }
    default:
      return s;
  }
}

/** The instant the business day `days` after the date `v` (YYYY-MM-DD) begins, in the business time zone. */
const businessDayStart = (v: string, days: 0 | 1): SQL =>
  sql`((${v}::date + ${days}::int)::timestamp at time zone ${businessTimeZone()})`;

/** Escapes LIKE's wildcards so that a typed _, % and \ match themselves (`keepPercent`: % stays a wildcard). */
function escapeLike(text: string, keepPercent: boolean): string {
  return text.replace(keepPercent ? /[\\_]/g : /[\\_%]/g, (ch) => `\\${ch}`);
}

/**
 * like / like_bc, with or without Vietnamese diacritics ("nuoc mam" finds "Nước mắm", "d" finds "đ"):
 * both sides go through fp_unaccent (custom migration: translate() over the Vietnamese letters, lower-case).
 */
function likeCondition(expr: SQLWrapper, type: FieldType, pattern: string): SQL {
  const text = type === 'text' ? expr : sql`(${expr})::text`;
  return sql`fp_unaccent(${text}) like fp_unaccent(${pattern})`;
}

/** Values compared as numeric when the expression's SQL type is not known (declared `type: 'number'`). */
function param(type: FieldType, v: unknown): unknown {
  return type === 'number' && v !== null ? sql`${v}::numeric` : v;
}

/** One filter item to SQL, after the | and like rules of calls.md 7.1. */
function condition(name: string, def: FieldDef, f: FilterItem): SQL | undefined {
  const field = fieldOf(def);
  const { expr, type } = field;
  const { condition: c, value } = normalizeFilter(f);
  if ((c === 'like' || c === 'like_bc') && !Array.isArray(value) && value !== null) {
    // normalizeFilter wrapped a like in %: escape what the user typed, then wrap (like_bc is sent as typed: its % stay wildcards).
    const typed = String(f.value);
    const pattern = c === 'like' ? `%${escapeLike(typed, false)}%` : escapeLike(typed, true);
    return likeCondition(expr, type, pattern);
  }
  if (c === 'like' || c === 'like_bc')
    throw badRequest(`Filter ${name} takes one text value with ${c}`, `filters.${name}`);
  if (c === 'in') {
    const list = Array.isArray(value) ? value : [value];
    if (list.length > MAX_IN_VALUES) throw badRequest(tooManyValues, `filters.${name}`);
    const values = list.map((v) => coerce(name, field, v));
    if (values.length === 0) return sql`false`;
    if (type === 'number')
      return sql`${expr} in (${sql.join(
        values.map((v) => sql`${v}::numeric`),
        sql`, `,
      )})`;
    return inArray(expr as never, values as never[]);
  }
  if (Array.isArray(value)) throw badRequest(`Filter ${name} takes one value with ${c}`, `filters.${name}`);
  const v = coerce(name, field, value);
  if (c === 'eq') {
    if (v === null) return isNull(expr as never);
    if (type === 'datetime' && typeof v === 'string' && isoDate.test(v)) {
      return and(gte(expr as never, businessDayStart(v, 0)), lt(expr as never, businessDayStart(v, 1)));
    }
    return eq(expr as never, param(type, v) as never);
  }
  if (v === null) throw badRequest(`Filter ${name} needs a value with ${c}`, `filters.${name}`);
  // A date on a timestamp means that day in the business time zone; a date-only upper bound includes the whole day.
  const day = type === 'datetime' && typeof v === 'string' && isoDate.test(v);
  if (c === 'gteq') return gte(expr as never, day ? businessDayStart(v, 0) : (param(type, v) as never));
  if (day) return lt(expr as never, businessDayStart(v, 1));
  return lte(expr as never, param(type, v) as never);
}

export function buildWhere(
  spec: Pick<ListSpec<unknown>, 'fields' | 'filterable'>,
  filters: FilterItem[],
): SQL | undefined {
  const parts: SQL[] = [];
  for (const f of filters) {
    if (!spec.filterable.includes(f.field) || !spec.fields[f.field]) {
      throw badRequest(`Unknown filter field: ${f.field}`, 'filters.field', 'unknown_filter_field');
    }
    const c = condition(f.field, spec.fields[f.field], f);
    if (c) parts.push(c);
  }
  return parts.length ? and(...parts) : undefined;
}

export function buildOrder(
  spec: Pick<ListSpec<unknown>, 'fields' | 'sortable' | 'defaultSort' | 'key'>,
  sort: ListRequest['sort_order'],
): SQL[] {
  const s = sort ?? spec.defaultSort;
  if (!spec.sortable.includes(s.field) || !spec.fields[s.field]) {
    throw badRequest(`Unknown sort field: ${s.field}`, 'sort_order.field', 'unknown_sort_field');
  }
  const expr = fieldOf(spec.fields[s.field]).expr;
  const keys = Array.isArray(spec.key) ? spec.key : [spec.key as SQLWrapper];
  return [s.direction === 'desc' ? desc(expr as never) : asc(expr as never), ...keys.map((k) => asc(k as never))];
}

/** The placeholder the specs' `source` selects as `__total` (the count is a statement of its own, `countCapped`). */
const noTotal = () => ({ __total: sql<number>`0`.mapWith(Number).as('__total') });

/** The where of a request: the route's scope, the spec's own predicate and the filters the list applies. */
function whereOf<Row, Item>(
  spec: ListSpec<Row, Item>,
  req: Pick<ListRequest, 'filters'>,
  scope?: SQL,
): SQL | undefined {
  const filters = spec.applied ? req.filters.filter((f) => !spec.applied!.includes(f.field)) : req.filters;
  return and(scope, spec.where, buildWhere(spec, filters));
}

/** One page of items (no count). */
async function pageOf<Row, Item>(
  db: DbOrTx,
  spec: ListSpec<Row, Item>,
  req: ListRequest,
  scope?: SQL,
): Promise<Item[]> {
  const where = whereOf(spec, req, scope);
  const order = buildOrder(spec, req.sort_order);
  const { page, size } = req.pagination;
  const rows = await spec
    .source(db, noTotal())
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset((page - 1) * size);
  return rows.map((r) => {
    const { __total: _t, ...rest } = r as Row & { __total: number };
    return spec.map ? spec.map(rest as Row) : (rest as unknown as Item);
  });
}

/**
 * The rows of the filtered set, counted up to `limit` (a `count(*)` over the source cut off by LIMIT): a million-row
 * report answers its first page after reading at most `limit` rows, never the million (issue 22).
 */
async function countCapped<Row, Item>(
  db: DbOrTx,
  spec: ListSpec<Row, Item>,
  where: SQL | undefined,
  limit: number,
): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(sql`(${spec.source(db, noTotal()).where(where).limit(limit)}) as counted`);
  return rows[0]?.n ?? 0;
}

/**
 * Runs a list request: filters, sort, page, and the total. A page shorter than its size is the last one: the total
 * is known without counting. Otherwise the rows are counted up to LIST_TOTAL_CAP (or just past the page asked for,
 * when that lies further): past it the answer says `total_capped` and `total_count` is a lower bound ("more than
 * 10.000 records" on the screen).
 */
export async function runList<Row, Item>(
  db: DbOrTx,
  spec: ListSpec<Row, Item>,
  req: ListRequest,
  scope?: SQL,
): Promise<ListResponse<Item>> {
  const items = await pageOf(db, spec, req, scope);
  const { page, size } = req.pagination;
  const before = (page - 1) * size;
  if (items.length > 0 && items.length < size) return { items, total_count: before + items.length, page, size };
  if (items.length === 0 && page === 1) return { items, total_count: 0, page, size };
  const limit = Math.max(LIST_TOTAL_CAP, before + size) + 1;
  const counted = await countCapped(db, spec, whereOf(spec, req, scope), limit);
  if (counted < limit) return { items, total_count: counted, page, size };
  return { items, total_count: limit - 1, total_capped: true, page, size };
}

/**
 * The rows a request filters, counted as a list counts them (up to LIST_TOTAL_CAP; `capped` past it): a report's
 * totals row beside a list says how many rows it sums without counting a million.
 */
export async function countList<Row, Item>(
  db: DbOrTx,
  spec: ListSpec<Row, Item>,
  req: Pick<ListRequest, 'filters'>,
  scope?: SQL,
): Promise<{ count: number; capped: boolean }> {
  const limit = LIST_TOTAL_CAP + 1;
  const counted = await countCapped(db, spec, whereOf(spec, req, scope), limit);
  return counted < limit ? { count: counted, capped: false } : { count: LIST_TOTAL_CAP, capped: true };
}

/** Walks the whole filtered set page by page, for exports. */
export async function* iterateList<Row, Item>(
  db: DbOrTx,
  spec: ListSpec<Row, Item>,
  req: ListRequest,
  scope?: SQL,
  chunk = 1000,
): AsyncGenerator<Item[]> {
  for (let page = 1; ; page++) {
    const items = await pageOf(db, spec, { ...req, pagination: { page, size: chunk } }, scope);
    if (items.length) yield items;
    if (items.length < chunk) return;
  }
}
