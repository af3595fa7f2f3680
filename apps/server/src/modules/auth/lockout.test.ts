import { afterEach, describe, expect, it, vi } from 'vitest';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { createTestApp, useTestApp } from '../../../test/helpers.js';
import { loginFailures, users } from './schema.js';
import { LOGIN_LIMITS } from './service.js';
import { storedSecret } from './secrets.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';

// OWASP Authentication Cheat Sheet, "Account lockout": failures must not let anyone lock a user out of a browser the
// user logged in from before; the address limit counts the real client; the count is atomic; a missing username
// costs what a wrong password costs.
const ctx = useTestApp();

type Opts = { ip?: string; cookie?: string; headers?: Record<string, string> };
const login = (username: string, password: string, o: Opts = {}) =>
  ctx.t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: o.ip ?? '10.0.0.1',
    headers: { ...(o.cookie ? { cookie: o.cookie } : {}), ...o.headers },
  });

/** The `fp_device=…` pair of a login answer, as a browser would send it back. */
const deviceCookieOf = (res: Awaited<ReturnType<typeof login>>) => {
  const c = res.cookies.find((x) => x.name === 'fp_device');
  if (!c) throw new Error('no device cookie');
  return `fp_device=${c.value}`;
};
const failuresOf = (username: string) =>
  ctx.t.services.db.select().from(loginFailures).where(eq(loginFailures.username, username));

afterEach(() => vi.restoreAllMocks());

describe('device cookie (a browser the user logged in from before)', () => {
  it('is set on a successful login: signed, HttpOnly, SameSite=Strict, long-lived', async () => {
    const u = await ctx.t.makeUser({});
    const res = await login(u.username, 'Passw0rd1', { ip: '10.10.0.1' });
    expect(res.statusCode).toBe(200);
    const c = res.cookies.find((x) => x.name === 'fp_device')!;
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(c.maxAge).toBeGreaterThanOrEqual(180 * 24 * 3600);
    expect(c.secure).toBeFalsy();
  });

  it('failures from unknown devices lock out unknown devices only; the user still logs in from their browser', async () => {
    const u = await ctx.t.makeUser({});
    const browser = deviceCookieOf(await login(u.username, 'Passw0rd1', { ip: '10.11.0.1' }));
    // An attacker spreads guesses over many addresses until the username limit for unknown devices is reached.
    for (let i = 0; i < LOGIN_LIMITS.username; i++)
      expect((await login(u.username, 'Guess0001', { ip: `10.12.0.${i + 1}` })).statusCode).toBe(401);
    const fresh = await login(u.username, 'Passw0rd1', { ip: '10.12.1.1' });
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().errors[0]).toMatchObject({
      code: 'too_many_requests',
      msg: 'Too many failed logins. Please wait 15 minutes and try again.',
    });
    // The user's own browser (same or another address) is not locked out.
    expect((await login(u.username, 'Passw0rd1', { ip: '10.11.0.1', cookie: browser })).statusCode).toBe(200);
    expect((await login(u.username, 'Passw0rd1', { ip: '10.11.0.99', cookie: browser })).statusCode).toBe(200);
  });

  it('a forged or another user’s device cookie is an unknown device', async () => {
    const a = await ctx.t.makeUser({});
    const b = await ctx.t.makeUser({});
    const aBrowser = deviceCookieOf(await login(a.username, 'Passw0rd1', { ip: '10.13.0.1' }));
    for (let i = 0; i < LOGIN_LIMITS.username; i++) await login(b.username, 'Guess0001', { ip: `10.14.0.${i + 1}` });
    // a's cookie does not vouch for b, and a tampered signature vouches for nobody.
    expect((await login(b.username, 'Passw0rd1', { ip: '10.13.0.1', cookie: aBrowser })).statusCode).toBe(429);
    const [name, value] = aBrowser.split('=');
    const forged = `${name}=${Buffer.from(b.username).toString('base64url')}.${value.split('.')[1]}.${value.split('.')[2]}`;
    expect((await login(b.username, 'Passw0rd1', { ip: '10.13.0.1', cookie: forged })).statusCode).toBe(429);
  });

  it('keeps one entry per user on a shared browser', async () => {
    const a = await ctx.t.makeUser({});
    const b = await ctx.t.makeUser({});
    const first = deviceCookieOf(await login(a.username, 'Passw0rd1', { ip: '10.15.0.1' }));
    const both = deviceCookieOf(await login(b.username, 'Passw0rd1', { ip: '10.15.0.1', cookie: first }));
    for (let i = 0; i < LOGIN_LIMITS.username; i++) await login(a.username, 'Guess0001', { ip: `10.16.0.${i + 1}` });
    expect((await login(a.username, 'Passw0rd1', { ip: '10.15.0.1', cookie: both })).statusCode).toBe(200);
  });

  it('failures from a known browser throttle that browser only', async () => {
    const u = await ctx.t.makeUser({});
    const browser = deviceCookieOf(await login(u.username, 'Passw0rd1', { ip: '10.17.0.1' }));
    for (let i = 0; i < LOGIN_LIMITS.device; i++)
      expect((await login(u.username, 'Guess0001', { ip: '10.17.0.1', cookie: browser })).statusCode).toBe(401);
    expect((await login(u.username, 'Passw0rd1', { ip: '10.17.0.1', cookie: browser })).statusCode).toBe(429);
    expect((await login(u.username, 'Passw0rd1', { ip: '10.17.0.2' })).statusCode).toBe(200);
  });
});

describe('a store behind one address (issue 17)', () => {
  it('30 failed logins with any usernames from the address throttle unknown devices only: known browsers get in', async () => {
    const cashier = await ctx.t.makeUser({});
    const manager = await ctx.t.makeUser({});
    const till = deviceCookieOf(await login(cashier.username, 'Passw0rd1', { ip: '10.70.0.1' }));
    const office = deviceCookieOf(await login(manager.username, 'Passw0rd1', { ip: '10.70.0.1' }));
    for (let i = 0; i < LOGIN_LIMITS.address; i++)
      expect((await login(`guess${i}`, 'Guess0001', { ip: '10.70.0.1' })).statusCode).toBe(401);
    // An unknown device behind the address waits; a wrong password from a known browser is still only a 401.
    expect((await login(cashier.username, 'Passw0rd1', { ip: '10.70.0.1' })).statusCode).toBe(429);
    expect((await login(cashier.username, 'Guess0001', { ip: '10.70.0.1', cookie: till })).statusCode).toBe(401);
    for (const [user, cookie] of [
      [cashier.username, till],
      [manager.username, office],
    ] as const) {
      const res = await login(user, 'Passw0rd1', { ip: '10.70.0.1', cookie });
      expect(res.statusCode, user).toBe(200);
      expect(typeof res.json()).toBe('string');
    }
  });

  it('a known browser still gets in after a restart: the device key is kept in the database', async () => {
    const u = await ctx.t.makeUser({});
    const browser = deviceCookieOf(await login(u.username, 'Passw0rd1', { ip: '10.71.0.1' }));
    for (let i = 0; i < LOGIN_LIMITS.address; i++) await login(`nobody${i}`, 'Guess0001', { ip: '10.71.0.1' });
    // A second process on the same database (a restart, or a second instance), its configuration read afresh.
    const restarted = await buildApp(loadConfig(ctx.t.config.env), ctx.t.database);
    try {
      const again = (cookie?: string) =>
        restarted.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: u.username, password: 'Passw0rd1' },
          remoteAddress: '10.71.0.1',
          ...(cookie ? { headers: { cookie } } : {}),
        });
      expect((await again()).statusCode).toBe(429);
      expect((await again(browser)).statusCode).toBe(200);
    } finally {
      await restarted.services.jobs.stop();
      await restarted.app.close();
    }
  });

  it('makes the key once: processes starting at once agree on it', async () => {
    const keys = await Promise.all(Array.from({ length: 6 }, () => storedSecret(ctx.t.services.db, 'test_key')));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(await storedSecret(ctx.t.services.db, 'test_key')).toBe(keys[0]);
  });

  // Two apps on databases of their own: more than the default 30 s on a loaded machine.
  it(
    'DEVICE_COOKIE_SECRET, when set, is the key: a browser known to one database is known to another',
    { timeout: 120_000 },
    async () => {
      const env = { DEVICE_COOKIE_SECRET: 'a-shared-secret-of-the-deployment' };
      const a = await createTestApp(env);
      // Another database: its own stored key differs, so only the shared one can vouch for the browser there.
      const b = await createTestApp(env);
      try {
        const call = (t: typeof a, cookie?: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { username: 'admin', password: 'Admin1234' },
            remoteAddress: '10.72.0.1',
            ...(cookie ? { headers: { cookie } } : {}),
          });
        const browser = deviceCookieOf(await call(a));
        // The address has used up its failures on b (rows as a failed login writes them).
        await b.services.db
          .insert(loginFailures)
          .values(
            Array.from({ length: LOGIN_LIMITS.address }, (_, i) => ({ username: `x${i}`, address: '10.72.0.1' })),
          );
        expect((await call(b)).statusCode).toBe(429);
        expect((await call(b, browser)).statusCode).toBe(200);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    },
  );
});

describe('the address limit counts the real client address', () => {
  it('X-Forwarded-For is ignored when TRUST_PROXY is not set', async () => {
    const u = await ctx.t.makeUser({});
    for (let i = 0; i < LOGIN_LIMITS.pair; i++) {
      const res = await login(u.username, 'Guess0001', {
        ip: '10.20.0.1',
        headers: { 'x-forwarded-for': `172.16.0.${i + 1}` },
      });
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await login(u.username, 'Passw0rd1', { ip: '10.20.0.1', headers: { 'x-forwarded-for': '172.16.1.1' } }))
        .statusCode,
    ).toBe(429);
    expect(new Set((await failuresOf(u.username.toLowerCase())).map((f) => f.address))).toEqual(new Set(['10.20.0.1']));
  });

  it('X-Forwarded-For is believed from the proxies TRUST_PROXY names, and only from them', async () => {
    const t = await createTestApp({ TRUST_PROXY: '10.30.0.0/16, 10.31.0.5' });
    try {
      const call = (ip: string, xff: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'ghost', password: 'Guess0001' },
          remoteAddress: ip,
          headers: { 'x-forwarded-for': xff },
        });
      await call('10.30.1.1', '203.0.113.7');
      await call('10.31.0.5', '203.0.113.8');
      await call('10.32.0.1', '203.0.113.9');
      const rows = await t.services.db.select().from(loginFailures).where(eq(loginFailures.username, 'ghost'));
      expect(rows.map((r) => r.address).sort()).toEqual(['10.32.0.1', '203.0.113.7', '203.0.113.8']);
    } finally {
      await t.close();
    }
  });

  it('a login through /api/proxy counts the caller’s address, not the server’s own', async () => {
    const u = await ctx.t.makeUser({});
    const viaProxy = (ip: string, password: string) =>
      ctx.t.app.inject({
        method: 'POST',
        url: '/api/proxy',
        payload: { url: 'auth/login', opts: { method: 'POST', body: { username: u.username, password } } },
        remoteAddress: ip,
      });
    for (let i = 0; i < LOGIN_LIMITS.pair; i++) expect((await viaProxy('10.40.0.1', 'Guess0001')).statusCode).toBe(401);
    expect((await viaProxy('10.40.0.1', 'Passw0rd1')).statusCode).toBe(429);
    // Another caller of the proxy is not throttled by the first one's failures.
    const other = await viaProxy('10.40.0.2', 'Passw0rd1');
    expect(other.statusCode).toBe(200);
    expect(other.cookies.map((c) => c.name)).toContain('fp_device');
    expect(new Set((await failuresOf(u.username.toLowerCase())).map((f) => f.address))).toEqual(new Set(['10.40.0.1']));
  });
});

describe('the count is checked and written atomically', () => {
  it('60 parallel wrong logins for one username from many addresses get at most the username limit of password checks', async () => {
    const u = await ctx.t.makeUser({});
    const verify = vi.spyOn(argon2, 'verify');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(u.username, 'Guess0001', { ip: `10.50.${Math.floor(i / 200)}.${(i % 200) + 1}` }),
      ),
    );
    const checked = answers.filter((a) => a.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.username);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(LOGIN_LIMITS.username);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(60 - checked);
  });

  it('60 parallel wrong logins from one address get at most the pair limit of password checks', async () => {
    const u = await ctx.t.makeUser({});
    const verify = vi.spyOn(argon2, 'verify');
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => login(u.username, 'Guess0001', { ip: '10.51.0.1' })),
    );
    expect(answers.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.pair);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(LOGIN_LIMITS.pair);
  });
});

describe('an unknown username costs what a wrong password costs', () => {
  it('checks one argon2 hash for an unknown username, a wrong password and an inactive user alike, with the same answer', async () => {
    const u = await ctx.t.makeUser({});
    const sleepy = await ctx.t.makeUser({});
    await ctx.t.services.db.update(users).set({ is_active: false }).where(eq(users.user_id, sleepy.id));
    const verify = vi.spyOn(argon2, 'verify');
    const wrong = await login(u.username, 'Guess0001', { ip: '10.60.0.1' });
    const unknown = await login('nobody-here', 'Guess0001', { ip: '10.60.0.2' });
    const inactive = await login(sleepy.username, 'Passw0rd1', { ip: '10.60.0.3' });
    expect(verify).toHaveBeenCalledTimes(3);
    expect(verify.mock.calls[1][0]).toMatch(/^\$argon2id\$/);
    for (const res of [wrong, unknown, inactive]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0]).toEqual({
        code: 'wrong_username_password',
        msg: 'Username hoặc mật khẩu không đúng',
      });
    }
  });
});
