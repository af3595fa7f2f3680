import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import type { ListRequest, ListResponse, FilterItem } from '@fp/contract';
import { normalizeFilter } from '@fp/contract';
import { badRequest } from './errors.js';
import type { DbOrTx } from '../db/client.js';

export type FieldType = 'text' | 'number' | 'boolean' | 'date' | 'datetime';
export type FieldDef = SQLWrapper | { expr: SQLWrapper; type: FieldType };

/** A query built by a list: selection already applied, ready for where/orderBy/limit. */
export type DynamicQuery<Row> = {
  where(w: SQL | undefined): DynamicQuery<Row>;
  orderBy(...o: SQL[]): DynamicQuery<Row>;
  limit(n: number): DynamicQuery<Row>;
  offset(n: number): DynamicQuery<Row>;
} & PromiseLike<Row[]>;

export type ListSpec<Row, Item = Row> = {
  /** Builds the select (with joins) for the given extra fields; must call .$dynamic(). */
  source: (db: DbOrTx, extra: { __total: SQL.Aliased<number> }) => DynamicQuery<Row & { __total: number }>;
  /** API field name -> column or expression; only these may be filtered or sorted (api.md). */
  fields: Record<string, FieldDef>;
  filterable: readonly string[];
  sortable: readonly string[];
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  /** Tie-breaker so paging is stable. */
  key: SQLWrapper;
  map?: (row: Row) => Item;
};

function fieldOf(def: FieldDef): { expr: SQLWrapper; type: FieldType } {
  if ('expr' in def && 'type' in def) return def as { expr: SQLWrapper; type: FieldType };
  if (def instanceof PgColumn) {
    const ct = def.columnType;
    if (def.dataType === 'number' || ct === 'PgNumeric' || ct === 'PgBigInt53' || ct === 'PgBigInt64') return { expr: def, type: 'number' };
    if (def.dataType === 'boolean') return { expr: def, type: 'boolean' };
    if (ct === 'PgDateString' || ct === 'PgDate') return { expr: def, type: 'date' };
    if (ct === 'PgTimestampString' || ct === 'PgTimestamp') return { expr: def, type: 'datetime' };
    return { expr: def, type: 'text' };
  }
  return { expr: def, type: 'text' };
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const dmyDate = /^(\d{2})[-/](\d{2})[-/](\d{4})$/;

function coerce(field: string, type: FieldType, v: unknown): unknown {
  if (v === null) return null;
  const s = String(v).trim();
  switch (type) {
    case 'number':
      if (!/^-?\d+(\.\d+)?$/.test(s)) throw badRequest(`Filter ${field} needs a number`, `filters.${field}`);
      return s;
    case 'boolean':
      if (/^(true|1)$/i.test(s)) return true;
      if (/^(false|0)$/i.test(s)) return false;
      throw badRequest(`Filter ${field} needs true or false`, `filters.${field}`);
    case 'date':
    case 'datetime': {
      const m = dmyDate.exec(s);
      const iso = m ? `${m[3]}-${m[2]}-${m[1]}` : s;
      if (!isoDate.test(iso.slice(0, 10)) || Number.isNaN(Date.parse(iso))) {
        throw badRequest(`Filter ${field} needs a date (YYYY-MM-DD or DD-MM-YYYY)`, `filters.${field}`);
      }
      return iso;
    }
    default:
      return s;
  }
}

/** One filter item to SQL, after the | and like rules of calls.md 7.1. */
function condition(name: string, def: FieldDef, f: FilterItem): SQL | undefined {
  const { expr, type } = fieldOf(def);
  const { condition: c, value } = normalizeFilter(f);
  if (c === 'like' || c === 'like_bc') {
    const text = type === 'text' ? expr : sql`(${expr})::text`;
    return ilike(text as SQLWrapper as never, String(value));
  }
  if (c === 'in') {
    const values = (Array.isArray(value) ? value : [value]).map((v) => coerce(name, type, v));
    if (values.length === 0) return sql`false`;
    return inArray(expr as never, values as never[]);
  }
  if (Array.isArray(value)) throw badRequest(`Filter ${name} takes one value with ${c}`, `filters.${name}`);
  const v = coerce(name, type, value);
  if (c === 'eq') {
    if (v === null) return isNull(expr as never);
    if (type === 'datetime' && typeof v === 'string' && isoDate.test(v)) {
      return and(gte(expr as never, v as never), lt(expr as never, sql`(${v}::date + 1)`));
    }
    return eq(expr as never, v as never);
  }
  if (v === null) throw badRequest(`Filter ${name} needs a value with ${c}`, `filters.${name}`);
  if (c === 'gteq') return gte(expr as never, v as never);
  // A date-only upper bound on a timestamp includes that whole day.
  if (type === 'datetime' && typeof v === 'string' && isoDate.test(v)) return lt(expr as never, sql`(${v}::date + 1)`);
  return lte(expr as never, v as never);
}

export function buildWhere(spec: Pick<ListSpec<unknown>, 'fields' | 'filterable'>, filters: FilterItem[]): SQL | undefined {
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

export function buildOrder(spec: Pick<ListSpec<unknown>, 'fields' | 'sortable' | 'defaultSort' | 'key'>, sort: ListRequest['sort_order']): SQL[] {
  const s = sort ?? spec.defaultSort;
  if (!spec.sortable.includes(s.field) || !spec.fields[s.field]) {
    throw badRequest(`Unknown sort field: ${s.field}`, 'sort_order.field', 'unknown_sort_field');
  }
  const expr = fieldOf(spec.fields[s.field]).expr;
  return [s.direction === 'desc' ? desc(expr as never) : asc(expr as never), asc(spec.key as never)];
}

/** Runs a list request: filters, sort, page; total from a window count in the same query. */
export async function runList<Row, Item>(
  db: DbOrTx,
  spec: ListSpec<Row, Item>,
  req: ListRequest,
  scope?: SQL,
): Promise<ListResponse<Item>> {
  const where = and(scope, buildWhere(spec, req.filters));
  const order = buildOrder(spec, req.sort_order);
  const { page, size } = req.pagination;
  const extra = { __total: sql<number>`count(*) over()`.mapWith(Number).as('__total') };
  const rows = await spec.source(db, extra).where(where).orderBy(...order).limit(size).offset((page - 1) * size);
  let total = rows[0]?.__total ?? 0;
  if (rows.length === 0 && page > 1) {
    const probe = await spec.source(db, extra).where(where).limit(1);
    total = probe[0]?.__total ?? 0;
  }
  const items = rows.map((r) => {
    const { __total: _t, ...rest } = r as Row & { __total: number };
    return spec.map ? spec.map(rest as Row) : (rest as unknown as Item);
  });
  return { items, total_count: Number(total), page, size };
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
    const r = await runList(db, spec, { ...req, pagination: { page, size: chunk } }, scope);
    if (r.items.length) yield r.items;
    if (r.items.length < chunk) return;
  }
}
