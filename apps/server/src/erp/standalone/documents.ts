import type { ErpDocuments } from '../port.js';
import { etagOf } from './paging.js';

/**
 * Standalone: the product posts its own documents and ledgers (ARCHITECTURE: ERP port), so a release is
 * acknowledged under the product's own number and no posted document ever comes back from outside.
 */
export function standaloneDocuments(): ErpDocuments {
  return {
    async release(doc) {
      if (!doc.document_no) throw new Error('A released document needs its number');
      return {
        document_no: doc.document_no,
        external_no: doc.document_no,
        status: 'released',
        etag: etagOf(1),
        system_id: doc.document_no,
      };
    },
    async fetchPosted() {
      return { value: [], nextLink: null };
    },
  };
}
