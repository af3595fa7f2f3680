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
} from '../item-prices.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { itemPricesOps } from '../ops/item-prices.js';

/** itemPrices: the schemas of each operation, keyed like itemPricesOps. */
export const itemPricesSchemas = {
  list: { item: itemPrice },
  priceListsList: { item: priceList },
  pinnedList: { item: itemPrice },
  view: { query: priceListView, response: priceListViewResult },
  create: { body: itemPriceCreate, response: itemPrice },
  update: { body: itemPriceUpdate, response: itemPrice },
  remove: { body: itemPriceIds, response: itemPriceRemoveResult },
  delete: { body: priceListDelete, response: priceListDeleteResult },
  import: { body: itemPriceImport, response: itemPriceImportResult },
  syncFromView: { body: itemPriceSyncFromView, response: itemPriceSyncResult },
} satisfies SchemasOf<typeof itemPricesOps>;

/** itemPrices: meta and schemas of each operation, as the server registers them. */
export const itemPricesApi = joinOps(itemPricesOps, itemPricesSchemas);
