import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import pino from 'pino';
import { DEFAULT_ERROR, setBusinessTimeZone } from '@fp/contract';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { AppError, badRequest, unavailable } from './http/errors.js';
import { answerOnSocket, fromClientError, fromFastifyError, fromPgError, rejectBadText } from './http/input.js';
import { guardRequest } from './http/request-guard.js';
import { Router } from './http/route.js';
import { JobRunner } from './jobs/queue.js';
import { createErp, erpHttpError } from './erp/index.js';
import { registerErpShipments } from './modules/purchasing/posting/erp-shipments.js';
import { registerErpOutbox } from './kernel/outbox.js';
import { registerEInvoices } from './modules/einvoices/job.js';
import { createShop } from './modules/shop/config.js';
import type { Services } from './services.js';
import { MaintenanceFlag, type MaintenanceState } from './modules/system/settings.js';
import { ApiLogWriter, registerApiLog } from './modules/system/api-log.js';
import { authenticate, knownSession, SESSION_COOKIE } from './modules/auth/service.js';
import { SessionCache } from './modules/auth/session-cache.js';
import { modules } from './modules/index.js';
import { proxyRoute } from './http/proxy.js';
import { registerWebApp } from './http/web-app.js';
import { createDrive } from './modules/drive/config.js';

export type App = { app: FastifyInstance; services: Services; router: Router };

// Calls that still answer while in maintenance, so admins can log in and lift it.
const MAINTENANCE_OPEN = ['/api/auth/', '/api/config'];

export async function buildApp(config: AppConfig, database: Database): Promise<App> {
  setBusinessTimeZone(config.businessTimeZone);
  const log = pino({ level: config.logLevel });
  const app = Fastify({
    loggerInstance: log,
    // No "incoming request"/"request completed" lines: the api log holds every call (user, status, duration), and
    // two synchronous log writes per request were a cost of their own at LOG_LEVEL=info (http/README.md).
    logController: new LogController({ disableRequestLogging: true }),
    // JSON bodies (uploads are multipart, limited by the drive's size; DEVELOPING.md "Errors" says which payload
    // sets this limit).
    bodyLimit: config.jsonBodyLimit,
    // A request's headers and body must arrive within REQUEST_TIMEOUT_MS (a body trickled at 1 byte/s is cut with a
    // 408). Node checks its open requests every connectionsCheckingInterval; requestTimeout set only after the
    // server is made (Fastify's own option alone) did not cut a trickle on Node 20, so it is passed at creation too.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.requestTimeoutMs / 4)),
    },
    // Node's refusals before a request reaches Fastify (timeout 408, request line or headers over the header limit
    // 431, not HTTP 400) answer in the envelope too.
    clientErrorHandler: (err, socket) => {
      const code = (err as { code?: string }).code;
      if (code === 'ECONNRESET' || socket.destroyed) return;
      answerOnSocket(socket, fromClientError(err as { code?: string }));
    },
    // Only a proxy named in TRUST_PROXY may set the client address (X-Forwarded-For); by default nobody.
    trustProxy: config.trustProxy,
    // Router refusals (%ZZ in a path, an over-long parameter) answer in the envelope like every other error.
    frameworkErrors: (err, _req, reply) => {
      // The reply is sent here; nothing waits for it (a FastifyReply is thenable).
      void sendError(
        reply,
        fromFastifyError(err as FastifyError, config.jsonBodyLimit) ?? badRequest(err.message, 'url'),
      );
    },
  }) as unknown as FastifyInstance;
  const services: Services = {
    db: database.db,
    readDb: database.readDb,
    dbKind: database.kind,
    config,
    log,
    jobs: new JobRunner(database.db, log, config.jobPollMs),
    drive: createDrive(config.env, config.dataDir),
    erp: createErp(config, database.db),
    shop: createShop(config.env),
    apiLog: new ApiLogWriter(database.db, log),
    maintenance: new MaintenanceFlag(database.db, config.maintenanceCacheMs),
    sessions: new SessionCache({ maxAgeMs: config.sessionCacheMs, maxEntries: 10_000 }),
  };
  // What the process caches goes when its rows change, here or in another process (db/change-notices.ts).
  database.changes.on('settings', () => services.maintenance.invalidate());
  database.changes.on('auth', () => services.sessions.clear());
  // The ERP outbox's job handler (documents register their loaders from their routes).
  registerErpOutbox(services);
  // With an ERP, head office's shipments of purchase orders come from it (modules/purchasing/posting/erp-shipments.ts).
  registerErpShipments(services);
  // The e-invoice provider (EINVOICE_MODE; refuses to start naming each missing SINVOICE_* variable) and its job.
  registerEInvoices(services, config.env);

  // The zod schemas are parsed inside each route (one validation path with field-naming messages);
  // fastify only uses them for the OpenAPI document.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 10 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Franchise Portal API',
        version: '1.0.0',
        description: 'HTTP contract of the Franchise Portal server (spec/api.md).',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.decorateRequest('auth', null);
  // One gate per API request, before its body is read: headers, the cross-site and content-type refusals, the
  // caller, the maintenance flag. Written with a callback, not async: when the session cache and the flag's cache
  // answer (nearly always), the request passes without a promise or a turn of the event loop (http/README.md).
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/api/')) return done();
    // API answers are never cached and never content-sniffed.
    reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
    try {
      // Cross-site state-changing requests (403) and bodies of a type the route does not take (415),
      // http/request-guard.ts.
      guardRequest(req, req.routeOptions.config?.multipart === true);
    } catch (e) {
      return done(e as Error);
    }
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : req.cookies[SESSION_COOKIE];
    const known = token ? knownSession(token, services.sessions) : null;
    if (!token || known) {
      req.auth = known;
      return maintenanceGate(req, done);
    }
    authenticate(services.db, token, services.sessions).then((auth) => {
      req.auth = auth;
      maintenanceGate(req, done);
    }, done);
  });
  /** Refuses a non-admin's call with 503 while the system is under maintenance (but for MAINTENANCE_OPEN). */
  const maintenanceGate = (req: FastifyRequest, done: (err?: Error) => void) => {
    if (req.auth?.isAdmin || MAINTENANCE_OPEN.some((p) => req.url.startsWith(p))) return done();
    const refuse = (m: MaintenanceState) =>
      m.on ? done(unavailable(m.notice || 'The system is under maintenance. Please try again later.')) : done();
    const cached = services.maintenance.cached();
    if (cached) return refuse(cached);
    services.maintenance.get().then(refuse, done);
  };
  // Every JSON body, whatever the route does with it, is walked once without recursion: depth, NUL, surrogates.
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      if (req.body !== undefined && req.body !== null) rejectBadText(req.body, 'body');
    } catch (e) {
      return done(e as Error);
    }
    done();
  });
  registerApiLog(app, services.apiLog);

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    // Bad input never answers 500: Fastify's refusals and the database errors input can cause are mapped once here.
    const known =
      err instanceof AppError
        ? err
        : (erpHttpError(err) ?? fromPgError(err) ?? fromFastifyError(err, config.jsonBodyLimit));
    if (known) return sendError(reply, known);
    req.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ result: false, data: null, errors: [{ code: 'system_error', msg: DEFAULT_ERROR }] });
  });

  const router = new Router(app, services);
  for (const register of modules) await register(router);
  proxyRoute(router, app);

  // The built web app; an unknown path of the app answers its index.html with status 404 (http/web-app.ts).
  await registerWebApp(app, config.webDist);

  return { app, services, router };
}

function sendError(reply: FastifyReply, err: AppError) {
  return reply.status(err.status).send({ result: false, data: null, errors: err.toErrors() });
}
