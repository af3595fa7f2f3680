import type { SInvoiceAccount } from './config.js';
import { EInvoiceRejectedError, EInvoiceUnavailableError, type EInvoiceProvider, type IssuedEInvoice } from './port.js';
import type { SInvoiceCreateBody } from './sinvoice-payload.js';

// Viettel SInvoice's REST API (issue 21; README here): POST {base}/auth/login → access_token, sent as the
// access_token cookie (and as a Bearer token) on the invoice calls, cached per account and renewed once on a 401;
// createInvoice/{supplierTaxCode} (JSON) and searchInvoiceByTransactionUuid (form-encoded). Every answer is
// { errorCode, description, result }; errorCode null means success.

export const SINVOICE_INVOICE_WS = '/services/einvoiceapplication/api/InvoiceAPI/InvoiceWS';
/** SInvoice's "not found" of the lookup (an empty result means the same). */
export const NOT_FOUND_DATA = 'NOT_FOUND_DATA';

type Answer = { errorCode?: string | null; description?: string | null; result?: unknown; code?: number | string };

export type SInvoiceClientOptions = { baseUrl: string; timeoutMs: number; fetch?: typeof fetch };

/** SInvoice's JSON answer, or null when the body is empty or not JSON (a proxy's error page). */
function parseAnswer(raw: string): Answer | null {
  try {
    return raw.trim() ? (JSON.parse(raw) as Answer) : null;
  } catch {
    return null;
  }
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function issuedOf(r: Record<string, unknown>): IssuedEInvoice {
  const issued = r.issueDate ?? r.invoiceIssuedDate;
  const ms = typeof issued === 'number' ? issued : typeof issued === 'string' ? Date.parse(issued) : NaN;
  return {
    invoiceNo: text(r.invoiceNo),
    transactionId: text(r.transactionID ?? r.transactionId),
    reservationCode: text(r.reservationCode),
    codeOfTax: text(r.codeOfTax),
    issuedAtMs: Number.isFinite(ms) ? ms : null,
  };
}

export class SInvoiceClient implements EInvoiceProvider {
  private readonly tokens = new Map<string, string>();
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly o: SInvoiceClientOptions) {
    this.fetchImpl = o.fetch ?? fetch;
  }

  /** One HTTP call with the timeout; a network failure, a timeout, 5xx or 429 is EInvoiceUnavailableError. */
  private async http(path: string, init: RequestInit): Promise<{ status: number; body: Answer | null }> {
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.o.baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
    } catch (e) {
      const why =
        e instanceof Error && e.name === 'TimeoutError'
          ? `no answer within ${this.o.timeoutMs} ms`
          : String((e as Error)?.message ?? e);
      throw new EInvoiceUnavailableError(`SInvoice is unreachable: ${why}`);
    }
    let raw: string;
    try {
      raw = await res.text();
    } catch (e) {
      throw new EInvoiceUnavailableError(`SInvoice's answer was cut off: ${String((e as Error)?.message ?? e)}`);
    }
    const body = parseAnswer(raw);
    if (res.status >= 500 || res.status === 429 || res.status === 408)
      throw new EInvoiceUnavailableError(
        `SInvoice answered ${res.status}${body?.description ? `: ${body.description}` : ''}`,
      );
    return { status: res.status, body };
  }

  private async login(account: SInvoiceAccount): Promise<string> {
    const { status, body } = await this.http('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username: account.username, password: account.password }),
    });
    const token = (body as { access_token?: unknown } | null)?.access_token;
    if (status !== 200 || typeof token !== 'string' || !token)
      throw new EInvoiceRejectedError(
        `SInvoice refused the login of ${account.username}${body?.description ? `: ${body.description}` : ` (HTTP ${status})`}`,
        text(body?.errorCode) || `HTTP_${status}`,
      );
    this.tokens.set(account.username, token);
    return token;
  }

  /** An invoice call with the cached token; a 401 logs in again once. */
  private async call(account: SInvoiceAccount, path: string, init: RequestInit) {
    for (let attempt = 0; ; attempt++) {
      const token = this.tokens.get(account.username) ?? (await this.login(account));
      const res = await this.http(path, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          accept: 'application/json',
          cookie: `access_token=${token}`,
          authorization: `Bearer ${token}`,
        },
      });
      if (res.status === 401 && attempt === 0) {
        this.tokens.delete(account.username);
        continue;
      }
      if (res.status === 401)
        throw new EInvoiceUnavailableError('SInvoice refused a fresh access token (401); it will be tried again');
      return res;
    }
  }

  async lookup(account: SInvoiceAccount, transactionUuid: string): Promise<IssuedEInvoice | null> {
    const form = new URLSearchParams({ supplierTaxCode: account.supplierTaxCode, transactionUuid });
    const { status, body } = await this.call(account, `${SINVOICE_INVOICE_WS}/searchInvoiceByTransactionUuid`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    if (body?.errorCode === NOT_FOUND_DATA) return null;
    if (body?.errorCode || status >= 400)
      throw new EInvoiceUnavailableError(
        `SInvoice's lookup of ${transactionUuid} answered ${text(body?.errorCode) || status}: ${text(body?.description)}`,
      );
    const result = body?.result;
    const rows = Array.isArray(result) ? result : result ? [result] : [];
    const found = rows.find((r) => r && typeof r === 'object' && text((r as Record<string, unknown>).invoiceNo));
    return found ? issuedOf(found as Record<string, unknown>) : null;
  }

  async create(account: SInvoiceAccount, body: SInvoiceCreateBody): Promise<IssuedEInvoice> {
    const path = `${SINVOICE_INVOICE_WS}/createInvoice/${encodeURIComponent(account.supplierTaxCode)}`;
    const res = await this.call(account, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = res.body;
    const result = (answer?.result ?? null) as Record<string, unknown> | null;
    if (answer && !answer.errorCode && res.status < 400 && result && text(result.invoiceNo)) return issuedOf(result);
    const code = text(answer?.errorCode) || `HTTP_${res.status}`;
    const description = text(answer?.description) || 'SInvoice refused the invoice without a reason';
    throw new EInvoiceRejectedError(`${description} (${code})`, code);
  }
}
