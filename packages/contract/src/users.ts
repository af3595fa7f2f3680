import { z } from 'zod';
import { email, optionalText, password, requiredText } from './validators.js';
import { version } from './common.js';

export const user = z.object({
  user_id: z.number().int(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role_id: z.number().int().nullable(),
  role_name: z.string().nullable(),
  customer_no: z.string().nullable(),
  device_id: z.number().int().nullable(),
  is_active: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof user>;

const nullableRef = z.number().int().positive().nullable().optional();
const storeRef = z.string().trim().max(30, 'Maximum 30 characters!').nullable().optional();

export const userCreate = z.object({
  username: requiredText(80).regex(/^[A-Za-z0-9._@-]+$/, 'Username may contain letters, digits and . _ @ - only'),
  firstname: optionalText(80),
  lastname: optionalText(80),
  email: email().optional().default(''),
  password: password(),
  role_id: z.number({ error: 'This is required field!' }).int().positive(),
  customer_no: storeRef,
  device_id: nullableRef,
  is_active: z.boolean().default(true),
});
export type UserCreate = z.input<typeof userCreate>;

export const userUpdate = z.object({
  user_id: z.number({ error: 'user_id is required' }).int().positive(),
  version,
  username: requiredText(80).regex(/^[A-Za-z0-9._@-]+$/, 'Username may contain letters, digits and . _ @ - only').optional(),
  firstname: optionalText(80).optional(),
  lastname: optionalText(80).optional(),
  email: email().optional(),
  password: password().optional(),
  role_id: z.number().int().positive().optional(),
  customer_no: storeRef,
  device_id: nullableRef,
  is_active: z.boolean().optional(),
});
export type UserUpdate = z.input<typeof userUpdate>;

export const userIdQuery = z.object({ user_id: z.coerce.number({ error: 'user_id is required' }).int().positive() });
export const setPasswordBody = z.object({ user_id: z.number().int().positive(), new_password: password() });
export const setActiveBody = z.object({
  is_active: z.boolean({ error: 'is_active is required' }),
  ids: z.array(z.number().int().positive()).min(1, 'ids must not be empty'),
});
export const changeStoreBody = z.object({
  admin_user_id: z.number().int().positive(),
  customer_no: z.string().trim().max(30).nullable(),
});
export const changeDeviceBody = z.object({
  admin_user_id: z.number().int().positive(),
  device_id: z.number().int().positive().nullable(),
});

export const role = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export type Role = z.infer<typeof role>;
