import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Router } from './route.js';
import { badRequest } from './errors.js';

const proxyBody = z.object({
  url: z.string().min(1, 'url is required'),
  opts: z.object({ method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).default('POST'), body: z.unknown().optional() }).default({ method: 'POST' }),
  token: z.string().optional(),
});

/**
 * api.md: the compatibility proxy of the original transport. It dispatches in process to /api/{url} with the
 * same authentication and permission checks; it never makes an outbound request.
 */
export function proxyRoute(r: Router, app: FastifyInstance) {
  r.define({
    method: 'POST',
    url: '/proxy',
    access: 'public',
    summary: 'Compatibility proxy: {url, opts: {method, body}, token} dispatched in process to /api/{url}',
    body: proxyBody,
    raw: true,
    handler: async ({ body, req, reply }) => {
      const target = body.url.replace(/^\/+/, '').replace(/^api\//, '');
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/') || target.includes('..') || target.startsWith('proxy')) {
        throw badRequest('url must be a path of this API, without scheme or host', 'url');
      }
      const auth = body.token ? `Bearer ${body.token}` : req.headers.authorization;
      const res = await app.inject({
        method: body.opts.method,
        url: `/api/${target}`,
        headers: { ...(auth ? { authorization: auth } : {}), ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}), 'content-type': 'application/json' },
        ...(body.opts.method === 'GET' || body.opts.body === undefined ? {} : { payload: JSON.stringify(body.opts.body) }),
      });
      const type = res.headers['content-type'];
      reply.status(res.statusCode);
      if (type) reply.header('content-type', type);
      return reply.send(res.rawPayload);
    },
  });
}
