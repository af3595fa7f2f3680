import { authApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { changeOwnPassword, login, logout, me, setOwnLanguage } from './service.js';
import { storedSecret } from './secrets.js';
import { DEVICE_COOKIE, SESSION_COOKIE, deviceCookie, knownDevice, sessionCookie } from './cookies.js';

/** The device cookie's key: DEVICE_COOKIE_SECRET, else the one made on the first start and kept in the database. */
export const DEVICE_SECRET_NAME = 'device_cookie';

export async function authRoutes(r: Router) {
  const secret = r.services.config.deviceCookieSecret ?? (await storedSecret(r.services.db, DEVICE_SECRET_NAME));
  r.route(authApi.login, async ({ body, req, reply, services }) => {
    const { config } = services;
    const username = body.username.trim().toLowerCase();
    const token = await login(services.db, {
      ...body,
      address: req.ip,
      ttlHours: config.sessionTtlHours,
      device: knownDevice(secret, req, username),
    });
    reply.setCookie(SESSION_COOKIE, token, sessionCookie(config, req, config.sessionTtlHours * 3600));
    const device = deviceCookie(config, secret, req, username);
    reply.setCookie(DEVICE_COOKIE, device.value, device.options);
    reply.status(200).type('application/json').send(JSON.stringify(token));
  });
  r.route(authApi.me, ({ auth, services }) => me(services.db, auth, services.config.defaultLanguage));
  r.route(authApi.language, ({ auth, body, services }) => setOwnLanguage(services.db, auth, body.language));
  r.route(authApi.resetPassword, async ({ auth, body, services, req, reply }) => {
    await changeOwnPassword(services.db, auth, body.old_password, body.new_password);
    reply.clearCookie(SESSION_COOKIE, sessionCookie(services.config, req));
    return { logged_out: true };
  });
  r.route(authApi.logout, async ({ auth, services, req, reply }) => {
    await logout(services.db, auth.sessionId);
    reply.clearCookie(SESSION_COOKIE, sessionCookie(services.config, req));
    return { logged_out: true };
  });
}
