import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.js';
import { IMMUTABLE } from './web-app.js';

// A build output as `vite build` writes it: index.html, hashed assets, and their precompressed siblings.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-web-dist-'));
const html = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const script = `console.log(${JSON.stringify('Franchise Portal '.repeat(500))});`;
fs.mkdirSync(path.join(dist, 'assets'));
for (const [file, body] of [
  ['index.html', html],
  ['assets/index-AbC123.js', script],
]) {
  fs.writeFileSync(path.join(dist, file), body);
  fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(body));
  fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(body));
}

const ctx = useTestApp({ WEB_DIST: dist });
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
const get = (url: string, headers: Record<string, string> = {}) => ctx.t.app.inject({ method: 'GET', url, headers });

describe('the web app', () => {
  it('may not be framed by another site: every page answer says so', async () => {
    for (const [url, headers] of [
      ['/', {}],
      ['/users', { 'accept-encoding': 'br' }],
      ['/no/such/page', { 'accept-encoding': 'gzip' }],
      ['/index.html', {}],
    ] as const) {
      const res = await get(url, headers);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toBe("frame-ancestors 'none'");
    }
  });

  it('answers a route of the app with index.html, status 200, revalidated', async () => {
    for (const url of [
      '/',
      '/login',
      '/users',
      '/users/12',
      '/pageStructure/detail/tablet/itemPrice',
      '/customers/records?x=1',
      '/Items/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(html);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers an unknown path with status 404 and the same index.html, so the app shows "Page not found <path>"', async () => {
    for (const url of ['/nope', '/users/12/extra', '/cancelReasonz?a=b', '/api', '/login/again']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(html);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps the API 404 envelope under /api and a plain 404 for a missing asset', async () => {
    const api = await get('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ result: false, data: null, errors: [{ code: 'not_found' }] });
    const asset = await get('/assets/gone-XyZ987.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('<div id="root">');
  });

  it('caches hashed assets for a year, immutable', async () => {
    const res = await get('/assets/index-AbC123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(script);
  });

  it('sends gzip or brotli when the client accepts it, and plain bytes when not', async () => {
    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toMatch(/accept-encoding/i);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.rawPayload.length).toBeLessThan(script.length / 4);

    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const page = await get('/nope', { 'accept-encoding': 'gzip' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(page.rawPayload).toString()).toBe(html);

    const plain = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
