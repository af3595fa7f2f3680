import { and, eq, sql, type SQL } from 'drizzle-orm';
import { itemImageUrl, type ItemStockRow, type ItemStockTotals, type ListRequest, type OnHandRow } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { buildWhere, countList, type ListSpec } from '../../http/list.js';
import type { Scope } from '../../http/scope.js';
import { D, toQty } from '../../kernel/money.js';
import { categories } from '../categories/schema.js';
import { itemVariants, items } from '../items/schema.js';
import { itemStockBalances, itemStockDaily } from '../ledger/schema.js';

// On hand and item stock (README.md here), joined to the catalogue for descriptions, units and categories. On hand
// reads the stock balances (item_stock_balances, issue 22: Σ item ledger per position, kept by the postings' trigger,
// its rows summed per position; one row per position once compacted), in the order of its index, so head office's
// first page reads 50 positions, not a million entries. Item stock (opening, in, out over dates) groups the stock
// movements per day (item_stock_daily, issue 22: Σ in and out per day and position, kept the same way) per position,
// in the order of its index, so a first page reads the day rows of its positions, not the ledger.

const day = itemStockDaily;
/** A day row's position (franchise, location, item, variant), as `s` names it for the catalogue join. */
const dayPosition = {
  franchise_code: day.franchise_code,
  location_code: day.location_code,
  item_no: day.item_no,
  variant_code: day.variant_code,
};

/**
 * The daily stock rows grouped per position, in the order of their index (location, item, variant, franchise: a
 * first page reads its positions' rows and stops); `columns` are the aggregates, `having` keeps the rows that are not
 * all zero.
 */
function grouped<C extends Record<string, SQL.Aliased>>(db: DbOrTx, columns: C, having?: SQL, where?: SQL) {
  return db
    .select({ ...dayPosition, ...columns })
    .from(day)
    .where(where)
    .groupBy(day.location_code, day.item_no, day.variant_code, day.franchise_code)
    .having(having)
    .as('s');
}

const bal = itemStockBalances;

/** The stock balances summed per position (`having`: the positions kept), grouped in the order of their index. */
function balances(db: DbOrTx, having?: SQL) {
  return db
    .select({
      franchise_code: bal.franchise_code,
      location_code: bal.location_code,
      item_no: bal.item_no,
      variant_code: bal.variant_code,
      quantity: sql<string>`sum(${bal.quantity})`.as('quantity'),
    })
    .from(bal)
    .groupBy(bal.location_code, bal.item_no, bal.variant_code, bal.franchise_code)
    .having(having)
    .as('s');
}

/** A column of the grouped ledger `s` as the outer query names it. */
const col = (name: string) => sql`${sql.identifier('s')}.${sql.identifier(name)}`;

/** The catalogue columns every stock row shows (the grouped ledger `s` joined to items, variants, categories). */
const catalogueFields = () => ({
  franchise_code: sql<string>`${col('franchise_code')}`.as('franchise_code'),
  location_code: sql<string>`${col('location_code')}`.as('location_code'),
  item_no: sql<string>`${col('item_no')}`.as('item_no'),
  variant_code: sql<string>`${col('variant_code')}`.as('variant_code'),
  description:
    sql<string>`coalesce(${items.description}, '') || case when ${itemVariants.description} is null then '' else ' - ' || ${itemVariants.description} end`.as(
      'description',
    ),
  category_code: sql<string>`coalesce(${categories.code}, '')`.as('category_code'),
  unit_of_measure: sql<string>`coalesce(${items.base_unit_of_measure}, '')`.as('unit_of_measure'),
});

const textFields = {
  franchise_code: { expr: col('franchise_code'), type: 'text' as const },
  location_code: { expr: col('location_code'), type: 'text' as const },
  item_no: { expr: col('item_no'), type: 'text' as const },
  variant_code: { expr: col('variant_code'), type: 'text' as const },
  description: { expr: sql`coalesce(${items.description}, '')`, type: 'text' as const },
  category_code: { expr: sql`coalesce(${categories.code}, '')`, type: 'text' as const },
};
const TEXT_FIELDS = ['franchise_code', 'location_code', 'item_no', 'variant_code', 'description', 'category_code'];
const positionKey = [col('location_code'), col('item_no'), col('variant_code')];

/** The grouped ledger (or balances) `s` joined to the catalogue (items, variants, categories). */
function fromGrouped<F extends Record<string, unknown>>(
  db: DbOrTx,
  fields: F,
  s: ReturnType<typeof grouped> | ReturnType<typeof balances> | ReturnType<typeof dayRowsUpTo>,
) {
  return db
    .select(fields as never)
    .from(s)
    .leftJoin(items, sql`${items.item_no} = ${col('item_no')}`)
    .leftJoin(
      itemVariants,
      sql`${itemVariants.item_no} = ${col('item_no')} and ${itemVariants.variant_code} = ${col('variant_code')}`,
    )
    .leftJoin(categories, eq(categories.id, items.category_id))
    .$dynamic();
}

// ---------- on hand ----------

type OnHandDbRow = Omit<OnHandRow, 'image_url'>;
type OnHandBody = ListRequest & { include_zero?: boolean };

/** The on-hand list of a request: the balance per position; zero positions left out unless include_zero. */
export function onHandList(imagePathUrl: string) {
  return (_auth: Auth, body: OnHandBody): ListSpec<OnHandDbRow, OnHandRow> => ({
    source: (db, extra) => {
      const s = balances(db, body.include_zero ? undefined : sql`sum(${bal.quantity}) <> 0`);
      return fromGrouped(
        db,
        { ...catalogueFields(), quantity: sql<string>`${col('quantity')}`.as('quantity'), ...extra },
        s,
      );
    },
    fields: { ...textFields, quantity: { expr: col('quantity'), type: 'decimal' } },
    filterable: [...TEXT_FIELDS, 'quantity'],
    sortable: [...TEXT_FIELDS, 'quantity'],
    defaultSort: { field: 'location_code', direction: 'asc' },
    key: positionKey,
    map: (r) => ({ ...r, quantity: toQty(r.quantity), image_url: itemImageUrl(imagePathUrl, r.item_no) }),
  });
}

// ---------- item stock ----------

export type ItemStockBody = ListRequest & { from_date: string; to_date: string; include_zero?: boolean };

/**
 * Per position: opening (before from_date), in and out (from_date … to_date). A page reads every day row of its
 * positions, those after to_date too: with no date predicate the grouped index scan stays the cheapest plan for the
 * planner, which plans the grouped subquery for all its rows and cannot see that a page needs 50. The totals, which
 * group every position anyway, leave out the rows after to_date (`upToDate`).
 */
function itemStockGrouped(db: DbOrTx, body: ItemStockBody, upToDate = false) {
  const from = sql`${body.from_date}::date`;
  const to = sql`${body.to_date}::date`;
  const inRange = sql`${day.posting_date} between ${from} and ${to}`;
  const opening = sql`sum(case when ${day.posting_date} < ${from} then ${day.quantity_in} - ${day.quantity_out} else 0 end)`;
  const qIn = sql`sum(case when ${inRange} then ${day.quantity_in} else 0 end)`;
  const qOut = sql`sum(case when ${inRange} then ${day.quantity_out} else 0 end)`;
  return grouped(
    db,
    {
      opening: sql<string>`${opening}`.as('opening'),
      quantity_in: sql<string>`${qIn}`.as('quantity_in'),
      quantity_out: sql<string>`${qOut}`.as('quantity_out'),
    },
    // The positions with an entry up to to_date; without include_zero, those with something to show.
    body.include_zero ? sql`min(${day.posting_date}) <= ${to}` : sql`(${opening} <> 0 or ${qIn} <> 0 or ${qOut} <> 0)`,
    upToDate ? sql`${day.posting_date} <= ${to}` : undefined,
  );
}

const closing = sql`(${col('opening')} + ${col('quantity_in')} - ${col('quantity_out')})`;

/** Item stock between from_date and to_date (both inclusive, business dates as posted). */
export function itemStockList(_auth: Auth, body: ItemStockBody): ListSpec<ItemStockRow, ItemStockRow> {
  return {
    source: (db, extra) =>
      fromGrouped(
        db,
        {
          ...catalogueFields(),
          opening: sql<string>`${col('opening')}`.as('opening'),
          quantity_in: sql<string>`${col('quantity_in')}`.as('quantity_in'),
          quantity_out: sql<string>`${col('quantity_out')}`.as('quantity_out'),
          closing: sql<string>`${closing}`.as('closing'),
          ...extra,
        },
        itemStockGrouped(db, body),
      ),
    fields: {
      ...textFields,
      opening: { expr: col('opening'), type: 'decimal' },
      quantity_in: { expr: col('quantity_in'), type: 'decimal' },
      quantity_out: { expr: col('quantity_out'), type: 'decimal' },
      closing: { expr: closing, type: 'decimal' },
    },
    filterable: [...TEXT_FIELDS, 'opening', 'quantity_in', 'quantity_out', 'closing'],
    sortable: [...TEXT_FIELDS, 'opening', 'quantity_in', 'quantity_out', 'closing'],
    defaultSort: { field: 'location_code', direction: 'asc' },
    key: positionKey,
    map: (r) => ({
      ...r,
      opening: toQty(r.opening),
      quantity_in: toQty(r.quantity_in),
      quantity_out: toQty(r.quantity_out),
      closing: toQty(r.closing),
    }),
  };
}

/** The item stock figures a filter may name: a filter on one of them needs every position's figures first. */
const FIGURES = ['opening', 'quantity_in', 'quantity_out', 'closing'];

/**
 * The daily stock rows up to to_date, one per row (not grouped), named `s` as the grouped rows are: a sum over all of
 * them is the sum over the positions, since a position left out (all zero) adds nothing.
 */
function dayRowsUpTo(db: DbOrTx, body: ItemStockBody) {
  return db
    .select({
      ...dayPosition,
      posting_date: day.posting_date,
      quantity_in: day.quantity_in,
      quantity_out: day.quantity_out,
    })
    .from(day)
    .where(sql`${day.posting_date} <= ${body.to_date}::date`)
    .as('s');
}

/**
 * The totals of the rows the same item stock request filters (pagination and sort ignored). The figures are summed
 * over the day rows directly (no grouping per position: head office's month over a million rows in one scan) and the
 * rows are counted as the list counts them, up to LIST_TOTAL_CAP (`rows_capped` past it). A filter on a figure
 * (opening, in, out, closing) is a condition per position: then the positions are grouped and counted in full.
 */
export async function itemStockTotals(db: DbOrTx, auth: Auth, body: ItemStockBody): Promise<ItemStockTotals> {
  const spec = itemStockList(auth, body);
  const scope = stockScope(auth.scope);
  const where = and(scope, buildWhere(spec, body.filters));
  const totalOf = (r: { opening: string; quantity_in: string; quantity_out: string }) => ({
    opening: toQty(r.opening),
    quantity_in: toQty(r.quantity_in),
    quantity_out: toQty(r.quantity_out),
    closing: toQty(D(r.opening).plus(r.quantity_in).minus(r.quantity_out)),
  });
  if (body.filters.some((f) => FIGURES.includes(f.field))) {
    const [r] = await fromGrouped(
      db,
      {
        opening: sql<string>`coalesce(sum(${col('opening')}), 0)`.as('opening'),
        quantity_in: sql<string>`coalesce(sum(${col('quantity_in')}), 0)`.as('quantity_in'),
        quantity_out: sql<string>`coalesce(sum(${col('quantity_out')}), 0)`.as('quantity_out'),
        rows: sql<number>`count(*)`.mapWith(Number).as('rows'),
      },
      itemStockGrouped(db, body, true),
    ).where(where);
    const row = r as { opening: string; quantity_in: string; quantity_out: string; rows: number };
    return { ...totalOf(row), rows: Number(row.rows) };
  }
  const from = sql`${body.from_date}::date`;
  const date = col('posting_date');
  const [r] = await fromGrouped(
    db,
    {
      opening:
        sql<string>`coalesce(sum(case when ${date} < ${from} then ${col('quantity_in')} - ${col('quantity_out')} else 0 end), 0)`.as(
          'opening',
        ),
      quantity_in: sql<string>`coalesce(sum(case when ${date} >= ${from} then ${col('quantity_in')} else 0 end), 0)`.as(
        'quantity_in',
      ),
      quantity_out:
        sql<string>`coalesce(sum(case when ${date} >= ${from} then ${col('quantity_out')} else 0 end), 0)`.as(
          'quantity_out',
        ),
    },
    dayRowsUpTo(db, body),
  ).where(where);
  const counted = await countList(db, spec, body, scope);
  return {
    ...totalOf(r as { opening: string; quantity_in: string; quantity_out: string }),
    rows: counted.count,
    ...(counted.capped ? { rows_capped: true as const } : {}),
  };
}

/** The scope of every stock list: the ledger's franchise. */
export const stockScope = (s: Scope) => s.franchise(col('franchise_code'));
