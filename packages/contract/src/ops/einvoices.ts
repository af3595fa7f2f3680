import { defineOps } from '../ops/meta.js';
import { COUNTER_PAGE } from './counter.js';
import { SALES_PAGES } from './page-groups.js';

/** The e-invoice screen of the money area (issue 21): head office and the store managers. */
export const EINVOICE_PAGE = '/eInvoices';

/**
 * eInvoices: the e-invoices of posted invoices and credit memos (api.md "E-invoices"; schemas in ../api/einvoices.ts).
 * The key `pos_si_no` is the posted document's number (an invoice's pos_si_no, a credit memo's SCM number).
 */
export const eInvoicesOps = defineOps('eInvoices', {
  list: {
    method: 'POST',
    path: '/e-invoices/filter',
    access: { page: EINVOICE_PAGE, level: 'view' },
    summary:
      'Filter e-invoices of posted invoices and credit memos (state not_sent, pending, issued, failed; franchise; posting_date range; document type; provider number…); export as .xlsx',
    kind: 'list',
  },
  get: {
    method: 'GET',
    path: '/e-invoices/:pos_si_no',
    // the counter and the sales screens read the state of their own invoices (the receipt prints the codes)
    access: { page: [EINVOICE_PAGE, COUNTER_PAGE, ...SALES_PAGES], level: 'view' },
    summary:
      "One e-invoice by the posted document's number (invoice pos_si_no or credit memo number): state, provider number, series, tax authority code, lookup code and URL, provider message",
  },
  retry: {
    method: 'POST',
    path: '/e-invoices/retry',
    access: { page: EINVOICE_PAGE, level: 'edit' },
    summary:
      'Send failed e-invoices again (pos_si_nos): each goes back to pending and its outbox job runs now; the provider is asked first whether it has it (no doubles). 422 naming pos_si_nos for one that is not failed',
  },
  summary: {
    method: 'POST',
    path: '/e-invoices/summary',
    access: { page: EINVOICE_PAGE, level: 'view' },
    summary:
      'Per franchise and business day: how many e-invoices are issued, pending, failed and not sent (filters franchise_code, posting_date gteq/lteq); export as .xlsx',
    kind: 'list',
  },
});
