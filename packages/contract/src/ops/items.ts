import { defineOps } from '../ops/meta.js';
import { ITEM_LOOKUP_PAGES } from './page-groups.js';

/** items: the zod-free half of the operation table (schemas in ../api/items.ts). */
export const itemsOps = defineOps('items', {
  list: {
    method: 'POST',
    path: '/items/filter',
    access: { page: ITEM_LOOKUP_PAGES, level: 'view' },
    summary:
      "Filter items: a franchise's item list (the store user's own, or head office's franchise_code filter) or the item master, each row with today's effective price and its source",
    kind: 'list',
  },
  price: {
    method: 'GET',
    path: '/items/price',
    access: { page: ITEM_LOOKUP_PAGES, level: 'view' },
    summary:
      'The price of an item for a franchise on a date (priceOf): item price > list price × franchise rate > list price',
  },
  get: {
    method: 'GET',
    path: '/items/:item_no',
    access: { page: ITEM_LOOKUP_PAGES, level: 'view' },
    summary: 'One item of the item master with its variants and units of measure',
  },
  create: {
    method: 'POST',
    path: '/items',
    access: { page: '/items', level: 'edit' },
    summary: 'Item master: create an item with its variants and units of measure (head office, edit on /items)',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/items',
    access: { page: '/items', level: 'edit' },
    summary:
      'Item master: update an item (head office; carries the version last read); variants and units, when given, replace the lists',
  },
  sync: {
    method: 'POST',
    path: '/items/sync',
    access: { page: '/items', level: 'edit' },
    summary:
      'Sync all items from the ERP and fill the franchise item lists (one franchise, or all for head office); records a sync log',
  },
  syncItemNo: {
    method: 'POST',
    path: '/items/sync-item-no',
    access: { page: '/items', level: 'edit' },
    summary: 'Sync one item (item_no) from the ERP and add it to the franchise item lists; records a sync log',
  },
  updatePriceRate: {
    method: 'POST',
    path: '/items/update-price-rate',
    access: { page: '/items', level: 'edit' },
    summary: "Set a franchise's price rate for one item (item_no) or for its whole item list (update_all)",
  },
  remove: {
    method: 'POST',
    path: '/items/remove',
    access: { page: '/items', level: 'edit' },
    summary: "Remove items (item_nos) from a franchise's item list",
  },
  sort: {
    method: 'PUT',
    path: '/items/sort',
    access: { page: '/items', level: 'edit' },
    summary:
      "Set the sort order of a franchise's items in one transaction: items in order (from sort) or { item_no, sort } pairs",
  },
});
