import { defineOps } from '../ops/meta.js';

/** auth: the zod-free half of the operation table (schemas in ../api/auth.ts). */
export const authOps = defineOps('auth', {
  login: {
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    summary: 'Log in; answers the token as a plain JSON string and sets it as an HttpOnly cookie',
    kind: 'raw',
  },
  me: {
    method: 'POST',
    path: '/auth/me',
    access: 'authenticated',
    summary: 'My info: user, role, franchise scope and page permissions',
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    access: 'authenticated',
    summary: 'Change my password (old_password, new_password); ends every session of the user',
  },
  language: {
    method: 'PUT',
    path: '/auth/language',
    access: 'authenticated',
    summary: 'Change my interface language (language: en or vi); answers the language kept for me',
  },
  logout: { method: 'POST', path: '/auth/logout', access: 'authenticated', summary: 'Log out: the token is revoked' },
});
