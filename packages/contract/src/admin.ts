import { z } from 'zod';
import { permissionTypes } from './constants.js';
import { requiredText, optionalText } from './validators.js';
import { version } from './common.js';
import { pageGrant } from './auth.js';

// Page structure (product.md 3): buttons, fields and filters are JSON lists.
export const pageStructure = z.object({
  id: z.number().int(),
  page_url: z.string(),
  page_name: z.string(),
  buttons: z.array(z.string()),
  fields: z.array(z.string()),
  filters: z.array(z.string()),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PageStructure = z.infer<typeof pageStructure>;
const nameList = z.array(z.string().trim().min(1).max(100)).default([]);
export const pageStructureCreate = z.object({
  page_url: requiredText(255).regex(/^\//, 'page_url must start with /'),
  page_name: requiredText(100),
  buttons: nameList,
  fields: nameList,
  filters: nameList,
});
export const pageStructureUpdate = pageStructureCreate.partial().extend({ version });

// Page permission (product.md 3, 6): pages carry a url and a level; users lists the assigned user ids.
export const pagePermission = z.object({
  id: z.number().int(),
  name: z.string(),
  permission_type: z.enum(permissionTypes),
  pages: z.array(pageGrant),
  /** Buttons allowed per page ("<page_url>#<button>"); empty means every button the level allows. */
  permissions: z.array(z.string()),
  users: z.array(z.number().int()),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PagePermission = z.infer<typeof pagePermission>;
export const pagePermissionCreate = z.object({
  name: requiredText(100),
  permission_type: z.enum(permissionTypes, { error: 'permission_type must be edit or view' }).default('view'),
  pages: z.array(pageGrant).default([]),
  permissions: z.array(z.string().max(255)).default([]),
  users: z.array(z.number().int().positive()).default([]),
});
export const pagePermissionUpdate = pagePermissionCreate.partial().extend({ version });
export const assignPermissionBody = z.object({
  admin_user_id: z.number().int().positive(),
  page_permission_id: z.number().int().positive(),
});
export const assignPermissionBulkBody = z.object({
  page_permission_id: z.number().int().positive(),
  admin_user_ids: z.array(z.number().int().positive()),
  /** replace: the permission's users become exactly this list; add: they are added. */
  mode: z.enum(['replace', 'add']).default('replace'),
});

// API log (calls.md 7.3).
export const apiLog = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  method: z.string(),
  operation: z.string(),
  path: z.string(),
  status: z.number().int(),
  duration_ms: z.number(),
  error: z.string().nullable(),
});
export const truncateLogsBody = z.object({ before: z.string().optional() }).default({});

// Config and maintenance (calls.md 7.3).
export const config = z.object({
  maintenance_mode: z.boolean(),
  maintenance_noti: z.string(),
  erp_mode: z.string(),
  shop_mode: z.string(),
  drive_mode: z.string(),
  shop_url: z.string(),
  default_vendor_no: z.string(),
  default_vendor_name: z.string(),
});
export type Config = z.infer<typeof config>;
export const configUpdate = z.object({
  maintenance_mode: z.boolean().optional(),
  maintenance_noti: optionalText(500).optional(),
  shop_url: z.string().trim().max(255).optional(),
});

// Job queue (ARCHITECTURE: durable outbox on the same database).
export const jobStates = ['pending', 'running', 'done', 'failed', 'dead'] as const;
export const job = z.object({
  id: z.number().int(),
  queue: z.string(),
  key: z.string().nullable(),
  payload: z.unknown(),
  state: z.enum(jobStates),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  run_at: z.string(),
  last_error: z.string().nullable(),
  result: z.unknown(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Job = z.infer<typeof job>;

// System indexes (calls.md 7.3): database maintenance the admin can run.
export const systemIndex = z.object({ name: z.string(), table: z.string(), definition: z.string(), valid: z.boolean() });
export const runIndexBody = z.object({ name: requiredText(100) });
