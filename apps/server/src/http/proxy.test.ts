import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.js';
import { apiPath } from './proxy.js';

const ctx = useTestApp();

const proxy = (payload: unknown, remoteAddress = '10.70.0.1') =>
  ctx.t.app.inject({ method: 'POST', url: '/api/proxy', payload: payload as object, remoteAddress });

describe('compatibility proxy: only a relative API path', () => {
  it.each([
    ['./proxy'],
    ['%70roxy'],
    ['a/../proxy'],
    ['cancel-reasons/../proxy'],
    ['api/proxy'],
    ['/api/PROXY'],
    ['%2570roxy'],
    ['%2e%2e/builds/latest.json'],
    ['../builds/latest.json'],
    ['api/../../builds/latest.json'],
    ['cancel-reasons/%2e%2e/%2e%2e/builds/latest.json'],
    ['http://example.com/api/config'],
    ['HTTP%3A//example.com/x'],
    ['//example.com/api/config'],
    ['%E0%A4%A'],
    ['.'],
  ])('refuses %s with a 400 naming url', async (url) => {
    const res = await proxy({ url, opts: { method: 'GET' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].field).toBe('url');
  });

  it('refuses a nested proxy call without dispatching it', async () => {
    const inner = { url: 'config', opts: { method: 'GET' } };
    const res = await proxy({
      url: './proxy',
      opts: { method: 'POST', body: { url: './proxy', opts: { method: 'POST', body: inner } } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('url');
  });

  it('normalises harmless paths and keeps the query', () => {
    expect(apiPath('cancel-reasons/./1')).toBe('/api/cancel-reasons/1');
    expect(apiPath('/api/cancel-reasons/x/../1')).toBe('/api/cancel-reasons/1');
    expect(apiPath('config/maintenance-mode?t=1')).toBe('/api/config/maintenance-mode?t=1');
    expect(apiPath('%63onfig')).toBe('/api/config');
  });

  it('dispatches a normalised path', async () => {
    const res = await proxy({ url: 'items/../config', opts: { method: 'GET' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveProperty('maintenance_mode');
  });
});

describe('compatibility proxy: body and token', () => {
  it('a POST without opts.body sends {} (the documented default)', async () => {
    const admin = await ctx.t.admin();
    const res = await proxy({ url: 'cancel-reasons/filter', opts: { method: 'POST' }, token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().data.total_count).toBe('number');
    const noOpts = await proxy({ url: 'cancel-reasons/filter', token: admin.token });
    expect(noOpts.statusCode, noOpts.body).toBe(200);
  });

  it('a revoked or bad token is a 401, as it would be directly', async () => {
    const u = await ctx.t.makeUser({ pages: [{ page_url: '/cancelReasons', permission_type: 'view' }] });
    expect(
      (await proxy({ url: 'cancel-reasons/filter', opts: { method: 'POST' }, token: u.client.token })).statusCode,
    ).toBe(200);
    expect((await u.client.post('/api/auth/logout')).statusCode).toBe(200);
    for (const opts of [{ method: 'POST' }, { method: 'GET' }, { method: 'POST', body: {} }]) {
      const url = opts.method === 'GET' ? 'cancel-reasons/1' : 'cancel-reasons/filter';
      const res = await proxy({ url, opts, token: u.client.token });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().errors[0].code).toBe('unauthorized');
    }
    const bad = await proxy({ url: 'cancel-reasons/filter', opts: { method: 'POST' }, token: 'not-a-token' });
    expect(bad.statusCode).toBe(401);
  });
});
