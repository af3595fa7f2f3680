import { cancelReason, cancelReasonCreate, cancelReasonUpdate } from '../cancel-reasons.js';
import { idParam, okData } from '../common.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { cancelReasonsOps } from '../ops/cancel-reasons.js';

/** cancelReasons: the schemas of each operation, keyed like cancelReasonsOps. */
export const cancelReasonsSchemas = {
  list: { item: cancelReason },
  get: { params: idParam, response: cancelReason },
  create: { body: cancelReasonCreate, response: cancelReason },
  update: { params: idParam, body: cancelReasonUpdate, response: cancelReason },
  delete: { params: idParam, response: okData },
} satisfies SchemasOf<typeof cancelReasonsOps>;

/** cancelReasons: meta and schemas of each operation, as the server registers them. */
export const cancelReasonsApi = joinOps(cancelReasonsOps, cancelReasonsSchemas);
