import { z } from 'zod';
import { int32 } from './common.js';
import { password } from './validators.js';
import { languages, permissionTypes } from './constants.js';

export const loginBody = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'This is required field!'),
  password: z.string({ error: 'password is required' }).min(1, 'This is required field!'),
});
export const loginResponse = z.string().describe('the session token, a plain string');

export const resetPasswordBody = z.object({
  old_password: z.string({ error: 'old_password is required' }).min(1, 'This is required field!'),
  new_password: password(),
});

export const pageGrant = z.object({ page_url: z.string(), permission_type: z.enum(permissionTypes) });
export type PageGrant = z.infer<typeof pageGrant>;

export const meUser = z.object({
  user_id: int32(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role_id: int32().nullable(),
  customer_no: z.string().nullable(),
  device_id: int32().nullable(),
  is_active: z.boolean(),
  /** The interface language the user chose (PUT /api/auth/language); null until they choose. */
  language: z.enum(languages).nullable(),
});
export const meResponse = z.object({
  user: meUser,
  role: z.object({ id: int32(), name: z.string() }).nullable(),
  is_admin: z.boolean(),
  /** The franchise the user is scoped to; null for head office and administrators. */
  franchise_code: z.string().nullable(),
  /** The store location of the user's device (the user's counter), null without a device or when it has none. */
  location_code: z.string().nullable(),
  permissions: z.array(pageGrant),
  /** Allowed buttons, `<page url>#<button>` (buttons.ts: the rules; guarded buttons need one of these). */
  buttons: z.array(z.string()),
  /**
   * DEFAULT_LANGUAGE: the interface language of a user who has not chosen one and whose browser has no choice of its
   * own (the login page's switch).
   */
  default_language: z.enum(languages),
});
export type Me = z.infer<typeof meResponse>;

/** Change my interface language (the language switch of the login page and the profile). */
export const languageBody = z.object({
  language: z.enum(languages, { error: `language must be one of ${languages.join(', ')}` }),
});
export const languageResponse = z.object({ language: z.enum(languages) });
