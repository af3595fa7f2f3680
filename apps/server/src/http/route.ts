import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { HandlerInput, HandlerResult, Operation, PermissionType } from '@fp/contract';
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
  { page: string | readonly string[]; level: PermissionType } | 'public' | 'authenticated' | 'admin';

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
  /** The body is a multipart/form-data upload (read by the handler); every other route takes JSON only. */
  multipart?: boolean;
  handler: (ctx: HandlerCtx<z.output<B>, z.output<Q>, z.output<P>>) => Promise<R>;
};

/** `name`: the operation's name in the contract (`cancelReasons.get`). */
export type RegisteredRoute = { method: Method; url: string; access: Access; summary: string; name?: string };

/** The handler of an operation: gets its parsed input, returns what its response schema accepts (compile error otherwise). */
export type OpHandler<O extends Operation> = (
  ctx: HandlerCtx<HandlerInput<O>['body'], HandlerInput<O>['query'], HandlerInput<O>['params']>,
) => Promise<HandlerResult<O>>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** RouteDef.multipart: the route takes an upload form instead of JSON (http/request-guard.ts). */
    multipart?: boolean;
  }
}

export class Router {
  readonly routes: RegisteredRoute[] = [];
  constructor(
    private readonly app: FastifyInstance,
    readonly services: Services,
  ) {}

  /** Registers an operation of the contract (DEVELOPING.md "Operations"): method, path, access and schemas come from it. */
  route<O extends Operation>(op: O, handler: OpHandler<O>): void {
    const def: RouteDef<z.ZodType, z.ZodType, z.ZodType, unknown> = {
      method: op.method,
      url: op.path,
      access: op.access,
      summary: op.summary,
      ...(op.tags ? { tags: [...op.tags] } : {}),
      ...(op.body ? { body: op.body } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(op.params ? { params: op.params } : {}),
      ...(op.response ? { response: op.response } : {}),
      ...(op.status ? { status: op.status } : {}),
      ...(op.idempotent ? { idempotent: true } : {}),
      ...(op.kind === 'raw' ? { raw: true } : {}),
      ...(op.multipart ? { multipart: true } : {}),
      handler: handler as RouteDef<z.ZodType, z.ZodType, z.ZodType, unknown>['handler'],
    };
    this.define(def, op.name);
  }

  /** The registration under `route`; only the compatibility proxy (not an operation of the contract) calls it directly. */
  define<
    B extends z.ZodType = z.ZodUndefined,
    Q extends z.ZodType = z.ZodUndefined,
    P extends z.ZodType = z.ZodUndefined,
    R = unknown,
  >(def: RouteDef<B, Q, P, R>, name?: string): void {
    const url = def.url.startsWith('/api/') || def.url.startsWith('/builds/') ? def.url : `/api${def.url}`;
    this.routes.push({ method: def.method, url, access: def.access, summary: def.summary, ...(name ? { name } : {}) });
    const services = this.services;
    const status = def.status ?? 200;
    this.app.route({
      method: def.method,
      url,
      config: { access: def.access, multipart: def.multipart === true },
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
        const run = (db: Db = services.db) =>
          def.handler({
            req,
            reply,
            auth: auth as Auth,
            body,
            query,
            params,
            services: db === services.db ? services : { ...services, db },
          });
        if (def.raw) {
          await run();
          return reply;
        }
        const key = def.idempotent ? req.headers['idempotency-key'] : undefined;
        if (typeof key === 'string' && key.length > 0 && auth) {
          const operation = `${def.method} ${req.url.split('?')[0]}`;
          const answer = await idempotent(
            services.db,
            { userId: auth.userId, operation, key, body: req.body, status },
            (tx) => run(tx as unknown as Db),
          );
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
