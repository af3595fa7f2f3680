import { defineOps } from '../ops/meta.js';
import { SALES_PAGES } from './page-groups.js';

/**
 * fees: the fee catalogue (calls.md 7.14). Head office edits it (a store user with edit on /fees is refused 403:
 * the catalogue is shared); every sales screen may list it, to pick a fee for an order.
 */
export const feesOps = defineOps('fees', {
  list: {
    method: 'POST',
    path: '/fees/filter',
    access: { page: ['/fees', ...SALES_PAGES], level: 'view' },
    summary: 'Filter the fee catalogue',
    kind: 'list',
  },
  add: {
    method: 'POST',
    path: '/fees/add',
    access: { page: '/fees', level: 'edit' },
    summary: 'Add a fee (fee_code unique, upper case; amount VAT included; vat_percent default 10); head office only',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/fees',
    access: { page: '/fees', level: 'edit' },
    summary: 'Update a fee by id (carries the version last read); head office only',
  },
  remove: {
    method: 'POST',
    path: '/fees/remove',
    access: { page: '/fees', level: 'edit' },
    summary:
      'Remove fees by ids; a fee used on a sales order is refused (422; set it inactive instead); head office only',
  },
});

/** salesFees: fees on a sales order (calls.md 7.12); the answer is the order. */
export const salesFeesOps = defineOps('salesFees', {
  add: {
    method: 'POST',
    path: '/sales-orders/fees',
    access: { page: SALES_PAGES, level: 'edit' },
    summary: "Add a catalogue fee to an open order (amount defaults to the catalogue's)",
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/sales-orders/fees',
    access: { page: SALES_PAGES, level: 'edit' },
    summary: 'Update the amount or description of a fee line of an open order',
  },
  remove: {
    method: 'POST',
    path: '/sales-orders/fees/remove',
    access: { page: SALES_PAGES, level: 'edit' },
    summary: 'Remove fee lines (line_nos) of an open order',
  },
});
