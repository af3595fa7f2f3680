import { loginBody, meResponse, resetPasswordBody } from '@fp/contract';
import { z } from 'zod';
import type { Router } from '../../http/route.js';
import { SESSION_COOKIE, changeOwnPassword, login, logout, me } from './service.js';

export function authRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: '/auth/login',
    access: 'public',
    summary: 'Log in; answers the token as a plain JSON string and sets it as an HttpOnly cookie',
    body: loginBody,
    raw: true,
    handler: async ({ body, req, reply, services }) => {
      const token = await login(services.db, { ...body, address: req.ip, ttlHours: services.config.sessionTtlHours });
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/',
        secure: req.protocol === 'https',
        maxAge: services.config.sessionTtlHours * 3600,
      });
      reply.status(200).type('application/json').send(JSON.stringify(token));
    },
  });
  r.route({
    method: 'POST',
    url: '/auth/me',
    access: 'authenticated',
    summary: 'My info: user, role, franchise scope and page permissions',
    response: meResponse,
    handler: ({ auth, services }) => me(services.db, auth),
  });
  r.route({
    method: 'POST',
    url: '/auth/reset-password',
    access: 'authenticated',
    summary: 'Change my password (old_password, new_password); ends every session of the user',
    body: resetPasswordBody,
    response: z.object({ logged_out: z.boolean() }),
    handler: async ({ auth, body, services, reply }) => {
      await changeOwnPassword(services.db, auth, body.old_password, body.new_password);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { logged_out: true };
    },
  });
  r.route({
    method: 'POST',
    url: '/auth/logout',
    access: 'authenticated',
    summary: 'Log out: the token is revoked',
    response: z.object({ logged_out: z.boolean() }),
    handler: async ({ auth, services, reply }) => {
      await logout(services.db, auth.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { logged_out: true };
    },
  });
}
