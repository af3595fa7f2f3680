// The cloud drive as every caller sees it: a local folder by default, Microsoft Graph when configured.

export type DriveMode = 'local' | 'graph';

export interface DriveTokenInfo {
  mode: DriveMode;
  authorized: boolean;
  /** ISO time the current access token expires; null when there is none or it never expires. */
  expires_at: string | null;
  tenant_id?: string;
  client_id?: string;
  /** Why the drive is not authorized, fit to show a user. */
  message?: string;
}

export interface DriveSiteInfo {
  mode: DriveMode;
  site_id: string;
  name: string;
  web_url: string;
  drive_id: string;
  /** Site base the upload path starts from: `{base_path}/drives/{drive_id}/root:/{folder}/{file}` for Graph, the root folder for local. */
  base_path: string;
  /** ISO time the site information was last read from the provider. */
  synced_at: string;
}

export interface DriveItemConfig {
  /** Folder that item documents are uploaded to. */
  folder: string;
  allowed_content_types: string[];
  /** Largest accepted file, in bytes. */
  max_size: number;
}

export interface DriveFile {
  id: string;
  /** Path inside the drive: `{folder}/{name}`. */
  path: string;
  name: string;
  size: number;
  content_type: string;
  web_url: string;
}

/**
 * What an upload does when its folder already holds a file of that name (Graph's conflictBehavior): `fail` refuses
 * with DriveError 'exists', `rename` keeps both and stores the new file as "name 1.ext" (the first free number),
 * `replace` replaces the file. Nothing is ever overwritten unless the caller chose `replace`.
 */
export const UPLOAD_CONFLICTS = ['fail', 'rename', 'replace'] as const;
export type UploadConflict = (typeof UPLOAD_CONFLICTS)[number];

export interface DriveUploadInput {
  folder: string;
  fileName: string;
  contentType: string;
  data: Buffer;
  /** Default `fail`. */
  conflict?: UploadConflict;
}

export interface DriveDownload {
  data: Buffer;
  contentType: string;
  name: string;
}

export interface DrivePort {
  /** Signs in to the provider now (dropping any cached token); throws DriveError 'not_authorized' on refusal. */
  authorize(): Promise<DriveTokenInfo>;
  /** State of the provider sign-in; reports a refusal as `authorized: false` instead of throwing. */
  tokenInfo(): Promise<DriveTokenInfo>;
  /** Site and drive the files go to, read from the provider once and then cached. */
  siteInfo(): Promise<DriveSiteInfo>;
  /** Reads the site and drive from the provider again. */
  syncSiteInfo(): Promise<DriveSiteInfo>;
  itemConfig(): Promise<DriveItemConfig>;
  /** Stores the file at folder/fileName; a file of that name is kept, renamed around or replaced per `conflict`. */
  upload(input: DriveUploadInput): Promise<DriveFile>;
  download(id: string): Promise<DriveDownload>;
  remove(id: string): Promise<void>;
}

export type DriveErrorCode =
  'not_authorized' | 'not_found' | 'throttled' | 'too_large' | 'provider_error' | 'bad_name' | 'exists';

const httpStatusByCode: Record<DriveErrorCode, number> = {
  bad_name: 400,
  not_found: 404,
  exists: 409,
  too_large: 413,
  throttled: 503,
  not_authorized: 502,
  provider_error: 502,
};

export class DriveError extends Error {
  override readonly name = 'DriveError';
  /** HTTP status a route should answer with. */
  readonly httpStatus: number;

  constructor(
    readonly code: DriveErrorCode,
    message: string,
    readonly details: { providerStatus?: number; providerCode?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.httpStatus = httpStatusByCode[code];
  }
}

export const MIB = 1024 * 1024;
export const DEFAULT_ITEM_FOLDER = 'Items';
export const DEFAULT_MAX_SIZE = 50 * MIB;
export const DEFAULT_ALLOWED_CONTENT_TYPES: readonly string[] = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

const MAX_NAME_LENGTH = 255;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;
// Characters Windows and SharePoint refuse in names; ':' would also break Graph's `root:/path:` addressing.
const forbiddenCharacters = /["*:<>?\\|]/;
const reservedNames = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

function badName(message: string): DriveError {
  return new DriveError('bad_name', message);
}

/** Returns the file name in NFC form so the same Vietnamese name always maps to the same file; throws 'bad_name'. */
export function validateFileName(fileName: string): string {
  if (typeof fileName !== 'string' || fileName.length === 0) throw badName('The file name is empty.');
  const name = fileName.normalize('NFC');
  if (name.length > MAX_NAME_LENGTH) throw badName(`The file name is longer than ${MAX_NAME_LENGTH} characters.`);
  if (controlCharacters.test(name)) throw badName('The file name contains control characters.');
  if (name === '.' || name === '..') throw badName(`"${name}" is not a file name.`);
  if (name.includes('/')) throw badName('The file name must not contain "/".');
  if (forbiddenCharacters.test(name)) throw badName('The file name must not contain any of " * : < > ? \\ |.');
  if (name.trim() !== name) throw badName('The file name must not start or end with a space.');
  if (name.endsWith('.')) throw badName('The file name must not end with a dot.');
  if (reservedNames.test(name)) throw badName(`"${name}" is a reserved name.`);
  return name;
}

/** Returns the folder as NFC segments joined by '/', '' for the drive root; throws 'bad_name'. */
export function validateFolder(folder: string): string {
  if (typeof folder !== 'string') throw badName('The folder name is missing.');
  const trimmed = folder.normalize('NFC').replace(/\/+$/, '');
  if (trimmed === '') return '';
  if (trimmed.startsWith('/') || trimmed.startsWith('\\')) throw badName('The folder must be a relative path.');
  if (trimmed.length > MAX_NAME_LENGTH) throw badName(`The folder path is longer than ${MAX_NAME_LENGTH} characters.`);
  const segments = trimmed.split('/');
  for (const segment of segments) {
    if (segment === '') throw badName('The folder path contains an empty name.');
    if (segment === '..' || segment === '.') throw badName('The folder path must not contain "." or "..".');
    validateFileName(segment);
  }
  return segments.join('/');
}

/** Validates a drive-relative path such as `Items/a.pdf`; returns it normalized. */
export function validateRelativePath(relativePath: string): { folder: string; fileName: string; path: string } {
  if (typeof relativePath !== 'string' || relativePath === '') throw badName('The file path is empty.');
  const normalized = relativePath.normalize('NFC');
  if (normalized.includes('//') || normalized.endsWith('/')) throw badName('The file path contains an empty name.');
  const slash = normalized.lastIndexOf('/');
  const folder = validateFolder(slash < 0 ? '' : normalized.slice(0, slash));
  if (slash >= 0 && folder === '') throw badName('The file path must be relative.');
  const fileName = validateFileName(slash < 0 ? normalized : normalized.slice(slash + 1));
  return { folder, fileName, path: joinDrivePath(folder, fileName) };
}

export function joinDrivePath(folder: string, fileName: string): string {
  return folder === '' ? fileName : `${folder}/${fileName}`;
}

/** Bare `type/subtype` in lower case; anything malformed becomes application/octet-stream. */
export function normalizeContentType(contentType: string | undefined | null): string {
  const bare = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(bare) ? bare : 'application/octet-stream';
}

export function isAllowedContentType(config: DriveItemConfig, contentType: string): boolean {
  return config.allowed_content_types.includes(normalizeContentType(contentType));
}

export interface PreparedUpload {
  folder: string;
  fileName: string;
  path: string;
  contentType: string;
  data: Buffer;
  conflict: UploadConflict;
}

/** How many numbered names `rename` tries before it gives up with 'exists'. */
export const MAX_RENAMES = 999;

/** "spec.pdf", 2 → "spec 2.pdf" (Graph's own renaming); a name without an extension gets the number at its end. */
export function numberedName(fileName: string, n: number): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? `${fileName.slice(0, dot)} ${n}${fileName.slice(dot)}` : `${fileName} ${n}`;
}

/** The message of DriveError 'exists', the same for every drive. */
export const existsMessage = (path: string) =>
  `A file named "${path}" already exists. Upload it again choosing to keep both files or to replace it.`;

/** Checks names and size before any byte leaves the process. */
export function prepareUpload(input: DriveUploadInput, maxSize: number): PreparedUpload {
  const folder = validateFolder(input.folder);
  const fileName = validateFileName(input.fileName);
  if (!Buffer.isBuffer(input.data)) throw new DriveError('provider_error', 'The file content is missing.');
  if (input.data.length > maxSize) {
    throw new DriveError('too_large', `The file is larger than the ${formatSize(maxSize)} limit.`);
  }
  return {
    folder,
    fileName,
    path: joinDrivePath(folder, fileName),
    contentType: normalizeContentType(input.contentType),
    data: input.data,
    conflict: input.conflict && UPLOAD_CONFLICTS.includes(input.conflict) ? input.conflict : 'fail',
  };
}

export function formatSize(bytes: number): string {
  if (bytes >= MIB) return `${Math.round((bytes / MIB) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

const contentTypesByExtension: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Content type from the extension, as the providers themselves infer it. */
export function contentTypeFromName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  return contentTypesByExtension[extension] ?? 'application/octet-stream';
}
