import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import pino from 'pino';
import { DEFAULT_ERROR } from '@fp/contract';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { AppError, unavailable } from './http/errors.js';
import { Router } from './http/route.js';
import { JobRunner } from './jobs/queue.js';
import { createErp } from './erp/index.js';
import { createShop } from './modules/shop/config.js';
import type { Services } from './services.js';
import { apiLogs } from './modules/system/schema.js';
import { maintenanceState } from './modules/system/settings.js';
import { authenticate, SESSION_COOKIE } from './modules/auth/service.js';
import { modules } from './modules/index.js';
import { proxyRoute } from './http/proxy.js';
import { registerWebApp } from './http/web-app.js';
import { createDrive } from './modules/drive/config.js';

export type App = { app: FastifyInstance; services: Services; router: Router };

// Calls that still answer while in maintenance, so admins can log in and lift it.
const MAINTENANCE_OPEN = ['/api/auth/', '/api/config'];

export async function buildApp(config: AppConfig, database: Database): Promise<App> {
  const log = pino({ level: config.logLevel });
  const app = Fastify({
    loggerInstance: log,
    bodyLimit: 50 * 1024 * 1024,
    trustProxy: true,
  }) as unknown as FastifyInstance;
  const services: Services = {
    db: database.db,
    dbKind: database.kind,
    config,
    log,
    jobs: new JobRunner(database.db, log, config.jobPollMs),
    drive: createDrive(config.env, config.dataDir),
    erp: createErp(config, database.db),
    shop: createShop(config.env),
  };

  // The zod schemas are parsed inside each route (one validation path with field-naming messages);
  // fastify only uses them for the OpenAPI document.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 10 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Franchise Portal API', version: '1.0.0', description: 'HTTP contract of the Franchise Portal server (spec/api.md).' },
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
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : req.cookies[SESSION_COOKIE];
    if (token) req.auth = await authenticate(services.db, token);
  });
  app.addHook('preHandler', async (req) => {
    if (!req.url.startsWith('/api/') || req.auth?.isAdmin) return;
    if (MAINTENANCE_OPEN.some((p) => req.url.startsWith(p))) return;
    const m = await maintenanceState(services.db);
    if (m.on) throw unavailable(m.notice || 'The system is under maintenance. Please try again later.');
  });
  // Every API call goes to the api log (user, operation, status, duration, error).
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && reply.statusCode >= 400 && typeof payload === 'string') {
      (req as unknown as { errorText?: string }).errorText = firstErrorMsg(payload);
    }
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs')) return;
    const operation = `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`;
    services.db
      .insert(apiLogs)
      .values({
        user_id: req.auth?.userId ?? null,
        username: req.auth?.username ?? null,
        method: req.method,
        operation,
        path: req.url.slice(0, 500),
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 100) / 100,
        error: (req as unknown as { errorText?: string }).errorText ?? null,
      })
      .catch((e: unknown) => log.warn({ err: e }, 'api log write failed'));
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ result: false, data: null, errors: err.toErrors() });
    }
    const fe = err as FastifyError;
    if (fe.statusCode && fe.statusCode < 500) {
      const code = fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.statusCode === 400 ? 'validation_error' : (fe.code ?? 'error');
      return reply.status(fe.statusCode).send({ result: false, data: null, errors: [{ code, msg: fe.message }] });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ result: false, data: null, errors: [{ code: 'system_error', msg: DEFAULT_ERROR }] });
  });

  const router = new Router(app, services);
  for (const register of modules) await register(router);
  proxyRoute(router, app);

  // The built web app; an unknown path of the app answers its index.html with status 404 (http/web-app.ts).
  await registerWebApp(app, config.webDist);

  return { app, services, router };
}

function firstErrorMsg(payload: string): string | undefined {
  try {
    const body = JSON.parse(payload) as { errors?: { msg?: string }[] };
    return body.errors?.[0]?.msg?.slice(0, 1000);
  } catch {
    return undefined;
  }
}
