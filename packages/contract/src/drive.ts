import { z } from 'zod';
import { int32 } from './common.js';

// calls.md 7.17 and api.md "Session and shell": the cloud drive as the web app and outside clients see it.

export const driveModes = ['local', 'graph'] as const;

export const driveTokenInfo = z.object({
  mode: z.enum(driveModes),
  authorized: z.boolean(),
  /** ISO time the access token expires; null when there is none or it never expires (local folder). */
  expires_at: z.string().nullable(),
  tenant_id: z.string().optional(),
  client_id: z.string().optional(),
  /** Why the drive is not authorized, fit to show a user. */
  message: z.string().optional(),
});
export type DriveTokenInfo = z.infer<typeof driveTokenInfo>;

export const driveSiteInfo = z.object({
  mode: z.enum(driveModes),
  site_id: z.string(),
  name: z.string(),
  web_url: z.string(),
  drive_id: z.string(),
  /** Site base the upload path starts from: `{base_path}/drives/{drive_id}/root:/{folder}/{file}`. */
  base_path: z.string(),
  synced_at: z.string(),
});
export type DriveSiteInfo = z.infer<typeof driveSiteInfo>;

export const driveItemConfig = z.object({
  /** Folder item documents are uploaded to. */
  folder: z.string(),
  allowed_content_types: z.array(z.string()),
  /** Largest accepted file, in bytes. */
  max_size: int32(),
});
export type DriveItemConfig = z.infer<typeof driveItemConfig>;

export const driveFile = z.object({
  id: z.string(),
  /** Path inside the drive: `{folder}/{name}`. */
  path: z.string(),
  name: z.string(),
  size: int32(),
  content_type: z.string(),
  web_url: z.string(),
});
export type DriveFile = z.infer<typeof driveFile>;

/**
 * What an upload does when the folder already holds a file of that name: `fail` (the default) answers 409 naming
 * `file`, `rename` keeps both ("name 1.pdf"), `replace` replaces it.
 */
export const driveUploadConflicts = ['fail', 'rename', 'replace'] as const;
export type DriveUploadConflict = (typeof driveUploadConflicts)[number];

/**
 * The multipart form of POST /api/drive/upload: one part `file`, optional text parts `folder` and `conflict`.
 */
export const driveUploadFields = z.object({
  folder: z.string().max(255, 'Maximum 255 characters!').optional(),
  conflict: z.enum(driveUploadConflicts, { error: 'conflict must be fail, rename or replace' }).optional(),
});

/** GET /api/drive/files/{id}: the id the upload answered (for the local folder it is the file's path). */
export const driveFileParam = z.object({ id: z.string().min(1, 'id is required') });
