import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { ItemPrice, PriceList } from '@fp/contract';
import type { Scope } from '../../http/scope.js';
import type { ListSpec } from '../../http/list.js';
import { items } from '../items/schema.js';
import { itemPriceLists, itemPrices } from './schema.js';

const columns = getTableColumns(itemPrices);

/** POST /api/item-prices/filter (and the pinned list): prices with their list's name and the item's list price. */
export const itemPriceSpec: ListSpec<ItemPrice & { __total: number }, ItemPrice> = {
  source: (db, extra) =>
    db
      .select({
        ...columns,
        price_list_name: itemPriceLists.name,
        item_description: items.description,
        list_price: items.unit_price,
        ...extra,
      })
      .from(itemPrices)
      .innerJoin(itemPriceLists, eq(itemPriceLists.code, itemPrices.price_list_code))
      .innerJoin(items, eq(items.item_no, itemPrices.item_no))
      .$dynamic() as never,
  fields: {
    id: itemPrices.id,
    price_list_code: itemPrices.price_list_code,
    price_list_name: itemPriceLists.name,
    item_no: itemPrices.item_no,
    item_description: items.description,
    variant_code: itemPrices.variant_code,
    unit_of_measure: itemPrices.unit_of_measure,
    franchise_code: itemPrices.franchise_code,
    unit_price: itemPrices.unit_price,
    minimum_quantity: itemPrices.minimum_quantity,
    valid_from: itemPrices.valid_from,
    valid_to: itemPrices.valid_to,
    pinned: itemPrices.pinned,
    sort: itemPrices.sort,
    category_id: items.category_id,
    updated_at: itemPrices.updated_at,
  },
  filterable: [
    'id',
    'price_list_code',
    'price_list_name',
    'item_no',
    'item_description',
    'variant_code',
    'unit_of_measure',
    'franchise_code',
    'unit_price',
    'minimum_quantity',
    'valid_from',
    'valid_to',
    'pinned',
    'sort',
    'category_id',
  ],
  sortable: [
    'id',
    'price_list_code',
    'item_no',
    'item_description',
    'variant_code',
    'franchise_code',
    'unit_price',
    'minimum_quantity',
    'valid_from',
    'valid_to',
    'sort',
    'updated_at',
  ],
  defaultSort: { field: 'item_no', direction: 'asc' },
  key: itemPrices.id,
};

/** The prices of a list the caller may see (another franchise's prices are never counted or shown). */
const visible = (s: Scope) =>
  sql`p.price_list_code = "item_price_lists"."code" and ${s.franchiseOrShared(sql`p.franchise_code`) ?? sql`true`}`;
const counts = (s: Scope) => ({
  price_count: sql<number>`(select count(*)::int from ${itemPrices} p where ${visible(s)})`.mapWith(Number),
  pinned_count: sql<number>`(select count(*)::int from ${itemPrices} p where ${visible(s)} and p.pinned)`.mapWith(
    Number,
  ),
  franchise_count:
    sql<number>`(select count(distinct p.franchise_code)::int from ${itemPrices} p where ${visible(s)})`.mapWith(
      Number,
    ),
  first_valid_from: sql<string | null>`(select min(p.valid_from)::text from ${itemPrices} p where ${visible(s)})`,
  last_valid_to: sql<
    string | null
  >`(select case when bool_or(p.valid_to is null) then null else max(p.valid_to)::text end from ${itemPrices} p where ${visible(s)})`,
});

/**
 * POST /api/item-prices/price-lists/filter. A price list has no franchise of its own: a store user sees the lists
 * that hold a price they may see (for every franchise or for theirs), with counts of those prices only.
 */
export const visiblePriceLists = (s: Scope): SQL | undefined =>
  s.all ? undefined : sql`exists (select 1 from ${itemPrices} p where ${visible(s)})`;

export const priceListSpec = (s: Scope): ListSpec<PriceList & { __total: number }, PriceList> => {
  const c = counts(s);
  return {
    source: (db, extra) =>
      db
        .select({
          code: itemPriceLists.code,
          name: itemPriceLists.name,
          description: itemPriceLists.description,
          version: itemPriceLists.version,
          updated_at: itemPriceLists.updated_at,
          ...c,
          ...extra,
        })
        .from(itemPriceLists)
        .$dynamic() as never,
    fields: {
      code: itemPriceLists.code,
      name: itemPriceLists.name,
      description: itemPriceLists.description,
      updated_at: itemPriceLists.updated_at,
      price_count: { expr: c.price_count, type: 'number' },
    },
    filterable: ['code', 'name', 'description'],
    sortable: ['code', 'name', 'updated_at', 'price_count'],
    defaultSort: { field: 'code', direction: 'asc' },
    key: itemPriceLists.code,
  };
};
