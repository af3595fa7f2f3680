import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, readFile, realpath, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  contentTypeFromName,
  DEFAULT_ALLOWED_CONTENT_TYPES,
  DEFAULT_ITEM_FOLDER,
  DEFAULT_MAX_SIZE,
  DriveError,
  existsMessage,
  joinDrivePath,
  MAX_RENAMES,
  numberedName,
  prepareUpload,
  validateFolder,
  validateRelativePath,
  type DriveDownload,
  type DriveFile,
  type DriveItemConfig,
  type DrivePort,
  type DriveSiteInfo,
  type DriveTokenInfo,
  type DriveUploadInput,
  type PreparedUpload,
} from './port.js';

export interface LocalDriveOptions {
  itemFolder?: string;
  maxSize?: number;
  allowedContentTypes?: readonly string[];
  now?: () => Date;
}

/** Files in a folder on the server's disk; the id is the path relative to that folder. */
export class LocalDrive implements DrivePort {
  private readonly root: string;
  private readonly itemFolder: string;
  private readonly maxSize: number;
  private readonly allowedContentTypes: readonly string[];
  private readonly now: () => Date;
  private syncedAt: Date | null = null;

  constructor(root: string, options: LocalDriveOptions = {}) {
    this.root = path.resolve(root);
    this.itemFolder = validateFolder(options.itemFolder ?? DEFAULT_ITEM_FOLDER);
    this.maxSize = options.maxSize ?? DEFAULT_MAX_SIZE;
    this.allowedContentTypes = options.allowedContentTypes ?? DEFAULT_ALLOWED_CONTENT_TYPES;
    this.now = options.now ?? (() => new Date());
  }

  async authorize(): Promise<DriveTokenInfo> {
    return this.tokenInfo();
  }

  async tokenInfo(): Promise<DriveTokenInfo> {
    return { mode: 'local', authorized: true, expires_at: null };
  }

  async siteInfo(): Promise<DriveSiteInfo> {
    return this.syncedAt ? this.describeSite(this.syncedAt) : this.syncSiteInfo();
  }

  async syncSiteInfo(): Promise<DriveSiteInfo> {
    await this.ensureRoot();
    this.syncedAt = this.now();
    return this.describeSite(this.syncedAt);
  }

  async itemConfig(): Promise<DriveItemConfig> {
    return { folder: this.itemFolder, allowed_content_types: [...this.allowedContentTypes], max_size: this.maxSize };
  }

  async upload(input: DriveUploadInput): Promise<DriveFile> {
    const upload = prepareUpload(input, this.maxSize);
    const realRoot = await this.ensureRoot();
    const directory = path.join(this.root, ...(upload.folder === '' ? [] : upload.folder.split('/')));
    this.assertInsideRoot(path.join(directory, upload.fileName));
    // Write to a temporary name first so a reader never sees half a file; then rename it over the target (replace),
    // or link it to a name no file has (fail, rename): link() refuses an existing name atomically.
    const temporary = path.join(directory, `.${randomBytes(8).toString('hex')}.upload`);
    let fileName = upload.fileName;
    try {
      await mkdir(directory, { recursive: true });
      // A symbolic link inside the folder could lead outside it; the real directory must stay under the root.
      this.assertInsideRoot(await realpath(directory), realRoot);
      await writeFile(temporary, upload.data, { flag: 'wx' });
      if (upload.conflict === 'replace') await rename(temporary, path.join(directory, fileName));
      else fileName = await this.linkFree(temporary, directory, upload);
    } catch (error) {
      throw toDriveError(error, joinDrivePath(upload.folder, fileName), true);
    } finally {
      await rm(temporary, { force: true }).catch(() => undefined);
    }
    const relative = joinDrivePath(upload.folder, fileName);
    return {
      id: relative,
      path: relative,
      name: fileName,
      size: upload.data.length,
      content_type: contentTypeFromName(fileName),
      web_url: pathToFileURL(path.join(directory, fileName)).href,
    };
  }

  /** Links the written file under its name, or under "name n.ext" with the first free n (rename); its name. */
  private async linkFree(temporary: string, directory: string, upload: PreparedUpload): Promise<string> {
    for (let n = 0; n <= MAX_RENAMES; n++) {
      const name = n === 0 ? upload.fileName : numberedName(upload.fileName, n);
      try {
        await link(temporary, path.join(directory, name));
        return name;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if ((await lstat(path.join(directory, name))).isDirectory()) throw error;
        if (upload.conflict === 'fail')
          throw new DriveError('exists', existsMessage(joinDrivePath(upload.folder, name)));
      }
    }
    throw new DriveError('exists', existsMessage(upload.path));
  }

  async download(id: string): Promise<DriveDownload> {
    const { target, fileName, relative } = await this.existingFile(id);
    try {
      return { data: await readFile(target), contentType: contentTypeFromName(fileName), name: fileName };
    } catch (error) {
      throw toDriveError(error, relative);
    }
  }

  async remove(id: string): Promise<void> {
    const { target, relative } = await this.existingFile(id);
    try {
      await unlink(target);
    } catch (error) {
      throw toDriveError(error, relative);
    }
  }

  private describeSite(syncedAt: Date): DriveSiteInfo {
    return {
      mode: 'local',
      site_id: 'local',
      name: 'Local folder',
      web_url: pathToFileURL(this.root).href,
      drive_id: 'local',
      base_path: this.root,
      synced_at: syncedAt.toISOString(),
    };
  }

  private async ensureRoot(): Promise<string> {
    try {
      await mkdir(this.root, { recursive: true });
      return await realpath(this.root);
    } catch (error) {
      throw toDriveError(error, '');
    }
  }

  /** Resolves an id to a regular file under the root, refusing traversal and links that lead elsewhere. */
  private async existingFile(id: string): Promise<{ target: string; fileName: string; relative: string }> {
    const { folder, fileName, path: relative } = validateRelativePath(id);
    const target = path.join(this.root, ...(folder === '' ? [] : folder.split('/')), fileName);
    this.assertInsideRoot(target);
    const realRoot = await this.ensureRoot();
    try {
      const stats = await lstat(target);
      if (!stats.isFile()) throw new DriveError('not_found', `The file "${relative}" was not found.`);
      this.assertInsideRoot(await realpath(target), realRoot);
    } catch (error) {
      throw toDriveError(error, relative);
    }
    return { target, fileName, relative };
  }

  private assertInsideRoot(candidate: string, root = this.root): void {
    const relative = path.relative(root, candidate);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new DriveError('bad_name', 'The file path leads outside the drive folder.');
    }
  }
}

function toDriveError(error: unknown, relative: string, writing = false): DriveError {
  if (error instanceof DriveError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (writing && (code === 'EISDIR' || code === 'ENOTDIR' || code === 'EEXIST')) {
    return new DriveError('bad_name', `"${relative}" clashes with a folder of the same name.`);
  }
  if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') {
    return new DriveError('not_found', `The file "${relative}" was not found.`);
  }
  if (code === 'ENOSPC' || code === 'EDQUOT') return new DriveError('too_large', 'The drive folder is full.');
  if (code === 'EACCES' || code === 'EPERM') {
    return new DriveError('provider_error', 'The server may not write to the drive folder.');
  }
  if (code === 'ENAMETOOLONG') return new DriveError('bad_name', 'The file path is too long.');
  return new DriveError('provider_error', 'The drive folder could not be used.');
}
