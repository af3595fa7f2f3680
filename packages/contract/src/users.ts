import { z } from 'zod';
import { email, messages, optionalText, password, requiredText } from './validators.js';
import { int32, coercedInt32, version } from './common.js';

// product.md 3 (User) and calls.md 7.4. The item of every user list and read; never carries the password hash.
export const user = z.object({
  user_id: int32(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role_id: int32().nullable(),
  role_name: z.string().nullable(),
  /** The assigned store (franchise customer_no). */
  customer_no: z.string().nullable(),
  device_id: int32().nullable(),
  is_active: z.boolean(),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof user>;

/** GET /api/admin/users/info: the user and the page permissions assigned to them. */
export const userInfo = user.extend({
  page_permissions: z.array(z.object({ id: int32(), name: z.string() })),
});
export type UserInfo = z.infer<typeof userInfo>;

/** GET /api/franchise-users/current: the caller with their role and store. */
export const currentUser = user.extend({
  role: z.object({ id: int32(), name: z.string() }).nullable(),
  /** The assigned store; name is null when the customer_no names no franchise. */
  store: z.object({ customer_no: z.string(), name: z.string().nullable() }).nullable(),
  is_admin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;
export const USERNAME_MESSAGE = 'Username may contain letters, digits and . _ @ - only';

const username = () => requiredText(80).regex(USERNAME_PATTERN, USERNAME_MESSAGE);
const requiredOr = (field: string, wrong: string) => (iss: { input?: unknown }) =>
  iss.input === undefined ? `${field} is required` : `${field} ${wrong}`;
const userId = (field: string) =>
  int32({ error: requiredOr(field, 'must be a number') }).positive(`${field} must be a positive number`);
/** An empty store or device from a cleared form field means "none". */
const emptyToNull = (v: unknown) => (v === '' ? null : v);
const storeRef = z.preprocess(emptyToNull, z.string().trim().max(30, messages.maxLength(30)).nullable());
const deviceRef = z.preprocess(
  emptyToNull,
  int32({ error: 'device_id must be a number' }).positive('device_id must be a positive number').nullable(),
);

export const userCreate = z.object({
  username: username(),
  firstname: optionalText(80),
  lastname: optionalText(80),
  email: email().optional().default(''),
  password: password(),
  role_id: int32({ error: messages.required }).positive(messages.required),
  customer_no: storeRef.optional(),
  device_id: deviceRef.optional(),
  is_active: z.boolean().default(true),
});
export type UserCreate = z.input<typeof userCreate>;

/** PUT /api/admin/users: user_id and version, plus any form fields to change (password sets a new one). */
export const userUpdate = z.object({
  user_id: userId('user_id'),
  version,
  username: username().optional(),
  firstname: z.string().trim().max(80, messages.maxLength(80)).optional(),
  lastname: z.string().trim().max(80, messages.maxLength(80)).optional(),
  email: email().optional(),
  password: password().optional(),
  role_id: int32({ error: 'role_id must be a number' }).positive(messages.required).optional(),
  customer_no: storeRef.optional(),
  device_id: deviceRef.optional(),
  is_active: z.boolean().optional(),
});
export type UserUpdate = z.input<typeof userUpdate>;

export const userIdQuery = z.object({
  user_id: coercedInt32({ error: 'user_id is required' }, 'user_id must be a number').positive(
    'user_id must be a positive number',
  ),
});
export const setPasswordBody = z.object({ user_id: userId('user_id'), new_password: password() });
export const setActiveBody = z.object({
  is_active: z.boolean({ error: requiredOr('is_active', 'must be true or false') }),
  // One id or many: a single number is read as a list of one.
  ids: z.preprocess(
    (v) => (typeof v === 'number' ? [v] : v),
    z
      .array(int32({ error: 'ids must be user ids' }).positive(), {
        error: requiredOr('ids', 'must be a list of user ids'),
      })
      .min(1, 'ids must not be empty'),
  ),
});
export const setActiveResult = z.object({ updated: int32(), items: z.array(user) });
/** The franchise-user calls may carry the version last read; without it the change applies to the current row. */
export const changeStoreBody = z.object({
  admin_user_id: userId('admin_user_id'),
  customer_no: storeRef,
  version: version.optional(),
});
export const changeDeviceBody = z.object({
  admin_user_id: userId('admin_user_id'),
  device_id: deviceRef,
  version: version.optional(),
});

export const role = z.object({ id: int32(), name: z.string(), description: z.string() });
export type Role = z.infer<typeof role>;

/** Form rules for the user form, shared by the web app (product.md 5). */
export const userFormFields = [
  'username',
  'firstname',
  'lastname',
  'email',
  'password',
  'role_id',
  'customer_no',
  'device_id',
  'is_active',
] as const;
