import { defineOps } from '../ops/meta.js';
import { SALES_PAGES } from './page-groups.js';

/** cancelReasons: the zod-free half of the operation table (schemas in ../api/cancel-reasons.ts). */
export const cancelReasonsOps = defineOps('cancelReasons', {
  list: {
    method: 'POST',
    path: '/cancel-reasons/filter',
    // the sales documents' cancel dialog lists the reasons of its page (issue 8)
    access: { page: ['/cancelReasons', ...SALES_PAGES], level: 'view' },
    summary: 'Filter cancel reasons',
    kind: 'list',
  },
  get: {
    method: 'GET',
    path: '/cancel-reasons/:id',
    access: { page: '/cancelReasons', level: 'view' },
    summary: 'One cancel reason',
  },
  create: {
    method: 'POST',
    path: '/cancel-reasons',
    access: { page: '/cancelReasons', level: 'edit' },
    summary: 'Create a cancel reason',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/cancel-reasons/:id',
    access: { page: '/cancelReasons', level: 'edit' },
    summary: 'Update a cancel reason (carries the version last read)',
  },
  delete: {
    method: 'DELETE',
    path: '/cancel-reasons/:id',
    access: { page: '/cancelReasons', level: 'edit' },
    summary: 'Delete a cancel reason',
  },
});
