import type { Tx } from '../db/client.js';
import { WriteBatch } from './batch.js';

// The posting transaction (issue 8 "A posting is one transaction owned by one function"; README in
// modules/ledger/README.md). Every posting — sales shipments, invoices and credit memos now; purchase receipts,
// consignment receipts and warehouse entries later — is written as these named steps, run in this order inside the
// caller's one transaction. A failure in any step rolls everything back: there is no undo to write because nothing
// outside the transaction happens (the ERP is reached through a job in the outbox, enqueued by the last step).

export const postingSteps = ['lock', 'check', 'number', 'write', 'update', 'enqueue'] as const;
export type PostingStep = (typeof postingSteps)[number];

/**
 * Test hook: a step named here (`'write'`, or `'<posting>:write'` for one posting) throws right after it ran, so a
 * test proves that a failure at that point leaves nothing behind. Empty in production (only tests fill it).
 */
export const postingFaults = new Set<string>();

export class InjectedPostingFault extends Error {
  constructor(
    readonly posting: string,
    readonly step: PostingStep,
  ) {
    super(`Injected failure after step ${step} of ${posting}`);
  }
}

/**
 * The steps of one posting. Each gets what the previous ones produced:
 * - lock: lock the document (lockForAction: version and status checked, row locked FOR UPDATE);
 * - check: compute what to post and check quantities and stock (assertStock locks the stock positions);
 * - number: take the numbers from the franchise's series — last, right before the rows are written, so the series
 *   rows stay locked for the shortest time;
 * - write: the posted documents and the ledger entries;
 * - update: the document's quantities and status (applyAction), answering the posting's result;
 * - enqueue: the ERP jobs of the outbox.
 * write, update and enqueue may add their INSERTs and UPDATEs to the posting's WriteBatch (kernel/batch.ts) instead of
 * running them: the batch runs as ONE statement after the enqueue step, so a posting's statements do not grow with its
 * lines or with the documents it writes. A step that needs a written row back runs its statement itself.
 */
export type PostingPlan<Doc, Plan, Numbers, Result> = {
  lock: (tx: Tx) => Promise<Doc>;
  check: (tx: Tx, doc: Doc) => Promise<Plan>;
  number: (tx: Tx, doc: Doc, plan: Plan) => Promise<Numbers>;
  write: (tx: Tx, doc: Doc, plan: Plan, numbers: Numbers, batch: WriteBatch) => Promise<void>;
  update: (tx: Tx, doc: Doc, plan: Plan, numbers: Numbers, batch: WriteBatch) => Promise<Result>;
  enqueue: (tx: Tx, doc: Doc, plan: Plan, numbers: Numbers, result: Result, batch: WriteBatch) => Promise<void>;
};

const fault = (posting: string, step: PostingStep) => {
  if (postingFaults.size > 0 && (postingFaults.has(step) || postingFaults.has(`${posting}:${step}`)))
    throw new InjectedPostingFault(posting, step);
};

/** Runs a posting's steps in order inside `tx` (the caller's one transaction). */
export async function runPosting<Doc, Plan, Numbers, Result>(
  tx: Tx,
  posting: string,
  p: PostingPlan<Doc, Plan, Numbers, Result>,
): Promise<Result> {
  const doc = await p.lock(tx);
  fault(posting, 'lock');
  const plan = await p.check(tx, doc);
  fault(posting, 'check');
  const numbers = await p.number(tx, doc, plan);
  fault(posting, 'number');
  const batch = new WriteBatch();
  await p.write(tx, doc, plan, numbers, batch);
  fault(posting, 'write');
  const result = await p.update(tx, doc, plan, numbers, batch);
  fault(posting, 'update');
  await p.enqueue(tx, doc, plan, numbers, result, batch);
  await batch.run(tx);
  fault(posting, 'enqueue');
  return result;
}
