import { defineOps } from '../ops/meta.js';

/** config: the zod-free half of the operation table (schemas in ../api/system.ts). */
export const configOps = defineOps('config', {
  get: {
    method: 'GET',
    path: '/config',
    access: 'public',
    summary: 'Configuration the web app needs (maintenance, connector modes, shop URL, default vendor)',
  },
  maintenanceMode: {
    method: 'GET',
    path: '/config/maintenance-mode',
    access: 'public',
    summary: 'Whether maintenance mode is on',
  },
  maintenanceNoti: {
    method: 'GET',
    path: '/config/maintenance-noti',
    access: 'public',
    summary: 'The maintenance notice',
  },
  update: {
    method: 'PUT',
    path: '/config',
    access: 'admin',
    summary: 'Change maintenance mode, notice or shop URL (Administrators)',
  },
});

/** apiLogs: the zod-free half of the operation table (schemas in ../api/system.ts). */
export const apiLogsOps = defineOps('apiLogs', {
  list: {
    method: 'POST',
    path: '/api-logs/filter',
    access: { page: '/apiLog', level: 'view' },
    summary: 'Filter the API log',
    kind: 'list',
  },
  truncate: {
    method: 'POST',
    path: '/api-logs/truncate',
    access: 'admin',
    summary: 'Delete API log entries (all, or those before a date)',
  },
});

/** jobs: the zod-free half of the operation table (schemas in ../api/system.ts). */
export const jobsOps = defineOps('jobs', {
  list: {
    method: 'POST',
    path: '/jobs/filter',
    access: 'admin',
    summary: 'Filter the job queue (outbound ERP and shop calls)',
    kind: 'list',
  },
  retry: { method: 'POST', path: '/jobs/retry', access: 'admin', summary: 'Retry failed or dead jobs now' },
});

/** system: the zod-free half of the operation table (schemas in ../api/system.ts). */
export const systemOps = defineOps('system', {
  indexes: { method: 'GET', path: '/system-indexes', access: 'admin', summary: 'List the database indexes' },
  indexesRun: { method: 'POST', path: '/system-indexes/run', access: 'admin', summary: 'Rebuild one index' },
  indexesRunAll: {
    method: 'POST',
    path: '/system-indexes/run-all',
    access: 'admin',
    summary: 'Rebuild every index and refresh planner statistics',
  },
  openapi: {
    method: 'GET',
    path: '/openapi.json',
    access: 'public',
    summary: 'The OpenAPI 3.1 document of this API (browsable at /api/docs)',
    kind: 'raw',
  },
  buildsLatest: {
    method: 'GET',
    path: '/builds/latest.json',
    access: 'public',
    summary: 'The build the server is serving (the web app polls it to detect a new version)',
    kind: 'raw',
  },
  buildsMeta: {
    method: 'GET',
    path: '/builds/meta/:buildId',
    access: 'public',
    summary: 'Manifest of a build ({buildId}.json)',
    kind: 'raw',
  },
});
