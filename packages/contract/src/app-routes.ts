// The web app's routes, for the web router and for the server (an unknown route gets HTTP 404 with the app).
import { pages } from './pages.js';

/** The web app's routes outside the page table. */
export const shellRoutes = ['/login', '/maintenance'] as const;

/** A page url as a React Router path: /users/{id} → users/:id; a trailing {slug} spans several segments → *. */
export const routePath = (url: string) =>
  url
    .slice(1)
    .replace(/\{slug\}$/, '*')
    .replace(/\{(\w+)\}/g, ':$1');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The url as React Router matches it: case-insensitive, a trailing slash ignored, {x} one segment, a trailing {slug} any rest. */
const patternOf = (url: string) => {
  const splat = url.endsWith('/{slug}');
  const fixed = splat ? url.slice(0, -'/{slug}'.length) : url;
  const body = fixed
    .split('/')
    .map((seg) => (/^\{\w+\}$/.test(seg) ? '[^/]+' : escape(seg)))
    .join('/');
  return new RegExp(`^${body}${splat ? '(?:/.*)?' : ''}/?$`, 'i');
};

let patterns: RegExp[] | undefined;

/** Whether the web app shows a screen of its own at this path (not its "Page not found"). Takes a pathname without query. */
export function isAppRoute(pathname: string): boolean {
  patterns ??= [...pages.map((p) => p.url), ...shellRoutes].map(patternOf);
  return pathname === '/' || patterns.some((re) => re.test(pathname));
}
