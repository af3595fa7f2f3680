import type { PrintDocumentType } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { makeAuth, type Auth } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { batchEnqueue, enqueue, PermanentJobError } from '../../jobs/queue.js';
import type { WriteBatch } from '../../kernel/batch.js';
import type { Services } from '../../services.js';
import { printForUser } from './print.js';

// Printing after a posting (issue 18: the counter's receipt prints on the store printer when one is set): the posting
// enqueues a job in its transaction, so it prints exactly what committed, after the commit, and a printer that is off
// or slow never holds the sale. The job prints like POST /api/print does for the user who posted (their printer,
// else their store's), and logs the print in print_jobs.

export const PRINT_QUEUE = 'print.document';

type PrintPayload = {
  document_type: Exclude<PrintDocumentType, 'test'>;
  document_no: string;
  franchise_code: string;
  user_id: number;
  username: string;
  role_name: string | null;
};

type PrintDoc = { document_type: PrintPayload['document_type']; document_no: string; franchise_code: string };

const printJob = (auth: Auth, doc: PrintDoc) => {
  const payload: PrintPayload = {
    ...doc,
    user_id: auth.userId,
    username: auth.username,
    role_name: auth.roleName,
  };
  return { queue: PRINT_QUEUE, key: `${doc.document_type}:${doc.document_no}`, payload };
};

/** Enqueues the print of a posted document for the user who posted it (one job per document). */
export function enqueuePrint(tx: DbOrTx, auth: Auth, doc: PrintDoc) {
  return enqueue(tx, printJob(auth, doc));
}

/** enqueuePrint in the posting's WriteBatch (the posting that writes the document enqueues its print). */
export function batchPrint(tx: DbOrTx, batch: WriteBatch, auth: Auth, doc: PrintDoc): void {
  batchEnqueue(tx, batch, printJob(auth, doc));
}

/**
 * Prints the document as its poster would with POST /api/print. No printer set up for the store (or another refusal
 * of the call) is final: the job ends there, nothing to retry; a printer that is off is logged not_connected.
 */
export function printQueueHandler(services: Services) {
  return async (payload: unknown) => {
    const p = payload as PrintPayload;
    const auth = makeAuth({
      userId: p.user_id,
      username: p.username,
      roleName: p.role_name,
      franchiseCode: p.franchise_code || null,
      grants: [],
      buttons: [],
      sessionId: 0,
    });
    try {
      return await printForUser(services, auth, { document_type: p.document_type, document_no: p.document_no });
    } catch (err) {
      if (err instanceof AppError && err.status < 500) throw new PermanentJobError(err.message);
      throw err;
    }
  };
}
