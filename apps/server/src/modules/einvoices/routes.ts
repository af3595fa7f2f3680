import { eInvoicesApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import {
  eInvoiceExportColumns,
  eInvoiceList,
  eInvoices,
  eInvoiceSummaryExportColumns,
  eInvoiceSummaryList,
  getEInvoice,
  retryEInvoices,
} from './service.js';

/** E-invoices (issue 21; api.md "E-invoices"; README here): filter, one, send again, per franchise and day. */
export function eInvoiceRoutes(r: Router) {
  listRoute(r, eInvoicesApi.list, {
    spec: eInvoiceList,
    scope: (s) => s.franchise(eInvoices.franchise_code),
    sheet: 'E-Invoices',
    columns: eInvoiceExportColumns,
  });
  r.route(eInvoicesApi.get, ({ params, auth, services }) => getEInvoice(services.db, auth.scope, params.pos_si_no));
  r.route(eInvoicesApi.retry, ({ body, auth, services }) =>
    services.db.transaction((tx) => retryEInvoices(tx, auth.scope, body.pos_si_nos)),
  );
  listRoute(r, eInvoicesApi.summary, {
    spec: eInvoiceSummaryList,
    scope: (s) => s.franchise(eInvoices.franchise_code),
    sheet: 'E-Invoices per Day',
    columns: eInvoiceSummaryExportColumns,
  });
}
