// EINVOICE_MODE and the SInvoice settings (issue 21; README here). Read once at start: a wrong or missing setting
// stops the server with a message naming each variable to fix (as SHOP_MODE and DRIVE_MODE do).

export type EInvoiceEnv = Readonly<Record<string, string | undefined>>;

/** The seller's SInvoice account: the configuration's, or a franchise's own (franchise_einvoice_settings). */
export type SInvoiceAccount = {
  username: string;
  password: string;
  supplierTaxCode: string;
  templateCode: string;
  invoiceSeries: string;
  /** The seller's name printed on the receipt ('' = the franchise's name). */
  sellerName: string;
};

export type EInvoiceSettings =
  | { mode: 'none' }
  | {
      mode: 'sinvoice';
      baseUrl: string;
      timeoutMs: number;
      /** Where a buyer looks an invoice up (the receipt's QR code and lookup address). */
      lookupUrl: string;
      account: SInvoiceAccount;
    };

export const DEFAULT_SINVOICE_TIMEOUT_MS = 30_000;
/** Viettel's public lookup page for buyers (tra cứu hóa đơn), unless SINVOICE_LOOKUP_URL names another. */
export const DEFAULT_SINVOICE_LOOKUP_URL = 'https://vinvoice.viettel.vn/utilities/invoice-search';

export class EInvoiceConfigError extends Error {
  override readonly name = 'EInvoiceConfigError';
}

const value = (env: EInvoiceEnv, name: string) => {
  const text = env[name]?.trim();
  return text ? text : undefined;
};

export const REQUIRED_SINVOICE_VARIABLES = [
  'SINVOICE_BASE_URL',
  'SINVOICE_USERNAME',
  'SINVOICE_PASSWORD',
  'SINVOICE_SUPPLIER_TAX_CODE',
  'SINVOICE_TEMPLATE_CODE',
  'SINVOICE_SERIES',
] as const;

/**
 * A series of an invoice generated from a cash register has M as its fourth character (Decree 70/2025, Circular
 * 32/2025: C26MAA = C (VAT invoice with the tax authority's code), 26 (year), M (cash register), AA (the seller's)).
 */
export const seriesIssue = (series: string) =>
  /^[CK]\d{2}M[A-Z0-9]{2}$/.test(series)
    ? null
    : `SINVOICE_SERIES "${series}" must be a cash-register series: 6 characters with M as the fourth (e.g. C26MAA)`;

export const templateIssue = (template: string) =>
  /^\d\/\d{3}$/.test(template) ? null : `SINVOICE_TEMPLATE_CODE "${template}" must look like 1/001`;

/** Reads EINVOICE_MODE and, for sinvoice, the SINVOICE_* settings; throws naming every missing or wrong variable. */
export function readEInvoiceSettings(env: EInvoiceEnv): EInvoiceSettings {
  const mode = (value(env, 'EINVOICE_MODE') ?? 'none').toLowerCase();
  if (mode === 'none') return { mode: 'none' };
  if (mode !== 'sinvoice') throw new EInvoiceConfigError(`EINVOICE_MODE must be none or sinvoice, not "${mode}".`);
  const missing = REQUIRED_SINVOICE_VARIABLES.filter((name) => value(env, name) === undefined);
  if (missing.length > 0)
    throw new EInvoiceConfigError(
      `EINVOICE_MODE=sinvoice needs ${missing.join(', ')}; set ${missing.length > 1 ? 'them' : 'it'} or use EINVOICE_MODE=none.`,
    );
  const problems: string[] = [];
  let baseUrl = value(env, 'SINVOICE_BASE_URL')!;
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.push('SINVOICE_BASE_URL must be http(s)');
    baseUrl = url.href.replace(/\/+$/, '');
  } catch {
    problems.push(`SINVOICE_BASE_URL "${baseUrl}" is not a URL (e.g. https://api-vinvoice.viettel.vn)`);
  }
  const series = value(env, 'SINVOICE_SERIES')!;
  const template = value(env, 'SINVOICE_TEMPLATE_CODE')!;
  for (const issue of [seriesIssue(series), templateIssue(template)]) if (issue) problems.push(issue);
  const timeoutText = value(env, 'SINVOICE_TIMEOUT_MS');
  const timeoutMs = timeoutText === undefined ? DEFAULT_SINVOICE_TIMEOUT_MS : Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    problems.push(`SINVOICE_TIMEOUT_MS "${timeoutText}" must be a positive whole number of milliseconds`);
  if (problems.length > 0) throw new EInvoiceConfigError(`${problems.join('; ')}.`);
  return {
    mode: 'sinvoice',
    baseUrl,
    timeoutMs,
    lookupUrl: value(env, 'SINVOICE_LOOKUP_URL') ?? DEFAULT_SINVOICE_LOOKUP_URL,
    account: {
      username: value(env, 'SINVOICE_USERNAME')!,
      password: value(env, 'SINVOICE_PASSWORD')!,
      supplierTaxCode: value(env, 'SINVOICE_SUPPLIER_TAX_CODE')!,
      templateCode: template,
      invoiceSeries: series,
      sellerName: value(env, 'SINVOICE_SELLER_NAME') ?? '',
    },
  };
}
