import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { businessDate, type ItemRow, type ListRequest } from '@fp/contract';
import type { Auth } from '../../http/context.js';
import type { ListSpec } from '../../http/list.js';
import { categories } from '../categories/schema.js';
import { itemPrices } from '../item-prices/schema.js';
import { franchiseItems, items, itemVariants } from './schema.js';
import { applicablePrice, pricePrecedence } from './price.js';

const parent = alias(categories, 'parent_category');

/** The franchise whose item list a filter shows: the store user's own, else an eq filter on franchise_code. */
export function listFranchise(auth: Auth, req: ListRequest): string | null {
  if (auth.scope.franchiseCode) return auth.scope.franchiseCode;
  const f = req.filters.find(
    (x) =>
      x.field === 'franchise_code' &&
      (x.condition_type ?? 'eq') === 'eq' &&
      typeof x.value === 'string' &&
      !x.value.includes('|'),
  );
  return f ? String(f.value).trim().toUpperCase() : null;
}

/**
 * POST /api/items/filter: with a franchise in view (store user, or a franchise_code filter) the rows are that
 * franchise's item list; otherwise the item master. Each row carries today's effective price of one base unit
 * for that franchise — the same rules as priceOf (item price > list price × rate > list price).
 */
/** `date` is the price date (default: the business date, never the database's current_date, which is UTC). */
export function itemListSpec(
  franchise: string | null,
  date: string = businessDate(),
): ListSpec<ItemRow & { __total: number }, ItemRow> {
  const best = (db: Parameters<ListSpec<ItemRow>['source']>[0]) =>
    db
      .select({ id: itemPrices.id, unit_price: itemPrices.unit_price, price_list: itemPrices.price_list_code })
      .from(itemPrices)
      .where(
        applicablePrice({
          itemNo: items.item_no,
          franchise,
          variant: '',
          unit: items.base_unit_of_measure,
          quantity: '1',
          date: sql`${date}::date`,
        }),
      )
      .orderBy(...pricePrecedence())
      .limit(1)
      .as('best_price');
  // With a franchise in view the rows are its list: an inner join lets the planner start from that list.
  const fiJoinKind = franchise ? ('innerJoin' as const) : ('leftJoin' as const);
  const fiJoin = franchise
    ? and(eq(franchiseItems.item_no, items.item_no), eq(franchiseItems.franchise_code, franchise))
    : sql`false`;
  const pinnedFor = franchise
    ? sql`(p.franchise_code is null or p.franchise_code = ${franchise})`
    : sql`p.franchise_code is null`;
  const pinned = sql<boolean>`exists (select 1 from ${itemPrices} p where p.item_no = ${items.item_no} and p.pinned and ${pinnedFor} and p.valid_from <= ${date}::date and (p.valid_to is null or p.valid_to >= ${date}::date))`;
  const fields = {
    item_no: items.item_no,
    description: items.description,
    description_2: items.description_2,
    barcode: items.barcode,
    base_unit_of_measure: items.base_unit_of_measure,
    category_id: items.category_id,
    category_code: categories.code,
    category_name: categories.name,
    parent_category_id: parent.id,
    parent_category_name: parent.name,
    top_category_id: { expr: sql`coalesce(${parent.id}, ${categories.id})`, type: 'number' as const },
    blocked: items.blocked,
    unit_price: items.unit_price,
    franchise_code: franchiseItems.franchise_code,
    price_rate: franchiseItems.price_rate,
    sort: franchiseItems.sort,
    pinned: { expr: pinned, type: 'boolean' as const },
    search: {
      expr: sql`(${items.item_no} || ' ' || ${items.description} || ' ' || ${items.description_2} || ' ' || ${items.barcode})`,
      type: 'text' as const,
    },
    effective_price: {
      expr: sql`coalesce(best_price.unit_price, round(${items.unit_price} * coalesce(${franchiseItems.price_rate}, 1), 2))`,
      type: 'number' as const,
    },
    price_source: {
      expr: sql`case when best_price.id is not null then 'item_price' when ${franchiseItems.id} is not null then 'price_rate' else 'list_price' end`,
      type: 'text' as const,
    },
    updated_at: items.updated_at,
  };
  return {
    source: (db, extra) => {
      const base = db
        .select({
          ...getTableColumns(items),
          category_code: categories.code,
          category_name: categories.name,
          parent_category_id: parent.id,
          parent_category_name: parent.name,
          variant_count:
            sql<number>`(select count(*)::int from ${itemVariants} v where v.item_no = ${items.item_no})`.mapWith(
              Number,
            ),
          franchise_code: franchiseItems.franchise_code,
          item_franchise_id: franchiseItems.id,
          price_rate: franchiseItems.price_rate,
          sort: franchiseItems.sort,
          fi_version: franchiseItems.version,
          fi_updated_at: franchiseItems.updated_at,
          effective_price: sql<string>`coalesce(best_price.unit_price, round(${items.unit_price} * coalesce(${franchiseItems.price_rate}, 1), 2))::text`,
          price_source: sql<
            ItemRow['price_source']
          >`case when best_price.id is not null then 'item_price' when ${franchiseItems.id} is not null then 'price_rate' else 'list_price' end`,
          price_list: sql<string | null>`best_price.price_list_code`,
          pinned,
          ...extra,
        })
        .from(items)
        .leftJoin(categories, eq(categories.id, items.category_id))
        .leftJoin(parent, eq(parent.id, categories.parent_id));
      const withList = base[fiJoinKind](franchiseItems, fiJoin);
      return withList.leftJoinLateral(best(db), sql`true`).$dynamic() as never;
    },
    fields,
    filterable: [
      'item_no',
      'description',
      'description_2',
      'barcode',
      'base_unit_of_measure',
      'category_id',
      'category_code',
      'category_name',
      'parent_category_id',
      'top_category_id',
      'blocked',
      'unit_price',
      'franchise_code',
      'price_rate',
      'sort',
      'pinned',
      'search',
      'effective_price',
      'price_source',
    ],
    sortable: [
      'item_no',
      'description',
      'category_name',
      'unit_price',
      'price_rate',
      'sort',
      'effective_price',
      'price_source',
      'updated_at',
    ],
    defaultSort: franchise ? { field: 'sort', direction: 'asc' } : { field: 'item_no', direction: 'asc' },
    key: items.item_no,
    map: (r) => {
      const row = r as unknown as Record<string, unknown>;
      return {
        item_no: row.item_no,
        description: row.description,
        description_2: row.description_2,
        barcode: row.barcode,
        base_unit_of_measure: row.base_unit_of_measure,
        category_id: row.category_id,
        category_code: row.category_code,
        category_name: row.category_name,
        parent_category_id: row.parent_category_id,
        parent_category_name: row.parent_category_name,
        blocked: row.blocked,
        variant_count: row.variant_count,
        unit_price: row.unit_price,
        franchise_code: row.franchise_code ?? null,
        item_franchise_id: row.item_franchise_id ?? null,
        price_rate: row.price_rate ?? null,
        sort: row.sort ?? null,
        version: row.fi_version ?? null,
        effective_price: String(row.effective_price),
        price_source: row.price_source,
        price_list: row.price_list ?? null,
        pinned: Boolean(row.pinned),
        updated_at: (row.fi_updated_at ?? row.updated_at) as string,
      } as ItemRow;
    },
  };
}
