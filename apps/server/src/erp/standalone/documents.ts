import type {
  ErpDocumentAck,
  ErpDocumentKind,
  ErpDocumentState,
  ErpDocumentStatus,
  ErpDocuments,
  ErpPostAck,
} from '../port.js';
import { etagOf } from './paging.js';

/**
 * Standalone: the product posts its own documents and ledgers (ARCHITECTURE: ERP port), so every call is accepted at
 * once under the product's own numbers and no posted document ever comes back from outside. What it was told is
 * recorded in memory (per process) so `get` answers it; a document it was not told about answers `standalone`.
 */
export function standaloneDocuments(): ErpDocuments {
  const known = new Map<string, ErpDocumentState>();
  const keyOf = (kind: ErpDocumentKind, no: string) => `${kind}:${no}`;

  const record = (kind: ErpDocumentKind, documentNo: string, status?: ErpDocumentStatus): ErpDocumentState => {
    if (!documentNo) throw new Error('A document sent to the ERP needs its number');
    const before = known.get(keyOf(kind, documentNo));
    const version = before ? Number(/\d+/.exec(before.etag)?.[0] ?? 0) + 1 : 1;
    const state: ErpDocumentState = {
      kind,
      document_no: documentNo,
      external_no: documentNo,
      status: status ?? before?.status ?? 'released',
      etag: etagOf(version),
      system_id: documentNo,
      posted: before?.posted ?? [],
    };
    known.set(keyOf(kind, documentNo), state);
    return state;
  };
  const ack = ({ posted: _posted, ...a }: ErpDocumentState): ErpDocumentAck => a;

  return {
    async release(doc) {
      return ack(record(doc.kind, doc.document_no, 'released'));
    },
    async post(p): Promise<ErpPostAck> {
      if (!p.posted_no) throw new Error('A posted document sent to the ERP needs its number');
      const state = record(p.kind, p.order_no);
      if (!state.posted.some((d) => d.posted_kind === p.posted_kind && d.posted_no === p.posted_no))
        state.posted = [
          ...state.posted,
          { posted_kind: p.posted_kind, posted_no: p.posted_no, external_no: p.posted_no },
        ];
      return {
        posted: {
          posted_kind: p.posted_kind,
          posted_no: p.posted_no,
          external_no: p.posted_no,
          etag: etagOf(1),
          system_id: p.posted_no,
        },
        order: ack(state),
      };
    },
    async cancel(ref) {
      return ack(record(ref.kind, ref.document_no, 'canceled'));
    },
    async reopen(ref) {
      return ack(record(ref.kind, ref.document_no, 'open'));
    },
    async get(kind, documentNo) {
      const state = known.get(keyOf(kind, documentNo));
      if (state) return { ...state, posted: [...state.posted] };
      return {
        kind,
        document_no: documentNo,
        external_no: documentNo,
        status: 'standalone',
        etag: etagOf(0),
        system_id: documentNo,
        posted: [],
      };
    },
    async fetchPosted() {
      return { value: [], nextLink: null };
    },
  };
}
