import { sql } from 'drizzle-orm';
import type { BookCheck } from '../../books/checks.js';
import { EINVOICE_RETRY_WINDOW_HOURS } from './record.js';

// The books checks of the e-invoices (issue 21; books/checks.ts registers them; books.test.ts damages each): every
// posted invoice and credit memo has exactly one e-invoice (the primary key makes two impossible, the check finds a
// missing one and one without a document), none is still pending after the retry window, an issued one carries the
// provider's number and tax authority code, a failed one the reason, and the amounts are the document's.

const posted = sql`
  select 'invoice' as document_type, i.pos_si_no as no, i.amount, i.created_at from sales_invoices i
  union all
  select 'credit_memo', c.pos_so_no, c.grand_total, c.created_at from sales_orders c where c.document_type = 'credit_memo'`;

export const eInvoiceChecks: BookCheck[] = [
  {
    name: 'e-invoice per posted invoice',
    rule: 'Every posted sales invoice and credit memo has exactly one e-invoice, of its type and amount, and every e-invoice belongs to a posted document',
    query: () => sql`
      select p.document_type, p.no, p.amount, e.document_type as e_document_type, e.amount as e_amount
        from (${posted}) p
        full join e_invoices e on e.pos_si_no = p.no
       where p.no is null or e.pos_si_no is null or e.document_type <> p.document_type or e.amount <> p.amount`,
  },
  {
    name: 'e-invoice settled within the retry window',
    rule: `An e-invoice pending for more than ${EINVOICE_RETRY_WINDOW_HOURS} hours after its document was posted is a violation: it is issued or failed by then`,
    query: () => sql`
      select e.pos_si_no, e.state, e.created_at from e_invoices e
       where e.state = 'pending' and e.created_at < now() - make_interval(hours => ${EINVOICE_RETRY_WINDOW_HOURS})`,
  },
  {
    name: 'e-invoice state complete',
    rule: 'An issued e-invoice has the provider number, series, tax authority code and issue time; a failed one its message; a pending one its job; only issued ones have a number',
    query: () => sql`
      select e.pos_si_no, e.state, e.invoice_no, e.code_of_tax, e.message, e.job_id from e_invoices e
       where (e.state = 'issued' and (e.invoice_no = '' or e.code_of_tax = '' or e.invoice_series = '' or e.issued_at is null))
          or (e.state = 'failed' and e.message = '')
          or (e.state = 'pending' and e.job_id is null)
          or (e.state <> 'issued' and e.invoice_no <> '')
          or e.state not in ('not_sent', 'pending', 'issued', 'failed')`,
  },
  {
    name: 'e-invoice never doubled',
    rule: 'No provider invoice number is held by two e-invoices of one seller (never two e-invoices for one sale)',
    query: () => sql`
      select e.supplier_tax_code, e.invoice_series, e.invoice_no, count(*) as n from e_invoices e
       where e.invoice_no <> ''
       group by e.supplier_tax_code, e.invoice_series, e.invoice_no having count(*) > 1`,
  },
];
