import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Router } from './route.js';
import { badRequest } from './errors.js';

const proxyBody = z.object({
  url: z.string().min(1, 'url is required'),
  opts: z
    .object({ method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).default('POST'), body: z.unknown().optional() })
    .default({ method: 'POST' }),
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
      const target = apiPath(body.url);
      const auth = body.token ? `Bearer ${body.token}` : req.headers.authorization;
      const method = body.opts.method;
      const res = await app.inject({
        method,
        url: target,
        // The caller's address, so the login throttle and the api log count the real client.
        remoteAddress: req.ip,
        headers: {
          ...(auth ? { authorization: auth } : {}),
          ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
          'content-type': 'application/json',
        },
        // api.md: opts.body defaults to an empty object.
        ...(method === 'GET' ? {} : { payload: JSON.stringify(body.opts.body ?? {}) }),
      });
      reply.status(res.statusCode);
      for (const name of ['content-type', 'content-disposition', 'set-cookie']) {
        const value = res.headers[name];
        if (value !== undefined) reply.header(name, value);
      }
      return reply.send(res.rawPayload);
    },
  });
}

const refused = () => badRequest('url must be a path of this API, without scheme or host', 'url');

/**
 * The API path a proxied `url` names, decoded and normalised: percent-escapes decoded (repeatedly, so `%252e` is
 * `.` too), `.` and `..` resolved against `/api/`; refused (400 naming `url`) with a scheme or host, a `..` that
 * would leave `/api`, or `proxy` as any segment. The query string passes unchanged.
 */
export function apiPath(url: string): string {
  const q = url.search(/[?#]/);
  const query = q >= 0 && url[q] === '?' ? url.slice(q) : '';
  let path = q >= 0 ? url.slice(0, q) : url;
  for (let i = 0; ; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      throw refused();
    }
    if (decoded === path) break;
    if (i === 5) throw refused();
    path = decoded;
  }
  const control = [...path].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20);
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//') || control) throw refused();
  const segments: string[] = [];
  const parts = path.replace(/^\/+/, '').split('/');
  if (parts[0] === 'api') parts.shift();
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!segments.length) throw refused();
      segments.pop();
    } else segments.push(part);
  }
  if (!segments.length) throw refused();
  if (segments.some((s) => s.toLowerCase() === 'proxy')) throw badRequest('url must not name the proxy itself', 'url');
  return `/api/${segments.map(encodeURIComponent).join('/')}${query}`;
}
