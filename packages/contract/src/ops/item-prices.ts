import { defineOps } from '../ops/meta.js';
import { ITEM_LOOKUP_PAGES } from './page-groups.js';

/** itemPrices: the zod-free half of the operation table (schemas in ../api/item-prices.ts). */
export const itemPricesOps = defineOps('itemPrices', {
  list: {
    method: 'POST',
    path: '/item-prices/filter',
    access: { page: ITEM_LOOKUP_PAGES, level: 'view' },
    summary: 'Filter item prices (store users see prices for every franchise and their own)',
    kind: 'list',
  },
  priceListsList: {
    method: 'POST',
    path: '/item-prices/price-lists/filter',
    access: { page: ITEM_LOOKUP_PAGES, level: 'view' },
    summary: 'Filter price lists, with their number of prices, pinned prices and validity span',
    kind: 'list',
  },
  pinnedList: {
    method: 'POST',
    path: '/item-prices/pinned',
    access: { page: ITEM_LOOKUP_PAGES, level: 'view' },
    summary:
      "The pinned list: pinned item prices valid today (for the caller's franchise and all franchises), in sort order",
    kind: 'list',
  },
  view: {
    method: 'GET',
    path: '/item-prices/view',
    access: { page: ITEM_LOOKUP_PAGES, level: 'view' },
    summary: 'View one price list (price_list_code) with all its prices',
  },
  create: {
    method: 'POST',
    path: '/item-prices',
    access: { page: '/items', level: 'edit' },
    summary:
      'Add an item price (head office). A new price_list_code creates the list. Overlapping validity for the same item, variant, unit, franchise and minimum quantity is refused (409)',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/item-prices',
    access: { page: '/items', level: 'edit' },
    summary: 'Update an item price (id, version last read, changes); the overlap rule applies',
  },
  remove: {
    method: 'POST',
    path: '/item-prices/remove',
    access: { page: '/items', level: 'edit' },
    summary: 'Remove item prices by ids (all or nothing)',
  },
  delete: {
    method: 'POST',
    path: '/item-prices/delete',
    access: { page: '/items', level: 'edit' },
    summary: 'Delete a whole price list (price_list_code) with its prices',
  },
  import: {
    method: 'POST',
    path: '/item-prices/import',
    access: { page: '/items', level: 'edit' },
    summary: 'Import a set of prices (ids) into a sub-category (subCategoryId): their items move into it',
  },
  syncFromView: {
    method: 'POST',
    path: '/item-prices/sync-from-view',
    access: { page: '/items', level: 'edit' },
    summary:
      "Copy the ERP's sales prices (its price view) into a price list; overlapping ones are skipped and reported",
  },
});
