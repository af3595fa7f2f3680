import { and, eq, getTableColumns, getTableName, inArray, like, sql } from 'drizzle-orm';
import {
  documentTypeOf,
  type ItemDocument,
  type ItemDocumentCreateFields,
  type ItemDocumentUpdate,
} from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import type { Services } from '../../services.js';
import { driveFailure, type UploadedPart } from '../drive/http.js';
import { DriveError, joinDrivePath, validateFolder, type DriveFile } from '../drive/port.js';
import { itemDocuments } from './schema.js';
import { assertItemExists } from './items.js';
import { rowByKey } from '../../db/prepared.js';

const itemDocumentsById = rowByKey(itemDocuments, itemDocuments.id);

type Row = typeof itemDocuments.$inferSelect;

const toDocument = (row: Row): ItemDocument => ({
  ...row,
  document_type: row.document_type as ItemDocument['document_type'],
});

const columns = getTableColumns(itemDocuments);

export const itemDocumentList: ListSpec<Row, ItemDocument> = {
  source: (db, extra) =>
    db
      .select({ ...columns, ...extra })
      .from(itemDocuments)
      .$dynamic(),
  fields: {
    id: itemDocuments.id,
    item_no: itemDocuments.item_no,
    variant_code: itemDocuments.variant_code,
    title: itemDocuments.title,
    document_type: itemDocuments.document_type,
    file_name: itemDocuments.file_name,
    file_size: itemDocuments.file_size,
    content_type: itemDocuments.content_type,
    uploaded_by: itemDocuments.uploaded_by,
    created_at: itemDocuments.created_at,
    updated_at: itemDocuments.updated_at,
  },
  filterable: [
    'id',
    'item_no',
    'variant_code',
    'title',
    'document_type',
    'file_name',
    'content_type',
    'uploaded_by',
    'created_at',
  ],
  sortable: [
    'id',
    'item_no',
    'variant_code',
    'title',
    'document_type',
    'file_name',
    'file_size',
    'uploaded_by',
    'created_at',
    'updated_at',
  ],
  defaultSort: { field: 'created_at', direction: 'desc' },
  key: itemDocuments.id,
  map: toDocument,
};

export async function getItemDocument(db: DbOrTx, id: number): Promise<ItemDocument> {
  const row = await itemDocumentsById(db, id);
  if (!row) throw notFound('Item document');
  return toDocument(row);
}

/**
 * Item documents live in `{item folder}/{item_no}`. Item numbers may hold "/" and "." (codeInput), so the folder name
 * replaces what a drive refuses in one name; the rows keep the real item number.
 */
export function folderOf(baseFolder: string, itemNo: string): string {
  const segment = itemNo.replace(/["*:<>?\\|/]/g, '_').replace(/[. ]+$/, '') || '_';
  try {
    return validateFolder(joinDrivePath(baseFolder, segment));
  } catch {
    // A reserved name (CON, NUL…) or a character no drive takes: plain letters, digits and marks only.
    return validateFolder(joinDrivePath(baseFolder, `_${itemNo.replace(/[^A-Za-z0-9_-]/g, '_')}`));
  }
}

/** The drive replaces a file of the same name, so a second "spec.pdf" for the item becomes "spec (2).pdf". */
async function freeFileName(db: DbOrTx, folder: string, fileName: string): Promise<string> {
  const dot = fileName.lastIndexOf('.');
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  const ext = dot > 0 ? fileName.slice(dot) : '';
  const prefix = joinDrivePath(folder, stem).replace(/[\\%_]/g, (c) => `\\${c}`);
  const taken = new Set(
    (
      await db
        .select({ path: itemDocuments.file_path })
        .from(itemDocuments)
        .where(like(sql`lower(${itemDocuments.file_path})`, `${prefix.toLowerCase()}%`))
    ).map((r) => r.path.toLowerCase()),
  );
  let candidate = fileName;
  for (let n = 2; taken.has(joinDrivePath(folder, candidate).toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  return candidate;
}

/** A plain drive upload must not replace the file of a document (the drive replaces same-named files). */
export async function assertNotADocumentFile(db: DbOrTx, folder: string, fileName: string): Promise<void> {
  const path = joinDrivePath(folder, fileName).toLowerCase();
  const [used] = await db
    .select({ title: itemDocuments.title, item_no: itemDocuments.item_no })
    .from(itemDocuments)
    .where(eq(sql`lower(${itemDocuments.file_path})`, path));
  if (used)
    throw conflict(
      `"${joinDrivePath(folder, fileName)}" is the file of document "${used.title}" of item ${used.item_no}; upload it on the Documents screen`,
      'conflict',
      'file',
    );
}

/**
 * Uploads the file to the item's folder and records it. Choosing the name, uploading and recording hold a lock on the
 * folder, so two uploads of "spec.pdf" at once never land on the same file; if recording fails, the upload is removed.
 */
export async function uploadItemDocument(
  services: Services,
  uploadedBy: string,
  input: ItemDocumentCreateFields,
  file: UploadedPart,
): Promise<ItemDocument> {
  const { db, drive } = services;
  await assertItemExists(db, input.item_no, input.variant_code);
  const config = await drive.itemConfig().catch((e: unknown) => Promise.reject(driveFailure(e)));
  const folder = folderOf(config.folder, input.item_no);
  let stored: DriveFile | undefined;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`item-documents:${folder.toLowerCase()}`}))`);
      const fileName = await freeFileName(tx, folder, file.fileName);
      try {
        // The name is free among the documents; a file put on the drive some other way is kept beside it.
        stored = await drive.upload({
          folder,
          fileName,
          contentType: file.contentType,
          data: file.data,
          conflict: 'rename',
        });
      } catch (error) {
        throw driveFailure(error);
      }
      const [row] = await tx
        .insert(itemDocuments)
        .values({
          item_no: input.item_no,
          variant_code: input.variant_code,
          title: input.title || file.fileName,
          document_type: input.document_type ?? documentTypeOf(stored.content_type),
          file_id: stored.id,
          file_path: stored.path,
          file_name: stored.name,
          file_size: stored.size,
          content_type: stored.content_type,
          web_url: stored.web_url,
          uploaded_by: uploadedBy,
        })
        .returning();
      return toDocument(row);
    });
  } catch (error) {
    const orphan = stored;
    if (orphan)
      await drive
        .remove(orphan.id)
        .catch((e: unknown) => services.log.warn({ err: e, file: orphan.id }, 'could not remove an unrecorded upload'));
    throw error;
  }
}

export async function updateItemDocument(db: DbOrTx, input: ItemDocumentUpdate): Promise<ItemDocument> {
  const { id, version, ...values } = input;
  if (values.item_no !== undefined || values.variant_code) {
    const current = await getItemDocument(db, id);
    const itemNo = values.item_no ?? current.item_no;
    await assertItemExists(
      db,
      itemNo,
      values.variant_code === undefined
        ? itemNo === current.item_no
          ? null
          : current.variant_code
        : values.variant_code,
    );
  }
  const where = and(eq(itemDocuments.id, id), eq(itemDocuments.version, version));
  const [row] = await db
    .update(itemDocuments)
    .set({ ...values, ...bump(itemDocuments.version) })
    .where(where)
    .returning();
  return row
    ? toDocument(row)
    : explainMissedUpdate(db, getTableName(itemDocuments), eq(itemDocuments.id, id), 'Item document');
}

/**
 * Removes each document's file from the drive, then its row. A file already gone counts as removed; any other drive
 * failure stops there: that row and the ones after it stay, and the error says which were removed and why.
 */
export async function removeItemDocuments(services: Services, ids: number[]): Promise<{ removed: number[] }> {
  const { db, drive } = services;
  const unique = [...new Set(ids)];
  const rows = await db.select().from(itemDocuments).where(inArray(itemDocuments.id, unique));
  const missing = unique.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw new AppError(404, 'not_found', `Item document not found: ${missing.join(', ')}`, 'ids');
  const removed: number[] = [];
  for (const row of rows) {
    try {
      await drive.remove(row.file_id);
    } catch (error) {
      if (!(error instanceof DriveError) || error.code !== 'not_found') {
        const failure = driveFailure(error);
        if (!(failure instanceof AppError)) throw failure;
        const done = removed.length ? `Removed ${removed.length} of ${rows.length} documents; ` : '';
        throw new AppError(failure.status, failure.code, `${done}"${row.title}" was kept: ${failure.message}`, 'ids');
      }
    }
    await db.delete(itemDocuments).where(eq(itemDocuments.id, row.id));
    removed.push(row.id);
  }
  return { removed };
}
