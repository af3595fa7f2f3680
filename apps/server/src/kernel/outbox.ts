// Placeholder of the foundation commit: the ERP outbox (issue 8) is built on branch erp-outbox, which replaces this
// file at merge. The signature below is the agreed one; modules call only these two functions.
import type { DbOrTx, Tx } from '../db/client.js';
import { enqueue } from '../jobs/queue.js';

export type ErpDocumentAction = 'release' | 'post' | 'cancel' | 'reopen';
export type ErpSync = {
  state: string;
  external_no: string | null;
  etag: string | null;
  last_error: string | null;
  synced_at: string | null;
};

export async function enqueueErpDocument(
  tx: Tx,
  o: { kind: string; documentNo: string; action: ErpDocumentAction; postedKind?: string; postedNo?: string },
): Promise<void> {
  await enqueue(tx, {
    queue: 'erp.document',
    key: [o.kind, o.documentNo, o.action, o.postedNo ?? ''].join(':'),
    payload: o,
  });
}

export async function erpSyncOf(_db: DbOrTx, _kind: string, _documentNo: string): Promise<ErpSync> {
  return { state: 'pending', external_no: null, etag: null, last_error: null, synced_at: null };
}
