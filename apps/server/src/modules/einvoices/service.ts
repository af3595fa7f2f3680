import { stampNow } from '../../db/clock.js';
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import {
  eInvoiceMessages,
  type EInvoice,
  type EInvoiceBrief,
  type EInvoiceListItem,
  type EInvoiceSummaryRow,
  type eInvoiceRetryResult,
} from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { businessRule, notFound } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import type { ExportColumn } from '../../http/list-route.js';
import type { Scope } from '../../http/scope.js';
import { enqueue, retryJobs } from '../../jobs/queue.js';
import { jobs } from '../../jobs/schema.js';
import { franchises } from '../franchises/schema.js';
import { EINVOICE_MAX_ATTEMPTS, EINVOICE_QUEUE, eInvoiceGroupKey, type EInvoiceJob } from './record.js';
import { eInvoiceRuntime } from './runtime.js';
import { eInvoices, type EInvoiceRow } from './schema.js';

// The e-invoices' answers (issue 21; api.md "E-invoices"): the brief every invoice, credit memo and order answer
// carries, the list and one e-invoice, the per franchise and day summary, and "send again".

const e = eInvoices;

/** The columns of the brief, for a select that joins e_invoices (left join: null when there is none). */
export const briefColumns = {
  state: e.state,
  invoice_no: e.invoice_no,
  template_code: e.template_code,
  invoice_series: e.invoice_series,
  code_of_tax: e.code_of_tax,
  reservation_code: e.reservation_code,
  lookup_url: e.lookup_url,
  seller_name: e.seller_name,
  seller_tax_code: e.supplier_tax_code,
  issued_at: e.issued_at,
  message: e.message,
};
type BriefRow = { [K in keyof typeof briefColumns]: (typeof briefColumns)[K]['_']['data'] | null };

/** The brief of a row; a document without one (none can be: check:books) reads not_sent. */
export function briefOf(row: Partial<BriefRow> | null | undefined): EInvoiceBrief {
  if (!row?.state)
    return {
      state: 'not_sent',
      invoice_no: '',
      template_code: '',
      invoice_series: '',
      code_of_tax: '',
      reservation_code: '',
      lookup_url: '',
      seller_name: '',
      seller_tax_code: '',
      issued_at: null,
      message: eInvoiceMessages.modeNone,
    };
  return {
    state: row.state,
    invoice_no: row.invoice_no ?? '',
    template_code: row.template_code ?? '',
    invoice_series: row.invoice_series ?? '',
    code_of_tax: row.code_of_tax ?? '',
    reservation_code: row.reservation_code ?? '',
    lookup_url: row.lookup_url ?? '',
    seller_name: row.seller_name ?? '',
    seller_tax_code: row.seller_tax_code ?? '',
    issued_at: row.issued_at ? new Date(row.issued_at).toISOString() : null,
    message: row.message ?? '',
  };
}

/** The brief of one posted document (invoice or credit memo number). */
export async function briefOfDocument(db: DbOrTx, no: string): Promise<EInvoiceBrief> {
  const [row] = await db.select(briefColumns).from(e).where(eq(e.pos_si_no, no));
  return briefOf(row);
}

/** A left join condition onto e_invoices for a list whose rows are posted documents. */
export const eInvoiceOn = (documentNo: SQLWrapper) => eq(e.pos_si_no, documentNo as never);
export { eInvoices };

/**
 * An order's e-invoice state: of its invoices', the least advanced (failed, pending, issued, not_sent), '' when
 * nothing is invoiced (a subquery on the order's number; the list's e_invoice_state field).
 */
export const orderEInvoiceStateSql = (posSoNo: SQLWrapper): SQL<string> =>
  sql<string>`coalesce((select case
      when bool_or(ei.state = 'failed') then 'failed'
      when bool_or(ei.state = 'pending') then 'pending'
      when bool_or(ei.state = 'issued') then 'issued'
      else 'not_sent' end
    from e_invoices ei where ei.pos_so_no = ${posSoNo} and ei.document_type = 'invoice'), '')`;

const listColumns = {
  pos_si_no: e.pos_si_no,
  document_type: e.document_type,
  pos_so_no: e.pos_so_no,
  franchise_code: e.franchise_code,
  location_code: e.location_code,
  posting_date: e.posting_date,
  customer_no: e.customer_no,
  customer_name: e.customer_name,
  buyer_tax_code: e.buyer_tax_code,
  buyer_company_name: e.buyer_company_name,
  amount: e.amount,
  provider: e.provider,
  transaction_uuid: e.transaction_uuid,
  adjustment_type: e.adjustment_type,
  original_pos_si_no: e.original_pos_si_no,
  original_invoice_no: sql<string>`coalesce((select o.invoice_no from e_invoices o where o.pos_si_no = ${e.original_pos_si_no}), '')`,
  attempts: sql<number>`coalesce(${jobs.attempts}, 0)`,
  job_id: e.job_id,
  created_at: e.created_at,
  updated_at: e.updated_at,
  ...briefColumns,
};
/** A row as selected (the brief's fields raw: issued_at as PostgreSQL writes it, attempts maybe a string). */
type ListRow = EInvoiceListItem;

const itemOf = (r: ListRow): EInvoiceListItem => ({
  ...r,
  ...briefOf(r),
  attempts: Number(r.attempts),
  job_id: r.job_id === null ? null : Number(r.job_id),
});

/** POST /api/e-invoices/filter: every field filterable and sortable; newest posting first. */
export const eInvoiceList: ListSpec<ListRow, EInvoiceListItem> = {
  source: (db, extra) =>
    db
      .select({ ...listColumns, ...extra })
      .from(e)
      .leftJoin(jobs, eq(jobs.id, e.job_id))
      .$dynamic() as never,
  fields: { ...listColumns, attempts: { expr: listColumns.attempts, type: 'integer' } },
  filterable: Object.keys(listColumns),
  sortable: Object.keys(listColumns),
  defaultSort: { field: 'posting_date', direction: 'desc' },
  key: e.pos_si_no,
  map: itemOf,
};

export const eInvoiceExportColumns: ExportColumn[] = [
  { key: 'pos_si_no', header: 'Document No', width: 22 },
  { key: 'document_type', header: 'Document Type', width: 14 },
  { key: 'pos_so_no', header: 'POSSO No', width: 22 },
  { key: 'franchise_code', header: 'Franchise', width: 14 },
  { key: 'location_code', header: 'Location' },
  { key: 'posting_date', header: 'Posting Date', format: 'date' },
  { key: 'customer_name', header: 'Customer Name', width: 28 },
  { key: 'buyer_tax_code', header: 'Buyer Tax Code', width: 16 },
  { key: 'buyer_company_name', header: 'Buyer Company', width: 28 },
  { key: 'amount', header: 'Amount', format: 'money', width: 16 },
  { key: 'state', header: 'State', width: 10 },
  { key: 'invoice_series', header: 'Series', width: 10 },
  { key: 'invoice_no', header: 'E-Invoice No', width: 18 },
  { key: 'code_of_tax', header: 'Tax Authority Code', width: 36 },
  { key: 'reservation_code', header: 'Lookup Code', width: 16 },
  { key: 'issued_at', header: 'Issued At', format: 'datetime', width: 18 },
  { key: 'original_invoice_no', header: 'Original E-Invoice No', width: 18 },
  { key: 'message', header: 'Message', width: 40 },
];

/** GET /api/e-invoices/{pos_si_no}: one e-invoice in the caller's scope (another franchise's: 404). */
export async function getEInvoice(db: DbOrTx, scope: Scope, no: string): Promise<EInvoice> {
  const [row] = await db
    .select({ ...listColumns, buyer_address: e.buyer_address })
    .from(e)
    .leftJoin(jobs, eq(jobs.id, e.job_id))
    .where(and(eq(e.pos_si_no, no), scope.franchise(e.franchise_code)));
  if (!row) throw notFound(eInvoiceMessages.notFound);
  return { ...itemOf(row as ListRow), buyer_address: row.buyer_address };
}

/**
 * POST /api/e-invoices/retry: each e-invoice must be failed (else 422 naming pos_si_nos); it goes back to pending and
 * its job runs now (retryJobs), or a new job is queued when its job was discarded. The job asks the provider first
 * whether it has it, so sending again never doubles.
 */
export async function retryEInvoices(
  tx: Tx,
  scope: Scope,
  nos: readonly string[],
): Promise<z.infer<typeof eInvoiceRetryResult>> {
  const unique = [...new Set(nos)];
  if (eInvoiceRuntime().settings.mode === 'none')
    throw businessRule(eInvoiceMessages.notSending, 'einvoice_not_sending', 'pos_si_nos');
  const rows: EInvoiceRow[] = await tx
    .select()
    .from(e)
    .where(and(inArray(e.pos_si_no, unique), scope.franchise(e.franchise_code)))
    .for('update');
  const byNo = new Map(rows.map((r) => [r.pos_si_no, r]));
  unique.forEach((no, i) => {
    const row = byNo.get(no);
    if (!row) throw notFound(eInvoiceMessages.notFound);
    if (row.state !== 'failed')
      throw businessRule(eInvoiceMessages.notFailed(row.state), 'einvoice_not_failed', `pos_si_nos.${i}`);
  });
  for (const row of rows) {
    const retried = row.job_id ? await retryJobs(tx, [row.job_id]) : [];
    let jobId = row.job_id;
    if (retried.length === 0) {
      const group =
        row.document_type === 'credit_memo' && row.original_pos_si_no ? row.original_pos_si_no : row.pos_si_no;
      const job = await enqueue(tx, {
        queue: EINVOICE_QUEUE,
        key: `einvoice:${row.pos_si_no}`,
        groupKey: eInvoiceGroupKey(group),
        payload: { pos_si_no: row.pos_si_no } satisfies EInvoiceJob,
        maxAttempts: EINVOICE_MAX_ATTEMPTS,
      });
      jobId = job.id;
    }
    await tx
      .update(e)
      .set({ state: 'pending', message: '', job_id: jobId, updated_at: stampNow() })
      .where(eq(e.pos_si_no, row.pos_si_no));
  }
  const items = await Promise.all(unique.map((no) => getEInvoice(tx, scope, no)));
  return { items, count: items.length };
}

// ---------- summary per franchise and day ----------

const count = (state: string) => sql<number>`count(*) filter (where ${e.state} = ${state})::int`;
const summaryColumns = {
  franchise_code: e.franchise_code,
  franchise_name: sql<string>`coalesce(max(${franchises.name}), '')`,
  posting_date: e.posting_date,
  total: sql<number>`count(*)::int`,
  issued: count('issued'),
  pending: count('pending'),
  failed: count('failed'),
  not_sent: count('not_sent'),
};

/**
 * POST /api/e-invoices/summary: one row per franchise and business day. franchise_code and posting_date filter the
 * e-invoices before they are counted (a WHERE before the GROUP BY); every column sorts.
 */
export const eInvoiceSummaryList: ListSpec<EInvoiceSummaryRow> = {
  source: (db, extra) =>
    db
      .select({ ...summaryColumns, ...extra })
      .from(e)
      .leftJoin(franchises, eq(franchises.customer_no, e.franchise_code))
      .groupBy(e.franchise_code, e.posting_date)
      .$dynamic() as never,
  fields: summaryColumns,
  filterable: ['franchise_code', 'posting_date'],
  sortable: Object.keys(summaryColumns),
  defaultSort: { field: 'posting_date', direction: 'desc' },
  key: e.franchise_code,
};

export const eInvoiceSummaryExportColumns: ExportColumn[] = [
  { key: 'posting_date', header: 'Posting Date', format: 'date' },
  { key: 'franchise_code', header: 'Franchise', width: 14 },
  { key: 'franchise_name', header: 'Franchise Name', width: 30 },
  { key: 'total', header: 'Total' },
  { key: 'issued', header: 'Issued' },
  { key: 'pending', header: 'Pending' },
  { key: 'failed', header: 'Failed' },
  { key: 'not_sent', header: 'Not Sent' },
];
