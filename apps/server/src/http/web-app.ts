import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isAppRoute } from '@fp/contract/web';

/** Hashed build files: their name changes with their content, so a browser may keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built web app (`config.webDist`) and the answers for paths no route serves.
 * - Files are served with their precompressed `.br` / `.gz` siblings (written by the web build) when the client
 *   accepts them; `/assets/*` (hashed) are cached for a year, everything else (index.html) is revalidated.
 * - A path of the web app answers index.html: status 200 for a route of the app (the contract's route table,
 *   parameters included), 404 for any other path, where the app shows "Page not found <path>".
 * - Every HTML answer carries `X-Frame-Options: DENY` and `Content-Security-Policy: frame-ancestors 'none'`.
 * - `/api/…`, `/builds/…` and non-GET requests get the API's 404 envelope; a missing asset a plain 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  // No page of ours may be framed by another (clickjacking): every HTML answer says so in both headers.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
      void reply.header('x-frame-options', 'DENY').header('content-security-policy', "frame-ancestors 'none'");
    done(null, payload);
  });
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        const assets = path.relative(webDist, file).startsWith(`assets${path.sep}`);
        void reply.header('cache-control', assets ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0];
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/builds/');
    if (!hasWeb || !isPage) {
      return reply
        .status(404)
        .send({ result: false, data: null, errors: [{ code: 'not_found', msg: `Page not found ${req.url}` }] });
    }
    if (pathname.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found');
    return reply
      .status(isAppRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile('index.html');
  });
}
