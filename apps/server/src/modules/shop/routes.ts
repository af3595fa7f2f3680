import { SHOP_QUEUE, shopApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { shopPushHandler } from './push-job.js';
import { isShopJob, retryPushes, shopPushList } from './pushes.js';
import { pushItem, pushItemPrices, pushVariant, syncAll } from './service.js';
import { websiteItemList, websiteItemFilter } from './website.js';
import { unscoped } from '../../http/scope.js';

// calls.md 7.17 and api.md "online shop". Pushing belongs to the items screen; the push history to /shopPushes.

export function shopRoutes(r: Router) {
  r.services.jobs.register(SHOP_QUEUE, shopPushHandler(r.services));

  r.route(shopApi.syncAll, ({ auth, services }) => services.db.transaction((tx) => syncAll(tx, auth)));
  r.route(shopApi.syncItem, ({ params, auth, services }) =>
    services.db.transaction((tx) => pushItem(tx, auth, params.item_no)),
  );
  r.route(shopApi.syncItemPrices, ({ params, auth, services }) =>
    services.db.transaction((tx) => pushItemPrices(tx, auth, params.item_no)),
  );
  r.route(shopApi.syncVariant, ({ params, body, auth, services }) =>
    services.db.transaction((tx) => pushVariant(tx, auth, params.variant_code, body.item_no)),
  );

  listRoute(r, shopApi.pushesList, {
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
  r.route(shopApi.pushesRetry, async ({ body, services }) => ({ retried: await retryPushes(services.db, body.ids) }));
  r.route(shopApi.status, async ({ services }) => ({
    mode: services.shop.mode,
    reachable: await services.shop.ping(),
  }));

  listRoute(r, shopApi.websiteItemsList, {
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
