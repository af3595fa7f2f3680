import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMagentoCatalogue,
  MagentoFault,
  STORES,
  type MagentoCatalogueOptions,
  type TestAttribute,
  type TestProduct,
} from './magento-catalogue.js';

// Magento 2 REST on 127.0.0.1 for the shop connector's tests: bearer token, Magento bodies, and outage switches.

export type { TestAttribute, TestProduct } from './magento-catalogue.js';

export interface RecordedRequest {
  method: string;
  /** Path after /V1, decoded, without the query. */
  path: string;
  storeCode: string;
  body: unknown;
  status: number;
}

/** Which requests a switch applies to: method and/or the path after /V1 (decoded). */
export interface RequestMatch {
  method?: string;
  path?: string | RegExp;
}

export interface MagentoTestServerOptions extends MagentoCatalogueOptions {
  token?: string;
  /** A fixed loopback port (browser journeys point the server at it); any free port when absent. */
  port?: number;
}

export interface MagentoTestServer {
  /** http://127.0.0.1:{port}: the shop root for MAGENTO_BASE_URL. */
  readonly baseUrl: string;
  readonly port: number;
  readonly token: string;
  /** Every request that reached the listener, in order. */
  readonly requests: RecordedRequest[];
  product(sku: string): TestProduct | undefined;
  /** SKUs linked under a configurable parent, in link order. */
  children(sku: string): string[];
  attribute(code: string): TestAttribute | undefined;
  /** Answer the next n (matching) requests with this status and a Magento-like body instead of handling them. */
  failNext(count: number, status: number, options?: { body?: unknown; match?: RequestMatch }): void;
  /** Hold the next n (matching) requests this long, then handle them even if the client has given up, as a server would. */
  delayNext(count: number, ms: number, match?: RequestMatch): void;
  /** Stop listening and drop open connections: clients get ECONNREFUSED. */
  down(): Promise<void>;
  /** Listen again on the same port, with the same catalogue. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startMagentoTestServer(options: MagentoTestServerOptions = {}): Promise<MagentoTestServer> {
  const token = options.token ?? 'test-integration-token';
  const catalogue = createMagentoCatalogue(options);
  const requests: RecordedRequest[] = [];
  const failures: { status: number; body?: unknown; match?: RequestMatch }[] = [];
  const delays: { ms: number; match?: RequestMatch }[] = [];

  function matches(match: RequestMatch | undefined, request: RecordedRequest): boolean {
    if (!match) return true;
    if (match.method && match.method.toUpperCase() !== request.method) return false;
    if (typeof match.path === 'string' && match.path !== request.path) return false;
    if (match.path instanceof RegExp && !match.path.test(request.path)) return false;
    return true;
  }

  // The first pending switch that applies to this request is used up by it.
  function take<T extends { match?: RequestMatch }>(queue: T[], request: RecordedRequest): T | undefined {
    const index = queue.findIndex((entry) => matches(entry.match, request));
    return index < 0 ? undefined : queue.splice(index, 1)[0];
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function send(res: ServerResponse, status: number, body: unknown, contentType = 'application/json; charset=utf-8') {
    const text = typeof body === 'string' && !contentType.startsWith('application/json') ? body : JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const match = /^\/rest\/(?:([A-Za-z0-9_]+)\/)?V1\/(.+)$/.exec(url.pathname);
    const storeCode = match?.[1] ?? 'default';
    const parts = match ? match[2].split('/').map((p) => decodeURIComponent(p)) : [];
    const raw = await readBody(req);
    let body: unknown = null;
    let badJson = false;
    try {
      body = raw === '' ? null : (JSON.parse(raw) as unknown);
    } catch {
      badJson = true;
    }
    const record: RecordedRequest = { method: req.method ?? 'GET', path: parts.join('/'), storeCode, body, status: 0 };
    requests.push(record);
    const reply = (status: number, payload: unknown, contentType?: string) => {
      record.status = status;
      send(res, status, payload, contentType);
    };

    const delay = take(delays, record);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay.ms));
    const failure = take(failures, record);
    if (failure) {
      if (failure.body !== undefined) return reply(failure.status, failure.body);
      // Magento's maintenance page is HTML; its other faults are JSON.
      if (failure.status === 503) return reply(503, '<html><body>Service Unavailable</body></html>', 'text/html');
      if (failure.status === 429) {
        res.setHeader('Retry-After', '2');
        return reply(429, { message: 'Too Many Requests' });
      }
      return reply(failure.status, {
        message: 'Internal Error. Details are available in Magento log file. Report ID: webapi-6641f0a1c2d3e',
      });
    }
    if (!match) return reply(404, { message: 'Request does not match any route.' });
    if (!(storeCode in STORES)) {
      return reply(404, { message: "The store that was requested wasn't found. Verify the store and try again." });
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      return reply(401, {
        message: "The consumer isn't authorized to access %resources.",
        parameters: { resources: catalogue.aclResource(parts) },
      });
    }
    if (badJson) return reply(400, { message: 'Decoding error: \nSyntax error' });
    try {
      reply(200, catalogue.route(record.method, parts, url.searchParams, body));
    } catch (error) {
      if (error instanceof MagentoFault) return reply(error.status, error.body);
      reply(500, { message: 'Internal Error. Details are available in Magento log file. Report ID: webapi-test' });
    }
  }

  const server: Server = createServer((req, res) => {
    void handle(req, res);
  });
  let port = options.port ?? 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen();

  return {
    get baseUrl() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    token,
    requests,
    product: catalogue.product,
    children: catalogue.children,
    attribute: catalogue.attribute,
    failNext(count, status, options = {}) {
      for (let i = 0; i < count; i++) failures.push({ status, body: options.body, match: options.match });
    },
    delayNext(count, ms, match) {
      for (let i = 0; i < count; i++) delays.push({ ms, match });
    },
    down: stop,
    up: listen,
    close: stop,
  };
}
