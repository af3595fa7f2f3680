import { counterSaleCreate, counterSaleIdParam, counterSaleResult } from '../counter.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { counterSalesOps } from '../ops/counter.js';

/** counterSales: the schemas of each operation, keyed like counterSalesOps. */
export const counterSalesSchemas = {
  create: { body: counterSaleCreate, response: counterSaleResult },
  get: { params: counterSaleIdParam, response: counterSaleResult },
} satisfies SchemasOf<typeof counterSalesOps>;
export const counterSalesApi = joinOps(counterSalesOps, counterSalesSchemas);
