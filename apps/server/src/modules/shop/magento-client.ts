import { z } from 'zod';
import { isRetryableStatus, ShopError } from './port.js';

export interface MagentoClientOptions {
  /** Shop root, e.g. https://shop.example.vn (no trailing slash, no /rest). */
  baseUrl: string;
  /** Integration access token. */
  token: string;
  /** Store view code for catalogue writes and reads. */
  storeCode: string;
  timeoutMs: number;
}

/** `store` speaks to the configured store view; `all` to global scope. */
export type MagentoScope = 'store' | 'all';

export interface MagentoRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** Path after /V1, with every path parameter already URL-encoded. */
  path: string;
  body?: unknown;
  scope?: MagentoScope;
}

// Magento's error body; `parameters` is a list for %1-style messages and an object for %name-style ones.
const parametersSchema = z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]);
const errorBodySchema = z.object({
  message: z.string(),
  parameters: parametersSchema.optional().nullable(),
  errors: z.array(z.object({ message: z.string(), parameters: parametersSchema.optional().nullable() })).optional(),
});

// Magento's answer when the path is not one of its routes: a wrong base URL, not a missing product.
const noRouteMessage = /does not match any route/i;

function parameterText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Fills Magento's `%1` / `%name` placeholders; names with a list of parameters take them in order of appearance. */
export function formatMagentoMessage(message: string, parameters?: unknown): string {
  if (parameters === null || parameters === undefined) return message;
  if (Array.isArray(parameters)) {
    const names: string[] = [];
    for (const match of message.matchAll(/%([A-Za-z_]\w*)/g)) if (!names.includes(match[1])) names.push(match[1]);
    return message.replace(/%(\d+|[A-Za-z_]\w*)/g, (whole, key: string) => {
      const index = /^\d+$/.test(key) ? Number(key) - 1 : names.indexOf(key);
      return index >= 0 && index < parameters.length ? parameterText(parameters[index]) : whole;
    });
  }
  if (typeof parameters === 'object') {
    const byName = new Map(Object.entries(parameters));
    return message.replace(/%(\w+)/g, (whole, key: string) =>
      byName.has(key) ? parameterText(byName.get(key)) : whole,
    );
  }
  return message;
}

/** The readable text of a Magento error body, or undefined when the body is not one. */
export function readMagentoError(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { message, parameters, errors } = parsed.data;
  const text = formatMagentoMessage(message, parameters);
  // InputException puts its real reasons in `errors` under a generic message.
  const reasons = (errors ?? []).map((e) => formatMagentoMessage(e.message, e.parameters)).filter((r) => r !== text);
  return reasons.length > 0 ? `${text} ${reasons.join(' ')}` : text;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function errorCode(error: unknown): string | undefined {
  // undici wraps the socket error (ECONNREFUSED, ECONNRESET, ...) as the cause of "fetch failed".
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && 'code' in cause && typeof cause.code === 'string') return cause.code;
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

/** One Magento 2 REST request per call; retrying is the job queue's business, so nothing here loops. */
export class MagentoClient {
  constructor(private readonly options: MagentoClientOptions) {}

  url(request: MagentoRequest): string {
    const code = request.scope === 'all' ? 'all' : this.options.storeCode;
    return `${this.options.baseUrl}/rest/${code}/V1${request.path}`;
  }

  /** Sends the request and returns the parsed 2xx body checked against the schema; throws ShopError otherwise. */
  async send<T>(request: MagentoRequest, schema: z.ZodType<T>): Promise<T> {
    const result = await this.exchange(request);
    if (result.status === 'missing') throw this.httpError(request, 404, result.message);
    return this.check(request, result.body, schema);
  }

  /** Like send, but a 404 naming a missing entity (not a missing route) gives null. */
  async find<T>(request: MagentoRequest, schema: z.ZodType<T>): Promise<T | null> {
    const result = await this.exchange(request);
    if (result.status === 'missing') return null;
    return this.check(request, result.body, schema);
  }

  private label(request: MagentoRequest): string {
    return `${request.method} /V1${request.path}`;
  }

  private check<T>(request: MagentoRequest, body: unknown, schema: z.ZodType<T>): T {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const where = parsed.error.issues[0]?.path.join('.') || 'body';
    throw new ShopError(`The online shop's answer to ${this.label(request)} has an unexpected shape (at ${where}).`, {
      kind: 'protocol',
      retryable: false,
      request: this.label(request),
    });
  }

  private httpError(request: MagentoRequest, status: number, message: string, retryAfter?: number): ShopError {
    return new ShopError(message, {
      kind: 'http',
      retryable: isRetryableStatus(status),
      status,
      retryAfterMs: retryAfter,
      request: this.label(request),
    });
  }

  private async exchange(
    request: MagentoRequest,
  ): Promise<{ status: 'ok'; body: unknown } | { status: 'missing'; message: string }> {
    const label = this.label(request);
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.token}`,
      Accept: 'application/json',
    };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.url(request), {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        // A redirect would turn a POST into a GET and may carry the token elsewhere; report it instead.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new ShopError(`The online shop did not answer ${label} within ${this.options.timeoutMs} ms.`, {
          kind: 'timeout',
          retryable: true,
          request: label,
          cause: error,
        });
      }
      const reason = errorCode(error) ?? (error instanceof Error ? error.message : String(error));
      throw new ShopError(`The online shop cannot be reached (${reason}) for ${label}.`, {
        kind: 'network',
        retryable: true,
        request: label,
        cause: error,
      });
    }

    const json = parseJson(text);
    const status = response.status;
    if (status >= 200 && status < 300) {
      if (!json.ok) {
        throw new ShopError(`The online shop answered ${label} with something other than JSON.`, {
          kind: 'protocol',
          retryable: false,
          status,
          request: label,
        });
      }
      return { status: 'ok', body: json.value };
    }
    if (status >= 300 && status < 400) {
      const location = response.headers.get('location') ?? 'another address';
      throw this.httpError(
        request,
        status,
        `The online shop redirected ${label} to ${location}; set MAGENTO_BASE_URL to the address it ends at.`,
      );
    }
    const magentoMessage = json.ok ? readMagentoError(json.value) : undefined;
    if (status === 404 && magentoMessage !== undefined && !noRouteMessage.test(magentoMessage)) {
      return { status: 'missing', message: magentoMessage };
    }
    const fallback =
      status === 404
        ? `The online shop has no ${label}; check MAGENTO_BASE_URL and MAGENTO_STORE_CODE.`
        : `The online shop answered ${label} with HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}.`;
    const message = status === 404 && magentoMessage ? `${magentoMessage} ${fallback}` : (magentoMessage ?? fallback);
    throw this.httpError(request, status, message, retryAfterMs(response.headers.get('retry-after')));
  }
}

/** A path parameter for Magento: SKUs and codes may hold spaces or Vietnamese letters. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
