import { defineOps } from '../ops/meta.js';

/** itemDocuments: the zod-free half of the operation table (schemas in ../api/item-documents.ts). */
export const itemDocumentsOps = defineOps('itemDocuments', {
  list: {
    method: 'POST',
    path: '/item-documents/filter',
    access: { page: ['/document', '/tablet/document'], level: 'view' },
    summary: 'Filter item documents',
    kind: 'list',
  },
  create: {
    method: 'POST',
    path: '/item-documents',
    multipart: true,
    access: { page: '/document', level: 'edit' },
    summary:
      'Add an item document (multipart/form-data: part "file" and text parts item_no, variant_code?, title?, document_type?); uploads the file to {item folder}/{item_no} on the drive',
    status: 201,
  },
  update: {
    method: 'PUT',
    path: '/item-documents',
    access: { page: '/document', level: 'edit' },
    summary: "Update an item document's metadata (id, version and any of item_no, variant_code, title, document_type)",
  },
  remove: {
    method: 'POST',
    path: '/item-documents/remove',
    access: { page: '/document', level: 'edit' },
    summary: 'Remove item documents and their files on the drive; a drive failure keeps that document and says why',
  },
});
