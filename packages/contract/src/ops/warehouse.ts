import { defineOps } from '../ops/meta.js';
import { ITEM_LOOKUP_PAGES, PURCHASE_PAGES, WAREHOUSE_PAGES } from './page-groups.js';

const view = { page: WAREHOUSE_PAGES, level: 'view' } as const;
const edit = { page: WAREHOUSE_PAGES, level: 'edit' } as const;

/** The screens that show what is on hand: the stock screens, the item lookups (tablet scanner) and purchase orders. */
export const STOCK_LOOKUP_PAGES = [
  ...WAREHOUSE_PAGES,
  ...ITEM_LOOKUP_PAGES.filter((p) => !(WAREHOUSE_PAGES as readonly string[]).includes(p)),
  ...PURCHASE_PAGES,
] as const;
const lookup = { page: STOCK_LOOKUP_PAGES, level: 'view' } as const;

/** warehouseEntries: the adjustment journal (calls.md 7.10; api.md "Consignment, warehouse, money"). */
export const warehouseEntriesOps = defineOps('warehouseEntries', {
  list: {
    method: 'POST',
    path: '/warehouse/entries/filter',
    access: view,
    summary: 'Filter warehouse entries (open and posted adjustments of the caller’s franchise)',
    kind: 'list',
  },
  create: {
    method: 'POST',
    path: '/warehouse/entries',
    access: edit,
    summary: 'Add an open warehouse entry (positive_adjmt or negative_adjmt, quantity > 0, a reason)',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/warehouse/entries',
    access: edit,
    summary: 'Update an open warehouse entry (id, version); a posted one is refused (422)',
  },
  remove: {
    method: 'POST',
    path: '/warehouse/entries/remove',
    access: edit,
    summary: 'Remove open warehouse entries (ids); a posted one is refused (422)',
  },
  post: {
    method: 'POST',
    path: '/warehouse/entries/post',
    access: edit,
    summary:
      'Post open warehouse entries (ids) into the item ledger in one transaction with one WE number (added to calls.md 7.10)',
    idempotent: true,
  },
});

/** warehouse: transfer between two locations, on hand, item stock, the picture path (calls.md 7.10). */
export const warehouseOps = defineOps('warehouse', {
  transfer: {
    method: 'POST',
    path: '/warehouse/transfer',
    access: edit,
    summary:
      'Move stock between two locations of the franchise (location_from, location_to, items): one WT document, two item ledger entries per line',
    status: 201,
    idempotent: true,
  },
  onHand: {
    method: 'POST',
    path: '/warehouse/on-hand',
    access: lookup,
    summary:
      'On hand per location, item and variant (Σ item ledger, base units); zero rows left out unless include_zero',
    kind: 'list',
  },
  itemStock: {
    method: 'POST',
    path: '/warehouse/item-stock',
    access: view,
    summary: 'Item stock between from_date and to_date: opening, in, out and closing per location, item and variant',
    kind: 'list',
  },
  itemStockTotals: {
    method: 'POST',
    path: '/warehouse/item-stock/totals',
    access: view,
    summary: 'The totals (opening, in, out, closing) of the item stock rows the same request filters (added)',
  },
  pathConfig: {
    method: 'GET',
    path: '/warehouse/path-config',
    access: lookup,
    summary: 'Where item pictures are (image path URL, ITEM_IMAGE_PATH_URL)',
  },
});

/** stockReports: the report screens /reports/onHand and /reports/inventoryReport (api.md Reports). */
export const stockReportsOps = defineOps('stockReports', {
  onHand: {
    method: 'POST',
    path: '/reports/on-hand',
    access: view,
    summary: 'The on-hand report: the same rows as POST /api/warehouse/on-hand',
    kind: 'list',
  },
  inventory: {
    method: 'POST',
    path: '/reports/inventory',
    access: view,
    summary: 'The inventory report: the same rows as POST /api/warehouse/item-stock (from_date, to_date)',
    kind: 'list',
  },
});
