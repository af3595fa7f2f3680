import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError } from 'fastify';
import { AppError, badRequest, businessRule, conflict } from './errors.js';

/**
 * Input hygiene shared by every route (issue 7, "zero 5xx for any input"): text PostgreSQL cannot store,
 * database errors that bad input can still cause, Fastify's own refusals, and text written to the api log.
 */

/** NUL and lone UTF-16 surrogates: PostgreSQL text refuses the first, UTF-8 cannot carry the second. */
export function badText(s: string): boolean {
  return s.includes('\u0000') || LONE_SURROGATE.test(s);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** How deep a request value may nest (arrays and objects); the deepest real payload (a list filter) uses 4. */
export const MAX_DEPTH = 32;

/**
 * Walks a parsed request value (body, query or params) without recursion and refuses any string or key holding a
 * character that cannot be stored, naming the field (dotted path, `root` for the value itself), and a value nested
 * deeper than MAX_DEPTH (400 naming `root`: `[[[[…]]]]` of 5,000 levels would overflow a recursive walk, and
 * every later step that walks the value).
 */
export function rejectBadText(value: unknown, root: string, path: string[] = []): void {
  const stack: { value: unknown; path: string[] }[] = [{ value, path }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: v, path: at } = next;
    const field = () => (at.length ? at.join('.') : root);
    if (typeof v === 'string') {
      if (badText(v)) throw badRequest(`${field()} contains a character that is not allowed`, field());
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (at.length - path.length >= MAX_DEPTH)
      throw badRequest(`${root} is nested too deeply (at most ${MAX_DEPTH} levels)`, root);
    // Pushed in reverse, so the first bad field in reading order is the one named.
    const children = Array.isArray(v)
      ? v.map((c, i) => [String(i), c] as const)
      : Object.entries(v).map(([k, c]) => {
          if (badText(k)) throw badRequest(`Field names may not contain control characters`, field());
          return [k, c] as const;
        });
    for (let i = children.length - 1; i >= 0; i--) stack.push({ value: children[i][1], path: [...at, children[i][0]] });
  }
}

/** Text for the api log (and any other log row): no NUL, no lone surrogates, at most `max` characters. */
export function logText(s: string, max = 1000): string {
  return s.replaceAll('\u0000', '').replace(LONE_SURROGATES, '\uFFFD').slice(0, max).replace(LONE_SURROGATES, '');
}

type PgError = {
  code: string;
  detail?: string;
  constraint?: string;
  column?: string;
  table?: string;
  message?: string;
};

/** The PostgreSQL error behind a driver or Drizzle error (Drizzle wraps it in `cause`), if any. */
export function pgErrorOf(err: unknown): PgError | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError;
  }
  return undefined;
}

/** "Key (franchise_code, lower(phone_no::text))=(HN001, 090)" → [[franchise_code, HN001], [phone_no, 090]]. */
function keyOf(detail: string | undefined): [string, string][] {
  const m = /Key \((.+)\)=\((.*)\)/.exec(detail ?? '');
  if (!m) return [];
  const cols = splitTop(m[1]).map(
    (c) => /([a-z_][a-z0-9_]*)(?:::\w+)?\)*$/i.exec(c.replace(/::[a-z ]+\)*$/i, ''))?.[1] ?? c,
  );
  const values = splitTop(m[2]);
  return cols.map((c, i) => [c, values.length === cols.length ? values[i] : '']);
}

function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** Columns that scope a unique key (the franchise or customer it is unique within), not what the user typed. */
const SCOPE_COLUMNS = new Set(['franchise_code', 'customer_no']);

/**
 * The column of a unique key the user is told about: of the columns that are not the scope, the last code, number
 * or name (reason_code of (reason_code, page); phone_no of (franchise_code, phone_no)), else the last one.
 */
function fieldOfKey(key: [string, string][]): [string, string] | undefined {
  const own = key.filter(([c]) => !SCOPE_COLUMNS.has(c));
  const named = own.filter(([c]) => /(^|_)(code|no|name|username|url)$/.test(c));
  return named[named.length - 1] ?? own[own.length - 1] ?? key[key.length - 1];
}

/** A field name from a constraint or index name such as categories_code_unique or uq_items_item_no. */
function fieldOfConstraint(name: string | undefined, table: string | undefined): string | undefined {
  if (!name) return undefined;
  let s = name.replace(/_(unique|key|idx|index|uniq|uq|fkey|fk|check|pkey)$/i, '').replace(/^(uq|ux|idx|fk|ck)_/i, '');
  if (table && s.startsWith(`${table}_`)) s = s.slice(table.length + 1);
  return s || undefined;
}

/**
 * A database error that input can cause, as the API error it means; undefined for real faults (a 500).
 * Unique → 409 naming the field, foreign key → 422 (missing reference) or 409 (still in use),
 * not-null / check / data exceptions (class 22) → 400.
 */
export function fromPgError(err: unknown): AppError | undefined {
  const pg = pgErrorOf(err);
  if (!pg) return undefined;
  const key = keyOf(pg.detail);
  const last = fieldOfKey(key);
  const field = last?.[0] ?? pg.column ?? fieldOfConstraint(pg.constraint, pg.table);
  const shown = last?.[1] ? `${field} ${last[1]}` : (field ?? 'This record');
  switch (pg.code) {
    case '23505':
      return conflict(`${shown} already exists`, 'duplicate', field);
    case '23503':
      if (/still referenced/.test(pg.detail ?? ''))
        return conflict('This record is in use and cannot be deleted', 'in_use', field);
      return businessRule(`${shown} does not exist`, 'reference_not_found', field);
    case '23502':
      return badRequest(`${pg.column ?? 'A value'} is required`, pg.column);
    case '23514':
      return badRequest(`${field ?? 'A value'} is not allowed`, field);
    case '40001':
    case '40P01':
      return conflict('Someone else changed these records at the same time. Please try again.', 'retry');
  }
  if (pg.code.startsWith('22')) {
    const what =
      pg.code === '22003'
        ? 'A number is out of range'
        : pg.code === '22001'
          ? 'A text is too long'
          : pg.code === '22007' || pg.code === '22008'
            ? 'A date or time is not valid'
            : pg.code === '22021' || pg.code === '22P05'
              ? 'A text contains a character that is not allowed'
              : 'A value is not valid';
    return badRequest(pg.column ? `${what}: ${pg.column}` : what, pg.column);
  }
  return undefined;
}

const routerErrors: Record<string, { status: number; msg: string }> = {
  FST_ERR_BAD_URL: { status: 400, msg: 'The address holds an invalid %-encoding' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, msg: 'A part of the address is too long' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, msg: 'The request cannot be routed' },
};

/** "1 MB", "512 kB": a byte count as a limit reads in a message. */
function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MB` : `${Math.round(n / 1024)} kB`;
}

/**
 * Fastify's own refusals (router, content type, body size) as API errors naming what was wrong; `bodyLimit` is the
 * JSON body limit a 413 names.
 */
export function fromFastifyError(err: FastifyError, bodyLimit = 1024 * 1024): AppError | undefined {
  const code = err.code ?? '';
  const router = routerErrors[code];
  if (router) return new AppError(router.status, 'bad_request', router.msg, 'url');
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new AppError(
      413,
      'too_large',
      `The request body is larger than the ${formatBytes(bodyLimit)} limit`,
      'body',
    );
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY') return badRequest('The body is not valid JSON', 'body');
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return badRequest('The body is empty; send a JSON object', 'body');
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new AppError(415, 'unsupported_media_type', 'Send the body as application/json', 'body');
  if (code.startsWith('FST_ERR_CTP_'))
    return new AppError(
      err.statusCode && err.statusCode < 500 ? err.statusCode : 400,
      'bad_request',
      err.message,
      'body',
    );
  if (err.statusCode && err.statusCode < 500) {
    return new AppError(err.statusCode, err.statusCode === 400 ? 'validation_error' : code || 'error', err.message);
  }
  return undefined;
}

/**
 * What Node's HTTP server refuses before Fastify sees a request (the `clientError` event: a request that did not
 * arrive within REQUEST_TIMEOUT_MS, a request line or headers over the 16 kB header limit, e.g. a long query string,
 * a request that is not HTTP) as an answer in the envelope.
 */
export function fromClientError(err: { code?: string }): AppError {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new AppError(408, 'request_timeout', 'The request did not arrive in time. Please send it again.');
  if (err.code === 'HPE_HEADER_OVERFLOW')
    return new AppError(
      431,
      'too_large',
      'The address or the headers of the request are too long (a query string this long belongs in a POST body)',
      'url',
    );
  return badRequest('The request could not be read', 'url');
}

/** Writes `err` as a whole HTTP answer on a raw socket and closes it (no Fastify reply exists at this point). */
export function answerOnSocket(socket: Duplex, err: AppError): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ result: false, data: null, errors: err.toErrors() });
  socket.end(
    [
      `HTTP/1.1 ${err.status} ${STATUS_CODES[err.status] ?? 'Error'}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'cache-control: no-store',
      'x-content-type-options: nosniff',
      'connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
