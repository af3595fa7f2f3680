import { counterSaleCreate, counterSaleIdParam, counterSalePrice, counterSaleResult } from '../counter.js';
import {
  flaggedCounterSale,
  flaggedCounterSaleReview,
  numberRange,
  numberRangeList,
  numberRangeQuery,
  numberRangeReserve,
  offlineData,
  offlineDataQuery,
} from '../offline.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { counterSalesOps } from '../ops/counter.js';

/** counterSales: the schemas of each operation, keyed like counterSalesOps. */
export const counterSalesSchemas = {
  create: { body: counterSaleCreate, response: counterSaleResult },
  price: { body: counterSaleCreate, response: counterSalePrice },
  reserveNumbers: { body: numberRangeReserve, response: numberRange },
  numberRanges: { query: numberRangeQuery, response: numberRangeList },
  offlineData: { query: offlineDataQuery, response: offlineData },
  flaggedList: { item: flaggedCounterSale },
  flaggedReview: { body: flaggedCounterSaleReview, response: flaggedCounterSale },
  get: { params: counterSaleIdParam, response: counterSaleResult },
} satisfies SchemasOf<typeof counterSalesOps>;
export const counterSalesApi = joinOps(counterSalesOps, counterSalesSchemas);
