import {
  itemDocument,
  itemDocumentCreateFields,
  itemDocumentRemove,
  itemDocumentRemoveResult,
  itemDocumentUpdate,
} from '@fp/contract';
import type { Router } from '../../http/route.js';
import { unscoped } from '../../http/scope.js';
import { listRoute } from '../../http/list-route.js';
import { onDrive, readUploadForm } from '../drive/http.js';
import { itemDocumentList, removeItemDocuments, updateItemDocument, uploadItemDocument } from './service.js';

// api.md "upload documents": the /document screen edits; it and the tablet's /tablet/document read.
const page = '/document';
const readers = ['/document', '/tablet/document'] as const;

export function itemDocumentRoutes(r: Router) {
  listRoute(r, {
    url: '/item-documents/filter',
    access: { page: readers, level: 'view' },
    summary: 'Filter item documents',
    item: itemDocument,
    spec: itemDocumentList,
    scope: unscoped('item documents: catalogue documents, the same for every franchise'),
    sheet: 'Item Documents',
    columns: [
      { key: 'item_no', header: 'Item No' },
      { key: 'variant_code', header: 'Variant Code' },
      { key: 'title', header: 'Title', width: 40 },
      { key: 'document_type', header: 'Type' },
      { key: 'file_name', header: 'File', width: 40 },
      { key: 'file_size', header: 'Size' },
      { key: 'uploaded_by', header: 'Uploaded By', width: 20 },
      { key: 'created_at', header: 'Uploaded', format: 'datetime', width: 20 },
    ],
  });
  r.route({
    method: 'POST',
    url: '/item-documents',
    access: { page, level: 'edit' },
    summary:
      'Add an item document (multipart/form-data: part "file" and text parts item_no, variant_code?, title?, document_type?); uploads the file to {item folder}/{item_no} on the drive',
    response: itemDocument,
    status: 201,
    handler: async ({ req, auth, services }) => {
      const config = await onDrive(() => services.drive.itemConfig());
      const { fields, file } = await readUploadForm(req, config, itemDocumentCreateFields);
      return uploadItemDocument(services, auth.username, fields, file);
    },
  });
  r.route({
    method: 'PUT',
    url: '/item-documents',
    access: { page, level: 'edit' },
    summary: "Update an item document's metadata (id, version and any of item_no, variant_code, title, document_type)",
    body: itemDocumentUpdate,
    response: itemDocument,
    handler: ({ body, services }) => updateItemDocument(services.db, body),
  });
  r.route({
    method: 'POST',
    url: '/item-documents/remove',
    access: { page, level: 'edit' },
    summary: 'Remove item documents and their files on the drive; a drive failure keeps that document and says why',
    body: itemDocumentRemove,
    response: itemDocumentRemoveResult,
    handler: ({ body, services }) => removeItemDocuments(services, body.ids),
  });
}
