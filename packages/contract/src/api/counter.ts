import { counterSaleCreate, counterSaleIdParam, counterSalePrice, counterSaleResult } from '../counter.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { counterSalesOps } from '../ops/counter.js';

/** counterSales: the schemas of each operation, keyed like counterSalesOps. */
export const counterSalesSchemas = {
  create: { body: counterSaleCreate, response: counterSaleResult },
  price: { body: counterSaleCreate, response: counterSalePrice },
  get: { params: counterSaleIdParam, response: counterSaleResult },
} satisfies SchemasOf<typeof counterSalesOps>;
export const counterSalesApi = joinOps(counterSalesOps, counterSalesSchemas);
