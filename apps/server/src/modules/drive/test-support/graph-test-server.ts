import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Speaks Graph's wire protocol on 127.0.0.1 so the connector is tested against behaviour, not against our own code.

export interface GraphTestServerOptions {
  tenantId?: string;
  clientId?: string;
  clientSecret?: string;
  siteHostname?: string;
  sitePath?: string;
  siteDisplayName?: string;
  tokenLifetimeSeconds?: number;
}

export interface RecordedRequest {
  method: string;
  /** Path and query as received, still percent-encoded. */
  url: string;
  /** Path with percent-escapes decoded, for readable assertions. */
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  contentRange: string | undefined;
  bodySize: number;
  status: number;
}

export interface StoredFile {
  id: string;
  name: string;
  /** Drive-relative path as first written, e.g. Items/a.pdf */
  path: string;
  data: Buffer;
  mimeType: string;
  createdDateTime: string;
  lastModifiedDateTime: string;
  version: number;
}

export interface FaultOptions {
  /** 429 or 503 for throttling; any status for failNext. */
  status?: number;
  retryAfterSeconds?: number;
  code?: string;
  message?: string;
  /** Only requests whose decoded path contains this; by default every request except the token endpoint. */
  pathIncludes?: string;
}

interface Fault {
  remaining: number;
  status: number;
  retryAfterSeconds?: number;
  code: string;
  message: string;
  pathIncludes?: string;
}

interface UploadSession {
  id: string;
  path: string;
  name: string;
  total: number | null;
  received: Buffer[];
  receivedBytes: number;
  expiresAt: number;
  conflict: ConflictBehavior;
}

/** Graph's @microsoft.graph.conflictBehavior for a name that already exists (default replace). */
type ConflictBehavior = 'fail' | 'rename' | 'replace';
const conflictBehavior = (v: unknown): ConflictBehavior =>
  v === 'fail' || v === 'rename' || v === 'replace' ? v : 'replace';

interface HttpReply {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string | object;
}

const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';
const CHUNK_UNIT = 320 * 1024;
const MAX_CHUNK = 60 * 1024 * 1024;
const MAX_BODY = 128 * 1024 * 1024;
const UPLOAD_SESSION_LIFETIME_MS = 15 * 60 * 1000;
const DOWNLOAD_URL_LIFETIME_MS = 60 * 60 * 1000;
const mimeTypes: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  txt: 'text/plain',
  csv: 'text/csv',
  bin: 'application/octet-stream',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

function graphError(status: number, code: string, message: string, headers?: Record<string, string>): HttpReply {
  return {
    status,
    headers,
    body: { error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': randomUUID() } } },
  };
}

function identityError(status: number, error: string, description: string): HttpReply {
  const trace = `Trace ID: ${randomUUID()} Correlation ID: ${randomUUID()} Timestamp: ${new Date().toISOString()}`;
  return {
    status,
    body: { error, error_description: `${description} ${trace}`, error_codes: [], timestamp: new Date().toISOString() },
  };
}

const notFound = (): HttpReply => graphError(404, 'itemNotFound', 'The resource could not be found.');

export class GraphTestServer {
  readonly tenantId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly siteHostname: string;
  readonly sitePath: string;
  tokenLifetimeSeconds: number;
  /** Mutable so a test can rename the site and see a sync pick it up. */
  readonly site: { id: string; name: string; displayName: string; webUrl: string };
  readonly drive: { id: string; name: string; webUrl: string };
  readonly requests: RecordedRequest[] = [];

  private readonly server: Server;
  private baseUrl = '';
  private readonly tokens = new Map<string, number>();
  private readonly filesById = new Map<string, StoredFile>();
  private readonly idsByPath = new Map<string, string>();
  private readonly sessions = new Map<string, UploadSession>();
  private readonly downloads = new Map<string, { itemId: string; expiresAt: number }>();
  private faults: Fault[] = [];

  private constructor(options: GraphTestServerOptions) {
    this.tenantId = options.tenantId ?? randomUUID();
    this.clientId = options.clientId ?? randomUUID();
    this.clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
    this.siteHostname = options.siteHostname ?? 'contoso.sharepoint.com';
    this.sitePath = (options.sitePath ?? 'sites/franchise').replace(/^\/+|\/+$/g, '');
    this.tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3599;
    const siteName = this.sitePath.split('/').pop() ?? 'site';
    this.site = {
      id: `${this.siteHostname},${randomUUID()},${randomUUID()}`,
      name: siteName,
      displayName: options.siteDisplayName ?? siteName,
      webUrl: `https://${this.siteHostname}/${this.sitePath}`,
    };
    this.drive = {
      id: `b!${randomBytes(48).toString('base64url')}`,
      name: 'Documents',
      webUrl: `${this.site.webUrl}/Shared%20Documents`,
    };
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
  }

  static async start(options: GraphTestServerOptions = {}): Promise<GraphTestServer> {
    const instance = new GraphTestServer(options);
    await new Promise<void>((resolve, reject) => {
      instance.server.once('error', reject);
      instance.server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = instance.server.address() as AddressInfo;
    instance.baseUrl = `http://127.0.0.1:${port}`;
    return instance;
  }

  get graphUrl(): string {
    return `${this.baseUrl}/v1.0`;
  }

  get authUrl(): string {
    return this.baseUrl;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The file stored at a drive-relative path (case-insensitive, as SharePoint is). */
  fileAt(path: string): StoredFile | undefined {
    const id = this.idsByPath.get(pathKey(path));
    return id === undefined ? undefined : this.filesById.get(id);
  }

  files(): StoredFile[] {
    return [...this.filesById.values()];
  }

  /** Puts a file in the drive directly, as if someone uploaded it through SharePoint. */
  seedFile(path: string, data: Buffer): StoredFile {
    return this.store(path.split('/'), data).file;
  }

  /** The next `count` matching requests answer 429 (or 503) with Retry-After. */
  throttleNext(count: number, options: FaultOptions = {}): void {
    this.faults.push({
      remaining: count,
      status: options.status ?? 429,
      retryAfterSeconds: options.retryAfterSeconds ?? 1,
      code: options.code ?? 'activityLimitReached',
      message: options.message ?? 'The request has been throttled',
      pathIncludes: options.pathIncludes,
    });
  }

  /** The next `count` matching requests answer with a Graph error body. */
  failNext(count: number, options: FaultOptions = {}): void {
    this.faults.push({
      remaining: count,
      status: options.status ?? 500,
      retryAfterSeconds: options.retryAfterSeconds,
      code: options.code ?? 'generalException',
      message: options.message ?? 'An unspecified error has occurred.',
      pathIncludes: options.pathIncludes,
    });
  }

  /** Every token issued so far stops working, as when it expires or is revoked early. */
  expireTokens(): void {
    for (const token of this.tokens.keys()) this.tokens.set(token, 0);
  }

  /** Upload sessions started and neither finished nor cancelled. */
  openUploadSessions(): number {
    return this.sessions.size;
  }

  tokenRequests(): RecordedRequest[] {
    return this.requests.filter((request) => request.path.endsWith('/oauth2/v2.0/token'));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.baseUrl);
    const rawPath = url.pathname;
    const decodedPath = safeDecode(rawPath);
    let body: Buffer = Buffer.alloc(0);
    let reply: HttpReply;
    try {
      body = await readBody(request);
      reply = this.takeFault(decodedPath) ?? this.route(request, rawPath, url.searchParams, body);
    } catch (error) {
      reply =
        error instanceof BodyTooLarge
          ? graphError(413, 'invalidRequest', 'The request body is too large.')
          : graphError(500, 'generalException', error instanceof Error ? error.message : 'Unexpected failure.');
    }
    this.requests.push({
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      path: decodedPath,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      contentRange: request.headers['content-range'],
      bodySize: body.length,
      status: reply.status,
    });
    send(response, reply);
  }

  private takeFault(path: string): HttpReply | undefined {
    const isToken = path.endsWith('/oauth2/v2.0/token');
    const fault = this.faults.find(
      (candidate) =>
        candidate.remaining > 0 &&
        (candidate.pathIncludes === undefined ? !isToken : path.includes(candidate.pathIncludes)),
    );
    if (!fault) return undefined;
    fault.remaining--;
    this.faults = this.faults.filter((candidate) => candidate.remaining > 0);
    const headers: Record<string, string> = {};
    if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
    return graphError(fault.status, fault.code, fault.message, headers);
  }

  private route(request: IncomingMessage, rawPath: string, query: URLSearchParams, body: Buffer): HttpReply {
    const method = request.method ?? 'GET';
    const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(rawPath);
    if (token) return method === 'POST' ? this.issueToken(safeDecode(token[1]), request, body) : methodNotAllowed();

    const upload = /^\/upload\/([^/]+)$/.exec(rawPath);
    if (upload) return this.uploadSessionRequest(method, upload[1], request, body);

    const download = /^\/download\/([^/]+)$/.exec(rawPath);
    if (download) return this.preauthenticatedDownload(method, download[1], request);

    if (!rawPath.startsWith('/v1.0/')) return graphError(404, 'itemNotFound', 'Not a Graph address.');
    const refusal = this.checkBearer(request.headers.authorization);
    if (refusal) return refusal;
    const graphPath = rawPath.slice('/v1.0'.length);

    const siteByPath = /^\/sites\/([^/:]+):\/(.+?):?$/.exec(graphPath);
    if (siteByPath) {
      if (method !== 'GET') return methodNotAllowed();
      const sitePath = safeDecode(siteByPath[2]).replace(/^\/+|\/+$/g, '');
      const matches =
        safeDecode(siteByPath[1]).toLowerCase() === this.siteHostname &&
        sitePath.toLowerCase() === this.sitePath.toLowerCase();
      return matches
        ? { status: 200, body: this.siteJson() }
        : graphError(404, 'itemNotFound', 'Requested site could not be found');
    }

    const siteById = /^\/sites\/([^/]+)(\/drive)?$/.exec(graphPath);
    if (siteById) {
      if (method !== 'GET') return methodNotAllowed();
      if (safeDecode(siteById[1]) !== this.site.id)
        return graphError(404, 'itemNotFound', 'Requested site could not be found');
      return { status: 200, body: siteById[2] ? this.driveJson() : this.siteJson() };
    }

    const driveScoped = /^\/(?:drives\/([^/]+)|sites\/([^/]+)\/drives\/([^/]+)|sites\/([^/]+)\/drive)(\/.*)$/.exec(
      graphPath,
    );
    if (driveScoped) {
      const [, driveId, siteOfDrive, siteDriveId, siteDefault, rest] = driveScoped;
      const siteId = siteOfDrive ?? siteDefault;
      if (siteId !== undefined && safeDecode(siteId) !== this.site.id) {
        return graphError(404, 'itemNotFound', 'Requested site could not be found');
      }
      const requestedDrive = driveId ?? siteDriveId;
      if (requestedDrive !== undefined && safeDecode(requestedDrive) !== this.drive.id) {
        return graphError(404, 'itemNotFound', 'The drive could not be found.');
      }
      return this.driveRequest(method, rest, query, body);
    }
    return graphError(400, 'BadRequest', `Resource not found for the segment '${graphPath.split('/')[1] ?? ''}'.`);
  }

  private issueToken(tenant: string, request: IncomingMessage, body: Buffer): HttpReply {
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return identityError(
        400,
        'invalid_request',
        "AADSTS900144: The request body must contain the following parameter: 'grant_type'.",
      );
    }
    const form = new URLSearchParams(body.toString('utf8'));
    if (tenant !== this.tenantId) {
      return identityError(
        400,
        'invalid_request',
        `AADSTS90002: Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
      );
    }
    if (form.get('grant_type') !== 'client_credentials') {
      return identityError(400, 'unsupported_grant_type', 'AADSTS70003: The app requested an unsupported grant type.');
    }
    if (form.get('client_id') !== this.clientId) {
      return identityError(
        400,
        'unauthorized_client',
        `AADSTS700016: Application with identifier '${form.get('client_id') ?? ''}' was not found in the directory.`,
      );
    }
    if (form.get('client_secret') !== this.clientSecret) {
      return identityError(
        401,
        'invalid_client',
        `AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${this.clientId}'.`,
      );
    }
    if (form.get('scope') !== GRAPH_SCOPE) {
      return identityError(
        400,
        'invalid_scope',
        `AADSTS1002012: The provided value for scope ${form.get('scope') ?? ''} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier.`,
      );
    }
    const accessToken = randomBytes(32).toString('base64url');
    this.tokens.set(accessToken, Date.now() + this.tokenLifetimeSeconds * 1000);
    return {
      status: 200,
      body: {
        token_type: 'Bearer',
        expires_in: this.tokenLifetimeSeconds,
        ext_expires_in: this.tokenLifetimeSeconds,
        access_token: accessToken,
      },
    };
  }

  private checkBearer(authorization: string | undefined): HttpReply | undefined {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    if (!token) return graphError(401, 'InvalidAuthenticationToken', 'Access token is empty.');
    const expiresAt = this.tokens.get(token);
    if (expiresAt === undefined)
      return graphError(401, 'InvalidAuthenticationToken', 'IDX14100: JWT is not well formed.');
    if (expiresAt <= Date.now())
      return graphError(401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.');
    return undefined;
  }

  private driveRequest(method: string, rest: string, query: URLSearchParams, body: Buffer): HttpReply {
    const content = /^\/root:\/(.+):\/content$/.exec(rest);
    if (content) {
      if (method !== 'PUT') return methodNotAllowed();
      const segments = decodeSegments(content[1]);
      const invalid = invalidSegments(segments);
      if (invalid) return invalid;
      return this.storeAs(segments, body, conflictBehavior(query.get('@microsoft.graph.conflictBehavior')));
    }

    const createSession = /^\/root:\/(.+):\/createUploadSession$/.exec(rest);
    if (createSession) {
      if (method !== 'POST') return methodNotAllowed();
      const segments = decodeSegments(createSession[1]);
      const invalid = invalidSegments(segments);
      if (invalid) return invalid;
      let conflict: ConflictBehavior;
      try {
        const item = (JSON.parse(body.toString() || '{}') as { item?: Record<string, unknown> }).item;
        conflict = conflictBehavior(item?.['@microsoft.graph.conflictBehavior']);
      } catch {
        return graphError(400, 'invalidRequest', 'The request body is not valid JSON.');
      }
      if (conflict === 'fail' && this.idsByPath.has(pathKey(segments.join('/'))))
        return graphError(409, 'nameAlreadyExists', 'The specified item name already exists.');
      const id = randomBytes(24).toString('base64url');
      const session: UploadSession = {
        conflict,
        id,
        path: segments.join('/'),
        name: segments[segments.length - 1],
        total: null,
        received: [],
        receivedBytes: 0,
        expiresAt: Date.now() + UPLOAD_SESSION_LIFETIME_MS,
      };
      this.sessions.set(id, session);
      return {
        status: 200,
        body: {
          uploadUrl: `${this.baseUrl}/upload/${id}`,
          expirationDateTime: new Date(session.expiresAt).toISOString(),
          nextExpectedRanges: ['0-'],
        },
      };
    }

    const byPath = /^\/root:\/(.+?):?$/.exec(rest);
    if (byPath) {
      if (method !== 'GET') return methodNotAllowed();
      const file = this.fileAt(decodeSegments(byPath[1]).join('/'));
      return file ? { status: 200, body: this.itemJson(file, true) } : notFound();
    }

    const item = /^\/items\/([^/]+)(\/content)?$/.exec(rest);
    if (item) {
      const file = this.filesById.get(safeDecode(item[1]));
      if (!file) return notFound();
      if (item[2]) {
        if (method !== 'GET') return methodNotAllowed();
        return { status: 302, headers: { location: this.downloadUrl(file) } };
      }
      if (method === 'GET') return { status: 200, body: this.itemJson(file, true) };
      if (method === 'DELETE') {
        this.filesById.delete(file.id);
        this.idsByPath.delete(pathKey(file.path));
        return { status: 204 };
      }
      return methodNotAllowed();
    }
    return graphError(400, 'BadRequest', 'Unsupported drive request.');
  }

  private uploadSessionRequest(method: string, id: string, request: IncomingMessage, body: Buffer): HttpReply {
    // Graph documents that the upload URL is pre-authenticated and sending Authorization may fail.
    if (request.headers.authorization) {
      return graphError(401, 'unauthenticated', 'The upload URL must be used without an Authorization header.');
    }
    const session = this.sessions.get(id);
    if (!session || session.expiresAt <= Date.now()) {
      this.sessions.delete(id);
      return graphError(404, 'itemNotFound', 'The upload session was not found.');
    }
    if (method === 'DELETE') {
      this.sessions.delete(id);
      return { status: 204 };
    }
    if (method === 'GET') return { status: 200, body: sessionStatus(session) };
    if (method !== 'PUT') return methodNotAllowed();

    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(request.headers['content-range'] ?? '');
    if (!range) return graphError(400, 'invalidRequest', 'The Content-Range header is missing or malformed.');
    const [start, end, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
    if (end < start || end >= total)
      return graphError(400, 'invalidRequest', 'The Content-Range header is not a valid range.');
    if (body.length !== end - start + 1) {
      return graphError(400, 'invalidRequest', 'The Content-Range does not match the length of the body.');
    }
    if (session.total !== null && session.total !== total) {
      return graphError(400, 'invalidRequest', 'The declared file size changed during the upload.');
    }
    if (start !== session.receivedBytes) {
      return graphError(
        416,
        'invalidRange',
        'The uploaded fragment overlaps with data that has already been received.',
      );
    }
    const last = end + 1 === total;
    if (body.length > MAX_CHUNK) return graphError(413, 'invalidRequest', 'The fragment is larger than 60 MiB.');
    if (!last && body.length % CHUNK_UNIT !== 0) {
      return graphError(400, 'invalidRequest', 'The fragment size must be a multiple of 320 KiB.');
    }
    session.total = total;
    session.received.push(body);
    session.receivedBytes += body.length;
    if (!last) return { status: 202, body: sessionStatus(session) };

    this.sessions.delete(id);
    return this.storeAs(session.path.split('/'), Buffer.concat(session.received), session.conflict);
  }

  private preauthenticatedDownload(method: string, key: string, request: IncomingMessage): HttpReply {
    if (method !== 'GET') return methodNotAllowed();
    if (request.headers.authorization) {
      return graphError(
        401,
        'unauthenticated',
        'Pre-authenticated URLs must be requested without an Authorization header.',
      );
    }
    const grant = this.downloads.get(key);
    const file = grant && grant.expiresAt > Date.now() ? this.filesById.get(grant.itemId) : undefined;
    if (!file) return notFound();
    return {
      status: 200,
      headers: {
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      },
      body: file.data,
    };
  }

  private downloadUrl(file: StoredFile): string {
    const key = randomBytes(24).toString('base64url');
    this.downloads.set(key, { itemId: file.id, expiresAt: Date.now() + DOWNLOAD_URL_LIFETIME_MS });
    return `${this.baseUrl}/download/${key}`;
  }

  /** Creates or replaces the file; replacing keeps the item id, as Graph does. */
  /** Stores per conflictBehavior: fail → 409 nameAlreadyExists, rename → "name 1.ext" (first free), replace. */
  private storeAs(segments: string[], data: Buffer, conflict: ConflictBehavior): HttpReply {
    let target = segments;
    if (conflict !== 'replace' && this.idsByPath.has(pathKey(segments.join('/')))) {
      if (conflict === 'fail') return graphError(409, 'nameAlreadyExists', 'The specified item name already exists.');
      const name = segments[segments.length - 1];
      const dot = name.lastIndexOf('.');
      for (let n = 1; this.idsByPath.has(pathKey(target.join('/'))); n++) {
        const numbered = dot > 0 ? `${name.slice(0, dot)} ${n}${name.slice(dot)}` : `${name} ${n}`;
        target = [...segments.slice(0, -1), numbered];
      }
    }
    const { file, created } = this.store(target, data);
    return { status: created ? 201 : 200, body: this.itemJson(file) };
  }

  private store(segments: string[], data: Buffer): { file: StoredFile; created: boolean } {
    const path = segments.join('/');
    const now = new Date().toISOString();
    const existing = this.fileAt(path);
    if (existing) {
      existing.data = data;
      existing.lastModifiedDateTime = now;
      existing.version++;
      return { file: existing, created: false };
    }
    const name = segments[segments.length - 1];
    const extension = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
    const file: StoredFile = {
      id: `01${randomBytes(20).toString('hex').toUpperCase()}`,
      name,
      path,
      data,
      mimeType: mimeTypes[extension] ?? 'application/octet-stream',
      createdDateTime: now,
      lastModifiedDateTime: now,
      version: 1,
    };
    this.filesById.set(file.id, file);
    this.idsByPath.set(pathKey(path), file.id);
    return { file, created: true };
  }

  private siteJson(): object {
    return {
      '@odata.context': `${this.graphUrl}/$metadata#sites/$entity`,
      id: this.site.id,
      name: this.site.name,
      displayName: this.site.displayName,
      webUrl: this.site.webUrl,
      createdDateTime: '2024-01-15T08:00:00Z',
      lastModifiedDateTime: new Date().toISOString(),
    };
  }

  private driveJson(): object {
    return {
      '@odata.context': `${this.graphUrl}/$metadata#drives/$entity`,
      id: this.drive.id,
      name: this.drive.name,
      driveType: 'documentLibrary',
      webUrl: this.drive.webUrl,
    };
  }

  private itemJson(file: StoredFile, withDownloadUrl = false): object {
    const folder = file.path.split('/').slice(0, -1).join('/');
    return {
      '@odata.context': `${this.graphUrl}/$metadata#drives('${this.drive.id}')/items/$entity`,
      ...(withDownloadUrl ? { '@microsoft.graph.downloadUrl': this.downloadUrl(file) } : {}),
      id: file.id,
      name: file.name,
      size: file.data.length,
      eTag: `"{${file.id}},${file.version}"`,
      cTag: `"c:{${file.id}},${file.version}"`,
      createdDateTime: file.createdDateTime,
      lastModifiedDateTime: file.lastModifiedDateTime,
      webUrl: `${this.drive.webUrl}/${file.path.split('/').map(encodeURIComponent).join('/')}`,
      file: { mimeType: file.mimeType },
      parentReference: {
        driveType: 'documentLibrary',
        driveId: this.drive.id,
        path: `/drives/${this.drive.id}/root:${folder === '' ? '' : `/${folder}`}`,
      },
    };
  }
}

class BodyTooLarge extends Error {}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY) throw new BodyTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function send(response: ServerResponse, reply: HttpReply): void {
  const headers: Record<string, string> = { 'request-id': randomUUID(), ...reply.headers };
  let payload: Buffer | undefined;
  if (Buffer.isBuffer(reply.body)) payload = reply.body;
  else if (typeof reply.body === 'string') payload = Buffer.from(reply.body);
  else if (reply.body !== undefined) {
    payload = Buffer.from(JSON.stringify(reply.body));
    headers['content-type'] ??= 'application/json; odata.metadata=minimal; charset=utf-8';
  }
  if (payload) headers['content-length'] = String(payload.length);
  response.writeHead(reply.status, headers);
  response.end(payload);
}

function sessionStatus(session: UploadSession): object {
  return {
    expirationDateTime: new Date(session.expiresAt).toISOString(),
    nextExpectedRanges: [`${session.receivedBytes}-`],
  };
}

function methodNotAllowed(): HttpReply {
  return graphError(405, 'invalidRequest', 'The HTTP method is not allowed for this resource.');
}

function invalidSegments(segments: string[]): HttpReply | undefined {
  const bad = segments.some(
    (segment) => segment === '' || segment === '.' || segment === '..' || /["*:<>?/\\|]/.test(segment),
  );
  return bad ? graphError(400, 'invalidRequest', 'The provided name contains invalid characters.') : undefined;
}

function decodeSegments(raw: string): string[] {
  return raw.split('/').map((segment) => safeDecode(segment).normalize('NFC'));
}

function pathKey(path: string): string {
  return path.normalize('NFC').toLowerCase();
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
