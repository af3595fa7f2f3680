import { authApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { SESSION_COOKIE, changeOwnPassword, login, logout, me } from './service.js';

export function authRoutes(r: Router) {
  r.route(authApi.login, async ({ body, req, reply, services }) => {
    const token = await login(services.db, { ...body, address: req.ip, ttlHours: services.config.sessionTtlHours });
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      secure: req.protocol === 'https',
      maxAge: services.config.sessionTtlHours * 3600,
    });
    reply.status(200).type('application/json').send(JSON.stringify(token));
  });
  r.route(authApi.me, ({ auth, services }) => me(services.db, auth));
  r.route(authApi.resetPassword, async ({ auth, body, services, reply }) => {
    await changeOwnPassword(services.db, auth, body.old_password, body.new_password);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { logged_out: true };
  });
  r.route(authApi.logout, async ({ auth, services, reply }) => {
    await logout(services.db, auth.sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { logged_out: true };
  });
}
