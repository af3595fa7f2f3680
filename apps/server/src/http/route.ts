import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PermissionType } from '@fp/contract';
import { envelope } from '@fp/contract';
import type { Auth } from './context.js';
import { canAccess } from './context.js';
import { AppError, forbidden, unauthorized } from './errors.js';
import { parseOrThrow } from './validation.js';
import type { Services } from '../services.js';
import type { Db } from '../db/client.js';
import { idempotent } from './idempotency.js';

/** Every operation declares the page it belongs to and the level it needs (ARCHITECTURE: Access). */
export type Access =
  /** A list of pages means any one of them grants the level (e.g. a lookup both a desktop and a tablet screen use). */
  | { page: string | readonly string[]; level: PermissionType }
  | 'public'
  | 'authenticated'
  | 'admin';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type HandlerCtx<B, Q, P> = {
  req: FastifyRequest;
  reply: FastifyReply;
  auth: Auth;
  body: B;
  query: Q;
  params: P;
  services: Services;
};

export type RouteDef<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R> = {
  method: Method;
  url: string;
  access: Access;
  summary: string;
  tags?: string[];
  body?: B;
  query?: Q;
  params?: P;
  /** Schema of `data` in the envelope, for OpenAPI. */
  response?: z.ZodType;
  /** HTTP status of a success (201 for creates). */
  status?: number;
  /** Accepts an Idempotency-Key header: the same key and body return the first answer (api.md). */
  idempotent?: boolean;
  /** The handler writes the reply itself (files, plain-string login). */
  raw?: boolean;
  handler: (ctx: HandlerCtx<z.output<B>, z.output<Q>, z.output<P>>) => Promise<R>;
};

export type RegisteredRoute = { method: Method; url: string; access: Access; summary: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

export class Router {
  readonly routes: RegisteredRoute[] = [];
  constructor(
    private readonly app: FastifyInstance,
    readonly services: Services,
  ) {}

  route<B extends z.ZodType = z.ZodUndefined, Q extends z.ZodType = z.ZodUndefined, P extends z.ZodType = z.ZodUndefined, R = unknown>(
    def: RouteDef<B, Q, P, R>,
  ): void {
    const url = def.url.startsWith('/api/') || def.url.startsWith('/builds/') ? def.url : `/api${def.url}`;
    this.routes.push({ method: def.method, url, access: def.access, summary: def.summary });
    const services = this.services;
    const status = def.status ?? 200;
    this.app.route({
      method: def.method,
      url,
      config: { access: def.access },
      schema: {
        summary: def.summary,
        tags: def.tags ?? [tagOf(url)],
        ...(def.body ? { body: def.body } : {}),
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.params ? { params: def.params } : {}),
        ...(def.response && !def.raw ? { response: { [status]: envelope(def.response) } } : {}),
        ...(def.access !== 'public' ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
      },
      handler: async (req, reply) => {
        const auth = authorize(req, def.access);
        const body = def.body ? parseOrThrow(def.body, req.body ?? {}, '') : (undefined as never);
        const query = def.query ? parseOrThrow(def.query, req.query ?? {}, '', 'query') : (undefined as never);
        const params = def.params ? parseOrThrow(def.params, req.params ?? {}, '', 'params') : (undefined as never);
        const run = (db: Db = services.db) => def.handler({ req, reply, auth: auth as Auth, body, query, params, services: db === services.db ? services : { ...services, db } });
        if (def.raw) {
          await run();
          return reply;
        }
        const key = def.idempotent ? req.headers['idempotency-key'] : undefined;
        if (typeof key === 'string' && key.length > 0 && auth) {
          const operation = `${def.method} ${req.url.split('?')[0]}`;
          const answer = await idempotent(services.db, { userId: auth.userId, operation, key, body: req.body, status }, (tx) => run(tx as unknown as Db));
          return reply.status(answer.status).send(answer.response);
        }
        const data = await run();
        return reply.status(status).send({ result: true, data: data ?? null, errors: [] });
      },
    });
  }
}

function tagOf(url: string) {
  return url.split('/')[2] ?? 'api';
}

function authorize(req: FastifyRequest, access: Access): Auth | null {
  if (access === 'public') return req.auth;
  const auth = req.auth;
  if (!auth) throw unauthorized();
  if (access === 'authenticated') return auth;
  if (access === 'admin') {
    if (!auth.isAdmin) throw forbidden('Only Administrators may do this');
    return auth;
  }
  const pages: readonly string[] = typeof access.page === 'string' ? [access.page] : access.page;
  if (!pages.some((page) => canAccess(auth, page, access.level))) {
    throw forbidden(`You need ${access.level} permission on ${pages.join(' or ')}`);
  }
  return auth;
}

export { AppError };
