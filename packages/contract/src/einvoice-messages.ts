// E-invoices from the cash register (issue 21; Decree 70/2025/ND-CP): the zod-free half — states, messages and the
// buyer tax code predicate, shared by the web's forms, the receipt and the server. The schemas are in einvoices.ts.

/**
 * The e-invoice of one posted invoice or credit memo:
 * - `not_sent`: EINVOICE_MODE none when it was posted — nothing is sent;
 * - `pending`: waiting in the outbox (also while the provider is down: it is retried);
 * - `issued`: the provider issued it (invoice number, series, tax authority code, reservation code);
 * - `failed`: the provider refused it, or it kept failing for the retry window; the provider's message is kept and
 *   it can be sent again (POST /api/e-invoices/retry or the job screen).
 */
export const eInvoiceStates = ['not_sent', 'pending', 'issued', 'failed'] as const;
export type EInvoiceState = (typeof eInvoiceStates)[number];

/** The e-invoice providers (EINVOICE_MODE). */
export const eInvoiceModes = ['none', 'sinvoice'] as const;
export type EInvoiceMode = (typeof eInvoiceModes)[number];

/** SInvoice's adjustmentType: 1 an original invoice, 3 replacing, 5 adjusting (a credit memo adjusts by default). */
export const eInvoiceAdjustmentTypes = ['1', '3', '5'] as const;
export type EInvoiceAdjustmentType = (typeof eInvoiceAdjustmentTypes)[number];

/** What the receipt says before the e-invoice is issued (Decree 70: the buyer finds it later under the lookup code). */
export const EINVOICE_PENDING_RECEIPT_TEXT = 'Hóa đơn điện tử đang được phát hành';

const taxCodePattern = /^\d{10}(-?\d{3})?$/;

export const eInvoiceMessages = {
  /** 400 naming buyer_tax_code. */
  taxCode: 'Tax code must be 10 or 13 digits (0123456789 or 0123456789-001)',
  /** 400 naming buyer_company_name / buyer_address when a tax code is given without them. */
  companyNameRequired: 'Company name is required with a tax code',
  addressRequired: 'Company address is required with a tax code',
  /** 404 of GET /api/e-invoices/{pos_si_no}. */
  notFound: 'E-invoice not found',
  /** 422 naming pos_si_no: only a failed e-invoice is sent again. */
  notFailed: (state: string) => `Only a failed e-invoice can be sent again (this one is ${state})`,
  /** 422 naming pos_si_no: EINVOICE_MODE none. */
  notSending: 'E-invoices are not sent (EINVOICE_MODE is none)',
  /** The message of a not_sent e-invoice. */
  modeNone: 'Nothing is sent: no e-invoice provider is configured (EINVOICE_MODE none)',
  /** A franchise's own SInvoice account (PUT /api/franchises/e-invoice-settings), 400 naming the field. */
  supplierTaxCode: 'Supplier tax code must be 10 or 13 digits (0123456789 or 0123456789-001)',
  templateCode: 'Template code must look like 1/001',
  invoiceSeries: 'Invoice series must be a cash-register series: 6 characters with M as the fourth (e.g. C26MAA)',
  usernameRequired: "Username is required with the franchise's own supplier tax code",
  passwordRequired: "Password is required with the franchise's own username",
  taxCodeRequired: 'Supplier tax code is required with an own username',
  /** 403: only head office changes a franchise's e-invoice account. */
  settingsHeadOffice: "Only head office may change a franchise's e-invoice settings",
} as const;

export const eInvoiceCheck = {
  /** A Vietnamese tax code (mã số thuế): 10 digits, or 13 as 0123456789001 or 0123456789-001. */
  taxCode: (v: string) => taxCodePattern.test(v.trim()),
  /** A cash-register series (Decree 70/2025): C or K, the year's 2 digits, M, 2 of the seller's (C26MAA). */
  series: (v: string) => /^[CK]\d{2}M[A-Z0-9]{2}$/.test(v.trim()),
  /** A template code: 1/001. */
  template: (v: string) => /^\d\/\d{3}$/.test(v.trim()),
};

/**
 * The buyer of a company invoice: with a tax code, the company name and address are required. Answers the issues
 * as [field, message] (empty: fine). Used by the schemas (create, counter sale) and by the server on update, where
 * the merged header is checked.
 */
export function buyerIssues(v: {
  buyer_tax_code?: string | null;
  buyer_company_name?: string | null;
  buyer_address?: string | null;
}): [field: 'buyer_tax_code' | 'buyer_company_name' | 'buyer_address', message: string][] {
  const code = (v.buyer_tax_code ?? '').trim();
  if (!code) return [];
  const out: ReturnType<typeof buyerIssues> = [];
  if (!eInvoiceCheck.taxCode(code)) out.push(['buyer_tax_code', eInvoiceMessages.taxCode]);
  if (!(v.buyer_company_name ?? '').trim()) out.push(['buyer_company_name', eInvoiceMessages.companyNameRequired]);
  if (!(v.buyer_address ?? '').trim()) out.push(['buyer_address', eInvoiceMessages.addressRequired]);
  return out;
}
