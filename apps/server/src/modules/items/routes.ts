import { itemsApi } from '@fp/contract';
import Decimal from 'decimal.js';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { createItem, getItem, updateItem } from './service.js';
import { itemListSpec, listFranchise } from './list.js';
import { removeFranchiseItems, sortFranchiseItems, updatePriceRate } from './franchise-items.js';
import { assertHeadOffice } from './franchise-context.js';
import { syncItems } from './sync.js';
import { priceOf, today } from './price.js';
import { franchiseItems } from './schema.js';

export function itemRoutes(r: Router) {
  listRoute(r, itemsApi.list, {
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
  r.route(itemsApi.price, async ({ query, auth, services }) => {
    const franchise = auth.scope.all
      ? (query.franchise_code ?? null)
      : ((await auth.scope.own(services.db, query.franchise_code)) ?? null);
    const date = query.date ?? today();
    const p = await priceOf(services.db, {
      date,
      franchiseCode: franchise,
      itemNo: query.item_no,
      variantCode: query.variant_code,
      quantity: query.quantity,
      unit: query.unit,
    });
    const { unit, ...rest } = p;
    return {
      item_no: query.item_no,
      variant_code: query.variant_code,
      unit,
      quantity: query.quantity,
      date,
      franchise_code: franchise,
      ...rest,
      line_amount: new Decimal(p.unit_price).mul(query.quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    };
  });
  r.route(itemsApi.get, ({ params, services }) => getItem(services.db, params.item_no));
  r.route(itemsApi.create, ({ body, auth, services }) => {
    assertHeadOffice(auth);
    return services.db.transaction((tx) => createItem(tx, body));
  });
  r.route(itemsApi.update, ({ body, auth, services }) => {
    assertHeadOffice(auth);
    return services.db.transaction((tx) => updateItem(tx, body));
  });
  r.route(itemsApi.sync, async ({ body, auth, services }) => {
    const franchise = (await auth.scope.own(services.db, body.franchise_code)) ?? null;
    return syncItems(services, auth, { franchise, itemNo: null });
  });
  r.route(itemsApi.syncItemNo, async ({ body, auth, services }) => {
    const franchise = (await auth.scope.own(services.db, body.franchise_code)) ?? null;
    return syncItems(services, auth, { franchise, itemNo: body.item_no });
  });
  r.route(itemsApi.updatePriceRate, ({ body, auth, services }) =>
    services.db.transaction((tx) => updatePriceRate(tx, auth, body)),
  );
  r.route(itemsApi.remove, ({ body, auth, services }) =>
    services.db.transaction((tx) => removeFranchiseItems(tx, auth, body)),
  );
  r.route(itemsApi.sort, ({ body, auth, services }) =>
    services.db.transaction((tx) => sortFranchiseItems(tx, auth, body)),
  );
}
