import {
  itemCreate,
  itemDetail,
  itemNoParam,
  itemRow,
  itemSyncResult,
  itemUpdate,
  priceQuery,
  priceResult,
  removeItems,
  removeItemsResult,
  sortItems,
  sortItemsResult,
  syncItemNo,
  syncItems as syncItemsBody,
  updatePriceRate as updatePriceRateBody,
  updatePriceRateResult,
} from '@fp/contract';
import Decimal from 'decimal.js';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { franchiseItems } from './schema.js';
import { createItem, getItem, updateItem } from './service.js';
import { itemListSpec, listFranchise } from './list.js';
import { removeFranchiseItems, sortFranchiseItems, updatePriceRate } from './franchise-items.js';
import { assertHeadOffice } from './franchise-context.js';
import { syncItems } from './sync.js';
import { priceOf, today } from './price.js';

const page = '/items';
/** Screens that look items and prices up (the tablet price screens show the effective price). */
export const ITEM_LOOKUP_PAGES = ['/items', '/tabletItemPrice', '/tablet/itemPrice', '/tablet/category'] as const;

export function itemRoutes(r: Router) {
  listRoute(r, {
    url: '/items/filter',
    access: { page: ITEM_LOOKUP_PAGES, level: 'view' },
    summary:
      "Filter items: a franchise's item list (the store user's own, or head office's franchise_code filter) or the item master, each row with today's effective price and its source",
    item: itemRow,
    spec: (auth, body) => itemListSpec(listFranchise(auth, body)),
    // Store users only ever see their own franchise's item list.
    scope: (s) => s.franchise(franchiseItems.franchise_code),
    sheet: 'Items',
    columns: [
      { key: 'item_no', header: 'Item No' },
      { key: 'description', header: 'Description', width: 40 },
      { key: 'category_name', header: 'Category', width: 24 },
      { key: 'base_unit_of_measure', header: 'Unit' },
      { key: 'unit_price', header: 'List Price', format: 'money', width: 16 },
      { key: 'franchise_code', header: 'Franchise' },
      { key: 'price_rate', header: 'Price Rate' },
      { key: 'effective_price', header: 'Effective Price', format: 'money', width: 16 },
      { key: 'price_source', header: 'Price Source', width: 14 },
      { key: 'price_list', header: 'Price List', width: 14 },
      { key: 'sort', header: 'Sort' },
    ],
  });
  r.route({
    method: 'GET',
    url: '/items/price',
    access: { page: ITEM_LOOKUP_PAGES, level: 'view' },
    summary: 'The price of an item for a franchise on a date (priceOf): item price > list price × franchise rate > list price',
    query: priceQuery,
    response: priceResult,
    handler: async ({ query, auth, services }) => {
      const franchise = auth.scope.all ? (query.franchise_code ?? null) : ((await auth.scope.own(services.db, query.franchise_code)) ?? null);
      const date = query.date ?? today();
      const p = await priceOf(services.db, { date, franchiseCode: franchise, itemNo: query.item_no, variantCode: query.variant_code, quantity: query.quantity, unit: query.unit });
      const { unit, ...rest } = p;
      return { item_no: query.item_no, variant_code: query.variant_code, unit, quantity: query.quantity, date, franchise_code: franchise, ...rest, line_amount: new Decimal(p.unit_price).mul(query.quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) };
    },
  });
  r.route({
    method: 'GET',
    url: '/items/:item_no',
    access: { page: ITEM_LOOKUP_PAGES, level: 'view' },
    summary: 'One item of the item master with its variants and units of measure',
    params: itemNoParam,
    response: itemDetail,
    handler: ({ params, services }) => getItem(services.db, params.item_no),
  });
  r.route({
    method: 'POST',
    url: '/items',
    access: { page, level: 'edit' },
    summary: 'Item master: create an item with its variants and units of measure (head office, edit on /items)',
    body: itemCreate,
    response: itemDetail,
    status: 201,
    idempotent: true,
    handler: ({ body, auth, services }) => {
      assertHeadOffice(auth);
      return services.db.transaction((tx) => createItem(tx, body));
    },
  });
  r.route({
    method: 'PUT',
    url: '/items',
    access: { page, level: 'edit' },
    summary: 'Item master: update an item (head office; carries the version last read); variants and units, when given, replace the lists',
    body: itemUpdate,
    response: itemDetail,
    handler: ({ body, auth, services }) => {
      assertHeadOffice(auth);
      return services.db.transaction((tx) => updateItem(tx, body));
    },
  });
  r.route({
    method: 'POST',
    url: '/items/sync',
    access: { page, level: 'edit' },
    summary: 'Sync all items from the ERP and fill the franchise item lists (one franchise, or all for head office); records a sync log',
    body: syncItemsBody,
    response: itemSyncResult,
    handler: async ({ body, auth, services }) => {
      const franchise = (await auth.scope.own(services.db, body.franchise_code)) ?? null;
      return syncItems(services, auth, { franchise, itemNo: null });
    },
  });
  r.route({
    method: 'POST',
    url: '/items/sync-item-no',
    access: { page, level: 'edit' },
    summary: 'Sync one item (item_no) from the ERP and add it to the franchise item lists; records a sync log',
    body: syncItemNo,
    response: itemSyncResult,
    handler: async ({ body, auth, services }) => {
      const franchise = (await auth.scope.own(services.db, body.franchise_code)) ?? null;
      return syncItems(services, auth, { franchise, itemNo: body.item_no });
    },
  });
  r.route({
    method: 'POST',
    url: '/items/update-price-rate',
    access: { page, level: 'edit' },
    summary: "Set a franchise's price rate for one item (item_no) or for its whole item list (update_all)",
    body: updatePriceRateBody,
    response: updatePriceRateResult,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => updatePriceRate(tx, auth, body)),
  });
  r.route({
    method: 'POST',
    url: '/items/remove',
    access: { page, level: 'edit' },
    summary: "Remove items (item_nos) from a franchise's item list",
    body: removeItems,
    response: removeItemsResult,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => removeFranchiseItems(tx, auth, body)),
  });
  r.route({
    method: 'PUT',
    url: '/items/sort',
    access: { page, level: 'edit' },
    summary: "Set the sort order of a franchise's items in one transaction: items in order (from sort) or { item_no, sort } pairs",
    body: sortItems,
    response: sortItemsResult,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => sortFranchiseItems(tx, auth, body)),
  });
}
