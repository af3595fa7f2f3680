import { z } from 'zod';
import { messages, optionalText, requiredText } from './validators.js';
import { int32, version } from './common.js';
import { itemDocumentTypes } from './constants.js';

// calls.md 7.8 "Upload documents" and api.md: item documents (images, spec sheets, price sheets) kept on the cloud drive.

export type ItemDocumentType = (typeof itemDocumentTypes)[number];

export const itemDocument = z.object({
  id: int32(),
  item_no: z.string(),
  variant_code: z.string().nullable(),
  title: z.string(),
  document_type: z.enum(itemDocumentTypes),
  /** The drive's id of the file: GET /api/drive/files/{file_id} opens it. */
  file_id: z.string(),
  file_path: z.string(),
  file_name: z.string(),
  file_size: int32(),
  content_type: z.string(),
  web_url: z.string(),
  uploaded_by: z.string(),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ItemDocument = z.infer<typeof itemDocument>;

const documentType = z.enum(itemDocumentTypes, {
  error: `document_type must be one of ${itemDocumentTypes.join(', ')}`,
});
const variantCode = z
  .string()
  .trim()
  .max(30, messages.maxLength(30))
  .nullable()
  .optional()
  .transform((v) => (v ? v.toUpperCase() : null));

/**
 * POST /api/item-documents is multipart/form-data: the file in the part `file` and these text parts.
 * An empty title becomes the file name; a missing document_type is `image` for images, else `other`.
 */
export const itemDocumentCreateFields = z.object({
  item_no: requiredText(30).transform((s) => s.toUpperCase()),
  variant_code: variantCode,
  title: optionalText(250),
  document_type: documentType.optional(),
});
export type ItemDocumentCreateFields = z.output<typeof itemDocumentCreateFields>;

/** PUT /api/item-documents: metadata of one document, by id, with the version last read. */
export const itemDocumentUpdate = z.object({
  id: int32({ error: 'id is required' }).positive(),
  version,
  item_no: requiredText(30)
    .transform((s) => s.toUpperCase())
    .optional(),
  /** Omitted keeps the variant; null or '' clears it. */
  variant_code: z
    .string()
    .trim()
    .max(30, messages.maxLength(30))
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v.toUpperCase() : null)),
  title: requiredText(250).optional(),
  document_type: documentType.optional(),
});
export type ItemDocumentUpdate = z.output<typeof itemDocumentUpdate>;

/** POST /api/item-documents/remove: removes the rows and their files on the drive. */
export const itemDocumentRemove = z.object({
  ids: z.array(int32().positive()).min(1, 'ids must not be empty'),
});
export const itemDocumentRemoveResult = z.object({ removed: z.array(int32()) });

/** The document type a file suggests when the user did not choose one. */
export const documentTypeOf = (contentType: string): ItemDocumentType =>
  contentType.startsWith('image/') ? 'image' : 'other';

export const isImageContentType = (contentType: string) => contentType.startsWith('image/');
