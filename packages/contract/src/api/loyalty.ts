import { z } from 'zod';
import {
  loyaltyScheme,
  redeemablePointAdd,
  redeemablePointAddResult,
  redeemablePointEntry,
  redeemablePointRemove,
  redeemablePointRemoveResult,
  redeemablePointTotal,
  redeemablePointTotalRequest,
} from '../loyalty.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { redeemablePointsOps, loyaltyOps } from '../ops/loyalty.js';

/** redeemablePoints: the schemas of each operation, keyed like redeemablePointsOps. */
export const redeemablePointsSchemas = {
  list: { item: redeemablePointEntry },
  total: { body: redeemablePointTotalRequest, response: redeemablePointTotal },
  create: { body: redeemablePointAdd, response: redeemablePointAddResult },
  remove: { body: redeemablePointRemove, response: redeemablePointRemoveResult },
} satisfies SchemasOf<typeof redeemablePointsOps>;

/** redeemablePoints: meta and schemas of each operation, as the server registers them. */
export const redeemablePointsApi = joinOps(redeemablePointsOps, redeemablePointsSchemas);

/** loyalty: the schemas of each operation, keyed like loyaltyOps. */
export const loyaltySchemas = {
  schemes: { response: z.array(loyaltyScheme) },
} satisfies SchemasOf<typeof loyaltyOps>;

/** loyalty: meta and schemas of each operation, as the server registers them. */
export const loyaltyApi = joinOps(loyaltyOps, loyaltySchemas);
