import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestApp } from '../../test/helpers.js';
import { ErpConflictError, ErpUnavailableError, type ErpTransferDocument, type ErpPosting } from '../erp/port.js';
import { jobs } from '../jobs/schema.js';
import { retryJobs } from '../jobs/queue.js';
import {
  ERP_DOCUMENT_QUEUE,
  enqueueErpDocument,
  erpDocumentSync,
  erpGroupKey,
  erpSyncOf,
  refreshErpDocument,
  registerErpDocumentLoader,
} from './outbox.js';

const ctx = useTestApp();

// A fake document kind for the tests: transfer orders are kept in this map ("committed" documents).
const committed = new Map<string, ErpTransferDocument>();
const doc = (no: string): ErpTransferDocument => ({
  kind: 'transfer_order',
  document_no: no,
  franchise_code: 'HN001',
  header: {
    transfer_from_code: 'HO-CONS',
    transfer_to_code: 'HN001-CONS',
    intransit_code: 'HN001-TRANSIT',
    shipment_date: '2026-03-01',
    receipt_date: null,
    external_document_no: '',
    dimensions: { campaign: '', costcenter: '' },
  },
  lines: [],
});
const posting = (orderNo: string, postedNo: string): ErpPosting => ({
  posted_kind: 'transfer_shipment',
  posted_no: postedNo,
  kind: 'transfer_order',
  order_no: orderNo,
  franchise_code: 'HN001',
  posting_date: '2026-03-02',
  document_date: '2026-03-02',
  external_document_no: '',
  lines: [],
});

beforeAll(() => {
  registerErpDocumentLoader('transfer_order', async (_db, no) => committed.get(no) ?? null);
  registerErpDocumentLoader('transfer_shipment', async (_db, no, job) => posting(job.documentNo, no));
});
afterEach(() => vi.restoreAllMocks());

const release = (no: string) =>
  ctx.t.services.db.transaction((tx) =>
    enqueueErpDocument(tx, { kind: 'transfer_order', documentNo: no, action: 'release' }),
  );
const post = (no: string, postedNo: string) =>
  ctx.t.services.db.transaction((tx) =>
    enqueueErpDocument(tx, {
      kind: 'transfer_order',
      documentNo: no,
      action: 'post',
      postedKind: 'transfer_shipment',
      postedNo,
    }),
  );
const drain = () => ctx.t.services.jobs.drain(ERP_DOCUMENT_QUEUE);
const syncOf = (no: string) => erpSyncOf(ctx.t.services.db, 'transfer_order', no);
const jobOf = async (id: number) => (await ctx.t.services.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const dueNow = (id: number) =>
  ctx.t.services.db
    .update(jobs)
    .set({ run_at: new Date(Date.now() - 1000).toISOString() })
    .where(eq(jobs.id, id));
const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('blocked')), ms))]);

describe('ERP outbox', () => {
  it('enqueues in the caller’s transaction: a rolled-back one leaves no job and no sync state', async () => {
    committed.set('TO-0', doc('TO-0'));
    await expect(
      ctx.t.services.db.transaction(async (tx) => {
        await enqueueErpDocument(tx, { kind: 'transfer_order', documentNo: 'TO-0', action: 'release' });
        throw new Error('posting failed');
      }),
    ).rejects.toThrow('posting failed');
    const rows = await ctx.t.services.db
      .select()
      .from(jobs)
      .where(eq(jobs.group_key, erpGroupKey('transfer_order', 'TO-0')));
    expect(rows).toEqual([]);
    expect(await syncOf('TO-0')).toBeNull();
  });

  it('standalone accepts at once: pending after enqueue, synced after drain under our own number', async () => {
    committed.set('TO-1', doc('TO-1'));
    await release('TO-1');
    expect(await syncOf('TO-1')).toMatchObject({ sync_state: 'pending', last_action: 'release', external_no: null });
    await drain();
    expect(await syncOf('TO-1')).toMatchObject({
      sync_state: 'synced',
      external_no: 'TO-1',
      etag: 'W/"1"',
      last_error: null,
    });
    expect((await syncOf('TO-1'))?.synced_at).not.toBeNull();
    // A posting: the order's etag moves on, the posted document gets its own row.
    await post('TO-1', 'TS-1');
    await drain();
    expect(await syncOf('TO-1')).toMatchObject({ sync_state: 'synced', etag: 'W/"2"' });
    expect(await erpSyncOf(ctx.t.services.db, 'transfer_shipment', 'TS-1')).toMatchObject({
      sync_state: 'synced',
      external_no: 'TS-1',
    });
    expect(await ctx.t.services.erp.documents.get('transfer_order', 'TO-1')).toMatchObject({
      status: 'released',
      posted: [{ posted_kind: 'transfer_shipment', posted_no: 'TS-1' }],
    });
    // The "sync" action: the ERP's view; standalone knows only what it was told since the start.
    expect(await refreshErpDocument(ctx.t.services, 'transfer_order', 'TO-1')).toMatchObject({
      erp: { status: 'released', external_no: 'TO-1' },
      sync: { sync_state: 'synced', external_no: 'TO-1' },
      message: 'The ERP has TO-1 as TO-1 (released).',
    });
    expect(await refreshErpDocument(ctx.t.services, 'transfer_order', 'TO-NEVER')).toMatchObject({
      erp: { status: 'standalone' },
      sync: null,
      message: 'Standalone mode: the product is the record; nothing to bring back.',
    });
  });

  it('runs the jobs of one document in order even when a later one is due first', async () => {
    committed.set('TO-2', doc('TO-2'));
    const calls: string[] = [];
    const { documents } = ctx.t.services.erp;
    const realRelease = documents.release.bind(documents);
    const realPost = documents.post.bind(documents);
    vi.spyOn(documents, 'release').mockImplementation(async (d, o) => {
      calls.push(`release ${d.document_no}`);
      return realRelease(d, o);
    });
    vi.spyOn(documents, 'post').mockImplementation(async (p, o) => {
      calls.push(`post ${p.posted_no}`);
      return realPost(p, o);
    });
    const first = await release('TO-2');
    await post('TO-2', 'TS-2');
    // The release waits an hour (a retry's backoff); the posting is due now but must not overtake it.
    await ctx.t.services.db
      .update(jobs)
      .set({ run_at: new Date(Date.now() + 3600_000).toISOString() })
      .where(eq(jobs.id, first.id));
    expect(await drain()).toBe(0);
    expect(calls).toEqual([]);
    expect(await syncOf('TO-2')).toMatchObject({ sync_state: 'pending' });
    await dueNow(first.id);
    expect(await drain()).toBe(2);
    expect(calls).toEqual(['release TO-2', 'post TS-2']);
    expect(await syncOf('TO-2')).toMatchObject({ sync_state: 'synced' });
  });

  it('an unavailable ERP: failed with the message, retried with backoff, then synced', async () => {
    committed.set('TO-3', doc('TO-3'));
    const { documents } = ctx.t.services.erp;
    const real = documents.release.bind(documents);
    vi.spyOn(documents, 'release')
      .mockRejectedValueOnce(new ErpUnavailableError('Business Central did not answer'))
      .mockImplementation(real);
    const job = await release('TO-3');
    await drain();
    expect(await syncOf('TO-3')).toMatchObject({
      sync_state: 'failed',
      last_error: 'Business Central did not answer',
      external_no: null,
    });
    const failed = await jobOf(job.id);
    expect(failed.state).toBe('failed');
    // A later action queued meanwhile waits behind it; the state still says failed (and why).
    await ctx.t.services.db.transaction((tx) =>
      enqueueErpDocument(tx, { kind: 'transfer_order', documentNo: 'TO-3', action: 'reopen' }),
    );
    expect(await syncOf('TO-3')).toMatchObject({ sync_state: 'failed', last_action: 'reopen' });
    expect(new Date(failed.run_at).getTime()).toBeGreaterThan(Date.now());
    await dueNow(job.id);
    await drain();
    expect(await syncOf('TO-3')).toMatchObject({ sync_state: 'synced', last_error: null, external_no: 'TO-3' });
    expect(await ctx.t.services.erp.documents.get('transfer_order', 'TO-3')).toMatchObject({ status: 'open' });
    expect((await jobOf(job.id)).state).toBe('done');
  });

  it('calls the ERP outside any transaction: the document’s rows are not locked during the call', async () => {
    committed.set('TO-4', doc('TO-4'));
    const { documents } = ctx.t.services.erp;
    const real = documents.release.bind(documents);
    const db = ctx.t.services.db;
    let freeDuringCall = false;
    const job = await release('TO-4');
    vi.spyOn(documents, 'release').mockImplementation(async (d, o) => {
      // Another connection changes the job and the document's sync row while the ERP "works": this blocks (and
      // times out) if the handler held a transaction or a lock on them around the call (on PGlite, any open
      // transaction blocks every other statement).
      await withTimeout(
        db.transaction(async (tx) => {
          await tx.update(jobs).set({ updated_at: new Date().toISOString() }).where(eq(jobs.id, job.id));
          await tx
            .update(erpDocumentSync)
            .set({ updated_at: new Date().toISOString() })
            .where(and(eq(erpDocumentSync.kind, 'transfer_order'), eq(erpDocumentSync.document_no, 'TO-4')));
        }),
        3000,
      );
      freeDuringCall = true;
      return real(d, o);
    });
    await drain();
    expect(freeDuringCall).toBe(true);
    expect(await syncOf('TO-4')).toMatchObject({ sync_state: 'synced' });
  });

  it('a conflict goes dead and blocks the document’s later actions until an admin retries it', async () => {
    committed.set('TO-5', doc('TO-5'));
    const { documents } = ctx.t.services.erp;
    const real = documents.release.bind(documents);
    const spy = vi.spyOn(documents, 'release').mockRejectedValue(new ErpConflictError('Transfer order', 'TO-5'));
    const first = await release('TO-5');
    const second = await post('TO-5', 'TS-5');
    await drain();
    expect((await jobOf(first.id)).state).toBe('dead');
    expect((await jobOf(second.id)).state).toBe('pending');
    expect(await syncOf('TO-5')).toMatchObject({
      sync_state: 'dead',
      last_error: 'Transfer order TO-5 was changed in the ERP. Reload it and try again.',
    });
    // A later action keeps saying dead: it waits behind the refused one.
    await ctx.t.services.db.transaction((tx) =>
      enqueueErpDocument(tx, { kind: 'transfer_order', documentNo: 'TO-5', action: 'reopen' }),
    );
    expect((await syncOf('TO-5'))?.sync_state).toBe('dead');
    spy.mockImplementation(real);
    await retryJobs(ctx.t.services.db, [first.id]);
    await drain();
    expect(await syncOf('TO-5')).toMatchObject({ sync_state: 'synced', last_action: 'reopen', last_error: null });
    expect(await ctx.t.services.erp.documents.get('transfer_order', 'TO-5')).toMatchObject({ status: 'open' });
  });

  it('a document that no longer exists goes dead with a message; unknown kinds too', async () => {
    await release('TO-GONE');
    await drain();
    expect(await syncOf('TO-GONE')).toMatchObject({
      sync_state: 'dead',
      last_error: 'transfer_order TO-GONE no longer exists.',
    });
    await ctx.t.services.db.transaction((tx) =>
      enqueueErpDocument(tx, { kind: 'purchase_credit_memo', documentNo: 'PCM-1', action: 'release' }),
    );
    await drain();
    expect(await erpSyncOf(ctx.t.services.db, 'purchase_credit_memo', 'PCM-1')).toMatchObject({
      sync_state: 'dead',
      last_error: 'No ERP document loader is registered for purchase_credit_memo.',
    });
  });

  it('never doubles a posting; repeats of the same waiting action are one job', async () => {
    committed.set('TO-6', doc('TO-6'));
    const postSpy = vi.spyOn(ctx.t.services.erp.documents, 'post');
    const a = await release('TO-6');
    const b = await release('TO-6');
    expect(b.id).toBe(a.id);
    const p1 = await post('TO-6', 'TS-6');
    const p2 = await post('TO-6', 'TS-6');
    expect(p2.id).toBe(p1.id);
    await drain();
    const p3 = await post('TO-6', 'TS-6'); // asked again after it was sent: the sent job answers
    expect(p3.id).toBe(p1.id);
    await drain();
    expect(postSpy).toHaveBeenCalledTimes(1);
    // release → reopen → release are three jobs (the second release must follow the reopen).
    const r1 = await release('TO-6');
    await ctx.t.services.db.transaction((tx) =>
      enqueueErpDocument(tx, { kind: 'transfer_order', documentNo: 'TO-6', action: 'reopen' }),
    );
    const r2 = await release('TO-6');
    expect(r2.id).not.toBe(r1.id);
    await drain();
    expect(await ctx.t.services.erp.documents.get('transfer_order', 'TO-6')).toMatchObject({ status: 'released' });
  });
});
