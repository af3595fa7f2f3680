import { printJob } from '../print-jobs.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { printJobsOps } from '../ops/print-jobs.js';

export const printJobsSchemas = {
  list: { item: printJob },
} satisfies SchemasOf<typeof printJobsOps>;
export const printJobsApi = joinOps(printJobsOps, printJobsSchemas);
