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
  eInvoiceSettings: {
    method: 'GET',
    path: '/franchises/:customer_no/e-invoice-settings',
    access: { page: '/franchises', level: 'view' },
    summary:
      "A franchise's own SInvoice account (issue 21): supplier tax code, seller name, username, template, series; the password never, only password_set. Empty fields use the configuration's",
  },
  updateEInvoiceSettings: {
    method: 'PUT',
    path: '/franchises/e-invoice-settings',
    access: { page: '/franchises', level: 'edit' },
    summary:
      "Head office sets a franchise's own SInvoice account by franchise_code, carrying the version last read (0: none yet); an empty password keeps the one kept; all empty: the configuration's account. The next e-invoice of the franchise is issued under it",
  },
});
