import { itemDocument, itemDocumentRemove, itemDocumentRemoveResult, itemDocumentUpdate } from '../item-documents.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { itemDocumentsOps } from '../ops/item-documents.js';

/** itemDocuments: the schemas of each operation, keyed like itemDocumentsOps. */
export const itemDocumentsSchemas = {
  list: { item: itemDocument },
  create: { response: itemDocument },
  update: { body: itemDocumentUpdate, response: itemDocument },
  remove: { body: itemDocumentRemove, response: itemDocumentRemoveResult },
} satisfies SchemasOf<typeof itemDocumentsOps>;

/** itemDocuments: meta and schemas of each operation, as the server registers them. */
export const itemDocumentsApi = joinOps(itemDocumentsOps, itemDocumentsSchemas);
