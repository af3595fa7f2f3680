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
} from '../items.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { itemsOps } from '../ops/items.js';

/** items: the schemas of each operation, keyed like itemsOps. */
export const itemsSchemas = {
  list: { item: itemRow },
  price: { query: priceQuery, response: priceResult },
  get: { params: itemNoParam, response: itemDetail },
  create: { body: itemCreate, response: itemDetail },
  update: { body: itemUpdate, response: itemDetail },
  sync: { body: syncItemsBody, response: itemSyncResult },
  syncItemNo: { body: syncItemNo, response: itemSyncResult },
  updatePriceRate: { body: updatePriceRateBody, response: updatePriceRateResult },
  remove: { body: removeItems, response: removeItemsResult },
  sort: { body: sortItems, response: sortItemsResult },
} satisfies SchemasOf<typeof itemsOps>;

/** items: meta and schemas of each operation, as the server registers them. */
export const itemsApi = joinOps(itemsOps, itemsSchemas);
