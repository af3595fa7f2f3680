import { z } from 'zod';
import { int32 } from './common.js';
import { messages } from './validators.js';
import {
  eInvoiceAdjustmentTypes,
  eInvoiceCheck,
  eInvoiceMessages,
  eInvoiceModes,
  eInvoiceStates,
} from './einvoice-messages.js';

export * from './einvoice-messages.js';

// E-invoices from the cash register (issue 21; api.md "E-invoices"). Every posted sales invoice and credit memo has
// one e-invoice, made in the posting transaction and sent by the outbox to the provider (EINVOICE_MODE). The key is
// the posted document's number: an invoice's pos_si_no, a credit memo's number (its pos_so_no, SCM…), both in the
// `pos_si_no` field and path parameter.

// ---------- buyer (company invoice) ----------

/** buyer_tax_code as typed: '' (a consumer) or 10 / 13 digits (dash form 0123456789-001). */
export const buyerTaxCodeInput = () =>
  z
    .string()
    .trim()
    .max(30, messages.maxLength(30))
    .refine((v) => v === '' || eInvoiceCheck.taxCode(v), eInvoiceMessages.taxCode);

/** The buyer fields on a sales order create / update and a counter sale. */
export const buyerFieldsShape = {
  buyer_tax_code: buyerTaxCodeInput().optional(),
  buyer_company_name: z.string().trim().max(250, messages.maxLength(250)).optional(),
  buyer_address: z.string().trim().max(250, messages.maxLength(250)).optional(),
};

// ---------- answers ----------

/**
 * The e-invoice state as the invoice, credit memo and order answers carry it (`e_invoice`), and what the receipt
 * prints: the seller, the provider's number and series, the tax authority's code and where the buyer looks it up.
 */
export const eInvoiceBrief = z.object({
  state: z.enum(eInvoiceStates),
  /** The provider's invoice number exactly as it answered it (e.g. C26MAA0000001); '' before issue. */
  invoice_no: z.string(),
  /** The template (1/001) and series (C26MAA, fourth character M: generated from a cash register). */
  template_code: z.string(),
  invoice_series: z.string(),
  /** The tax authority's code (mã của cơ quan thuế, codeOfTax); '' before issue. */
  code_of_tax: z.string(),
  /** The reservation / lookup code (mã tra cứu) the buyer types at lookup_url. */
  reservation_code: z.string(),
  /** Where the buyer finds the invoice (the receipt's QR code); '' before issue. */
  lookup_url: z.string(),
  /** The seller printed on the receipt: the company that issues the invoice and its tax code. */
  seller_name: z.string(),
  seller_tax_code: z.string(),
  /** When the provider issued it (ISO time); null before. */
  issued_at: z.string().nullable(),
  /** failed: the provider's message; pending: why it waits (the provider unreachable), else ''; not_sent: why. */
  message: z.string(),
});
export type EInvoiceBrief = z.infer<typeof eInvoiceBrief>;

/** One row of POST /api/e-invoices/filter (filterable and sortable: every field; default posting_date descending). */
export const eInvoiceListItem = eInvoiceBrief.extend({
  /** The posted document: an invoice's pos_si_no or a credit memo's number. */
  pos_si_no: z.string(),
  document_type: z.enum(['invoice', 'credit_memo']),
  /** The order it bills (a credit memo: the order it credits). */
  pos_so_no: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  /** Business date of the posting (YYYY-MM-DD). */
  posting_date: z.string(),
  customer_no: z.string(),
  customer_name: z.string(),
  buyer_tax_code: z.string(),
  buyer_company_name: z.string(),
  /** The document's amount including VAT (a credit memo's is positive: what it takes back). */
  amount: z.string(),
  provider: z.enum(eInvoiceModes),
  /** The stable key the provider knows it by (from the document number; 10–36 characters). */
  transaction_uuid: z.string(),
  /** '1' original; a credit memo '5' adjusting or '3' replacing, referring to the original invoice. */
  adjustment_type: z.enum(eInvoiceAdjustmentTypes),
  /** A credit memo: the invoice it adjusts (our number and the provider's). */
  original_pos_si_no: z.string(),
  original_invoice_no: z.string(),
  /** Sending attempts so far (of the current send). */
  attempts: int32(),
  /** The outbox job that sends it (the job screen retries it too). */
  job_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EInvoiceListItem = z.infer<typeof eInvoiceListItem>;

/** GET /api/e-invoices/{pos_si_no}: one e-invoice. */
export const eInvoice = eInvoiceListItem.extend({
  /** The buyer as sent in buyerInfo. */
  buyer_address: z.string(),
});
export type EInvoice = z.infer<typeof eInvoice>;

export const eInvoiceParam = z.object({ pos_si_no: z.string().trim().min(1, messages.required).max(40) });

/**
 * POST /api/e-invoices/retry: send failed e-invoices again (each must be failed; 422 naming pos_si_nos otherwise).
 * Answers the e-invoices, now pending.
 */
export const eInvoiceRetry = z.object({
  pos_si_nos: z
    .array(z.string().trim().min(1, messages.required).max(40))
    .min(1, 'pos_si_nos must not be empty')
    .max(500, 'At most 500 e-invoices'),
});
export const eInvoiceRetryResult = z.object({ items: z.array(eInvoice), count: int32() });

/**
 * One row of POST /api/e-invoices/summary: per franchise and business day, how many e-invoices are issued, pending,
 * failed and not sent (filterable: franchise_code, posting_date with gteq/lteq; sortable: every field; default
 * posting_date descending, then franchise_code). Its export is the same rows as .xlsx.
 */
export const eInvoiceSummaryRow = z.object({
  franchise_code: z.string(),
  franchise_name: z.string(),
  posting_date: z.string(),
  total: int32(),
  issued: int32(),
  pending: int32(),
  failed: int32(),
  not_sent: int32(),
});
export type EInvoiceSummaryRow = z.infer<typeof eInvoiceSummaryRow>;

// ---------- a franchise's own SInvoice account (franchise_einvoice_settings) ----------

/**
 * GET /api/franchises/{customer_no}/e-invoice-settings: the franchise's own SInvoice account; every empty field is
 * the configuration's (SINVOICE_*). The password is never answered: `password_set` says whether one is kept.
 * `version` 0: the franchise has none yet.
 */
export const franchiseEInvoiceSettings = z.object({
  franchise_code: z.string(),
  supplier_tax_code: z.string(),
  seller_name: z.string(),
  username: z.string(),
  password_set: z.boolean(),
  template_code: z.string(),
  invoice_series: z.string(),
  version: int32(),
  updated_at: z.string().nullable(),
});
export type FranchiseEInvoiceSettings = z.infer<typeof franchiseEInvoiceSettings>;

/**
 * PUT /api/franchises/e-invoice-settings (head office): the whole account at once, carrying the version last read.
 * An empty (or absent) password keeps the one kept; an empty username drops it. All empty: the configuration's.
 */
export const franchiseEInvoiceSettingsUpdate = z
  .object({
    franchise_code: z
      .string({ error: messages.required })
      .trim()
      .min(1, messages.required)
      .max(30, messages.maxLength(30))
      .transform((s) => s.toUpperCase()),
    version: int32({ error: 'version is required' }).min(0),
    supplier_tax_code: z
      .string()
      .trim()
      .max(14, messages.maxLength(14))
      .refine((v) => v === '' || eInvoiceCheck.taxCode(v), eInvoiceMessages.supplierTaxCode)
      .optional()
      .default(''),
    seller_name: z.string().trim().max(250, messages.maxLength(250)).optional().default(''),
    username: z.string().trim().max(100, messages.maxLength(100)).optional().default(''),
    password: z.string().max(200, messages.maxLength(200)).optional().default(''),
    template_code: z
      .string()
      .trim()
      .max(10, messages.maxLength(10))
      .refine((v) => v === '' || eInvoiceCheck.template(v), eInvoiceMessages.templateCode)
      .optional()
      .default(''),
    invoice_series: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => v === '' || eInvoiceCheck.series(v), eInvoiceMessages.invoiceSeries)
      .optional()
      .default(''),
  })
  .superRefine((v, ctx) => {
    if (v.supplier_tax_code && !v.username)
      ctx.addIssue({ code: 'custom', path: ['username'], message: eInvoiceMessages.usernameRequired });
    if (v.username && !v.supplier_tax_code)
      ctx.addIssue({ code: 'custom', path: ['supplier_tax_code'], message: eInvoiceMessages.taxCodeRequired });
  });
export type FranchiseEInvoiceSettingsUpdate = z.input<typeof franchiseEInvoiceSettingsUpdate>;
