import { defineOps } from '../ops/meta.js';

/** franchises: the zod-free half of the operation table (schemas in ../api/franchises.ts). */
export const franchisesOps = defineOps('franchises', {
  list: {
    method: 'POST',
    path: '/franchises/filter',
    access: { page: '/franchises', level: 'view' },
    summary: 'Filter franchises (store users see their own)',
    kind: 'list',
  },
  get: {
    method: 'GET',
    path: '/franchises/:customer_no',
    access: { page: '/franchises', level: 'view' },
    summary: 'One franchise with its stores',
  },
  create: {
    method: 'POST',
    path: '/franchises',
    access: { page: '/franchises', level: 'edit' },
    summary: 'Add a franchise (vendor defaults to DEFAULT_VENDOR_NO / DEFAULT_VENDOR_NAME)',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/franchises',
    access: { page: '/franchises', level: 'edit' },
    summary: 'Update a franchise by customer_no (carries the version last read)',
  },
  delete: {
    method: 'POST',
    path: '/franchises/delete',
    access: { page: '/franchises', level: 'edit' },
    summary: 'Delete franchises (all or none; refused while they have users or documents)',
  },
  sync: {
    method: 'POST',
    path: '/franchises/sync',
    access: { page: '/franchises', level: 'edit' },
    summary: 'Refresh the franchise with this phone number from the ERP (logged in the sync log)',
  },
  erpCustomer: {
    method: 'POST',
    path: '/franchises/erp-customer',
    access: { page: '/franchises', level: 'view' },
    summary: 'Customer details from the ERP by customer_no or phone_no',
  },
});
