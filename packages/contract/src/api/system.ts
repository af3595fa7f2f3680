import { z } from 'zod';
import { apiLog, config, configUpdate, job, runIndexBody, systemIndex, truncateLogsBody } from '../admin.js';
import { idsBody } from '../common.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { configOps, apiLogsOps, jobsOps, systemOps } from '../ops/system.js';

/** config: the schemas of each operation, keyed like configOps. */
export const configSchemas = {
  get: { response: config },
  maintenanceMode: { response: z.boolean() },
  maintenanceNoti: { response: z.string() },
  update: { body: configUpdate, response: config },
} satisfies SchemasOf<typeof configOps>;

/** config: meta and schemas of each operation, as the server registers them. */
export const configApi = joinOps(configOps, configSchemas);

/** apiLogs: the schemas of each operation, keyed like apiLogsOps. */
export const apiLogsSchemas = {
  list: { item: apiLog },
  truncate: { body: truncateLogsBody, response: z.object({ deleted: z.number().int() }) },
} satisfies SchemasOf<typeof apiLogsOps>;

/** apiLogs: meta and schemas of each operation, as the server registers them. */
export const apiLogsApi = joinOps(apiLogsOps, apiLogsSchemas);

/** jobs: the schemas of each operation, keyed like jobsOps. */
export const jobsSchemas = {
  list: { item: job },
  retry: { body: idsBody, response: z.object({ retried: z.number().int() }) },
} satisfies SchemasOf<typeof jobsOps>;

/** jobs: meta and schemas of each operation, as the server registers them. */
export const jobsApi = joinOps(jobsOps, jobsSchemas);

/** system: the schemas of each operation, keyed like systemOps. */
export const systemSchemas = {
  indexes: { response: z.array(systemIndex) },
  indexesRun: { body: runIndexBody, response: systemIndex },
  indexesRunAll: { response: z.object({ rebuilt: z.number().int() }) },
  openapi: {},
  buildsLatest: {},
  buildsMeta: { params: z.object({ buildId: z.string() }) },
} satisfies SchemasOf<typeof systemOps>;

/** system: meta and schemas of each operation, as the server registers them. */
export const systemApi = joinOps(systemOps, systemSchemas);
