import { defineOps } from '../ops/meta.js';

const tables = { page: '/bcTables', level: 'view' } as const;
const tablesEdit = { page: '/bcTables', level: 'edit' } as const;

/** sync: the zod-free half of the operation table (schemas in ../api/sync.ts); calls.md 7.5, api.md "ERP sync service". */
export const syncOps = defineOps('sync', {
  authorize: {
    method: 'POST',
    path: '/sync/authorize',
    access: tablesEdit,
    summary: 'Check the connection and credentials of the ERP (standalone: always answers ok)',
  },
  tables: {
    method: 'GET',
    path: '/sync/tables',
    access: tables,
    summary:
      'The tables kept in sync with the ERP: records, excess records, last sync, state, last error and the latest run with its progress',
  },
  recordsList: {
    method: 'POST',
    path: '/sync/tables/filter',
    access: tables,
    summary:
      "A table's records as the last sync left them (filter table_code eq …; excess true: those the ERP no longer has)",
    kind: 'list',
  },
  stats: {
    method: 'POST',
    path: '/sync/tables/stats',
    access: tables,
    summary:
      "One table's figures: records, excess records, runs and their fetched / created / updated / failed records",
  },
  syncTable: {
    method: 'PUT',
    path: '/sync/tables',
    access: tablesEdit,
    summary:
      'Start a sync of one table as a job (sync_all true: read everything and find excess records; false: what changed since the last sync). Answers the run at once; while a sync of the table runs, answers that run (started false)',
  },
  syncProductVariants: {
    method: 'PUT',
    path: '/sync/product-variants',
    access: tablesEdit,
    summary: 'Start a sync of the item variants (the item_variant table), as PUT /sync/tables does',
  },
  logsList: {
    method: 'POST',
    path: '/sync/logs/filter',
    access: tables,
    summary: 'Filter the sync log (one entry per sync call against the ERP port)',
    kind: 'list',
  },
  logsEmpty: {
    method: 'POST',
    path: '/sync/logs/empty',
    access: tablesEdit,
    summary: 'Empty the sync log (all entries, or those started before a date)',
  },
  removeExcess: {
    method: 'POST',
    path: '/sync/tables/remove-excess',
    access: tablesEdit,
    summary:
      'Remove the excess records of a table (found by its last full sync); count, when sent, must be the number the user confirmed (409 otherwise)',
  },
  removeRecord: {
    method: 'POST',
    path: '/sync/tables/remove-record',
    access: tablesEdit,
    summary: 'Remove one record (table_code, system_id) from the product’s copy of a table',
  },
  status: {
    method: 'POST',
    path: '/sync/status',
    access: tablesEdit,
    summary: 'Set whether a table takes part in "sync all" (status active or paused)',
  },
  summariesList: {
    method: 'POST',
    path: '/sync/summaries/filter',
    access: { page: '/bcSyncSummaries', level: 'view' },
    summary: 'Per table and business day: runs, records fetched, created, updated and failed, with the failures',
    kind: 'list',
  },
});
