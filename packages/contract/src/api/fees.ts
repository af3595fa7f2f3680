import {
  fee,
  feeCreate,
  feeRemove,
  feeRemoveResult,
  feeUpdate,
  salesFeeAdd,
  salesFeeRemove,
  salesFeeUpdate,
} from '../fees.js';
import { salesOrder } from '../sales.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { feesOps, salesFeesOps } from '../ops/fees.js';

/** fees: the schemas of each operation, keyed like feesOps. */
export const feesSchemas = {
  list: { item: fee },
  add: { body: feeCreate, response: fee },
  update: { body: feeUpdate, response: fee },
  remove: { body: feeRemove, response: feeRemoveResult },
} satisfies SchemasOf<typeof feesOps>;
export const feesApi = joinOps(feesOps, feesSchemas);

/** salesFees: the schemas of each operation, keyed like salesFeesOps. */
export const salesFeesSchemas = {
  add: { body: salesFeeAdd, response: salesOrder },
  update: { body: salesFeeUpdate, response: salesOrder },
  remove: { body: salesFeeRemove, response: salesOrder },
} satisfies SchemasOf<typeof salesFeesOps>;
export const salesFeesApi = joinOps(salesFeesOps, salesFeesSchemas);
