import { eq, getTableColumns } from 'drizzle-orm';
import { printJobsApi, type PrintJob } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import type { ListSpec } from '../../http/list.js';
import { printJobs } from './schema.js';

type Row = typeof printJobs.$inferSelect;
const cols = getTableColumns(printJobs);

export const printJobList: ListSpec<Row, PrintJob> = {
  source: (db, extra) =>
    db
      .select({ ...cols, ...extra })
      .from(printJobs)
      .$dynamic(),
  fields: {
    id: printJobs.id,
    document_type: printJobs.document_type,
    document_no: printJobs.document_no,
    device_code: printJobs.device_code,
    status: printJobs.status,
    created_at: printJobs.created_at,
  },
  filterable: ['id', 'document_type', 'document_no', 'device_code', 'status'],
  sortable: ['id', 'document_type', 'document_no', 'created_at'],
  defaultSort: { field: 'id', direction: 'desc' },
  key: printJobs.id,
};

/** POST /api/print-jobs/filter: the print log (a user's own prints; Administrators all). */
export function printJobRoutes(r: Router) {
  listRoute(r, printJobsApi.list, {
    spec: printJobList,
    scope: (s) => s.franchise(printJobs.franchise_code),
    where: (auth) => (auth.isAdmin ? undefined : eq(printJobs.user_id, auth.userId)),
    sheet: 'Print Jobs',
    columns: [
      { key: 'id', header: 'Id' },
      { key: 'document_type', header: 'Type' },
      { key: 'document_no', header: 'Document No', width: 24 },
      { key: 'device_code', header: 'Device', width: 16 },
      { key: 'status', header: 'Status', width: 16 },
      { key: 'created_at', header: 'Printed', format: 'datetime', width: 20 },
    ],
  });
}
