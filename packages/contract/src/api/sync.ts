import { z } from 'zod';
import {
  removeExcessBody,
  removeRecordBody,
  syncAuthorized,
  syncLog,
  syncRecord,
  syncStartBody,
  syncStarted,
  syncStats,
  syncStatusBody,
  syncSummary,
  syncTable,
  syncTableBody,
  syncVariantsBody,
} from '../erp-sync.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { syncOps } from '../ops/sync.js';

/** sync: the schemas of each operation, keyed like syncOps. */
export const syncSchemas = {
  authorize: { response: syncAuthorized },
  tables: { response: z.array(syncTable) },
  recordsList: { item: syncRecord },
  stats: { body: syncTableBody, response: syncStats },
  syncTable: { body: syncStartBody, response: syncStarted },
  syncProductVariants: { body: syncVariantsBody, response: syncStarted },
  logsList: { item: syncLog },
  logsEmpty: {
    body: z.object({ before: z.string().optional() }).default({}),
    response: z.object({ deleted: z.number().int() }),
  },
  removeExcess: { body: removeExcessBody, response: z.object({ removed: z.number().int() }) },
  removeRecord: { body: removeRecordBody, response: z.object({ removed: z.number().int() }) },
  status: { body: syncStatusBody, response: syncTable },
  summariesList: { item: syncSummary },
} satisfies SchemasOf<typeof syncOps>;

/** sync: meta and schemas of each operation, as the server registers them. */
export const syncApi = joinOps(syncOps, syncSchemas);
