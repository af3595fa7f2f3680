import { itemPricesApi } from '@fp/contract';
import { eq } from 'drizzle-orm';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { assertHeadOffice } from '../items/franchise-context.js';
import { itemPrices } from './schema.js';
import { itemPriceSpec, priceListSpec, visiblePriceLists } from './list.js';
import { createItemPrice, deletePriceList, removeItemPrices, updateItemPrice, viewPriceList } from './service.js';
import { importIntoSubCategory, syncFromView } from './import.js';

// calls.md 8: no toast is shown for failures of item price calls (the web app keeps them quiet).
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
  listRoute(r, itemPricesApi.list, {
    spec: itemPriceSpec,
    // Store users see the prices for every franchise (franchise_code null) and their own.
    scope: (s) => s.franchiseOrShared(itemPrices.franchise_code),
    sheet: 'Item Prices',
    columns,
  });
  listRoute(r, itemPricesApi.priceListsList, {
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
  listRoute(r, itemPricesApi.pinnedList, {
    spec: { ...itemPriceSpec, defaultSort: { field: 'sort', direction: 'asc' } },
    scope: (s) => s.franchiseOrShared(itemPrices.franchise_code),
    where: () => eq(itemPrices.pinned, true),
    sheet: 'Pinned Prices',
    columns,
  });
  r.route(itemPricesApi.view, ({ query, auth, services }) =>
    viewPriceList(services.db, auth.scope, query.price_list_code),
  );
  r.route(itemPricesApi.create, ({ body, auth, services }) => {
    assertHeadOffice(auth);
    return services.db.transaction((tx) => createItemPrice(tx, body));
  });
  r.route(itemPricesApi.update, ({ body, auth, services }) => {
    assertHeadOffice(auth);
    return services.db.transaction((tx) => updateItemPrice(tx, body));
  });
  r.route(itemPricesApi.remove, ({ body, auth, services }) => {
    assertHeadOffice(auth);
    return services.db.transaction((tx) => removeItemPrices(tx, body.ids));
  });
  r.route(itemPricesApi.delete, ({ body, auth, services }) => {
    assertHeadOffice(auth);
    return services.db.transaction((tx) => deletePriceList(tx, body.price_list_code));
  });
  r.route(itemPricesApi.import, ({ body, auth, services }) => {
    assertHeadOffice(auth);
    return services.db.transaction((tx) => importIntoSubCategory(tx, body.ids, body.subCategoryId));
  });
  r.route(itemPricesApi.syncFromView, ({ body, auth, services }) => {
    assertHeadOffice(auth);
    return syncFromView(services, auth, body.price_list_code, body.price_list_name);
  });
}
