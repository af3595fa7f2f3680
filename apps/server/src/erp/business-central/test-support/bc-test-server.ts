import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * Speaks Business Central's wire protocol (API v2.0 and custom API pages, OData v4 JSON, the Microsoft identity
 * platform's client-credentials token endpoint) on 127.0.0.1, so the connector is tested against behaviour, not
 * against our own code. What it does as BC does:
 * - tokens expire (`expires_in`), a request with an expired or unknown token answers 401;
 * - lists page at `Prefer: odata.maxpagesize` (answering `Preference-Applied`) with `@odata.nextLink` ($skiptoken);
 * - `$filter` with `eq`/`gt`/`ge`/`lt`/`ne` joined by `and`; datetime literals are unquoted (a quoted one is 400);
 * - entities are strict: an unknown or read-only property is 400, a date that is not YYYY-MM-DD is 400;
 * - every entity has `id`, `@odata.etag`, `lastModifiedDateTime`; PATCH/DELETE need `If-Match` (412 when stale);
 * - `$batch` (JSON format, at most 100 requests); bound actions (`Microsoft.NAV.shipAndInvoice` answers 204 and
 *   moves the order to a posted invoice and shipment; custom `Microsoft.NAV.receive` on a transfer order);
 * - faults on demand: 429/503 with Retry-After, an outage until a time, slow answers, a connection dropped after
 *   the write was done, tokens expired early, and a random mix of them all (`chaos`).
 * The clock is injectable (`now`), so a test can let ten minutes of outage pass without waiting.
 */

export type BcRecord = Record<string, unknown> & { id: string };

export interface BcTestServerOptions {
  tenantId?: string;
  clientId?: string;
  clientSecret?: string;
  environment?: string;
  companyId?: string;
  /** publisher/group/version of the custom API pages. */
  customApi?: string;
  tokenLifetimeSeconds?: number;
  /** Milliseconds since the epoch: the server's clock (token expiry, outages, lastModifiedDateTime). */
  now?: () => number;
  /** A port to listen on (0 = any free one). */
  port?: number;
  /** The largest page the server answers whatever the client prefers (BC: 20,000). */
  maxPageSize?: number;
}

export interface BcRequestRecord {
  method: string;
  path: string;
  query: string;
  prefer: string | undefined;
  ifMatch: string | undefined;
  status: number;
  /** The connection was closed without an answer (after the write was done). */
  dropped: boolean;
  /** When it arrived, on the server's clock. */
  at: number;
  /** The Retry-After the answer carried, in seconds. */
  retryAfterSeconds?: number;
}

/**
 * One fault rule: which requests it meets and how BC answers them. `throttleNext`, `failNext`, `slowNext`,
 * `dropAfterWriteNext` and `addFault` (also over HTTP: `POST /_control/faults`) all make one.
 */
export interface BcFault {
  /** How many more matching requests it meets (`Infinity`: until cleared). */
  remaining: number;
  kind: 'status' | 'drop' | 'slow';
  status?: number;
  /** BC's error code in the OData error body (default by status: BadRequest, Application_TooManyRequests, …). */
  code?: string;
  /** BC's error message (default: "The request could not be served now."). */
  message?: string;
  retryAfterSeconds?: number;
  delayMs?: number;
  method?: string;
  pathIncludes?: string;
  /**
   * The entity set (or line navigation) the request addresses, e.g. `salesOrders`, `salesOrderLines`. A rule with an
   * entity set also meets the matching requests inside a `$batch` (status faults only: that one answer fails).
   */
  entitySet?: string;
  /** Every property given must equal the request body's (e.g. `{ externalDocumentNumber: 'SO-…' }`). */
  bodyMatch?: Record<string, unknown>;
}

/** A fault rule as `POST /_control/faults` takes it (and `addFault`): `times` omitted means until cleared. */
export type BcFaultRule = Omit<BcFault, 'remaining' | 'kind'> & { kind?: BcFault['kind']; times?: number };

export type BcChaos = {
  /** Probability that a request meets a fault (0..1). */
  rate: number;
  /** A seeded random source in [0, 1). */
  random: () => number;
  /** The delay of a slow answer (real milliseconds). */
  slowMs?: number;
  retryAfterSeconds?: number;
};

type Reply = { status: number; headers?: Record<string, string>; body?: unknown };

const BC_SCOPE = 'https://api.businesscentral.dynamics.com/.default';
const MAX_BATCH = 100;

/** What each entity set accepts: writable properties (everything else is read-only or unknown), and date fields. */
type EntityDef = {
  writable: string[];
  readOnly: string[];
  dates?: string[];
  /** Navigation property holding lines, with its entity set. */
  lines?: { nav: string; set: string; parentKey: string };
  /** Number series prefix when the entity numbers itself. */
  numberPrefix?: string;
  /** The client may give the number (master data). */
  numberWritable?: boolean;
};

const DEFS: Record<string, EntityDef> = {
  items: {
    writable: [
      'number',
      'displayName',
      'type',
      'itemCategoryCode',
      'blocked',
      'gtin',
      'unitPrice',
      'unitCost',
      'baseUnitOfMeasureCode',
      'priceIncludesTax',
    ],
    readOnly: ['inventory', 'itemCategoryId', 'taxGroupCode'],
    numberPrefix: 'IT',
    numberWritable: true,
  },
  itemVariants: { writable: ['itemId', 'itemNumber', 'code', 'description'], readOnly: [] },
  customers: {
    writable: [
      'number',
      'displayName',
      'type',
      'addressLine1',
      'addressLine2',
      'city',
      'state',
      'country',
      'postalCode',
      'phoneNumber',
      'email',
      'website',
      'blocked',
    ],
    readOnly: ['balanceDue'],
    numberPrefix: 'C',
    numberWritable: true,
  },
  vendors: {
    writable: ['number', 'displayName', 'addressLine1', 'city', 'phoneNumber', 'email', 'blocked'],
    readOnly: ['balance'],
    numberPrefix: 'V',
    numberWritable: true,
  },
  salesOrders: {
    writable: [
      'externalDocumentNumber',
      'orderDate',
      'customerNumber',
      'customerId',
      'requestedDeliveryDate',
      'shipToName',
      'shipToAddressLine1',
      'shipToCity',
      'phoneNumber',
      'email',
      'discountAmount',
    ],
    readOnly: ['number', 'status', 'totalAmountIncludingTax', 'customerName', 'fullyShipped'],
    dates: ['orderDate', 'requestedDeliveryDate'],
    lines: { nav: 'salesOrderLines', set: 'salesOrderLines', parentKey: 'documentId' },
    numberPrefix: 'SO',
  },
  salesOrderLines: {
    writable: [
      'documentId',
      'sequence',
      'lineType',
      'lineObjectNumber',
      'description',
      'unitOfMeasureCode',
      'quantity',
      'unitPrice',
      'discountAmount',
      'discountPercent',
      'itemVariantId',
      'locationId',
    ],
    readOnly: ['amountIncludingTax', 'itemId', 'shippedQuantity'],
  },
  salesInvoices: {
    writable: ['externalDocumentNumber', 'invoiceDate', 'customerNumber'],
    readOnly: ['number', 'orderNumber', 'status', 'totalAmountIncludingTax'],
    dates: ['invoiceDate'],
    numberPrefix: 'PS-INV',
  },
  salesShipments: {
    writable: [],
    readOnly: ['number', 'externalDocumentNumber', 'orderNumber', 'shipmentDate', 'customerNumber'],
    lines: { nav: 'salesShipmentLines', set: 'salesShipmentLines', parentKey: 'documentId' },
    numberPrefix: 'PS-SHP',
  },
  salesShipmentLines: {
    writable: [],
    readOnly: ['documentId', 'sequence', 'lineType', 'lineObjectNumber', 'quantity', 'unitPrice'],
  },
  salesCreditMemos: {
    writable: ['externalDocumentNumber', 'creditMemoDate', 'customerNumber'],
    readOnly: ['number', 'status', 'totalAmountIncludingTax'],
    dates: ['creditMemoDate'],
    lines: { nav: 'salesCreditMemoLines', set: 'salesCreditMemoLines', parentKey: 'documentId' },
    numberPrefix: 'CM',
  },
  salesCreditMemoLines: {
    writable: [
      'documentId',
      'sequence',
      'lineType',
      'lineObjectNumber',
      'description',
      'unitOfMeasureCode',
      'quantity',
      'unitPrice',
      'discountAmount',
      'discountPercent',
    ],
    readOnly: ['amountIncludingTax'],
  },
  // Custom API pages (franchiseportal/pos/v1.0).
  franchises: {
    writable: [
      'customerNumber',
      'name',
      'address',
      'address2',
      'districtCode',
      'districtName',
      'city',
      'postCode',
      'regionCode',
      'phoneNumber',
      'email',
      'contact',
      'vendorNumber',
      'vendorName',
      'buyFromCode',
      'buyFromAddress',
      'receiptLeadTimeDays',
      'consignmentLocationCode',
      'consignmentWarehouseCode',
      'consignmentInTransitCode',
    ],
    readOnly: [],
    lines: { nav: 'franchiseLocations', set: 'franchiseLocations', parentKey: 'franchiseId' },
  },
  franchiseLocations: {
    writable: ['franchiseId', 'locationCode', 'name', 'address', 'districtCode', 'phoneNumber', 'active'],
    readOnly: [],
  },
  transferOrders: {
    writable: [
      'externalDocumentNumber',
      'franchiseCode',
      'transferFromCode',
      'transferToCode',
      'inTransitCode',
      'shipmentDate',
      'receiptDate',
    ],
    readOnly: ['number', 'status'],
    dates: ['shipmentDate', 'receiptDate'],
    lines: { nav: 'transferOrderLines', set: 'transferOrderLines', parentKey: 'documentId' },
    numberPrefix: 'TO',
  },
  transferOrderLines: {
    writable: ['documentId', 'lineNumber', 'itemNumber', 'variantCode', 'quantity'],
    readOnly: ['quantityShipped', 'quantityReceived'],
  },
  postCodes: { writable: ['code', 'city', 'countyCode', 'countryCode'], readOnly: [] },
};
const STANDARD = new Set([
  'items',
  'itemVariants',
  'customers',
  'vendors',
  'salesOrders',
  'salesOrderLines',
  'salesInvoices',
  'salesShipments',
  'salesShipmentLines',
  'salesCreditMemos',
  'salesCreditMemoLines',
]);
const CUSTOM = new Set(['franchises', 'franchiseLocations', 'transferOrders', 'transferOrderLines', 'postCodes']);

function bcError(status: number, code: string, message: string, headers?: Record<string, string>): Reply {
  const id = randomUUID();
  return { status, headers, body: { error: { code, message: `${message}  CorrelationId:  ${id}.` } } };
}

export class BcTestServer {
  readonly tenantId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly environment: string;
  readonly companyId: string;
  readonly customApi: string;
  tokenLifetimeSeconds: number;
  maxPageSize: number;
  now: () => number;
  readonly requests: BcRequestRecord[] = [];
  /** Entity sets by name, records by id. */
  readonly data = new Map<string, Map<string, BcRecord>>();
  /** A random mix of faults on every API request while set. */
  chaos: BcChaos | null = null;
  /** Every API request answers 503 until this time on the server's clock. */
  downUntil = 0;
  /** Requests in flight now, and the most seen at once. */
  inFlight = 0;
  maxInFlight = 0;

  private server: Server;
  private baseUrl = '';
  private tokens = new Map<string, number>();
  private faults: BcFault[] = [];
  private faultIds = 0;
  private counters = new Map<string, number>();
  private skipTokens = new Map<string, { ids: string[]; offset: number; expand: string[] }>();

  private constructor(options: BcTestServerOptions) {
    this.tenantId = options.tenantId ?? randomUUID();
    this.clientId = options.clientId ?? randomUUID();
    // A real client secret often holds characters that must be form-encoded.
    this.clientSecret =
      options.clientSecret ?? `${randomBytes(12).toString('base64url')}+/=~${randomBytes(6).toString('hex')}`;
    this.environment = options.environment ?? 'production';
    this.companyId = options.companyId ?? randomUUID();
    this.customApi = options.customApi ?? 'franchiseportal/pos/v1.0';
    this.tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3599;
    this.maxPageSize = options.maxPageSize ?? 20_000;
    this.now = options.now ?? Date.now;
    for (const set of Object.keys(DEFS)) this.data.set(set, new Map());
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 5000;
  }

  static async start(options: BcTestServerOptions = {}): Promise<BcTestServer> {
    const s = new BcTestServer(options);
    await new Promise<void>((resolve, reject) => {
      s.server.once('error', reject);
      s.server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    s.baseUrl = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
    return s;
  }

  get url(): string {
    return this.baseUrl;
  }
  /** BC_API_URL and BC_AUTH_URL for this server. */
  get apiUrl(): string {
    return this.baseUrl;
  }
  get authUrl(): string {
    return this.baseUrl;
  }
  /** The environment variables that point the product at this server. */
  env(): Record<string, string> {
    return {
      ERP_MODE: 'business_central',
      BC_TENANT_ID: this.tenantId,
      BC_CLIENT_ID: this.clientId,
      BC_CLIENT_SECRET: this.clientSecret,
      BC_ENVIRONMENT: this.environment,
      BC_COMPANY_ID: this.companyId,
      BC_API_URL: this.apiUrl,
      BC_AUTH_URL: this.authUrl,
      BC_CUSTOM_API: this.customApi,
    };
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ---------- test controls ----------

  /** The next `count` matching API requests answer 429 (or `status`) with Retry-After. */
  throttleNext(
    count: number,
    o: { status?: number; retryAfterSeconds?: number; method?: string; pathIncludes?: string } = {},
  ) {
    this.faults.push({
      remaining: count,
      kind: 'status',
      status: o.status ?? 429,
      retryAfterSeconds: o.retryAfterSeconds ?? 1,
      method: o.method,
      pathIncludes: o.pathIncludes,
    });
  }
  /** The next `count` matching API requests answer `status` (default 500) without Retry-After. */
  failNext(count: number, o: { status?: number; method?: string; pathIncludes?: string } = {}) {
    this.faults.push({
      remaining: count,
      kind: 'status',
      status: o.status ?? 500,
      method: o.method,
      pathIncludes: o.pathIncludes,
    });
  }
  /** The next `count` matching requests are carried out and then the connection is closed without an answer. */
  dropAfterWriteNext(count: number, o: { method?: string; pathIncludes?: string } = {}) {
    this.faults.push({ remaining: count, kind: 'drop', method: o.method ?? 'POST', pathIncludes: o.pathIncludes });
  }
  /** The next `count` matching requests are answered after `delayMs` real milliseconds (the work is done at once). */
  slowNext(count: number, delayMs: number, o: { method?: string; pathIncludes?: string } = {}) {
    this.faults.push({ remaining: count, kind: 'slow', delayMs, method: o.method, pathIncludes: o.pathIncludes });
  }
  /**
   * Adds a fault rule (a status answer with BC's error shape by default, or `kind` drop/slow) meeting the next
   * `times` matching requests, or every one until `clearFaults`. Answers the rule with its id.
   */
  addFault(rule: BcFaultRule): BcFault & { id: number } {
    const kind = rule.kind ?? 'status';
    const fault: BcFault & { id: number } = {
      id: ++this.faultIds,
      remaining: rule.times ?? Infinity,
      kind,
      ...(kind === 'status' ? { status: rule.status ?? 400 } : {}),
      ...(rule.code !== undefined ? { code: rule.code } : {}),
      ...(rule.message !== undefined ? { message: rule.message } : {}),
      ...(rule.retryAfterSeconds !== undefined ? { retryAfterSeconds: rule.retryAfterSeconds } : {}),
      ...(rule.delayMs !== undefined ? { delayMs: rule.delayMs } : {}),
      ...(rule.method ? { method: rule.method.toUpperCase() } : {}),
      ...(rule.pathIncludes ? { pathIncludes: rule.pathIncludes } : {}),
      ...(rule.entitySet ? { entitySet: rule.entitySet } : {}),
      ...(rule.bodyMatch ? { bodyMatch: rule.bodyMatch } : {}),
    };
    this.faults.push(fault);
    return fault;
  }
  /** The fault rules still waiting (with how many requests each will still meet). */
  pendingFaults(): BcFault[] {
    return this.faults.map((f) => ({ ...f }));
  }
  /** Drops every fault rule (or the one with `id`); answers how many were dropped. */
  clearFaults(id?: number): number {
    const before = this.faults.length;
    this.faults = id === undefined ? [] : this.faults.filter((f) => (f as { id?: number }).id !== id);
    return before - this.faults.length;
  }
  /** Every API request answers 503 with Retry-After until `until` (server clock). */
  outage(until: number) {
    this.downUntil = until;
  }
  /** Every token issued so far stops working, as when it expires or is revoked early. */
  expireTokens() {
    for (const t of this.tokens.keys()) this.tokens.set(t, 0);
  }
  tokenRequests(): BcRequestRecord[] {
    return this.requests.filter((r) => r.path.endsWith('/oauth2/v2.0/token'));
  }
  /** The records of an entity set (a copy of each). */
  all(set: string): BcRecord[] {
    return [...(this.data.get(set)?.values() ?? [])].map((r) => ({ ...r }));
  }
  /** Puts a record in BC as if someone typed it there; answers it. */
  seed(set: string, values: Record<string, unknown>): BcRecord {
    return this.insert(set, values);
  }
  /** Changes a record as a BC user would (its etag and lastModifiedDateTime move on). */
  touch(set: string, id: string, values: Record<string, unknown>): BcRecord {
    const rec = this.data.get(set)!.get(id);
    if (!rec) throw new Error(`${set}(${id}) does not exist`);
    Object.assign(rec, values);
    this.bump(rec);
    return rec;
  }
  /** Runs a bound action as a BC user would (head office posting a shipment: `invoke('salesOrders', id, 'shipAndInvoice')`). */
  invoke(set: string, id: string, action: string): number {
    const rec = this.data.get(set)!.get(id);
    if (!rec) throw new Error(`${set}(${id}) does not exist`);
    return this.action(set, rec, action).status;
  }
  remove(set: string, id: string) {
    this.data.get(set)!.delete(id);
  }

  // ---------- internals ----------

  private nextNumber(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return `${prefix}${String(n).padStart(6, '0')}`;
  }

  private bump(rec: BcRecord) {
    const version = Number(rec.__version ?? 0) + 1;
    rec.__version = version;
    rec.lastModifiedDateTime = new Date(this.now()).toISOString();
  }

  private etag(rec: BcRecord): string {
    return `W/"${Buffer.from(`${rec.id.slice(0, 8)};${String(rec.__version)};`).toString('base64')}"`;
  }

  private insert(set: string, values: Record<string, unknown>): BcRecord {
    const def = DEFS[set];
    const rec: BcRecord = { id: randomUUID(), ...values };
    if (def.numberPrefix && !rec.number) rec.number = this.nextNumber(def.numberPrefix);
    if ((set === 'salesOrders' || set === 'transferOrders') && !rec.status) rec.status = 'Open';
    this.bump(rec);
    this.data.get(set)!.set(rec.id, rec);
    return rec;
  }

  private view(set: string, rec: BcRecord, expand: string[] = []): Record<string, unknown> {
    const out: Record<string, unknown> = { '@odata.etag': this.etag(rec) };
    for (const [k, v] of Object.entries(rec)) if (!k.startsWith('__')) out[k] = v;
    const def = DEFS[set];
    if (def.lines && expand.includes(def.lines.nav))
      out[def.lines.nav] = this.linesOf(set, rec.id).map((l) => this.view(def.lines!.set, l));
    if (set === 'items' && expand.includes('itemVariants'))
      out.itemVariants = [...this.data.get('itemVariants')!.values()]
        .filter((v) => v.itemId === rec.id)
        .map((v) => this.view('itemVariants', v));
    return out;
  }

  private linesOf(set: string, parentId: string): BcRecord[] {
    const def = DEFS[set].lines!;
    return [...this.data.get(def.set)!.values()]
      .filter((l) => l[def.parentKey] === parentId)
      .sort((a, b) => Number(a.sequence ?? a.lineNumber ?? 0) - Number(b.sequence ?? b.lineNumber ?? 0));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const path = decodeURIComponent(url.pathname);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    // The test control (not BC's: never recorded, never meets a fault or an outage).
    if (path === '/_control' || path.startsWith('/_control/'))
      return this.send(res, null, this.control(req, path, url, body));
    const rec: BcRequestRecord = {
      method: req.method ?? 'GET',
      path,
      query: url.search,
      prefer: req.headers.prefer as string | undefined,
      ifMatch: req.headers['if-match'],
      status: 0,
      dropped: false,
      at: this.now(),
    };
    this.requests.push(rec);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const isToken = path.endsWith('/oauth2/v2.0/token');
      let fault = isToken ? undefined : this.takeFault(rec.method, path, body);
      if (!fault && !isToken && this.chaos) fault = this.chaosFault(rec.method);
      if (!isToken && this.downUntil > this.now()) {
        const seconds = Math.max(1, Math.ceil((this.downUntil - this.now()) / 1000));
        return this.send(
          res,
          rec,
          bcError(503, 'ServiceUnavailable', 'The service is temporarily unavailable.', {
            'retry-after': String(Math.min(seconds, 60)),
          }),
        );
      }
      if (fault?.kind === 'status') {
        return this.send(res, rec, faultReply(fault));
      }
      if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs ?? 100));
      let reply: Reply;
      try {
        reply = isToken ? this.token(path, req, body) : this.api(req, url, path, body);
      } catch (e) {
        reply =
          e instanceof ReplyError
            ? e.reply
            : bcError(500, 'InternalServerError', e instanceof Error ? e.message : 'failure');
      }
      if (fault?.kind === 'drop' && !isToken) {
        rec.status = reply.status;
        rec.dropped = true;
        res.socket?.destroy();
        return;
      }
      this.send(res, rec, reply);
    } finally {
      this.inFlight--;
    }
  }

  /**
   * The test control over HTTP, for tests and journeys in another process (README of business-central/):
   * `GET|POST|DELETE /_control/faults[/{id}]`, `POST|DELETE /_control/outage`, `GET /_control/records/{set}?prop=value`
   * (what BC holds) and `POST /_control/records/{set}` (a record put in BC as a BC user would).
   */
  private control(req: IncomingMessage, path: string, url: URL, body: string): Reply {
    const method = req.method ?? 'GET';
    const bad = (message: string, status = 400): Reply => ({ status, body: { error: { code: 'Control', message } } });
    const json = (): Record<string, unknown> | undefined => {
      try {
        const v = JSON.parse(body || '{}') as unknown;
        return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
      } catch {
        return undefined;
      }
    };
    const shown = (f: BcFault) => ({ ...f, remaining: Number.isFinite(f.remaining) ? f.remaining : null });
    const faultId = /^\/_control\/faults\/(\d+)$/.exec(path)?.[1];
    if (path === '/_control/faults' && method === 'GET')
      return { status: 200, body: { value: this.pendingFaults().map(shown) } };
    if (path === '/_control/faults' && method === 'POST') {
      const rule = json();
      if (!rule) return bad('The body must be a JSON object (a fault rule).');
      const kind = rule.kind ?? 'status';
      if (kind !== 'status' && kind !== 'drop' && kind !== 'slow') return bad('kind must be status, drop or slow.');
      const num = (k: string, min: number) =>
        rule[k] === undefined || (typeof rule[k] === 'number' && Number.isInteger(rule[k]) && rule[k] >= min);
      if (!num('times', 1)) return bad('times must be a whole number of at least 1 (omit it: until cleared).');
      if (!num('status', 400) || (typeof rule.status === 'number' && rule.status > 599))
        return bad('status must be an HTTP error status (400-599).');
      if (!num('retryAfterSeconds', 0)) return bad('retryAfterSeconds must be a whole number.');
      if (!num('delayMs', 0)) return bad('delayMs must be a whole number.');
      for (const k of ['method', 'entitySet', 'pathIncludes', 'code', 'message'])
        if (rule[k] !== undefined && typeof rule[k] !== 'string') return bad(`${k} must be a string.`);
      if (rule.entitySet !== undefined && !DEFS[rule.entitySet as string])
        return bad(`entitySet '${String(rule.entitySet)}' is not an entity set of this server.`);
      if (rule.bodyMatch !== undefined && (typeof rule.bodyMatch !== 'object' || rule.bodyMatch === null))
        return bad('bodyMatch must be an object of property values.');
      return { status: 201, body: shown(this.addFault(rule as BcFaultRule)) };
    }
    if (path === '/_control/faults' && method === 'DELETE')
      return { status: 200, body: { cleared: this.clearFaults() } };
    if (faultId && method === 'DELETE') return { status: 200, body: { cleared: this.clearFaults(Number(faultId)) } };
    if (path === '/_control/outage' && method === 'POST') {
      const seconds = json()?.seconds;
      if (typeof seconds !== 'number' || seconds <= 0) return bad('seconds must be a positive number.');
      this.outage(this.now() + seconds * 1000);
      return { status: 200, body: { downUntil: new Date(this.downUntil).toISOString() } };
    }
    if (path === '/_control/outage' && method === 'DELETE') {
      this.outage(0);
      return { status: 200, body: { downUntil: null } };
    }
    const set = /^\/_control\/records\/(\w+)$/.exec(path)?.[1];
    if (set && method === 'GET') {
      if (!this.data.has(set)) return bad(`'${set}' is not an entity set of this server.`, 404);
      const wanted = [...url.searchParams.entries()];
      const value = this.all(set)
        .filter((r) => wanted.every(([k, v]) => String(r[k]) === v))
        .map((r) => this.view(set, r));
      return { status: 200, body: { value } };
    }
    if (set && method === 'POST') {
      if (!this.data.has(set)) return bad(`'${set}' is not an entity set of this server.`, 404);
      const values = json();
      if (!values) return bad('The body must be a JSON object (the record).');
      return { status: 201, body: this.view(set, this.seed(set, values)) };
    }
    return bad(`No control at ${method} ${path}.`, 404);
  }

  private send(res: ServerResponse, rec: BcRequestRecord | null, reply: Reply) {
    if (rec) {
      rec.status = reply.status;
      if (reply.headers?.['retry-after']) rec.retryAfterSeconds = Number(reply.headers['retry-after']);
    }
    const headers: Record<string, string> = { 'odata-version': '4.0', ...reply.headers };
    if (reply.body === undefined) {
      res.writeHead(reply.status, headers);
      res.end();
      return;
    }
    const text = JSON.stringify(reply.body);
    headers['content-type'] = 'application/json; odata.metadata=minimal; odata.streaming=true';
    res.writeHead(reply.status, headers);
    res.end(text);
  }

  private matches(f: BcFault, method: string, path: string, body: string, inBatch: boolean) {
    if (f.remaining <= 0 || (f.method && f.method !== method) || (f.pathIncludes && !path.includes(f.pathIncludes)))
      return false;
    // Inside a $batch only rules naming an entity set apply, and only as a status answer.
    if (inBatch && (!f.entitySet || f.kind !== 'status')) return false;
    if (f.entitySet) {
      const m = /companies\([^)]*\)\/(\w+)(?:\([^)]*\))?(?:\/(\w+))?/.exec(path);
      if (!m || (m[1] !== f.entitySet && m[2] !== f.entitySet)) return false;
    }
    if (f.bodyMatch) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return false;
      }
      if (!parsed || typeof parsed !== 'object') return false;
      const got = parsed as Record<string, unknown>;
      if (!Object.entries(f.bodyMatch).every(([k, v]) => got[k] === v)) return false;
    }
    return true;
  }

  private takeFault(method: string, path: string, body = '', inBatch = false): BcFault | undefined {
    const f = this.faults.find((x) => this.matches(x, method, path, body, inBatch));
    if (!f) return undefined;
    f.remaining--;
    this.faults = this.faults.filter((x) => x.remaining > 0);
    return f;
  }

  private chaosFault(method: string): BcFault | undefined {
    const c = this.chaos!;
    if (c.random() >= c.rate) return undefined;
    const pick = Math.floor(c.random() * 5);
    if (pick === 0) return { remaining: 1, kind: 'status', status: 429, retryAfterSeconds: c.retryAfterSeconds ?? 1 };
    if (pick === 1) return { remaining: 1, kind: 'status', status: 503, retryAfterSeconds: c.retryAfterSeconds ?? 1 };
    if (pick === 2 && method !== 'GET') return { remaining: 1, kind: 'drop' };
    if (pick === 3) {
      this.expireTokens();
      return undefined;
    }
    return { remaining: 1, kind: 'slow', delayMs: c.slowMs ?? 20 };
  }

  private token(path: string, req: IncomingMessage, body: string): Reply {
    const tenant = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path)?.[1];
    const identity = (status: number, error: string, description: string): Reply => ({
      status,
      body: {
        error,
        error_description: `${description} Trace ID: ${randomUUID()}`,
        error_codes: [],
        timestamp: new Date(this.now()).toISOString(),
      },
    });
    if (req.method !== 'POST')
      return identity(405, 'invalid_request', 'AADSTS900561: The endpoint only accepts POST requests.');
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return identity(
        400,
        'invalid_request',
        "AADSTS900144: The request body must contain the following parameter: 'grant_type'.",
      );
    const form = new URLSearchParams(body);
    if (tenant !== this.tenantId)
      return identity(400, 'invalid_request', `AADSTS90002: Tenant '${tenant ?? ''}' not found.`);
    if (form.get('grant_type') !== 'client_credentials')
      return identity(400, 'unsupported_grant_type', 'AADSTS70003: The app requested an unsupported grant type.');
    if (form.get('client_id') !== this.clientId)
      return identity(
        400,
        'unauthorized_client',
        `AADSTS700016: Application with identifier '${form.get('client_id') ?? ''}' was not found in the directory.`,
      );
    if (form.get('client_secret') !== this.clientSecret)
      return identity(401, 'invalid_client', 'AADSTS7000215: Invalid client secret provided.');
    if (form.get('scope') !== BC_SCOPE)
      return identity(
        400,
        'invalid_scope',
        `AADSTS1002012: The provided value for scope ${form.get('scope') ?? ''} is not valid.`,
      );
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, this.now() + this.tokenLifetimeSeconds * 1000);
    return {
      status: 200,
      body: {
        token_type: 'Bearer',
        expires_in: this.tokenLifetimeSeconds,
        ext_expires_in: this.tokenLifetimeSeconds,
        access_token: token,
      },
    };
  }

  private api(req: IncomingMessage, url: URL, path: string, body: string): Reply {
    const root = `/v2.0/${this.tenantId}/${this.environment}/api/`;
    if (!path.startsWith(root))
      return bcError(404, 'BadRequest_NotFound', 'No HTTP resource was found that matches the request URI.');
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expires = bearer ? this.tokens.get(bearer) : undefined;
    if (expires === undefined)
      return bcError(401, 'Authentication_InvalidCredentials', 'The server has rejected the client credentials.');
    if (expires <= this.now())
      return bcError(401, 'Authentication_InvalidCredentials', 'The access token has expired.');
    const rest = path.slice(root.length);
    if (rest === 'v2.0/$batch' || rest === `${this.customApi}/$batch`) {
      if (req.method !== 'POST')
        return bcError(405, 'BadRequest_MethodNotAllowed', "'GET' requests for '$batch' are not allowed.");
      return this.batch(rest.slice(0, -'$batch'.length), body, req.headers.authorization ?? '');
    }
    const std = rest.startsWith('v2.0/');
    const custom = rest.startsWith(`${this.customApi}/`);
    if (!std && !custom)
      return bcError(404, 'BadRequest_NotFound', `The API route '${rest.split('/companies')[0]}' is not registered.`);
    const afterApi = rest.slice(std ? 'v2.0/'.length : this.customApi.length + 1);
    return this.entityRequest(std, req.method ?? 'GET', afterApi, url.searchParams, body, req.headers);
  }

  private entityRequest(
    std: boolean,
    method: string,
    afterApi: string,
    query: URLSearchParams,
    body: string,
    headers: Record<string, string | string[] | undefined>,
  ): Reply {
    const m = /^companies\(([^)]+)\)\/(\w+)(?:\(([^)]+)\))?(?:\/(\w+|Microsoft\.NAV\.\w+))?$/.exec(afterApi);
    if (!m) return bcError(400, 'BadRequest', `Resource not found for the segment '${afterApi}'.`);
    const [, company, set, key, nav] = m;
    this.currentPathUrl = `${this.baseUrl}/v2.0/${this.tenantId}/${this.environment}/api/${std ? 'v2.0' : this.customApi}/${afterApi}`;
    if (company !== this.companyId)
      return bcError(404, 'Internal_CompanyNotFound', `Cannot find a company with id '${company}'.`);
    if (!(std ? STANDARD : CUSTOM).has(set))
      return bcError(404, 'BadRequest_NotFound', `Resource not found for the segment '${set}'.`);
    const store = this.data.get(set)!;
    const prefer = String(headers.prefer ?? '');
    const ifMatch = headers['if-match'] as string | undefined;
    if (key === undefined) {
      if (method === 'GET') return this.list(set, [...store.values()], query, prefer);
      if (method === 'POST') return this.create(set, parseBody(body));
      return bcError(
        405,
        'BadRequest_MethodNotAllowed',
        `'${method}' requests for '${set}' of EdmEntityType are not allowed.`,
      );
    }
    const rec = store.get(key);
    if (!rec)
      return bcError(
        404,
        'Internal_RecordNotFound',
        `The ${singular(set)} does not exist. Identification fields and values: Id='${key}'`,
      );
    if (nav?.startsWith('Microsoft.NAV.')) {
      if (method !== 'POST') return bcError(405, 'BadRequest_MethodNotAllowed', 'Actions are called with POST.');
      return this.action(set, rec, nav.slice('Microsoft.NAV.'.length));
    }
    if (nav) {
      const def = DEFS[set].lines;
      if (!def || def.nav !== nav) return bcError(400, 'BadRequest', `Resource not found for the segment '${nav}'.`);
      if (method === 'GET') return this.list(def.set, this.linesOf(set, rec.id), query, prefer);
      if (method === 'POST') {
        const r = this.create(def.set, { ...parseBody(body), [def.parentKey]: rec.id });
        if (r.status < 300) this.bump(rec);
        return r;
      }
      return bcError(405, 'BadRequest_MethodNotAllowed', `'${method}' is not allowed here.`);
    }
    if (method === 'GET') return { status: 200, body: this.view(set, rec, expandOf(query)) };
    if (method === 'PATCH' || method === 'DELETE') {
      if (!ifMatch)
        return bcError(
          400,
          'Internal_BadRequest',
          'Could not find the If-Match header; it is required for this request.',
        );
      if (ifMatch !== '*' && ifMatch !== this.etag(rec))
        return bcError(412, 'Request_EntityChanged', 'Another user has already changed the record.');
      if (method === 'DELETE') {
        store.delete(rec.id);
        const def = DEFS[set].lines;
        if (def) for (const l of this.linesOf(set, rec.id)) this.data.get(def.set)!.delete(l.id);
        const parentKey = Object.values(DEFS).find((d) => d.lines?.set === set)?.lines?.parentKey;
        if (parentKey) this.touchParent(set, rec[parentKey] as string);
        return { status: 204 };
      }
      const values = parseBody(body);
      const refused = this.check(set, values, false);
      if (refused) return refused;
      Object.assign(rec, values);
      this.bump(rec);
      const parentKey = Object.values(DEFS).find((d) => d.lines?.set === set)?.lines?.parentKey;
      if (parentKey) this.touchParent(set, rec[parentKey] as string);
      return { status: 200, body: this.view(set, rec) };
    }
    return bcError(405, 'BadRequest_MethodNotAllowed', `'${method}' is not allowed here.`);
  }

  private touchParent(lineSet: string, parentId: string) {
    const parentSet = Object.entries(DEFS).find(([, d]) => d.lines?.set === lineSet)?.[0];
    const parent = parentSet ? this.data.get(parentSet)!.get(parentId) : undefined;
    if (parent) this.bump(parent);
  }

  private check(set: string, values: Record<string, unknown>, creating: boolean): Reply | undefined {
    const def = DEFS[set];
    for (const [k, v] of Object.entries(values)) {
      if (k.startsWith('@odata')) continue;
      if (def.lines && k === def.lines.nav && creating) continue;
      if (k === 'number' && def.numberWritable) continue;
      if (def.readOnly.includes(k) || k === 'id' || k === 'lastModifiedDateTime')
        return bcError(
          400,
          'BadRequest',
          `The property '${k}' is read-only and cannot be set on type 'Microsoft.NAV.${singular(set)}'.`,
        );
      if (!def.writable.includes(k))
        return bcError(
          400,
          'BadRequest',
          `The property '${k}' does not exist on type 'Microsoft.NAV.${singular(set)}'. Make sure to only use property names that are defined by the type.`,
        );
      if (def.dates?.includes(k) && v !== null && !(typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)))
        return bcError(400, 'BadRequest', `Cannot convert the literal '${String(v)}' to the expected type 'Edm.Date'.`);
    }
    return undefined;
  }

  private create(set: string, values: Record<string, unknown>): Reply {
    const refused = this.check(set, values, true);
    if (refused) return refused;
    const def = DEFS[set];
    if (set === 'items' || set === 'customers' || set === 'vendors') {
      if (values.number && [...this.data.get(set)!.values()].some((r) => r.number === values.number))
        return bcError(
          400,
          'Internal_EntityWithSameKeyExists',
          `The record already exists. Identification fields and values: No.='${String(values.number)}'`,
        );
    }
    if (set === 'salesOrders' || set === 'salesCreditMemos') {
      const customer = [...this.data.get('customers')!.values()].find((c) => c.number === values.customerNumber);
      if (!customer)
        return bcError(
          400,
          'Internal_RecordNotFound',
          `The Customer does not exist. Identification fields and values: No.='${String(values.customerNumber ?? '')}'`,
        );
      values = { ...values, customerId: customer.id, customerName: customer.displayName };
    }
    if (set === 'salesOrderLines' || set === 'salesCreditMemoLines') {
      if (
        values.lineType === 'Item' &&
        ![...this.data.get('items')!.values()].some((i) => i.number === values.lineObjectNumber)
      )
        return bcError(
          400,
          'Internal_RecordNotFound',
          `The Item does not exist. Identification fields and values: No.='${String(values.lineObjectNumber ?? '')}'`,
        );
    }
    if (
      set === 'transferOrderLines' &&
      ![...this.data.get('items')!.values()].some((i) => i.number === values.itemNumber)
    )
      return bcError(
        400,
        'Internal_RecordNotFound',
        `The Item does not exist. Identification fields and values: No.='${String(values.itemNumber ?? '')}'`,
      );
    const lines = def.lines ? (values[def.lines.nav] as Record<string, unknown>[] | undefined) : undefined;
    if (def.lines) delete values[def.lines.nav];
    // Deep insert is all or nothing: check every line before writing anything.
    if (lines) {
      for (const l of lines) {
        const r = this.check(def.lines!.set, l, true);
        if (r) return r;
        if (
          (l.lineType === 'Item' &&
            ![...this.data.get('items')!.values()].some((i) => i.number === l.lineObjectNumber)) ||
          (set === 'transferOrders' && ![...this.data.get('items')!.values()].some((i) => i.number === l.itemNumber))
        )
          return bcError(
            400,
            'Internal_RecordNotFound',
            `The Item does not exist. Identification fields and values: No.='${String(l.lineObjectNumber ?? l.itemNumber ?? '')}'`,
          );
      }
    }
    const rec = this.insert(set, {
      ...values,
      ...(set === 'transferOrderLines' ? { quantityShipped: 0, quantityReceived: 0 } : {}),
    });
    if (lines)
      for (const l of lines)
        this.insert(def.lines!.set, {
          ...l,
          [def.lines!.parentKey]: rec.id,
          ...(set === 'transferOrders' ? { quantityShipped: 0, quantityReceived: 0 } : {}),
        });
    return { status: 201, body: this.view(set, rec, lines ? [def.lines!.nav] : []) };
  }

  private action(set: string, rec: BcRecord, name: string): Reply {
    if (set === 'salesOrders' && name === 'shipAndInvoice') {
      const lines = this.linesOf(set, rec.id);
      if (lines.length === 0) return bcError(400, 'Internal_DialogError', 'There is nothing to post.');
      const today = new Date(this.now()).toISOString().slice(0, 10);
      const common = {
        externalDocumentNumber: rec.externalDocumentNumber,
        orderNumber: rec.number,
        customerNumber: rec.customerNumber,
      };
      const shipment = this.insert('salesShipments', { ...common, shipmentDate: today });
      for (const l of lines)
        this.insert('salesShipmentLines', {
          documentId: shipment.id,
          sequence: l.sequence,
          lineType: l.lineType,
          lineObjectNumber: l.lineObjectNumber,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
        });
      const total = lines.reduce(
        (s, l) => s + Number(l.quantity) * Number(l.unitPrice) - Number(l.discountAmount ?? 0),
        0,
      );
      this.insert('salesInvoices', {
        ...common,
        invoiceDate: today,
        status: 'Paid',
        totalAmountIncludingTax: Math.round(total * 100) / 100,
      });
      // The posted order is gone from salesOrders, as BC deletes a fully shipped and invoiced order.
      this.data.get(set)!.delete(rec.id);
      for (const l of lines) this.data.get('salesOrderLines')!.delete(l.id);
      return { status: 204 };
    }
    if (set === 'transferOrders' && (name === 'ship' || name === 'receive')) {
      for (const l of this.linesOf(set, rec.id)) {
        if (name === 'ship') l.quantityShipped = l.quantity;
        else l.quantityReceived = l.quantityShipped || l.quantity;
        this.bump(l);
      }
      rec.status = name === 'ship' ? 'Shipped' : 'Received';
      this.bump(rec);
      return { status: 204 };
    }
    return bcError(400, 'BadRequest_MethodNotFound', `The bound action '${name}' was not found on '${set}'.`);
  }

  private list(set: string, records: BcRecord[], query: URLSearchParams, prefer: string): Reply {
    const skipToken = query.get('$skiptoken');
    let ids: string[];
    let offset = 0;
    let expand = expandOf(query);
    if (skipToken) {
      const saved = this.skipTokens.get(skipToken);
      if (!saved) return bcError(400, 'BadRequest', 'The skip token is not valid.');
      this.skipTokens.delete(skipToken);
      ({ ids, offset, expand } = saved);
    } else {
      let filtered = records;
      const filter = query.get('$filter');
      if (filter) {
        let pred: (r: BcRecord) => boolean;
        try {
          pred = parseFilter(filter);
        } catch (e) {
          return bcError(400, 'BadRequest', e instanceof Error ? e.message : 'The $filter is not valid.');
        }
        filtered = filtered.filter(pred);
      }
      // BC answers in primary key order; number is the key of most master data.
      filtered = [...filtered].sort((a, b) =>
        String(a.number ?? a.code ?? a.customerNumber ?? a.id).localeCompare(
          String(b.number ?? b.code ?? b.customerNumber ?? b.id),
        ),
      );
      const skip = Number(query.get('$skip') ?? 0);
      const top = query.get('$top');
      ids = filtered.slice(skip, top ? skip + Number(top) : undefined).map((r) => r.id);
    }
    const wanted = Number(/odata\.maxpagesize=(\d+)/.exec(prefer)?.[1] ?? this.maxPageSize);
    const size = Math.max(1, Math.min(wanted, this.maxPageSize));
    const store = this.data.get(set)!;
    const page = ids.slice(offset, offset + size);
    const body: Record<string, unknown> = {
      '@odata.context': `${this.baseUrl}/$metadata#${set}`,
      value: page
        .map((id) => store.get(id))
        .filter((r): r is BcRecord => !!r)
        .map((r) => this.view(set, r, expand)),
    };
    const headers: Record<string, string> = {};
    if (/odata\.maxpagesize=/.test(prefer)) headers['preference-applied'] = `odata.maxpagesize=${size}`;
    if (ids.length > offset + size) {
      const token = randomBytes(9).toString('base64url');
      this.skipTokens.set(token, { ids, offset: offset + size, expand });
      const next = new URL(query.toString() ? `?${query.toString()}` : '', 'http://x');
      next.searchParams.set('$skiptoken', token);
      body['@odata.nextLink'] = `${this.currentPathUrl}${next.search}`;
    }
    return { status: 200, headers, body };
  }

  private currentPathUrl = '';

  private batch(apiPrefix: string, body: string, authorization: string): Reply {
    let parsed: {
      requests?: { id?: string; method?: string; url?: string; headers?: Record<string, string>; body?: unknown }[];
    };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      return bcError(400, 'BadRequest', 'The batch request body is not valid JSON.');
    }
    const requests = parsed.requests ?? [];
    if (requests.length > MAX_BATCH)
      return bcError(
        400,
        'BadRequest',
        `The batch holds ${requests.length} operations; at most ${MAX_BATCH} are allowed.`,
      );
    void authorization;
    const responses = requests.map((r) => {
      const rel = (r.url ?? '').replace(/^\//, '');
      const u = new URL(rel, 'http://x/');
      const std = apiPrefix === 'v2.0/';
      let reply: Reply;
      const subBody = r.body === undefined ? '' : JSON.stringify(r.body);
      const fault = this.takeFault((r.method ?? 'GET').toUpperCase(), decodeURIComponent(u.pathname), subBody, true);
      if (fault) return { id: r.id, status: fault.status ?? 400, headers: {}, body: faultReply(fault).body };
      try {
        reply = this.entityRequest(
          std,
          (r.method ?? 'GET').toUpperCase(),
          decodeURIComponent(u.pathname.slice(1)),
          u.searchParams,
          r.body === undefined ? '' : JSON.stringify(r.body),
          Object.fromEntries(Object.entries(r.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
        );
      } catch (e) {
        reply = e instanceof ReplyError ? e.reply : bcError(500, 'InternalServerError', 'failure');
      }
      return { id: r.id, status: reply.status, headers: reply.headers ?? {}, body: reply.body };
    });
    return { status: 200, body: { responses } };
  }
}

/** A status fault's answer, in BC's OData error shape. */
function faultReply(fault: BcFault): Reply {
  const status = fault.status ?? 500;
  const headers: Record<string, string> = {};
  if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
  const code =
    fault.code ??
    (status === 429
      ? 'Application_TooManyRequests'
      : status === 503
        ? 'ServiceUnavailable'
        : status >= 500
          ? 'InternalServerError'
          : 'BadRequest');
  return bcError(status, code, fault.message ?? 'The request could not be served now.', headers);
}

class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super('reply');
  }
}

function parseBody(body: string): Record<string, unknown> {
  if (!body) return {};
  try {
    const v = JSON.parse(body) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // falls through
  }
  throw new ReplyError(bcError(400, 'BadRequest', 'The request body is not a valid JSON object.'));
}

function expandOf(q: URLSearchParams): string[] {
  return (q.get('$expand') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const singular = (set: string) => set.replace(/ies$/, 'y').replace(/s$/, '');

/**
 * A small OData $filter: `field op literal` joined by `and`; literals are 'quoted strings', numbers, true/false,
 * and unquoted datetimes (BC refuses a quoted datetime compared with a datetime field).
 */
export function parseFilter(filter: string): (r: BcRecord) => boolean {
  const parts = filter.split(/\s+and\s+/i);
  const preds = parts.map((p) => {
    const m = /^\s*(\w+)\s+(eq|ne|gt|ge|lt|le)\s+(.+?)\s*$/.exec(p);
    if (!m) throw new Error(`The $filter '${p}' is not valid.`);
    const [, field, op, raw] = m;
    let value: string | number | boolean;
    if (/^'.*'$/.test(raw)) {
      value = raw.slice(1, -1).replace(/''/g, "'");
      if (field === 'lastModifiedDateTime')
        throw new Error(
          `A binary operator with incompatible types was detected. Found operand types 'Edm.DateTimeOffset' and 'Edm.String' for operator kind '${op}'.`,
        );
    } else if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(raw)) {
      if (field !== 'lastModifiedDateTime') throw new Error(`The literal '${raw}' is not valid for '${field}'.`);
      value = Date.parse(raw);
    } else if (raw === 'true' || raw === 'false') value = raw === 'true';
    else if (/^-?\d+(\.\d+)?$/.test(raw)) value = Number(raw);
    else throw new Error(`Syntax error at position ${filter.indexOf(raw)} in '${filter}'.`);
    return (r: BcRecord) => {
      let left: unknown = r[field];
      if (field === 'lastModifiedDateTime') left = Date.parse(String(left));
      const l = left as string | number | boolean;
      switch (op) {
        case 'eq':
          return l === value;
        case 'ne':
          return l !== value;
        case 'gt':
          return l > value;
        case 'ge':
          return l >= value;
        case 'lt':
          return l < value;
        default:
          return l <= value;
      }
    };
  });
  return (r) => preds.every((p) => p(r));
}

/** Starts a BC-shaped server on 127.0.0.1 (Playwright's global setup, the CLI, tests). */
export function startBcServer(options: BcTestServerOptions = {}): Promise<BcTestServer> {
  return BcTestServer.start(options);
}

// CLI: `npx tsx apps/server/src/erp/business-central/test-support/bc-test-server.ts [--port N] [--items N]`
// prints the environment that points the product at it, and serves until stopped.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const server = await startBcServer({
    port: Number(arg('port') ?? 0),
    tenantId: arg('tenant'),
    clientId: arg('client-id'),
    clientSecret: arg('client-secret'),
    companyId: arg('company'),
  });
  const items = Number(arg('items') ?? 0);
  for (let i = 1; i <= items; i++)
    server.seed('items', {
      number: `BC${String(i).padStart(6, '0')}`,
      displayName: `BC item ${i}`,
      type: 'Inventory',
      baseUnitOfMeasureCode: 'PCS',
      unitPrice: 1000 * (1 + (i % 90)),
      itemCategoryCode: '',
      blocked: false,
    });
  for (const [k, v] of Object.entries(server.env())) console.log(`${k}=${v}`);
  console.log(`# Business Central test server listening on ${server.url} (Ctrl+C to stop)`);
  console.log(
    `# faults, outages and what BC holds: ${server.url}/_control/faults, /_control/outage, /_control/records/{set}`,
  );
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
