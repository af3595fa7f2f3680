import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from '../../kernel/money.js';

/**
 * The e-invoice of each posted sales invoice and credit memo (issue 21; README here). Written in the posting
 * transaction with its outbox job (state pending), or not_sent when no provider is configured; the job writes the
 * provider's answer (issued) or its refusal (failed). One row per posted document, never two (primary key).
 */
export const eInvoices = pgTable(
  'e_invoices',
  {
    /** The posted document's number: a sales invoice's pos_si_no, or a credit memo's number (SCM…). */
    pos_si_no: text('pos_si_no').primaryKey(),
    document_type: text('document_type').$type<'invoice' | 'credit_memo'>().notNull(),
    /** The order it bills (a credit memo: the order it credits). */
    pos_so_no: text('pos_so_no').notNull(),
    franchise_code: text('franchise_code').notNull(),
    location_code: text('location_code').notNull().default(''),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    customer_no: text('customer_no').notNull().default(''),
    customer_name: text('customer_name').notNull().default(''),
    /** The company buyer as the order had it at posting (buyerInfo). */
    buyer_tax_code: text('buyer_tax_code').notNull().default(''),
    buyer_company_name: text('buyer_company_name').notNull().default(''),
    buyer_address: text('buyer_address').notNull().default(''),
    /** The document's amount including VAT (positive, also for a credit memo). */
    amount: money('amount').notNull(),
    provider: text('provider').$type<'none' | 'sinvoice'>().notNull(),
    state: text('state').$type<'not_sent' | 'pending' | 'issued' | 'failed'>().notNull(),
    /** Stable per document (from its number): the provider's idempotency key. */
    transaction_uuid: text('transaction_uuid').notNull(),
    /** The seller's account the e-invoice is issued under (the franchise's own, else the configuration's). */
    supplier_tax_code: text('supplier_tax_code').notNull().default(''),
    seller_name: text('seller_name').notNull().default(''),
    template_code: text('template_code').notNull().default(''),
    invoice_series: text('invoice_series').notNull().default(''),
    /** '1' original; a credit memo '5' (adjusting) or '3' (replacing). */
    adjustment_type: text('adjustment_type').$type<'1' | '3' | '5'>().notNull().default('1'),
    /** A credit memo: the invoice it adjusts. */
    original_pos_si_no: text('original_pos_si_no').notNull().default(''),
    // The provider's answer, kept exactly.
    invoice_no: text('invoice_no').notNull().default(''),
    transaction_id: text('transaction_id').notNull().default(''),
    reservation_code: text('reservation_code').notNull().default(''),
    code_of_tax: text('code_of_tax').notNull().default(''),
    lookup_url: text('lookup_url').notNull().default(''),
    issued_at: timestamp('issued_at', { withTimezone: true, mode: 'string' }),
    /** failed: the provider's message (or the last error of the retry window); not_sent: why. */
    message: text('message').notNull().default(''),
    /** The outbox job that sends it (null: not_sent). */
    job_id: bigint('job_id', { mode: 'number' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('e_invoices_transaction_uuid').on(t.transaction_uuid),
    index('e_invoices_franchise_day').on(t.franchise_code, t.posting_date),
    index('e_invoices_state')
      .on(t.state, t.created_at)
      .where(sql`${t.state} in ('pending', 'failed')`),
    index('e_invoices_order').on(t.pos_so_no),
  ],
);

/**
 * A franchise that is a company of its own issues under its own SInvoice account (issue 21): its tax code, seller
 * name, template, series and credentials. Empty fields (and a franchise without a row) use the configuration's.
 */
export const franchiseEInvoiceSettings = pgTable('franchise_einvoice_settings', {
  franchise_code: text('franchise_code').primaryKey(),
  supplier_tax_code: text('supplier_tax_code').notNull().default(''),
  seller_name: text('seller_name').notNull().default(''),
  username: text('username').notNull().default(''),
  password: text('password').notNull().default(''),
  template_code: text('template_code').notNull().default(''),
  invoice_series: text('invoice_series').notNull().default(''),
  /** Optimistic concurrency of PUT /api/franchises/e-invoice-settings (a franchise without a row reads as 0). */
  version: integer('version').notNull().default(1),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

export type EInvoiceRow = typeof eInvoices.$inferSelect;
