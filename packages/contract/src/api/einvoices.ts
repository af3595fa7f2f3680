import {
  eInvoice,
  eInvoiceListItem,
  eInvoiceParam,
  eInvoiceRetry,
  eInvoiceRetryResult,
  eInvoiceSummaryRow,
} from '../einvoices.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { eInvoicesOps } from '../ops/einvoices.js';

/** eInvoices: the schemas of each operation, keyed like eInvoicesOps. */
export const eInvoicesSchemas = {
  list: { item: eInvoiceListItem },
  get: { params: eInvoiceParam, response: eInvoice },
  retry: { body: eInvoiceRetry, response: eInvoiceRetryResult },
  summary: { item: eInvoiceSummaryRow },
} satisfies SchemasOf<typeof eInvoicesOps>;
export const eInvoicesApi = joinOps(eInvoicesOps, eInvoicesSchemas);
