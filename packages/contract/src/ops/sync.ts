import { defineOps } from '../ops/meta.js';

/** sync: the zod-free half of the operation table (schemas in ../api/sync.ts). */
export const syncOps = defineOps('sync', {
  logsList: {
    method: 'POST',
    path: '/sync/logs/filter',
    access: 'admin',
    summary: 'Filter the sync log (one entry per sync call against the ERP port)',
    kind: 'list',
  },
  logsEmpty: {
    method: 'POST',
    path: '/sync/logs/empty',
    access: 'admin',
    summary: 'Empty the sync log (all entries, or those started before a date)',
  },
  tables: {
    method: 'GET',
    path: '/sync/tables',
    access: 'admin',
    summary: 'The tables kept in sync with the ERP, with their last sync',
  },
});
