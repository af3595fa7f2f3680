import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { jobs } from '../../jobs/schema.js';
import { ERP_DOCUMENT_QUEUE, enqueueErpDocument, erpSyncOf } from '../../kernel/outbox.js';
import { systemAuth } from '../../http/context.js';
import { importErpShipments } from '../../modules/purchasing/posting/erp-shipments.js';
import { receivePurchaseOrder } from '../../modules/purchasing/posting/receive.js';
import { purchaseOrders, purchaseShipments } from '../../modules/purchasing/schema.js';
import { items, itemVariants } from '../../modules/items/schema.js';
import { makeBuyer, makePurchaseItem, makePurchaseOrder } from '../../modules/purchasing/posting/test-support.js';
import { makeOrder, salesWorld, type Order } from '../../modules/sales/test-support/builders.js';
import { createErp } from '../index.js';
import type { Erp } from '../port.js';
import { startBcServer, type BcTestServer } from './test-support/bc-test-server.js';

/**
 * The product in ERP_MODE=business_central against the BC-shaped server: releases go out through the outbox's jobs,
 * BC's outages and faults delay them, and every document arrives exactly once. Time is simulated: the server's and
 * the connector's clock is `clock`, and a job's wait (its run_at) is let pass by moving `clock` and making it due.
 * BC_RELEASES=500 runs the large figure (CI runs 60).
 */
const RELEASES = Number(process.env.BC_RELEASES ?? 60);

let bc: BcTestServer;
let t: TestApp;
let clock = Date.now();
let w: Awaited<ReturnType<typeof salesWorld>>;

beforeAll(async () => {
  bc = await startBcServer({ now: () => clock });
  // The server starts in business_central mode from the documented variables; the connector is then given the
  // simulated clock (the outbox reads services.erp when a job runs).
  t = await createTestApp({ ...bc.env(), BC_TIMEOUT_MS: '250' });
  expect(t.services.erp.mode).toBe('business_central');
  (t.services as { erp: Erp }).erp = createErp(t.config, t.services.db, {
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
  });
  w = await salesWorld(t, 'HN001');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await bc?.close();
});

const release = async (o: Order) => {
  const r = await w.client.put<Order>('/api/sales-orders/status', {
    pos_so_no: o.pos_so_no,
    version: o.version,
    status: 'released',
  });
  expect(r.statusCode).toBe(200);
  return r.data;
};

/**
 * Runs the ERP jobs until none is waiting: after each pass, the simulated clock moves to the earliest retry and the
 * waiting jobs are made due. Answers how many passes it took and the simulated time it spanned.
 */
async function runJobs(maxPasses = 200) {
  const { db } = t.services;
  const start = clock;
  for (let pass = 1; pass <= maxPasses; pass++) {
    await t.services.jobs.drain(ERP_DOCUMENT_QUEUE);
    const waiting = await db
      .select({ id: jobs.id, run_at: jobs.run_at })
      .from(jobs)
      .where(and(eq(jobs.queue, ERP_DOCUMENT_QUEUE), inArray(jobs.state, ['pending', 'failed'])));
    if (waiting.length === 0) return { passes: pass, simulatedMs: clock - start };
    const wait = Math.min(...waiting.map((j) => Date.parse(j.run_at) - Date.now()));
    // The job's wait, on the simulated clock (a second more: the real time this loop took is not simulated).
    clock += Math.max(0, wait) + 1000;
    await db
      .update(jobs)
      .set({ run_at: sql`now() - interval '1 second'` })
      .where(and(eq(jobs.queue, ERP_DOCUMENT_QUEUE), eq(jobs.state, 'failed')));
  }
  throw new Error('the ERP jobs did not settle');
}

describe('ERP_MODE=business_central: documents through the outbox', () => {
  it('a release made while BC is down for 10 minutes answers at once and is delivered exactly once when BC returns', async () => {
    const o = await makeOrder(w.client, w);
    const downFrom = clock;
    bc.outage(clock + 10 * 60_000);
    const released = await release(o);
    expect(released.status).toBe('released');
    const before = bc.requests.length;
    const run = await runJobs();
    const sent = bc.requests.slice(before).filter((r) => !r.path.endsWith('/token'));

    // Delivered once, when BC was back.
    const inBc = bc.all('salesOrders').filter((s) => s.externalDocumentNumber === o.pos_so_no);
    expect(inBc).toHaveLength(1);
    expect(inBc[0]).toMatchObject({ customerNumber: w.customer.customer_no });
    expect(run.simulatedMs).toBeGreaterThanOrEqual(10 * 60_000);
    // While it was down, BC's Retry-After was never cut short: the next request came after the wait it asked for.
    const refused = sent.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(1);
    sent.forEach((r, i) => {
      if (r.status === 503 && sent[i + 1])
        expect(sent[i + 1].at - r.at).toBeGreaterThanOrEqual(r.retryAfterSeconds! * 1000);
    });
    expect(sent.filter((r) => r.at < downFrom + 10 * 60_000 && r.status !== 503)).toEqual([]);

    // The order's screen and API answer say synced with BC's number; the job ran as often as the outage needed.
    const sync = await erpSyncOf(t.services.db, 'sales_order', o.pos_so_no);
    expect(sync).toMatchObject({ sync_state: 'synced', external_no: inBc[0].number, last_error: null });
    const got = await w.client.get<Order>(`/api/sales-orders/${o.pos_so_no}`);
    expect(got.data.erp).toMatchObject({ state: 'synced', external_no: inBc[0].number });
    const [job] = await t.services.db.select().from(jobs).where(eq(jobs.id, sync!.last_job_id!));
    expect(job.state).toBe('done');
    console.log(
      `[figure] BC down 10 min: delivered after ${job.attempts} attempts, ${(run.simulatedMs / 60_000).toFixed(1)} simulated min, ${inBc.length} order in BC`,
    );
  });

  it('while BC is down the order shows failed with BC’s message, and the sync-by-phone lookup answers a clear 503', async () => {
    const o = await makeOrder(w.client, w);
    bc.outage(clock + 5 * 60_000);
    await release(o);
    await t.services.jobs.drain(ERP_DOCUMENT_QUEUE);
    const got = await w.client.get<Order>(`/api/sales-orders/${o.pos_so_no}`);
    expect(got.data.erp.state).toBe('failed');
    expect(got.data.erp.last_error).toContain('Business Central is unavailable (503)');
    const admin = await t.admin();
    const lookup = await admin.post('/api/franchises/sync', { phone_no: '0241111111' });
    expect(lookup.statusCode).toBe(503);
    expect(lookup.envelope.errors[0]).toMatchObject({
      code: 'erp_unavailable',
      msg: expect.stringContaining('Business Central'),
    });
    bc.downUntil = 0;
    clock += 5 * 60_000;
    await runJobs();
    expect(bc.all('salesOrders').filter((s) => s.externalDocumentNumber === o.pos_so_no)).toHaveLength(1);
  });

  it(`${RELEASES} releases with random faults (429, 503, dropped after the write, slow past the timeout, token expiry) → ${RELEASES} orders in BC, 0 lost, 0 doubled`, async () => {
    const orders: Order[] = [];
    for (let i = 0; i < RELEASES; i++) orders.push(await release(await makeOrder(w.client, w)));
    let seed = 20;
    bc.chaos = {
      rate: 0.15,
      // A small seeded generator, so a failure can be replayed.
      random: () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31,
      slowMs: 400,
      retryAfterSeconds: 2,
    };
    const before = bc.requests.length;
    try {
      await runJobs(1000);
    } finally {
      bc.chaos = null;
    }
    const sent = bc.requests.slice(before);
    const faults = {
      throttled: sent.filter((r) => r.status === 429).length,
      unavailable: sent.filter((r) => r.status === 503).length,
      dropped: sent.filter((r) => r.dropped).length,
      unauthorized: sent.filter((r) => r.status === 401).length,
    };
    const nos = new Set(orders.map((o) => o.pos_so_no));
    const inBc = bc.all('salesOrders').filter((s) => nos.has(String(s.externalDocumentNumber)));
    const perNo = new Map<string, number>();
    for (const s of inBc)
      perNo.set(String(s.externalDocumentNumber), (perNo.get(String(s.externalDocumentNumber)) ?? 0) + 1);
    const lost = [...nos].filter((n) => !perNo.has(n));
    const doubled = [...perNo.values()].filter((n) => n > 1).length;
    const dead = await t.services.db
      .select({ id: jobs.id, last_error: jobs.last_error, attempts: jobs.attempts })
      .from(jobs)
      .where(and(eq(jobs.queue, ERP_DOCUMENT_QUEUE), eq(jobs.state, 'dead')));
    if (dead.length) console.log('dead jobs', dead);
    console.log(
      `[figure] ${RELEASES} releases with faults ${JSON.stringify(faults)}: ${perNo.size} orders in BC, ${lost.length} lost, ${doubled} doubled`,
    );
    expect(lost).toEqual([]);
    expect(doubled).toBe(0);
    expect(inBc).toHaveLength(RELEASES);
    expect(faults.dropped + faults.throttled + faults.unavailable).toBeGreaterThan(0);
    // Each order has its one line, every document is synced with BC's number, the customer and item exist once.
    const lines = bc.all('salesOrderLines');
    for (const s of inBc) expect(lines.filter((l) => l.documentId === s.id)).toHaveLength(1);
    const states = await t.services.db.execute(
      sql`select sync_state, count(*)::int as n from erp_document_sync where kind = 'sales_order' and document_no in ${[...nos]} group by sync_state`,
    );
    const rows = ((states as unknown as { rows?: unknown[] }).rows ?? states) as { sync_state: string; n: number }[];
    expect(rows).toEqual([{ sync_state: 'synced', n: RELEASES }]);
    expect(bc.all('customers').filter((c) => c.number === w.customer.customer_no)).toHaveLength(1);
    expect(bc.all('items').filter((i) => i.number === 'SP110')).toHaveLength(1);
  }, 600_000);

  it('a released purchase order becomes head office’s sales order in BC; BC’s posted shipment comes back once as the shipment the store receives', async () => {
    const buyer = await makeBuyer(t, 'DN777');
    const item = await makePurchaseItem(t);
    const po = await makePurchaseOrder(t, buyer, [
      { item_no: item, purchase_qty: '3' },
      { item_no: item, purchase_qty: '2' },
    ]);
    // Released in this mode: no HSO number of our own (status.ts), the ERP's comes back.
    await t.services.db.update(purchaseOrders).set({ bc_so_no: '' }).where(eq(purchaseOrders.pos_po_no, po.pos_po_no));
    await t.services.db.transaction((tx) =>
      enqueueErpDocument(tx, { kind: 'purchase_order', documentNo: po.pos_po_no, action: 'release' }),
    );
    await runJobs();
    const [so] = bc.all('salesOrders').filter((s) => s.externalDocumentNumber === po.pos_po_no);
    expect(so).toMatchObject({ customerNumber: 'DN777' });
    expect(bc.all('customers').filter((c) => c.number === 'DN777')).toHaveLength(1);
    const [afterRelease] = await t.services.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.pos_po_no, po.pos_po_no));
    expect(afterRelease.bc_so_no).toBe(so.number);
    expect(await erpSyncOf(t.services.db, 'purchase_order', po.pos_po_no)).toMatchObject({
      sync_state: 'synced',
      external_no: so.number,
    });

    // Before head office ships in BC there is nothing to bring in; then BC posts the shipment.
    expect(await importErpShipments(t.services)).toMatchObject({ posted: 0 });
    clock = Math.max(clock, Date.now() + 1000); // BC's clock: posted after the first run
    expect(bc.invoke('salesOrders', so.id, 'shipAndInvoice')).toBe(204);
    const bcShipment = bc.all('salesShipments').find((s) => s.externalDocumentNumber === po.pos_po_no)!;
    const first = await importErpShipments(t.services);
    expect(first).toMatchObject({ posted: 1 });
    // Asked again (the next scheduled run reads the same window): passed by, no second shipment.
    expect(await importErpShipments(t.services)).toMatchObject({ posted: 0 });
    const shipments = await t.services.db
      .select()
      .from(purchaseShipments)
      .where(eq(purchaseShipments.pos_po_no, po.pos_po_no));
    expect(shipments).toHaveLength(1);
    expect(shipments[0]).toMatchObject({
      external_document_no: bcShipment.number,
      franchise_code: 'DN777',
      order_no: so.number,
    });

    // The store receives it; the receipt goes to BC through the outbox and keeps BC's shipment number beside ours.
    const [order] = await t.services.db.select().from(purchaseOrders).where(eq(purchaseOrders.pos_po_no, po.pos_po_no));
    const receiptNo = await t.services.db.transaction((tx) =>
      receivePurchaseOrder(tx, systemAuth('store'), {
        pos_po_no: po.pos_po_no,
        version: order.version,
        lines: [
          { line_no: 10000, qty_to_receive: '3' },
          { line_no: 20000, qty_to_receive: '2' },
        ],
      }),
    );
    await runJobs();
    expect(await erpSyncOf(t.services.db, 'purchase_receipt', String(receiptNo))).toMatchObject({
      sync_state: 'synced',
      external_no: bcShipment.number,
    });
  });

  it('item sync (calls.md 7.8) through the connector: every page read, new items created, changed ones updated, variants added, counts told', async () => {
    const admin = await t.admin();
    const f = await makeBuyer(t, 'HP501');
    for (let n = 1; n <= 25; n++)
      bc.seed('items', {
        number: `BCS${String(n).padStart(3, '0')}`,
        displayName: `Hàng BC ${n}`,
        type: 'Inventory',
        baseUnitOfMeasureCode: 'PCS',
        unitPrice: 1000 * n,
        itemCategoryCode: '',
        blocked: n === 25,
        gtin: n === 1 ? '8931234567890' : '',
      });
    const first = bc.all('items').find((r) => r.number === 'BCS001')!;
    bc.seed('itemVariants', { itemId: first.id, itemNumber: 'BCS001', code: 'RED', description: 'Đỏ' });
    const before = bc.requests.length;
    const res = await admin.post<{
      items_seen: number;
      items_created: number;
      items_updated: number;
      franchise_items_added: number;
    }>('/api/items/sync', { franchise_code: f.franchise_code });
    expect(res.statusCode).toBe(200);
    const known = bc.all('items').length;
    expect(res.data).toMatchObject({ items_seen: known });
    expect(res.data.items_created).toBeGreaterThanOrEqual(25);
    // Pages of BC_MAX_PAGE_SIZE (1000 by default) are asked with Prefer; all of BC's items came.
    expect(
      bc.requests
        .slice(before)
        .filter((r) => r.path.endsWith('/items'))
        .every((r) => r.prefer?.startsWith('odata.maxpagesize=')),
    ).toBe(true);
    const [row] = await t.services.db.select().from(items).where(eq(items.item_no, 'BCS001'));
    expect(row).toMatchObject({
      description: 'Hàng BC 1',
      unit_price: '1000.00',
      barcode: '8931234567890',
      blocked: false,
    });
    expect(await t.services.db.select().from(itemVariants).where(eq(itemVariants.item_no, 'BCS001'))).toMatchObject([
      { variant_code: 'RED', description: 'Đỏ' },
    ]);

    // BC changes two items: the next sync updates exactly those (their version moves on), creates nothing.
    bc.touch('items', first.id, { unitPrice: 1500 });
    bc.touch('items', bc.all('items').find((r) => r.number === 'BCS002')!.id, { displayName: 'Hàng BC 2 mới' });
    const again = await admin.post<{ items_created: number; items_updated: number }>('/api/items/sync', {
      franchise_code: f.franchise_code,
    });
    expect(again.data).toMatchObject({ items_created: 0, items_updated: 2 });
    const [after] = await t.services.db.select().from(items).where(eq(items.item_no, 'BCS001'));
    expect(after).toMatchObject({ unit_price: '1500.00', version: row.version + 1 });
    const one = await admin.post('/api/items/sync-item-no', { item_no: 'BCS003', franchise_code: f.franchise_code });
    expect(one.statusCode).toBe(200);
    const missing = await admin.post('/api/items/sync-item-no', { item_no: 'NOPE', franchise_code: f.franchise_code });
    expect(missing.statusCode).toBe(404);
  });
});
