import { loginBody, meResponse, resetPasswordBody } from '@fp/contract';
import { z } from 'zod';
import type { Router } from '../../http/route.js';
import { changeOwnPassword, login, logout, me } from './service.js';
import { DEVICE_COOKIE, SESSION_COOKIE, deviceCookie, knownDevice, sessionCookie } from './cookies.js';

export function authRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: '/auth/login',
    access: 'public',
    summary: 'Log in; answers the token as a plain JSON string and sets it as an HttpOnly cookie',
    body: loginBody,
    raw: true,
    handler: async ({ body, req, reply, services }) => {
      const { config } = services;
      const username = body.username.trim().toLowerCase();
      const token = await login(services.db, {
        ...body,
        address: req.ip,
        ttlHours: config.sessionTtlHours,
        device: knownDevice(config, req, username),
      });
      reply.setCookie(SESSION_COOKIE, token, sessionCookie(config, req, config.sessionTtlHours * 3600));
      const device = deviceCookie(config, req, username);
      reply.setCookie(DEVICE_COOKIE, device.value, device.options);
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
    handler: async ({ auth, body, services, req, reply }) => {
      await changeOwnPassword(services.db, auth, body.old_password, body.new_password);
      reply.clearCookie(SESSION_COOKIE, sessionCookie(services.config, req));
      return { logged_out: true };
    },
  });
  r.route({
    method: 'POST',
    url: '/auth/logout',
    access: 'authenticated',
    summary: 'Log out: the token is revoked',
    response: z.object({ logged_out: z.boolean() }),
    handler: async ({ auth, services, req, reply }) => {
      await logout(services.db, auth.sessionId);
      reply.clearCookie(SESSION_COOKIE, sessionCookie(services.config, req));
      return { logged_out: true };
    },
  });
}
