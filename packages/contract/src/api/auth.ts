import { z } from 'zod';
import { languageBody, languageResponse, loginBody, meResponse, resetPasswordBody } from '../auth.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { authOps } from '../ops/auth.js';

/** auth: the schemas of each operation, keyed like authOps. */
export const authSchemas = {
  login: { body: loginBody },
  me: { response: meResponse },
  resetPassword: { body: resetPasswordBody, response: z.object({ logged_out: z.boolean() }) },
  language: { body: languageBody, response: languageResponse },
  logout: { response: z.object({ logged_out: z.boolean() }) },
} satisfies SchemasOf<typeof authOps>;

/** auth: meta and schemas of each operation, as the server registers them. */
export const authApi = joinOps(authOps, authSchemas);
