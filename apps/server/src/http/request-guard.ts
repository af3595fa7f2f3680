import type { FastifyRequest } from 'fastify';
import { AppError, forbidden } from './errors.js';

/**
 * Cross-site request refusal and the body types an operation takes (issue 17, OWASP CSRF Prevention Cheat Sheet:
 * "Verifying Origin with standard headers", Fetch Metadata), checked for every request before its body is read.
 *
 * - A state-changing request (POST, PUT, PATCH, DELETE) whose `Origin` is not this site's (the `Host` the request
 *   was sent to; behind a proxy named in TRUST_PROXY, its X-Forwarded-Host), or that the browser marks
 *   `Sec-Fetch-Site: cross-site` / `same-site`, is a 403: a page of another site cannot post with the user's cookie,
 *   whatever the content type. A request with neither header (curl, a server with a Bearer token) is not a
 *   browser's cross-site request and passes.
 * - An operation that takes JSON (every one but the multipart uploads) takes it only as application/json: any other
 *   declared content type is a 415 (a form or text/plain post is what a cross-site page can send without asking).
 *   A request without a body and without a content type (a body-less POST such as logout) passes.
 */
export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** host[:port] in lower case without the scheme's default port; '' when not a URL of http(s). */
function hostOfOrigin(origin: string): string {
  try {
    const u = new URL(origin);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.host.toLowerCase() : '';
  } catch {
    return '';
  }
}

/** The Host the request was sent to, as an Origin would name it (no :80 / :443). */
function ownHost(req: FastifyRequest): string {
  return req.host.toLowerCase().replace(/:(80|443)$/, '');
}

/** Why the request is a cross-site one, or null when it comes from this site or from no browser page. */
export function crossSiteReason(req: FastifyRequest): string | null {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    const host = hostOfOrigin(origin);
    return host !== '' && host === ownHost(req) ? null : `Origin ${origin.slice(0, 200)}`;
  }
  const site = req.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site' ? `Sec-Fetch-Site ${site}` : null;
}

/** The bare media type of the request's Content-Type header, '' when there is none. */
function mediaType(req: FastifyRequest): string {
  return (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** Throws the 403 or 415 this request gets; `multipart`: the route takes a multipart/form-data upload. */
export function guardRequest(req: FastifyRequest, multipart: boolean): void {
  if (!STATE_CHANGING.has(req.method)) return;
  const reason = crossSiteReason(req);
  if (reason) throw forbidden(`Requests from another site are not accepted (${reason})`, 'cross_site_request');
  const type = mediaType(req);
  if (!multipart && type !== '' && type !== 'application/json')
    throw new AppError(
      415,
      'unsupported_media_type',
      `Send the body as application/json, not ${type.slice(0, 100)}`,
      'body',
    );
}
