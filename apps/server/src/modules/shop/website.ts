import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { ShopWebsiteItem } from '@fp/contract';
import type { ListSpec } from '../../http/list.js';
import { categories } from '../categories/schema.js';
import { items } from '../items/schema.js';

// /tablet/website: the items a store can open in the online shop. Blocked items are not sold there.

const { item_no, description, unit_price } = getTableColumns(items);

export const websiteItemList: ListSpec<ShopWebsiteItem> = {
  source: (db, extra) =>
    db
      .select({ item_no, description, unit_price, category_name: categories.name, ...extra })
      .from(items)
      .leftJoin(categories, eq(categories.id, items.category_id))
      .$dynamic() as never,
  fields: {
    item_no: items.item_no,
    description: items.description,
    unit_price: items.unit_price,
    category_name: categories.name,
    // One box on the tablet: item number or name.
    search: sql`${items.item_no} || ' ' || ${items.description}`,
  },
  filterable: ['item_no', 'description', 'category_name', 'search'],
  sortable: ['item_no', 'description', 'unit_price', 'category_name'],
  defaultSort: { field: 'item_no', direction: 'asc' },
  key: items.item_no,
};

export const websiteItemFilter = () => eq(items.blocked, false);
