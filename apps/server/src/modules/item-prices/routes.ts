import {
  itemPrice,
  itemPriceCreate,
  itemPriceIds,
  itemPriceImport,
  itemPriceImportResult,
  itemPriceRemoveResult,
  itemPriceSyncFromView,
  itemPriceSyncResult,
  itemPriceUpdate,
  priceList,
  priceListDelete,
  priceListDeleteResult,
  priceListView,
  priceListViewResult,
} from '@fp/contract';
import { eq } from 'drizzle-orm';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { assertHeadOffice } from '../items/franchise-context.js';
import { ITEM_LOOKUP_PAGES } from '../items/routes.js';
import { itemPrices } from './schema.js';
import { itemPriceSpec, priceListSpec, visiblePriceLists } from './list.js';
import { createItemPrice, deletePriceList, removeItemPrices, updateItemPrice, viewPriceList } from './service.js';
import { importIntoSubCategory, syncFromView } from './import.js';

// calls.md 8: no toast is shown for failures of item price calls (the web app keeps them quiet).
const page = '/items';
const lookup = { page: ITEM_LOOKUP_PAGES, level: 'view' as const };
const columns = [
  { key: 'price_list_code', header: 'Price List' },
  { key: 'item_no', header: 'Item No' },
  { key: 'item_description', header: 'Description', width: 40 },
  { key: 'variant_code', header: 'Variant' },
  { key: 'unit_of_measure', header: 'Unit' },
  { key: 'franchise_code', header: 'Franchise' },
  { key: 'unit_price', header: 'Unit Price', format: 'money' as const, width: 16 },
  { key: 'minimum_quantity', header: 'Min Qty' },
  { key: 'valid_from', header: 'Valid From', format: 'date' as const },
  { key: 'valid_to', header: 'Valid To', format: 'date' as const },
  { key: 'pinned', header: 'Pinned', format: 'boolean' as const },
  { key: 'sort', header: 'Sort' },
];

export function itemPriceRoutes(r: Router) {
  listRoute(r, {
    url: '/item-prices/filter',
    access: lookup,
    summary: 'Filter item prices (store users see prices for every franchise and their own)',
    item: itemPrice,
    spec: itemPriceSpec,
    // Store users see the prices for every franchise (franchise_code null) and their own.
    scope: (s) => s.franchiseOrShared(itemPrices.franchise_code),
    sheet: 'Item Prices',
    columns,
  });
  listRoute(r, {
    url: '/item-prices/price-lists/filter',
    access: lookup,
    summary: 'Filter price lists, with their number of prices, pinned prices and validity span',
    item: priceList,
    spec: (auth) => priceListSpec(auth.scope),
    scope: visiblePriceLists,
    sheet: 'Price Lists',
    columns: [
      { key: 'code', header: 'Code' },
      { key: 'name', header: 'Name', width: 30 },
      { key: 'price_count', header: 'Prices' },
      { key: 'pinned_count', header: 'Pinned' },
      { key: 'first_valid_from', header: 'First Valid From', format: 'date' },
      { key: 'last_valid_to', header: 'Last Valid To', format: 'date' },
    ],
  });
  listRoute(r, {
    url: '/item-prices/pinned',
    access: lookup,
    summary: 'The pinned list: pinned item prices valid today (for the caller\'s franchise and all franchises), in sort order',
    item: itemPrice,
    spec: { ...itemPriceSpec, defaultSort: { field: 'sort', direction: 'asc' } },
    scope: (s) => s.franchiseOrShared(itemPrices.franchise_code),
    where: () => eq(itemPrices.pinned, true),
    sheet: 'Pinned Prices',
    columns,
  });
  r.route({
    method: 'GET',
    url: '/item-prices/view',
    access: lookup,
    summary: 'View one price list (price_list_code) with all its prices',
    query: priceListView,
    response: priceListViewResult,
    handler: ({ query, auth, services }) => viewPriceList(services.db, auth.scope, query.price_list_code),
  });
  r.route({
    method: 'POST',
    url: '/item-prices',
    access: { page, level: 'edit' },
    summary: 'Add an item price (head office). A new price_list_code creates the list. Overlapping validity for the same item, variant, unit, franchise and minimum quantity is refused (409)',
    body: itemPriceCreate,
    response: itemPrice,
    status: 201,
    idempotent: true,
    handler: ({ body, auth, services }) => {
      assertHeadOffice(auth);
      return services.db.transaction((tx) => createItemPrice(tx, body));
    },
  });
  r.route({
    method: 'PUT',
    url: '/item-prices',
    access: { page, level: 'edit' },
    summary: 'Update an item price (id, version last read, changes); the overlap rule applies',
    body: itemPriceUpdate,
    response: itemPrice,
    handler: ({ body, auth, services }) => {
      assertHeadOffice(auth);
      return services.db.transaction((tx) => updateItemPrice(tx, body));
    },
  });
  r.route({
    method: 'POST',
    url: '/item-prices/remove',
    access: { page, level: 'edit' },
    summary: 'Remove item prices by ids (all or nothing)',
    body: itemPriceIds,
    response: itemPriceRemoveResult,
    handler: ({ body, auth, services }) => {
      assertHeadOffice(auth);
      return services.db.transaction((tx) => removeItemPrices(tx, body.ids));
    },
  });
  r.route({
    method: 'POST',
    url: '/item-prices/delete',
    access: { page, level: 'edit' },
    summary: 'Delete a whole price list (price_list_code) with its prices',
    body: priceListDelete,
    response: priceListDeleteResult,
    handler: ({ body, auth, services }) => {
      assertHeadOffice(auth);
      return services.db.transaction((tx) => deletePriceList(tx, body.price_list_code));
    },
  });
  r.route({
    method: 'POST',
    url: '/item-prices/import',
    access: { page, level: 'edit' },
    summary: 'Import a set of prices (ids) into a sub-category (subCategoryId): their items move into it',
    body: itemPriceImport,
    response: itemPriceImportResult,
    handler: ({ body, auth, services }) => {
      assertHeadOffice(auth);
      return services.db.transaction((tx) => importIntoSubCategory(tx, body.ids, body.subCategoryId));
    },
  });
  r.route({
    method: 'POST',
    url: '/item-prices/sync-from-view',
    access: { page, level: 'edit' },
    summary: "Copy the ERP's sales prices (its price view) into a price list; overlapping ones are skipped and reported",
    body: itemPriceSyncFromView,
    response: itemPriceSyncResult,
    handler: ({ body, auth, services }) => {
      assertHeadOffice(auth);
      return syncFromView(services, auth, body.price_list_code, body.price_list_name);
    },
  });
}
