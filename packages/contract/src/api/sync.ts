import { z } from 'zod';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { syncOps } from '../ops/sync.js';

const syncLog = z.object({
  id: z.number().int(),
  table_code: z.string(),
  action: z.string(),
  status: z.string(),
  records: z.number().int(),
  message: z.string(),
  erp_mode: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});

/** sync: the schemas of each operation, keyed like syncOps. */
export const syncSchemas = {
  logsList: { item: syncLog },
  logsEmpty: {
    body: z.object({ before: z.string().optional() }).default({}),
    response: z.object({ deleted: z.number().int() }),
  },
  tables: {
    response: z.array(
      z.object({
        table_code: z.string(),
        erp_mode: z.string(),
        last_synced_at: z.string().nullable(),
        last_status: z.string().nullable(),
      }),
    ),
  },
} satisfies SchemasOf<typeof syncOps>;

/** sync: meta and schemas of each operation, as the server registers them. */
export const syncApi = joinOps(syncOps, syncSchemas);
