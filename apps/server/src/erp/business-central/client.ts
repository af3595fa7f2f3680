import { PermanentJobError } from '../../jobs/queue.js';
import { ErpConflictError, ErpUnavailableError } from '../port.js';
import type { BcConfig } from './config.js';

/**
 * One Business Central company over HTTP: the client-credentials token (cached, renewed before it runs out and once
 * on a 401), the standard (`api/v2.0`) and custom (`api/{BC_CUSTOM_API}`) URLs, OData paging, `$batch`, and BC's
 * limits: at most `concurrency` requests in flight, 429/503 wait out `Retry-After` (never sooner; a long wait fails
 * with ErpUnavailableError carrying it, so the job queue backs off that long), a time limit per request.
 *
 * Errors: unreachable, timed out, 5xx, throttled → ErpUnavailableError (a retry may work); 412 → ErpConflictError;
 * any other refusal (400, 404 on a write, 409, 422) → BcRequestError with BC's own message (a retry never works).
 */

export const BC_SCOPE = 'https://api.businesscentral.dynamics.com/.default';
/** Renew this long before the token's stated expiry, so a request never leaves with a dying token. */
const TOKEN_MARGIN_MS = 5 * 60 * 1000;
export const BC_MAX_BATCH = 100;

export type BcClientOptions = {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** A Retry-After up to this long is waited out inside the call (default 5 s); a longer one fails at once. */
  maxInlineWaitMs?: number;
  /** Throttled answers waited out inside one call before it gives up (default 3). */
  maxInlineRetries?: number;
  /** Requests in flight at once for the company (default 5; BC allows 100 per user, 6,000 per 5 minutes). */
  concurrency?: number;
};

export type BcJson = Record<string, unknown>;
export type BcAnswer = { status: number; body: BcJson | null };
export type BcCall = {
  /** What the call is for, for messages: "create sales order SO-1". */
  action: string;
  body?: unknown;
  ifMatch?: string;
  /** An answer of 404 is returned instead of thrown (a lookup that may find nothing). */
  allow404?: boolean;
  prefer?: string;
};
export type BcBatchRequest = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  ifMatch?: string;
};

/** BC refused the request for a reason a retry will not fix; carries BC's status, code and message. */
export class BcRequestError extends PermanentJobError {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A small FIFO semaphore: at most `limit` holders at once. */
class Limit {
  private active = 0;
  private waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

type Token = { value: string; refreshAt: number };

export class BcClient {
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
  private readonly maxInlineWaitMs: number;
  private readonly maxInlineRetries: number;
  private readonly limit: Limit;
  private token: Token | null = null;
  private tokenRequest: Promise<Token> | null = null;
  /** No request leaves before this time (a Retry-After BC gave): the whole company waits, not one call. */
  private notBefore = 0;

  constructor(
    readonly config: BcConfig,
    options: BcClientOptions = {},
  ) {
    this.fetchImpl = options.fetch ?? fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = options.now ?? Date.now;
    this.maxInlineWaitMs = options.maxInlineWaitMs ?? 5000;
    this.maxInlineRetries = options.maxInlineRetries ?? 3;
    this.limit = new Limit(options.concurrency ?? 5);
  }

  private get root() {
    const c = this.config;
    return `${c.apiUrl}/v2.0/${encodeURIComponent(c.tenantId)}/${encodeURIComponent(c.environment)}/api`;
  }
  /** The standard API v2.0 URL of a company's entity path (`items`, `salesOrders(id)/salesOrderLines`). */
  standard(path: string): string {
    return `${this.root}/v2.0/companies(${this.config.companyId})/${path}`;
  }
  /** The custom API pages' URL (BC_CUSTOM_API). */
  custom(path: string): string {
    return `${this.root}/${this.config.customApi}/companies(${this.config.companyId})/${path}`;
  }

  /** Drops the cached token (authorize signs in afresh). */
  forgetToken() {
    this.token = null;
  }

  async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.refreshAt) return this.token.value;
    // Concurrent callers share one sign-in.
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = null;
    });
    return (await this.tokenRequest).value;
  }

  private async fetchToken(): Promise<Token> {
    const c = this.config;
    // URLSearchParams form-encodes the secret: + / = ~ arrive as typed.
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: c.clientId,
      client_secret: c.clientSecret,
      scope: BC_SCOPE,
    });
    const res = await this.exchange(
      `${c.authUrl}/${encodeURIComponent(c.tenantId)}/oauth2/v2.0/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
      },
      'sign in to Business Central',
    );
    const text = await res.text();
    let body: BcJson = {};
    try {
      body = JSON.parse(text) as BcJson;
    } catch {
      // handled below
    }
    if (res.status >= 500 || res.status === 429)
      throw new ErpUnavailableError(
        `Business Central's sign-in service is unavailable (${res.status}).`,
        retryAfter(res, this.now()),
      );
    if (!res.ok || typeof body.access_token !== 'string') {
      const why =
        typeof body.error_description === 'string'
          ? body.error_description.split(' Trace ID')[0]
          : `status ${res.status}`;
      throw new BcRequestError(
        res.status,
        String(body.error ?? 'sign_in_failed'),
        `Business Central refused the sign-in: ${why}`,
      );
    }
    const lifetime = Number(body.expires_in) > 0 ? Number(body.expires_in) * 1000 : 3_600_000;
    const now = this.now();
    this.token = { value: body.access_token, refreshAt: now + lifetime - Math.min(TOKEN_MARGIN_MS, lifetime / 2) };
    return this.token;
  }

  /** One fetch with the time limit; a network failure or timeout is ErpUnavailableError (the answer may be lost). */
  private async exchange(url: string, init: RequestInit, action: string): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs) });
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new ErpUnavailableError(
        timedOut
          ? `Business Central did not answer within ${this.config.timeoutMs} ms to ${action}.`
          : `Business Central could not be reached to ${action}.`,
      );
    }
  }

  /** Waits out a Retry-After the company was given, or fails at once when it is longer than a call may hold. */
  private async waitTurn(action: string) {
    const wait = this.notBefore - this.now();
    if (wait <= 0) return;
    if (wait > this.maxInlineWaitMs)
      throw new ErpUnavailableError(
        `Business Central asked to wait ${Math.ceil(wait / 1000)} s before the next request (to ${action}).`,
        wait,
      );
    await this.sleep(wait);
  }

  /** One API request: JSON in and out, the bearer token, the limits and the error mapping above. */
  async request(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, call: BcCall): Promise<BcAnswer> {
    return this.limit.run(async () => {
      let refreshed = false;
      let throttled = 0;
      for (;;) {
        await this.waitTurn(call.action);
        const headers: Record<string, string> = {
          accept: 'application/json',
          authorization: `Bearer ${await this.accessToken()}`,
        };
        if (call.body !== undefined) headers['content-type'] = 'application/json';
        if (call.ifMatch) headers['if-match'] = call.ifMatch;
        if (call.prefer) headers.prefer = call.prefer;
        const res = await this.exchange(
          url,
          { method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) },
          call.action,
        );
        if (res.status === 401 && !refreshed) {
          // Expired or revoked early: one fresh sign-in, never a loop.
          refreshed = true;
          await res.body?.cancel();
          this.token = null;
          continue;
        }
        if (res.status === 429 || res.status === 503) {
          const wait = retryAfter(res, this.now()) ?? 1000 * 2 ** throttled;
          this.notBefore = Math.max(this.notBefore, this.now() + wait);
          await res.body?.cancel();
          if (throttled < this.maxInlineRetries && wait <= this.maxInlineWaitMs) {
            throttled++;
            continue;
          }
          throw new ErpUnavailableError(
            res.status === 429
              ? `Business Central is throttling requests (429); retry after ${Math.ceil(wait / 1000)} s (to ${call.action}).`
              : `Business Central is unavailable (503); retry after ${Math.ceil(wait / 1000)} s (to ${call.action}).`,
            wait,
          );
        }
        if (res.status === 401) {
          // Refused again with a token just issued: the job retries later (a sign-in that fails is refused above).
          await res.body?.cancel();
          this.token = null;
          throw new ErpUnavailableError(`Business Central refused a fresh token (401) to ${call.action}.`);
        }
        const text = await readText(res, call.action);
        const body = parseJson(text);
        if (res.ok) return { status: res.status, body };
        if (res.status === 404 && call.allow404) return { status: 404, body };
        const err = (body?.error ?? {}) as { code?: string; message?: string };
        const message = (err.message ?? text.slice(0, 200)).split('  CorrelationId')[0].trim();
        if (res.status === 412) throw new ErpConflictError(call.action, message);
        if (res.status >= 500 || res.status === 408)
          throw new ErpUnavailableError(`Business Central failed to ${call.action} (${res.status}): ${message}`);
        throw new BcRequestError(
          res.status,
          err.code ?? String(res.status),
          `Business Central refused to ${call.action}: ${message}`,
        );
      }
    });
  }

  /** GET one page: the first (`url` with a query) or a `@odata.nextLink`. */
  async page(url: string, action: string, top?: number): Promise<{ value: BcJson[]; nextLink: string | null }> {
    const size = top && top > 0 ? Math.min(Math.floor(top), this.config.maxPageSize) : this.config.maxPageSize;
    const { body } = await this.request('GET', url, { action, prefer: `odata.maxpagesize=${size}` });
    const value = Array.isArray(body?.value) ? (body.value as BcJson[]) : [];
    const next = body?.['@odata.nextLink'];
    return { value, nextLink: typeof next === 'string' ? next : null };
  }

  /** Every record of a list, following @odata.nextLink to the end. */
  async all(url: string, action: string): Promise<BcJson[]> {
    const out: BcJson[] = [];
    for (let next: string | null = url; next;) {
      const p = await this.page(next, action);
      out.push(...p.value);
      next = p.nextLink;
    }
    return out;
  }

  /**
   * `$batch` (JSON format) of the standard or custom API, in chunks of at most 100 requests; answers each request's
   * status and body in order. Throttling and outages of the batch itself fail as a whole (nothing was done).
   */
  async batch(api: 'standard' | 'custom', requests: BcBatchRequest[], action: string): Promise<BcAnswer[]> {
    const out: BcAnswer[] = [];
    const companyPath = `companies(${this.config.companyId})/`;
    const url = `${this.root}/${api === 'standard' ? 'v2.0' : this.config.customApi}/$batch`;
    for (let i = 0; i < requests.length; i += BC_MAX_BATCH) {
      const chunk = requests.slice(i, i + BC_MAX_BATCH);
      const { body } = await this.request('POST', url, {
        action,
        body: {
          requests: chunk.map((r, j) => ({
            id: String(i + j + 1),
            method: r.method,
            url: companyPath + r.url,
            headers: {
              'content-type': 'application/json',
              ...(r.ifMatch ? { 'if-match': r.ifMatch } : {}),
            },
            ...(r.body !== undefined ? { body: r.body } : {}),
          })),
        },
      });
      const responses = (Array.isArray(body?.responses) ? body.responses : []) as {
        id: string;
        status: number;
        body?: BcJson;
      }[];
      const byId = new Map(responses.map((r) => [String(r.id), r]));
      chunk.forEach((_, j) => {
        const r = byId.get(String(i + j + 1));
        out.push({ status: r?.status ?? 500, body: r?.body ?? null });
      });
    }
    return out;
  }
}

/** Retry-After in milliseconds (seconds or an HTTP date); undefined when absent. */
function retryAfter(res: Response, now: number): number | undefined {
  const h = res.headers.get('retry-after')?.trim();
  if (!h) return undefined;
  const seconds = Number(h);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const at = Date.parse(h);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

async function readText(res: Response, action: string): Promise<string> {
  try {
    return await res.text();
  } catch {
    // The connection broke while the answer was coming: whether the write happened is unknown.
    throw new ErpUnavailableError(`Business Central's answer was cut off (to ${action}).`);
  }
}

function parseJson(text: string): BcJson | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as BcJson) : null;
  } catch {
    return null;
  }
}

/** An OData string literal: 'O''Brien'. */
export const odataString = (v: string) => `'${v.replace(/'/g, "''")}'`;
