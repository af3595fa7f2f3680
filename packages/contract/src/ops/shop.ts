import { defineOps } from '../ops/meta.js';

/** shop: the zod-free half of the operation table (schemas in ../api/shop.ts). */
export const shopOps = defineOps('shop', {
  syncAll: {
    method: 'PUT',
    path: '/shop/sync-all',
    access: { page: '/items', level: 'edit' },
    summary:
      'Online shop: push every item (sync all). Queues one push per item (blocked items go as disabled); a push already waiting for an item is reused and runs now. Head office only.',
  },
  syncItem: {
    method: 'PUT',
    path: '/shop/items/:item_no',
    access: { page: '/items', level: 'edit' },
    summary:
      'Online shop: push one item (created or updated by SKU = item_no, with its variants as a configurable product, list price and categories). Head office only.',
  },
  syncItemPrices: {
    method: 'PUT',
    path: '/shop/items/:item_no/prices',
    access: { page: '/items', level: 'edit' },
    summary:
      'Online shop: push the list prices of one item and its variants (the item must already be in the shop). Head office only.',
  },
  syncVariant: {
    method: 'PUT',
    path: '/shop/variants/:variant_code',
    access: { page: '/items', level: 'edit' },
    summary:
      'Online shop: push one variant (SKU item_no-variant_code) and link it to its item. Variant codes may repeat across items: body { item_no } names the item and may be left out when the code belongs to one item only. Head office only.',
  },
  pushesList: {
    method: 'POST',
    path: '/shop/pushes/filter',
    access: { page: '/shopPushes', level: 'view' },
    summary:
      'Online shop pushes: state (pending, running, done, failed = will retry, dead = needs a fix), attempts, last error, what the shop did',
    kind: 'list',
  },
  pushesRetry: {
    method: 'POST',
    path: '/shop/pushes/retry',
    access: { page: '/shopPushes', level: 'edit' },
    summary: 'Online shop pushes: run failed or dead pushes again now, with a fresh set of attempts',
  },
  status: {
    method: 'GET',
    path: '/shop/status',
    access: { page: '/shopPushes', level: 'view' },
    summary: 'Online shop: the mode (none records pushes, magento sends them) and whether the shop answers now',
  },
  websiteItemsList: {
    method: 'POST',
    path: '/shop/website-items/filter',
    access: { page: '/tablet/website', level: 'view' },
    summary:
      'Items to open in the online shop on the tablet (/tablet/website): item number, name, list price, category',
    kind: 'list',
  },
});
