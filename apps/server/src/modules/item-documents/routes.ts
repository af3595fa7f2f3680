import { itemDocumentCreateFields, itemDocumentsApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { unscoped } from '../../http/scope.js';
import { listRoute } from '../../http/list-route.js';
import { onDrive, readUploadForm } from '../drive/http.js';
import { itemDocumentList, removeItemDocuments, updateItemDocument, uploadItemDocument } from './service.js';

// api.md "upload documents": the /document screen edits; it and the tablet's /tablet/document read.

export function itemDocumentRoutes(r: Router) {
  listRoute(r, itemDocumentsApi.list, {
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
  r.route(itemDocumentsApi.create, async ({ req, auth, services }) => {
    const config = await onDrive(() => services.drive.itemConfig());
    const { fields, file } = await readUploadForm(req, config, itemDocumentCreateFields);
    return uploadItemDocument(services, auth.username, fields, file);
  });
  r.route(itemDocumentsApi.update, ({ body, services }) => updateItemDocument(services.db, body));
  r.route(itemDocumentsApi.remove, ({ body, services }) => removeItemDocuments(services, body.ids));
}
