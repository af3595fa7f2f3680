import {
  DEFAULT_ALLOWED_CONTENT_TYPES,
  DEFAULT_ITEM_FOLDER,
  DEFAULT_MAX_SIZE,
  DriveError,
  MIB,
  existsMessage,
  joinDrivePath,
  normalizeContentType,
  prepareUpload,
  validateFolder,
  type DriveDownload,
  type DriveErrorCode,
  type DriveFile,
  type DriveItemConfig,
  type DrivePort,
  type DriveSiteInfo,
  type DriveTokenInfo,
  type DriveUploadInput,
  type PreparedUpload,
} from './port.js';

export interface GraphDriveConfig {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** SharePoint host, e.g. contoso.sharepoint.com */
  siteHostname: string;
  /** Server-relative site path, e.g. sites/franchise */
  sitePath: string;
  graphUrl?: string;
  authUrl?: string;
  itemFolder?: string;
  /** Retries after a 429/503 before giving up with 'throttled'. */
  maxRetries?: number;
}

export interface GraphDriveOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Milliseconds since the epoch. */
  now?: () => number;
  maxSize?: number;
  allowedContentTypes?: readonly string[];
  /** Upload session chunk; Graph requires a multiple of 320 KiB. */
  chunkSize?: number;
  /** Files smaller than this go up in one PUT; Graph documents 4 MiB. */
  simpleUploadLimit?: number;
  /** A Retry-After longer than this fails at once instead of holding the caller. */
  maxRetryWaitMs?: number;
  requestTimeoutMs?: number;
}

export const GRAPH_URL = 'https://graph.microsoft.com/v1.0';
export const GRAPH_AUTH_URL = 'https://login.microsoftonline.com';
export const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';
export const UPLOAD_CHUNK_UNIT = 320 * 1024;
const MAX_CHUNK_SIZE = 60 * MIB;
// Refresh this long before the token's stated expiry so a request never leaves with a dying token.
const TOKEN_REFRESH_MARGIN_MS = 5 * 60 * 1000;
const MAX_PROVIDER_MESSAGE = 300;

interface CachedToken {
  value: string;
  expiresAt: number;
  refreshAt: number;
}

interface GraphRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Attach the bearer token; upload and download URLs are pre-authenticated and must not receive it. */
  auth: boolean;
  /** What the caller was doing, for error messages: "upload "Items/a.pdf"". */
  action: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  followRedirects?: boolean;
}

type JsonRecord = Record<string, unknown>;

/** Microsoft Graph (SharePoint / OneDrive) with app-only client credentials. */
export class GraphDrive implements DrivePort {
  private readonly config: Required<GraphDriveConfig>;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly maxSize: number;
  private readonly allowedContentTypes: readonly string[];
  private readonly chunkSize: number;
  private readonly simpleUploadLimit: number;
  private readonly maxRetryWaitMs: number;
  private readonly requestTimeoutMs: number;
  private token: CachedToken | null = null;
  private tokenRequest: Promise<CachedToken> | null = null;
  private site: DriveSiteInfo | null = null;
  private siteRequest: Promise<DriveSiteInfo> | null = null;

  constructor(config: GraphDriveConfig, options: GraphDriveOptions = {}) {
    this.config = {
      ...config,
      graphUrl: checkedUrl('graphUrl', config.graphUrl ?? GRAPH_URL),
      authUrl: checkedUrl('authUrl', config.authUrl ?? GRAPH_AUTH_URL),
      itemFolder: validateFolder(config.itemFolder ?? DEFAULT_ITEM_FOLDER),
      maxRetries: config.maxRetries ?? 3,
      sitePath: config.sitePath.replace(/^\/+|\/+$/g, ''),
    };
    for (const key of ['tenantId', 'clientId', 'clientSecret', 'siteHostname', 'sitePath'] as const) {
      if (!this.config[key]) throw new Error(`Graph drive: ${key} is required.`);
    }
    if (!/^[a-z0-9.-]+$/i.test(this.config.siteHostname))
      throw new Error('Graph drive: siteHostname is not a host name.');
    if (!Number.isInteger(this.config.maxRetries) || this.config.maxRetries < 0 || this.config.maxRetries > 10) {
      throw new Error('Graph drive: maxRetries must be a whole number from 0 to 10.');
    }
    this.chunkSize = options.chunkSize ?? 10 * UPLOAD_CHUNK_UNIT;
    if (this.chunkSize <= 0 || this.chunkSize % UPLOAD_CHUNK_UNIT !== 0 || this.chunkSize > MAX_CHUNK_SIZE) {
      throw new Error('Graph drive: chunkSize must be a multiple of 320 KiB, at most 60 MiB.');
    }
    this.fetchImpl = options.fetch ?? fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? Date.now;
    this.maxSize = options.maxSize ?? DEFAULT_MAX_SIZE;
    this.allowedContentTypes = options.allowedContentTypes ?? DEFAULT_ALLOWED_CONTENT_TYPES;
    this.simpleUploadLimit = options.simpleUploadLimit ?? 4 * MIB;
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 120_000;
  }

  async authorize(): Promise<DriveTokenInfo> {
    this.token = null;
    await this.accessToken();
    return this.describeToken();
  }

  async tokenInfo(): Promise<DriveTokenInfo> {
    try {
      await this.accessToken();
      return this.describeToken();
    } catch (error) {
      // The session loads token info right after login; a drive outage must not read as a failed login.
      const message = error instanceof DriveError ? error.message : 'The cloud drive could not be reached.';
      return { ...this.describeToken(), authorized: false, message };
    }
  }

  async siteInfo(): Promise<DriveSiteInfo> {
    return this.site ?? this.syncSiteInfo();
  }

  async syncSiteInfo(): Promise<DriveSiteInfo> {
    this.siteRequest ??= this.fetchSite().finally(() => {
      this.siteRequest = null;
    });
    return this.siteRequest;
  }

  async itemConfig(): Promise<DriveItemConfig> {
    return {
      folder: this.config.itemFolder,
      allowed_content_types: [...this.allowedContentTypes],
      max_size: this.maxSize,
    };
  }

  async upload(input: DriveUploadInput): Promise<DriveFile> {
    const upload = prepareUpload(input, this.maxSize);
    const site = await this.siteInfo();
    // The spec builds the upload path from site base, drive id, folder and file name.
    const itemUrl = `${this.config.graphUrl}${site.base_path}/drives/${encodeSegment(site.drive_id)}/root:/${encodePath(upload.path)}:`;
    let item: JsonRecord;
    try {
      item =
        upload.data.length < this.simpleUploadLimit
          ? await this.simpleUpload(itemUrl, upload)
          : await this.sessionUpload(itemUrl, upload);
    } catch (error) {
      // conflictBehavior=fail met a file of that name: the same words as every drive.
      if (error instanceof DriveError && error.code === 'exists')
        throw new DriveError('exists', existsMessage(upload.path), error.details);
      throw error;
    }
    const name = readString(item, 'name') ?? upload.fileName;
    return {
      id: requireString(item, 'id', `upload "${upload.path}"`),
      path: joinDrivePath(upload.folder, name),
      name,
      size: readNumber(item, 'size') ?? upload.data.length,
      content_type: readString(readRecord(item, 'file'), 'mimeType') ?? upload.contentType,
      web_url: readString(item, 'webUrl') ?? '',
    };
  }

  async download(id: string): Promise<DriveDownload> {
    const itemUrl = await this.itemUrl(id);
    const action = 'download the file';
    const metadata = await this.json(await this.send({ method: 'GET', url: itemUrl, auth: true, action }), action);
    const content = await this.send({ method: 'GET', url: `${itemUrl}/content`, auth: true, action });
    let body: Response = content;
    if (isRedirect(content.status)) {
      // Graph answers with a pre-authenticated URL on another host; the bearer token must not follow it.
      const location = content.headers.get('location');
      await discard(content);
      if (!location || !isHttpUrl(new URL(location, itemUrl).href)) {
        throw new DriveError('provider_error', 'The cloud drive gave no usable download address.');
      }
      const url = new URL(location, itemUrl).href;
      body = await this.send({ method: 'GET', url, auth: false, action, followRedirects: true });
    }
    if (!body.ok) throw await graphError(body, action);
    const data = Buffer.from(await body.arrayBuffer());
    const name = readString(metadata, 'name') ?? id;
    const contentType =
      readString(readRecord(metadata, 'file'), 'mimeType') ?? normalizeContentType(body.headers.get('content-type'));
    return { data, contentType, name };
  }

  async remove(id: string): Promise<void> {
    const action = 'delete the file';
    const response = await this.send({ method: 'DELETE', url: await this.itemUrl(id), auth: true, action });
    if (!response.ok) throw await graphError(response, action);
    await discard(response);
  }

  private describeToken(): DriveTokenInfo {
    const valid = this.token !== null && this.now() < this.token.expiresAt;
    return {
      mode: 'graph',
      authorized: valid,
      expires_at: valid && this.token ? new Date(this.token.expiresAt).toISOString() : null,
      tenant_id: this.config.tenantId,
      client_id: this.config.clientId,
    };
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.refreshAt) return this.token.value;
    // Concurrent callers share one token request instead of each signing in.
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = null;
    });
    return (await this.tokenRequest).value;
  }

  private async fetchToken(): Promise<CachedToken> {
    const action = 'sign in the portal';
    const form = new URLSearchParams({
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret,
      scope: GRAPH_SCOPE,
      grant_type: 'client_credentials',
    });
    const response = await this.send({
      method: 'POST',
      url: `${this.config.authUrl}/${encodeSegment(this.config.tenantId)}/oauth2/v2.0/token`,
      auth: false,
      action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    if (!response.ok) {
      // The identity platform answers 400 or 401 for wrong tenant, client or secret alike.
      const refused = response.status === 400 || response.status === 401 || response.status === 403;
      throw await graphError(response, action, refused ? 'not_authorized' : undefined);
    }
    const body = await this.json(response, action);
    const value = requireString(body, 'access_token', action);
    const lifetimeSeconds = Number(body.expires_in);
    const lifetimeMs = Number.isFinite(lifetimeSeconds) && lifetimeSeconds > 0 ? lifetimeSeconds * 1000 : 3_600_000;
    const obtainedAt = this.now();
    const token = {
      value,
      expiresAt: obtainedAt + lifetimeMs,
      refreshAt: obtainedAt + lifetimeMs - Math.min(TOKEN_REFRESH_MARGIN_MS, lifetimeMs / 2),
    };
    this.token = token;
    return token;
  }

  private async fetchSite(): Promise<DriveSiteInfo> {
    const siteAction = 'find the SharePoint site';
    const siteUrl = `${this.config.graphUrl}/sites/${encodeSegment(this.config.siteHostname)}:/${encodePath(this.config.sitePath)}`;
    const site = await this.json(
      await this.send({ method: 'GET', url: siteUrl, auth: true, action: siteAction }),
      siteAction,
    );
    const siteId = requireString(site, 'id', siteAction);
    const driveAction = 'find the document library of the site';
    const driveUrl = `${this.config.graphUrl}/sites/${encodeSegment(siteId)}/drive`;
    const drive = await this.json(
      await this.send({ method: 'GET', url: driveUrl, auth: true, action: driveAction }),
      driveAction,
    );
    const info: DriveSiteInfo = {
      mode: 'graph',
      site_id: siteId,
      name: readString(site, 'displayName') ?? readString(site, 'name') ?? this.config.sitePath,
      web_url: readString(site, 'webUrl') ?? '',
      drive_id: requireString(drive, 'id', driveAction),
      base_path: `/sites/${encodeSegment(siteId)}`,
      synced_at: new Date(this.now()).toISOString(),
    };
    this.site = info;
    return info;
  }

  private async itemUrl(id: string): Promise<string> {
    // Graph item ids are letters, digits and a few marks; anything else cannot name an item.
    if (typeof id !== 'string' || !/^[A-Za-z0-9!_.,~-]{1,256}$/.test(id) || /^\.+$/.test(id)) {
      throw new DriveError('not_found', 'The file was not found on the cloud drive.');
    }
    const site = await this.siteInfo();
    return `${this.config.graphUrl}/drives/${encodeSegment(site.drive_id)}/items/${encodeSegment(id)}`;
  }

  private async simpleUpload(itemUrl: string, upload: PreparedUpload): Promise<JsonRecord> {
    const action = `upload "${upload.path}"`;
    const response = await this.send({
      method: 'PUT',
      url: `${itemUrl}/content?@microsoft.graph.conflictBehavior=${upload.conflict}`,
      auth: true,
      action,
      headers: { 'content-type': upload.contentType },
      body: upload.data,
    });
    return this.json(response, action);
  }

  /** Upload session: PUT fixed-size chunks, resuming wherever Graph's nextExpectedRanges points. */
  private async sessionUpload(itemUrl: string, upload: PreparedUpload): Promise<JsonRecord> {
    const action = `upload "${upload.path}"`;
    const session = await this.json(
      await this.send({
        method: 'POST',
        url: `${itemUrl}/createUploadSession`,
        auth: true,
        action,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          item: { '@microsoft.graph.conflictBehavior': upload.conflict, name: upload.fileName },
        }),
      }),
      action,
    );
    const uploadUrl = requireString(session, 'uploadUrl', action);
    if (!isHttpUrl(uploadUrl)) throw new DriveError('provider_error', 'The cloud drive gave no usable upload address.');
    const total = upload.data.length;
    const chunks = Math.ceil(total / this.chunkSize);
    // Bounds the loop should the provider keep asking for the same bytes.
    let budget = chunks * 2 + this.config.maxRetries + 4;
    let next = firstExpectedByte(session) ?? 0;
    try {
      while (budget-- > 0) {
        if (next < 0 || next >= total)
          throw new DriveError('provider_error', `The cloud drive could not ${action}: the upload went out of step.`);
        const end = Math.min(next + this.chunkSize, total) - 1;
        const response = await this.send({
          method: 'PUT',
          url: uploadUrl,
          auth: false,
          action,
          headers: { 'content-range': `bytes ${next}-${end}/${total}` },
          body: upload.data.subarray(next, end + 1),
        });
        if (response.status === 200 || response.status === 201) return await this.json(response, action);
        if (response.status === 202) {
          const expected = firstExpectedByte(await this.json(response, action));
          next = expected ?? (await this.sessionStatus(uploadUrl, action));
          continue;
        }
        if (response.status === 416) {
          // Graph already holds some of these bytes; ask where it wants to continue.
          await discard(response);
          next = await this.sessionStatus(uploadUrl, action);
          continue;
        }
        if (response.status === 404) {
          await discard(response);
          throw new DriveError('provider_error', `The cloud drive could not ${action}: the upload session expired.`);
        }
        throw await graphError(response, action);
      }
      throw new DriveError('provider_error', `The cloud drive could not ${action}: the upload did not complete.`);
    } catch (error) {
      // Free the partial upload on the provider; failure to cancel changes nothing for the caller.
      await this.send({ method: 'DELETE', url: uploadUrl, auth: false, action: 'cancel the upload' })
        .then(discard)
        .catch(() => undefined);
      throw error;
    }
  }

  private async sessionStatus(uploadUrl: string, action: string): Promise<number> {
    const status = await this.json(await this.send({ method: 'GET', url: uploadUrl, auth: false, action }), action);
    const next = firstExpectedByte(status);
    if (next === undefined)
      throw new DriveError('provider_error', `The cloud drive could not ${action}: the upload went out of step.`);
    return next;
  }

  /** One HTTP exchange with throttling retries and a single token refresh on 401. */
  private async send(request: GraphRequest): Promise<Response> {
    let refreshed = false;
    let retries = 0;
    for (;;) {
      const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
      if (request.auth) headers.authorization = `Bearer ${await this.accessToken()}`;
      let response: Response;
      try {
        response = await this.fetchImpl(request.url, {
          method: request.method,
          headers,
          body: request.body,
          redirect: request.followRedirects ? 'follow' : 'manual',
          signal: AbortSignal.timeout(this.requestTimeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new DriveError(
          'provider_error',
          timedOut
            ? `The cloud drive did not answer in time while trying to ${request.action}.`
            : `The cloud drive could not be reached to ${request.action}.`,
        );
      }
      if (response.status === 401 && request.auth && !refreshed) {
        // The token may have been revoked or expired early; one fresh sign-in, never a loop.
        refreshed = true;
        await discard(response);
        this.token = null;
        continue;
      }
      if (response.status === 429 || response.status === 503) {
        const waitMs = retryAfterMs(response.headers.get('retry-after'), retries, this.now());
        if (retries < this.config.maxRetries && waitMs <= this.maxRetryWaitMs) {
          retries++;
          await discard(response);
          await this.sleep(waitMs);
          continue;
        }
        await discard(response);
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        throw new DriveError(
          'throttled',
          `The cloud drive is busy and could not ${request.action}; please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
          { providerStatus: response.status, retryAfterSeconds: seconds },
        );
      }
      return response;
    }
  }

  private async json(response: Response, action: string): Promise<JsonRecord> {
    if (!response.ok) throw await graphError(response, action);
    const text = await response.text();
    try {
      const parsed: unknown = JSON.parse(text);
      if (isRecord(parsed)) return parsed;
    } catch {
      // Falls through to the error below.
    }
    throw new DriveError('provider_error', `The cloud drive gave an unreadable answer while trying to ${action}.`, {
      providerStatus: response.status,
    });
  }
}

/** Maps Graph `{ error: { code, message } }` and identity-platform `{ error, error_description }` bodies. */
async function graphError(response: Response, action: string, forcedCode?: DriveErrorCode): Promise<DriveError> {
  let providerCode: string | undefined;
  let providerMessage: string | undefined;
  try {
    const parsed: unknown = JSON.parse(await response.text());
    if (isRecord(parsed)) {
      const error = parsed.error;
      if (isRecord(error)) {
        providerCode = readString(error, 'code');
        providerMessage = readString(error, 'message');
      } else if (typeof error === 'string') {
        providerCode = error;
        providerMessage = readString(parsed, 'error_description');
      }
    }
  } catch {
    // A body that is not JSON still has a status to go by.
  }
  const code = forcedCode ?? errorCode(response.status, providerCode);
  const detail = cleanProviderMessage(providerMessage) ?? defaultDetail(code, response.status);
  return new DriveError(code, `The cloud drive could not ${action}: ${detail}`, {
    providerStatus: response.status,
    providerCode,
  });
}

function errorCode(status: number, providerCode: string | undefined): DriveErrorCode {
  const byProviderCode: Record<string, DriveErrorCode> = {
    itemNotFound: 'not_found',
    nameAlreadyExists: 'exists',
    accessDenied: 'not_authorized',
    unauthenticated: 'not_authorized',
    InvalidAuthenticationToken: 'not_authorized',
    quotaLimitReached: 'too_large',
    maxFileSizeExceeded: 'too_large',
    activityLimitReached: 'throttled',
  };
  if (providerCode && Object.hasOwn(byProviderCode, providerCode)) return byProviderCode[providerCode];
  if (status === 401 || status === 403) return 'not_authorized';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 413 || status === 507) return 'too_large';
  if (status === 429 || status === 503) return 'throttled';
  return 'provider_error';
}

function defaultDetail(code: DriveErrorCode, status: number): string {
  switch (code) {
    case 'not_authorized':
      return 'access was refused.';
    case 'not_found':
      return 'it was not found.';
    case 'too_large':
      return 'the file is too large or the drive is full.';
    case 'throttled':
      return 'the drive is busy; please try again later.';
    default:
      return `the drive answered with HTTP status ${status}.`;
  }
}

/** Keeps the human part of a provider message: no trace ids, timestamps or control characters. */
function cleanProviderMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const cleaned = message
    .replace(/^AADSTS\d+:\s*/, '')
    .split(/\s*(?:\r?\n|Trace ID:|Correlation ID:|Timestamp:)/)[0]
    // eslint-disable-next-line no-control-regex -- strip control characters from foreign text
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim();
  if (!cleaned) return undefined;
  return cleaned.length > MAX_PROVIDER_MESSAGE ? `${cleaned.slice(0, MAX_PROVIDER_MESSAGE - 1)}…` : cleaned;
}

function retryAfterMs(header: string | null, attempt: number, now: number): number {
  if (header !== null && header.trim() !== '') {
    const seconds = Number(header.trim());
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  // No Retry-After: back off exponentially from one second.
  return 1000 * 2 ** attempt;
}

function firstExpectedByte(body: JsonRecord): number | undefined {
  const ranges = body.nextExpectedRanges;
  if (!Array.isArray(ranges)) return undefined;
  const starts = ranges
    .map((range) => (typeof range === 'string' ? Number.parseInt(range.split('-')[0], 10) : Number.NaN))
    .filter((start) => Number.isInteger(start) && start >= 0);
  return starts.length > 0 ? Math.min(...starts) : undefined;
}

function checkedUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Graph drive: ${name} "${value}" is not a URL.`);
  }
  // The client secret and tokens travel to these URLs; plain HTTP is only for tests on this machine.
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new Error(`Graph drive: ${name} must use https.`);
  }
  return url.href.replace(/\/+$/, '');
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** Percent-encodes one path segment; commas stay, as Graph site ids are written with them. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%2C/gi, ',');
}

function encodePath(path: string): string {
  return path.split('/').map(encodeSegment).join('/');
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readRecord(record: JsonRecord | undefined, key: string): JsonRecord | undefined {
  const value = record?.[key];
  return isRecord(value) ? value : undefined;
}

function readString(record: JsonRecord | undefined, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function readNumber(record: JsonRecord | undefined, key: string): number | undefined {
  const value = record?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function requireString(record: JsonRecord, key: string, action: string): string {
  const value = readString(record, key);
  if (value === undefined) {
    throw new DriveError('provider_error', `The cloud drive gave an incomplete answer while trying to ${action}.`);
  }
  return value;
}
