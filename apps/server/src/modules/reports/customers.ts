import { and, sql, type SQLWrapper } from 'drizzle-orm';
import {
  businessTimeZone,
  counterSettingsDefaults,
  MAX_CHART_DAYS,
  reportMessages,
  type ListRequest,
  type NewCustomerRow,
  type NewCustomersByDay,
  type PointsUsedRow,
  type PointsUsedTotal,
} from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import { buildWhere, type ListSpec } from '../../http/list.js';
import type { Scope } from '../../http/scope.js';
import { toMoney } from '../../kernel/money.js';
import { customers as c } from '../customers/schema.js';
import { franchises } from '../franchises/schema.js';
import { redeemablePointEntries as p } from '../loyalty/schema.js';
import { salesOrders } from '../sales/schema.js';
import { settings } from '../system/schema.js';

// New customers (customers created between two business dates, from customers.created_at) and redeemable points
// used (the points ledger's 'used' entries that no 'reversed' entry undoes). Both scoped by the row's franchise.

export type DatedBody = ListRequest & { from_date: string; to_date: string };

/** A timestamp column's business date. */
const dayOf = (col: SQLWrapper) => sql`(${col} at time zone ${businessTimeZone()})::date`;
/** Timestamps within from_date … to_date (business days; index-friendly bounds). */
const within = (col: SQLWrapper, body: DatedBody) =>
  sql`${col} >= (${body.from_date}::date)::timestamp at time zone ${businessTimeZone()} and ${col} < (${body.to_date}::date + 1)::timestamp at time zone ${businessTimeZone()}`;

// ---------- new customers ----------

const first = sql`fo`;
const fo = (name: string) => sql`${first}.${sql.identifier(name)}`;
const firstOrder = sql`lateral (
  select ${salesOrders.pos_so_no} as pos_so_no, ${salesOrders.order_date} as order_date from ${salesOrders}
   where ${salesOrders.sell_to_code} = ${c.customer_no} and ${salesOrders.document_type} = 'order'
     and ${salesOrders.status} <> 'canceled'
   order by ${salesOrders.order_date}, ${salesOrders.pos_so_no} limit 1) ${first}`;
const franchiseName = sql`coalesce((select ${franchises.name} from ${franchises} where ${franchises.customer_no} = ${c.franchise_code}), '')`;
const createdDate = sql`to_char(${dayOf(c.created_at)}, 'YYYY-MM-DD')`;

const NEW_TEXT = ['customer_no', 'name', 'phone_no', 'franchise_code', 'location_code'] as const;

export const newCustomersScope = (s: Scope) => s.franchise(c.franchise_code);

export function newCustomersList(_scope: Scope, body: DatedBody): ListSpec<NewCustomerRow, NewCustomerRow> {
  return {
    source: (db, extra) =>
      db
        .select({
          customer_no: c.customer_no,
          name: c.name,
          phone_no: c.phone_no,
          franchise_code: c.franchise_code,
          franchise_name: sql<string>`${franchiseName}`.as('franchise_name'),
          location_code: c.location_code,
          created_date: sql<string>`${createdDate}`.as('created_date'),
          first_order_no: sql<string>`coalesce(${fo('pos_so_no')}, '')`.as('first_order_no'),
          first_order_date: sql<string | null>`to_char(${fo('order_date')}, 'YYYY-MM-DD')`.as('first_order_date'),
          ...extra,
        })
        .from(c)
        .leftJoin(firstOrder, sql`true`)
        .$dynamic(),
    where: within(c.created_at, body),
    fields: {
      ...Object.fromEntries(NEW_TEXT.map((f) => [f, c[f]])),
      franchise_name: { expr: franchiseName, type: 'text' },
      created_date: { expr: dayOf(c.created_at), type: 'date' },
      first_order_no: { expr: sql`coalesce(${fo('pos_so_no')}, '')`, type: 'text' },
      first_order_date: { expr: fo('order_date'), type: 'date' },
    },
    filterable: [...NEW_TEXT, 'franchise_name', 'created_date', 'first_order_no', 'first_order_date'],
    sortable: [...NEW_TEXT, 'franchise_name', 'created_date', 'first_order_no', 'first_order_date'],
    defaultSort: { field: 'created_date', direction: 'desc' },
    key: c.customer_no,
  };
}

/** The chart: customers of the same request (its list filters too) per creation day, every day of the range. */
export async function newCustomersByDay(db: DbOrTx, scope: Scope, body: DatedBody): Promise<NewCustomersByDay> {
  const days = (Date.parse(body.to_date) - Date.parse(body.from_date)) / 86_400_000 + 1;
  if (days > MAX_CHART_DAYS) throw badRequest(reportMessages.chartTooLong(MAX_CHART_DAYS), 'to_date');
  const spec = newCustomersList(scope, body);
  const counted = db
    .select({
      day: sql<string>`${createdDate}`.as('day'),
      n: sql<number>`count(*)`.as('n'),
    })
    .from(c)
    .leftJoin(firstOrder, sql`true`)
    .where(and(within(c.created_at, body), scope.franchise(c.franchise_code), buildWhere(spec, body.filters)))
    // By position: the day expression carries the time zone as a parameter, which a repeated expression would not match.
    .groupBy(sql`1`)
    .as('n');
  const rows = await db
    .select({
      date: sql<string>`to_char(d, 'YYYY-MM-DD')`,
      customers: sql<number>`coalesce(${sql`n.n`}, 0)`.mapWith(Number),
    })
    .from(sql`generate_series(${body.from_date}::date, ${body.to_date}::date, interval '1 day') d`)
    .leftJoin(counted, sql`n.day = to_char(d, 'YYYY-MM-DD')`)
    .orderBy(sql`d`);
  return {
    from_date: body.from_date,
    to_date: body.to_date,
    total: rows.reduce((s, r) => s + r.customers, 0),
    days: rows,
  };
}

// ---------- redeemable points used ----------

const notReversed = sql`not exists (select 1 from ${p} r where r.reverses_id = ${p.id})`;
const customerName = sql`coalesce((select ${c.name} from ${c} where ${c.customer_no} = ${p.customer_no}), '')`;
const pointsUsed = sql`(-${p.points})`;
const postingDate = sql`to_char(${dayOf(p.created_at)}, 'YYYY-MM-DD')`;
const pointsWhere = (body: DatedBody) => and(sql`${p.entry_type} = 'used'`, notReversed, within(p.created_at, body));

export const pointsUsedScope = (s: Scope) => s.franchise(p.franchise_code);

const POINTS_TEXT = ['pos_so_no', 'customer_no', 'franchise_code', 'referral_code', 'source', 'website_no'] as const;

/** The loyalty point value (counter settings: a settings row, else the contract's default), in SQL. */
const pointValue = sql`coalesce((select (${settings.value} #>> '{}')::numeric from ${settings} where ${settings.key} = 'loyalty_point_value'), ${counterSettingsDefaults.loyalty_point_value}::numeric)`;
const valueOf = sql`round(${pointsUsed} * ${pointValue}, 2)`;

/** Each use: redeemable_point_used = −points; value = points × the loyalty point value (counter settings). */
export function pointsUsedList(_scope: Scope, body: DatedBody): ListSpec<PointsUsedRow, PointsUsedRow> {
  return {
    source: (db, extra) =>
      db
        .select({
          id: p.id,
          pos_so_no: p.pos_so_no,
          customer_no: p.customer_no,
          customer_name: sql<string>`${customerName}`.as('customer_name'),
          franchise_code: p.franchise_code,
          referral_code: p.referral_code,
          redeemable_point_used: sql<string>`${pointsUsed}`.as('redeemable_point_used'),
          source: p.source,
          website_no: p.website_no,
          posting_date: sql<string>`${postingDate}`.as('posting_date'),
          value: sql<string>`${valueOf}`.as('value'),
          ...extra,
        })
        .from(p)
        .$dynamic(),
    where: pointsWhere(body),
    fields: {
      ...Object.fromEntries(POINTS_TEXT.map((f) => [f, p[f]])),
      id: p.id,
      customer_name: { expr: customerName, type: 'text' },
      redeemable_point_used: { expr: pointsUsed, type: 'number' },
      posting_date: { expr: dayOf(p.created_at), type: 'date' },
      value: { expr: valueOf, type: 'number' },
    },
    filterable: [...POINTS_TEXT, 'id', 'customer_name', 'redeemable_point_used', 'posting_date', 'value'],
    sortable: [...POINTS_TEXT, 'id', 'customer_name', 'redeemable_point_used', 'posting_date', 'value'],
    defaultSort: { field: 'posting_date', direction: 'desc' },
    key: p.id,
    map: (r) => ({ ...r, redeemable_point_used: toMoney(r.redeemable_point_used), value: toMoney(r.value) }),
  };
}

/** Σ of the uses of the same request (its list filters too). */
export async function pointsUsedTotal(db: DbOrTx, scope: Scope, body: DatedBody): Promise<PointsUsedTotal> {
  const spec = pointsUsedList(scope, body);
  const [r] = await db
    .select({
      entries: sql<number>`count(*)`.mapWith(Number),
      points: sql<string>`coalesce(sum(${pointsUsed}), 0)`,
      value: sql<string>`coalesce(sum(${valueOf}), 0)`,
    })
    .from(p)
    .where(and(pointsWhere(body), scope.franchise(p.franchise_code), buildWhere(spec, body.filters)));
  return { entries: r.entries, redeemable_point_used: toMoney(r.points), value: toMoney(r.value) };
}
