import {
  itemStockRequest,
  itemStockRow,
  itemStockTotals,
  onHandRequest,
  onHandRow,
  warehouseEntriesPosted,
  warehouseEntry,
  warehouseEntryCreate,
  warehouseEntryIds,
  warehouseEntryListItem,
  warehouseEntryRemoved,
  warehouseEntryUpdate,
  warehousePathConfig,
  warehouseTransfer,
  warehouseTransferPosted,
} from '../warehouse.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { stockReportsOps, warehouseEntriesOps, warehouseOps } from '../ops/warehouse.js';

export const warehouseEntriesSchemas = {
  list: { item: warehouseEntryListItem },
  create: { body: warehouseEntryCreate, response: warehouseEntry },
  update: { body: warehouseEntryUpdate, response: warehouseEntry },
  remove: { body: warehouseEntryIds, response: warehouseEntryRemoved },
  post: { body: warehouseEntryIds, response: warehouseEntriesPosted },
} satisfies SchemasOf<typeof warehouseEntriesOps>;
export const warehouseEntriesApi = joinOps(warehouseEntriesOps, warehouseEntriesSchemas);

export const warehouseSchemas = {
  transfer: { body: warehouseTransfer, response: warehouseTransferPosted },
  onHand: { body: onHandRequest, item: onHandRow },
  itemStock: { body: itemStockRequest, item: itemStockRow },
  itemStockTotals: { body: itemStockRequest, response: itemStockTotals },
  pathConfig: { response: warehousePathConfig },
} satisfies SchemasOf<typeof warehouseOps>;
export const warehouseApi = joinOps(warehouseOps, warehouseSchemas);

export const stockReportsSchemas = {
  onHand: { body: onHandRequest, item: onHandRow },
  inventory: { body: itemStockRequest, item: itemStockRow },
} satisfies SchemasOf<typeof stockReportsOps>;
export const stockReportsApi = joinOps(stockReportsOps, stockReportsSchemas);
