import { defineOps } from '../ops/meta.js';

/** numberSeries: the zod-free half of the operation table (schemas in ../api/number-series.ts). */
export const numberSeriesOps = defineOps('numberSeries', {
  list: {
    method: 'POST',
    path: '/number-series/filter',
    access: { page: '/franchises', level: 'view' },
    summary: 'Filter number series (franchise, document type, year)',
    kind: 'list',
  },
  generate: {
    method: 'POST',
    path: '/number-series/generate',
    access: { page: '/franchises', level: 'edit' },
    summary:
      'Create the series of every document type for a franchise and year (franchise_code and year in the body or query; idempotent)',
  },
});
