import { z } from 'zod';
import {
  SHOP_QUEUE,
  shopItemParams,
  shopPush,
  shopPushQueued,
  shopRetryBody,
  shopStatus,
  shopSyncAllBody,
  shopVariantBody,
  shopVariantParams,
  shopWebsiteItem,
} from '@fp/contract';
import type { Router } from '../../http/route.js';
import { unscoped } from '../../http/scope.js';
import { listRoute } from '../../http/list-route.js';
import { shopPushHandler } from './push-job.js';
import { isShopJob, retryPushes, shopPushList } from './pushes.js';
import { pushItem, pushItemPrices, pushVariant, syncAll } from './service.js';
import { websiteItemList, websiteItemFilter } from './website.js';

// calls.md 7.17 and api.md "online shop". Pushing belongs to the items screen; the push history to /shopPushes.
const items = '/items';
const pushes = '/shopPushes';

export function shopRoutes(r: Router) {
  r.services.jobs.register(SHOP_QUEUE, shopPushHandler(r.services));

  r.route({
    method: 'PUT',
    url: '/shop/sync-all',
    access: { page: items, level: 'edit' },
    summary:
      'Online shop: push every item (sync all). Queues one push per item (blocked items go as disabled); a push already waiting for an item is reused and runs now. Head office only.',
    body: shopSyncAllBody,
    response: shopPushQueued,
    handler: ({ auth, services }) => services.db.transaction((tx) => syncAll(tx, auth)),
  });
  r.route({
    method: 'PUT',
    url: '/shop/items/:item_no',
    access: { page: items, level: 'edit' },
    summary:
      'Online shop: push one item (created or updated by SKU = item_no, with its variants as a configurable product, list price and categories). Head office only.',
    params: shopItemParams,
    response: shopPushQueued,
    handler: ({ params, auth, services }) => services.db.transaction((tx) => pushItem(tx, auth, params.item_no)),
  });
  r.route({
    method: 'PUT',
    url: '/shop/items/:item_no/prices',
    access: { page: items, level: 'edit' },
    summary: 'Online shop: push the list prices of one item and its variants (the item must already be in the shop). Head office only.',
    params: shopItemParams,
    response: shopPushQueued,
    handler: ({ params, auth, services }) => services.db.transaction((tx) => pushItemPrices(tx, auth, params.item_no)),
  });
  r.route({
    method: 'PUT',
    url: '/shop/variants/:variant_code',
    access: { page: items, level: 'edit' },
    summary:
      'Online shop: push one variant (SKU item_no-variant_code) and link it to its item. Variant codes may repeat across items: body { item_no } names the item and may be left out when the code belongs to one item only. Head office only.',
    params: shopVariantParams,
    body: shopVariantBody,
    response: shopPushQueued,
    handler: ({ params, body, auth, services }) => services.db.transaction((tx) => pushVariant(tx, auth, params.variant_code, body.item_no)),
  });

  listRoute(r, {
    url: '/shop/pushes/filter',
    access: { page: pushes, level: 'view' },
    summary: 'Online shop pushes: state (pending, running, done, failed = will retry, dead = needs a fix), attempts, last error, what the shop did',
    item: shopPush,
    spec: shopPushList,
    scope: unscoped('shop pushes: catalogue items pushed to the one online shop'),
    where: () => isShopJob,
    sheet: 'Shop Pushes',
    columns: [
      { key: 'id', header: 'ID' },
      { key: 'kind', header: 'Push' },
      { key: 'item_no', header: 'Item No.' },
      { key: 'variant_code', header: 'Variant' },
      { key: 'state', header: 'State' },
      { key: 'attempts', header: 'Attempts' },
      { key: 'operation', header: 'Result' },
      { key: 'detail', header: 'Detail', width: 40 },
      { key: 'last_error', header: 'Last Error', width: 50 },
      { key: 'requested_by', header: 'Requested By' },
      { key: 'created_at', header: 'Requested', format: 'datetime', width: 20 },
      { key: 'updated_at', header: 'Updated', format: 'datetime', width: 20 },
    ],
  });
  r.route({
    method: 'POST',
    url: '/shop/pushes/retry',
    access: { page: pushes, level: 'edit' },
    summary: 'Online shop pushes: run failed or dead pushes again now, with a fresh set of attempts',
    body: shopRetryBody,
    response: z.object({ retried: z.number().int() }),
    handler: async ({ body, services }) => ({ retried: await retryPushes(services.db, body.ids) }),
  });
  r.route({
    method: 'GET',
    url: '/shop/status',
    access: { page: pushes, level: 'view' },
    summary: 'Online shop: the mode (none records pushes, magento sends them) and whether the shop answers now',
    response: shopStatus,
    handler: async ({ services }) => ({ mode: services.shop.mode, reachable: await services.shop.ping() }),
  });

  listRoute(r, {
    url: '/shop/website-items/filter',
    access: { page: '/tablet/website', level: 'view' },
    summary: 'Items to open in the online shop on the tablet (/tablet/website): item number, name, list price, category',
    item: shopWebsiteItem,
    spec: websiteItemList,
    scope: unscoped('website items: the catalogue, the same for every franchise'),
    where: websiteItemFilter,
    sheet: 'Website Items',
    columns: [
      { key: 'item_no', header: 'Item No.' },
      { key: 'description', header: 'Description', width: 40 },
      { key: 'unit_price', header: 'Unit Price', format: 'money' },
      { key: 'category_name', header: 'Category', width: 20 },
    ],
  });
}
