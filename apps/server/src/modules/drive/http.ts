import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@fp/contract';
import type { z } from 'zod';
import { AppError, badRequest } from '../../http/errors.js';
import { parseOrThrow } from '../../http/validation.js';
import {
  contentTypeFromName,
  DriveError,
  formatSize,
  normalizeContentType,
  validateFileName,
  type DriveDownload,
  type DriveItemConfig,
} from './port.js';

/** A drive failure as an API error: the library already chose the status; the message says why. */
export function driveFailure(error: unknown): unknown {
  if (!(error instanceof DriveError)) return error;
  // A name already taken is about the file the caller sent (the form's part `file`).
  return new AppError(
    error.httpStatus,
    `drive_${error.code}`,
    error.message,
    error.code === 'exists' ? 'file' : undefined,
  );
}

/** Runs a drive call and turns its DriveError into an API error. */
export async function onDrive<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw driveFailure(error);
  }
}

export type UploadedPart = { fileName: string; contentType: string; data: Buffer };
export type MultipartForm<F> = { fields: F; file: UploadedPart };

/**
 * Reads a multipart/form-data request with exactly one file in the part `file`, cut at the drive's size limit.
 * Every refusal is a 400 naming the field, before a byte reaches the drive.
 */
export async function readUploadForm<S extends z.ZodType>(
  req: FastifyRequest,
  config: DriveItemConfig,
  schema: S,
): Promise<MultipartForm<z.output<S>>> {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data in the field "file"', 'file');
  const fields: Record<string, string> = {};
  let file: UploadedPart | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: config.max_size, files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer().catch(() => undefined);
          throw badRequest(`Unknown file field: ${part.fieldname}; send the file in the field "file"`, part.fieldname);
        }
        file = { fileName: part.filename, contentType: part.mimetype, data: await part.toBuffer() };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(config);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one file per upload', 'file');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw badRequest('The form has too many fields', 'file');
    if (error instanceof AppError) throw error;
    // Anything else the multipart reader refuses (no boundary, a form cut short, a bad part header) is the client's.
    throw badRequest('The upload form could not be read', 'file');
  }
  // Both the text parts and the file are checked, so one answer names every field to fix.
  const errors: AppError[] = [];
  let parsed: z.output<S> | undefined;
  let checked: UploadedPart | undefined;
  try {
    parsed = parseOrThrow(schema, fields, '');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    errors.push(error);
  }
  try {
    checked = checkFile(file, config);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    errors.push(error);
  }
  if (errors.length > 0 || parsed === undefined || checked === undefined) {
    const [first, ...rest] = errors.flatMap((e) => e.toErrors());
    throw new AppError(errors.some((e) => e.status === 413) ? 413 : 400, first.code, first.msg, first.field, rest);
  }
  return { fields: parsed, file: checked };
}

function tooLarge(config: DriveItemConfig) {
  return new AppError(413, 'too_large', `The file is larger than the ${formatSize(config.max_size)} limit.`, 'file');
}

/** Name, type and size of an upload against the drive's item configuration; answers the checked file. */
export function checkFile(file: UploadedPart | undefined, config: DriveItemConfig): UploadedPart {
  if (!file) throw badRequest(messages.required, 'file');
  let fileName: string;
  try {
    fileName = validateFileName(file.fileName);
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : 'The file name is not valid.', 'file');
  }
  if (file.data.length === 0) throw badRequest('The file is empty.', 'file');
  if (file.data.length > config.max_size) throw tooLarge(config);
  // The drive serves a file with the type its extension names, so the extension must be allowed too.
  const byName = contentTypeFromName(fileName);
  const declared = normalizeContentType(file.contentType);
  const contentType = declared === 'application/octet-stream' ? byName : declared;
  for (const type of new Set([contentType, byName])) {
    if (!config.allowed_content_types.includes(type)) {
      throw badRequest(
        `The file type ${type === 'application/octet-stream' ? `of "${fileName}"` : `"${type}"`} is not allowed. Allowed types: ${config.allowed_content_types.join(', ')}`,
        'file',
      );
    }
  }
  return { fileName, contentType, data: file.data };
}

/**
 * Sends a stored file to open in the browser: inline with its own type when that type is one the drive accepts,
 * otherwise (a file put on the drive some other way) as a download, so nothing foreign runs as a page of ours.
 */
export function sendFile(reply: FastifyReply, file: DriveDownload, config: DriveItemConfig) {
  const ascii =
    file.name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'file';
  const safe = config.allowed_content_types.includes(normalizeContentType(file.contentType));
  const type = !safe
    ? 'application/octet-stream'
    : file.contentType.startsWith('text/')
      ? `${file.contentType}; charset=utf-8`
      : file.contentType;
  return reply
    .header('content-type', type)
    .header('content-length', String(file.data.length))
    .header(
      'content-disposition',
      `${safe ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .send(file.data);
}
