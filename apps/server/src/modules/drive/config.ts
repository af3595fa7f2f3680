import path from 'node:path';
import { GraphDrive, type GraphDriveOptions } from './graph-drive.js';
import { LocalDrive } from './local-drive.js';
import { MIB, type DrivePort } from './port.js';

const requiredGraphVariables = [
  'GRAPH_TENANT_ID',
  'GRAPH_CLIENT_ID',
  'GRAPH_CLIENT_SECRET',
  'GRAPH_SITE_HOSTNAME',
  'GRAPH_SITE_PATH',
] as const;

export class DriveConfigError extends Error {
  override readonly name = 'DriveConfigError';
}

/** DRIVE_MODE=local (default, {dataDir}/drive) or graph; bad settings fail at startup, naming the variables to fix. */
export function createDrive(
  env: Record<string, string | undefined>,
  dataDir: string,
  graphOptions: GraphDriveOptions = {},
): DrivePort {
  const value = (name: string): string | undefined => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };
  const mode = (value('DRIVE_MODE') ?? 'local').toLowerCase();
  const itemFolder = value('DRIVE_ITEM_FOLDER');
  const maxSize = parseMaxUploadMb(value('DRIVE_MAX_UPLOAD_MB'));

  try {
    if (mode === 'local') return new LocalDrive(path.join(dataDir, 'drive'), { itemFolder, maxSize });
    if (mode !== 'graph') throw new DriveConfigError(`DRIVE_MODE must be "local" or "graph", not "${mode}".`);

    const missing = requiredGraphVariables.filter((name) => value(name) === undefined);
    if (missing.length > 0) {
      throw new DriveConfigError(`DRIVE_MODE=graph needs these environment variables: ${missing.join(', ')}.`);
    }
    const maxRetries = value('GRAPH_MAX_RETRIES');
    if (maxRetries !== undefined && !/^\d+$/.test(maxRetries)) {
      throw new DriveConfigError('GRAPH_MAX_RETRIES must be a whole number.');
    }
    return new GraphDrive(
      {
        tenantId: value('GRAPH_TENANT_ID') ?? '',
        clientId: value('GRAPH_CLIENT_ID') ?? '',
        clientSecret: value('GRAPH_CLIENT_SECRET') ?? '',
        siteHostname: value('GRAPH_SITE_HOSTNAME') ?? '',
        sitePath: value('GRAPH_SITE_PATH') ?? '',
        graphUrl: value('GRAPH_URL'),
        authUrl: value('GRAPH_AUTH_URL'),
        itemFolder,
        maxRetries: maxRetries === undefined ? undefined : Number(maxRetries),
      },
      { maxSize, ...graphOptions },
    );
  } catch (error) {
    if (error instanceof DriveConfigError) throw error;
    // Constructor checks (bad URL, bad folder name) become startup errors too.
    throw new DriveConfigError(
      `Cloud drive settings are invalid: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function parseMaxUploadMb(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const megabytes = Number(raw);
  if (!Number.isFinite(megabytes) || megabytes <= 0) {
    throw new DriveConfigError('DRIVE_MAX_UPLOAD_MB must be a positive number of megabytes.');
  }
  return Math.floor(megabytes * MIB);
}
