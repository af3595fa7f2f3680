import { defineOps } from '../ops/meta.js';

/** printJobs: the print log; a user sees their own prints, Administrators everyone's. */
export const printJobsOps = defineOps('printJobs', {
  list: {
    method: 'POST',
    path: '/print-jobs/filter',
    access: 'authenticated',
    summary: "Filter the print log (newest first): the caller's own prints; Administrators see all",
    kind: 'list',
  },
});
