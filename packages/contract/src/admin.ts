import { z } from 'zod';
import { jobStates, permissionTypes } from './constants.js';
import { requiredText, optionalText, messages } from './validators.js';
import { int32, version } from './common.js';
import { pageGrant } from './auth.js';
import { counterSettingsIn, counterSettingsOut } from './counter-settings.js';

// Page structure (product.md 3): buttons, fields and filters are JSON lists.
export const pageStructure = z.object({
  id: int32(),
  page_url: z.string(),
  page_name: z.string(),
  buttons: z.array(z.string()),
  fields: z.array(z.string()),
  filters: z.array(z.string()),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PageStructure = z.infer<typeof pageStructure>;
/** A row of the page-structure list: the structure plus the counts its screen shows. */
export const pageStructureListItem = pageStructure.extend({
  buttons_count: int32(),
  fields_count: int32(),
  filters_count: int32(),
});
export type PageStructureListItem = z.infer<typeof pageStructureListItem>;

/** Items of a JSON list must be unique: a repeat is named by its index (buttons.3). */
const uniqueItems =
  <T>(what: (v: T) => string) =>
  (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((v, i) => {
      const key = what(v);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: `${key} is listed twice` });
      seen.add(key);
    });
  };
const nameItem = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(100, messages.maxLength(100));
const nameList = z.array(nameItem, { error: 'must be a list of names' }).superRefine(uniqueItems((v: string) => v));
/** A page url as the route table writes it: /reports/revenue/details, /users/{id}; '#' separates buttons in permissions. */
export const pageUrl = requiredText(255).regex(
  /^\/[^\s#?|]*$/,
  'page_url must start with / and contain no spaces, #, ? or |',
);
export const pageStructureCreate = z.object({
  page_url: pageUrl,
  page_name: requiredText(100),
  buttons: nameList.default([]),
  fields: nameList.default([]),
  filters: nameList.default([]),
});
export type PageStructureCreate = z.input<typeof pageStructureCreate>;
export const pageStructureUpdate = z.object({
  page_url: pageUrl.optional(),
  page_name: requiredText(100).optional(),
  buttons: nameList.optional(),
  fields: nameList.optional(),
  filters: nameList.optional(),
  version,
});
export type PageStructureUpdate = z.input<typeof pageStructureUpdate>;

// Page permission (product.md 3, 6): pages carry a url and a level; users lists the assigned user ids.
export const pagePermission = z.object({
  id: int32(),
  name: z.string(),
  /** The level given to a page entry that names none. */
  permission_type: z.enum(permissionTypes),
  pages: z.array(pageGrant),
  /** Buttons allowed per page ("<page_url>#<button>"); a page with no entry here allows every button its level allows. */
  permissions: z.array(z.string()),
  users: z.array(int32()),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PagePermission = z.infer<typeof pagePermission>;
export const pagePermissionListItem = pagePermission.extend({ pages_count: int32(), users_count: int32() });
export type PagePermissionListItem = z.infer<typeof pagePermissionListItem>;

const permissionType = z.enum(permissionTypes, { error: 'permission_type must be edit or view' });
/** A page entry of a permission; without permission_type it takes the permission's own. */
export const pagePermissionPage = z.object({ page_url: requiredText(255), permission_type: permissionType.optional() });
const permissionPages = z
  .array(pagePermissionPage, { error: 'pages must be a list of {page_url, permission_type}' })
  .superRefine(uniqueItems((p: { page_url: string }) => p.page_url));
const buttonGrants = z
  .array(
    z
      .string()
      .trim()
      .regex(/^\/[^\s#?]*#.+$/, 'Each permission is written <page_url>#<button>')
      .max(255, messages.maxLength(255)),
  )
  .superRefine(uniqueItems((v: string) => v));
const userIds = z
  .array(int32({ error: 'user ids must be numbers' }).positive(), { error: 'must be a list of user ids' })
  .superRefine(uniqueItems((v: number) => String(v)));
export const pagePermissionCreate = z.object({
  name: requiredText(100),
  permission_type: permissionType.default('view'),
  pages: permissionPages.default([]),
  permissions: buttonGrants.default([]),
  /** The assigned users: exactly these hold the permission afterwards. */
  users: userIds.default([]),
});
export type PagePermissionCreate = z.input<typeof pagePermissionCreate>;
export const pagePermissionUpdate = z.object({
  name: requiredText(100).optional(),
  permission_type: permissionType.optional(),
  pages: permissionPages.optional(),
  permissions: buttonGrants.optional(),
  users: userIds.optional(),
  version,
});
export type PagePermissionUpdate = z.input<typeof pagePermissionUpdate>;
export const assignPermissionBody = z.object({
  admin_user_id: int32({ error: 'admin_user_id is required' }).positive(),
  page_permission_id: int32({ error: 'page_permission_id is required' }).positive(),
});
export const assignPermissionBulkBody = z.object({
  page_permission_id: int32({ error: 'page_permission_id is required' }).positive(),
  admin_user_ids: userIds,
  /** replace: the permission's users become exactly this list; add: they are added. */
  mode: z.enum(['replace', 'add'], { error: 'mode must be replace or add' }).default('replace'),
});
/** A user as the permission screens show them (GET /page-permissions/{id}/users, the assignable-users list). */
export const permissionUser = z.object({
  id: int32(),
  username: z.string(),
  name: z.string(),
  role: z.string().nullable(),
  customer_no: z.string().nullable(),
  is_active: z.boolean(),
});
export type PermissionUser = z.infer<typeof permissionUser>;

// API log (calls.md 7.3).
export const apiLog = z.object({
  id: int32(),
  created_at: z.string(),
  user_id: int32().nullable(),
  username: z.string().nullable(),
  method: z.string(),
  operation: z.string(),
  path: z.string(),
  status: int32(),
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
  /** The business time zone (IANA name): the web shows times and takes "today" in it. */
  business_time_zone: z.string(),
  /** Shipping more than is on hand at a location is allowed (issue 8 stock rule; default false: refused). */
  allow_negative_stock: z.boolean(),
  ...counterSettingsOut,
});
export type Config = z.infer<typeof config>;
export const configUpdate = z.object({
  maintenance_mode: z.boolean().optional(),
  maintenance_noti: optionalText(500).optional(),
  shop_url: z.string().trim().max(255).optional(),
  allow_negative_stock: z.boolean().optional(),
  ...counterSettingsIn,
});

// Job queue (ARCHITECTURE: durable outbox on the same database); its states are jobStates (constants.ts).
export const job = z.object({
  id: int32(),
  queue: z.string(),
  key: z.string().nullable(),
  /** The ordered group the job belongs to: `erp:<kind>:<document no>` for a document's ERP jobs (kernel/outbox). */
  group_key: z.string().nullable(),
  payload: z.unknown(),
  state: z.enum(jobStates),
  attempts: int32(),
  max_attempts: int32(),
  run_at: z.string(),
  last_error: z.string().nullable(),
  result: z.unknown(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Job = z.infer<typeof job>;

// System indexes (calls.md 7.3): database maintenance the admin can run.
export const systemIndex = z.object({
  name: z.string(),
  table: z.string(),
  definition: z.string(),
  valid: z.boolean(),
});
export const runIndexBody = z.object({ name: requiredText(100) });
