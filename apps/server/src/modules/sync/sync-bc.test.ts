import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SyncRecord, SyncStarted, SyncSummary, SyncTable } from '@fp/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createErp } from '../../erp/index.js';
import type { Erp } from '../../erp/port.js';
import { startBcServer, type BcTestServer } from '../../erp/business-central/test-support/bc-test-server.js';
import { jobs } from '../../jobs/schema.js';
import { items } from '../items/schema.js';
import { erpSyncRuns } from './schema.js';
import { ERP_SYNC_QUEUE } from './service.js';

/**
 * The sync service (calls.md 7.5) in ERP_MODE=business_central against the BC-shaped test server: the same calls,
 * the job reading BC's items through the connector (OData pages, `lastModifiedDateTime gt` since the last sync),
 * writing them into the catalogue, finding the ones BC no longer has, and surviving an outage.
 */
let bc: BcTestServer;
let t: TestApp;
// The simulated clock starts half an hour ago: BC's items were typed then. The database stamps the runs with the real
// time, and an incremental sync asks BC for what changed since (less a margin of two minutes).
let clock = Date.now() - 30 * 60_000;

type L<T> = { items: T[]; total_count: number };
const seedItem = (no: string, extra: Record<string, unknown> = {}) =>
  bc.seed('items', {
    number: no,
    displayName: `BC item ${no}`,
    type: 'Inventory',
    baseUnitOfMeasureCode: 'PCS',
    unitPrice: 12500,
    itemCategoryCode: '',
    blocked: false,
    gtin: '',
    ...extra,
  });

beforeAll(async () => {
  bc = await startBcServer({ now: () => clock });
  // Pages of two, so a sync follows @odata.nextLink.
  t = await createTestApp({ ...bc.env(), BC_MAX_PAGE_SIZE: '2', BC_TIMEOUT_MS: '2000' });
  expect(t.services.erp.mode).toBe('business_central');
  // The connector on the simulated clock (the sync job reads services.erp when it runs).
  (t.services as { erp: Erp }).erp = createErp(t.config, t.services.db, {
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await bc?.close();
});

const tables = async () => {
  const admin = await t.admin();
  return (await admin.get<SyncTable[]>('/api/sync/tables')).data;
};
const itemTable = async () => (await tables()).find((x) => x.table_code === 'item')!;

describe('the ERP sync service in business_central mode', () => {
  it('authorizes against BC', async () => {
    const admin = await t.admin();
    const r = await admin.post<{ ok: boolean; erp_mode: string }>('/api/sync/authorize', {});
    expect(r.statusCode).toBe(200);
    expect(r.data).toMatchObject({ ok: true, erp_mode: 'business_central' });
  });

  it('syncs BC items page by page into the catalogue, then only what changed, finds excess records and survives an outage', async () => {
    const admin = await t.admin();
    const ids = ['BCS1', 'BCS2', 'BCS3', 'BCS4', 'BCS5'].map((no) => seedItem(no).id);

    const first = await admin.put<SyncStarted>('/api/sync/tables', { table_code: 'item', sync_all: true });
    expect(first.data).toMatchObject({ state: 'queued', started: true, erp_mode: 'business_central' });
    await t.services.jobs.drain(ERP_SYNC_QUEUE);
    let item = await itemTable();
    expect(item).toMatchObject({ state: 'success', records: 5, excess: 0, erp_mode: 'business_central' });
    expect(item.run).toMatchObject({ fetched: 5, created: 5, updated: 0, failed: 0 });
    expect(item.run?.message).toContain('5 product record(s) written');
    // Three pages of at most two.
    expect(bc.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/items')).length).toBeGreaterThanOrEqual(3);
    const [written] = await t.services.db.select().from(items).where(eq(items.item_no, 'BCS3'));
    expect(written).toMatchObject({ description: 'BC item BCS3', unit_price: '12500.00' });
    // The records carry BC's id as system_id.
    const recs = await admin.post<L<SyncRecord>>('/api/sync/tables/filter', {
      filters: [
        { field: 'table_code', value: 'item', condition_type: 'eq' },
        { field: 'record_key', value: 'BCS1', condition_type: 'eq' },
      ],
    });
    expect(recs.data.items).toEqual([expect.objectContaining({ system_id: ids[0], record_key: 'BCS1' })]);

    // A BC user changes one item after the sync: an incremental sync reads only what changed since.
    clock = Date.now() + 60_000;
    bc.touch('items', ids[1], { displayName: 'Renamed in BC' });
    const before = bc.requests.length;
    await admin.put('/api/sync/tables', { table_code: 'item', sync_all: false });
    await t.services.jobs.drain(ERP_SYNC_QUEUE);
    const filters = bc.requests
      .slice(before)
      .filter((r) => r.method === 'GET' && r.path.endsWith('/items'))
      .map((r) => decodeURIComponent(r.query));
    expect(filters.join(' ')).toContain('lastModifiedDateTime gt');
    item = await itemTable();
    expect(item.run).toMatchObject({ fetched: 1, created: 0, updated: 1, failed: 0 });
    const [renamed] = await t.services.db.select().from(items).where(eq(items.item_no, 'BCS2'));
    expect(renamed.description).toBe('Renamed in BC');

    // An item without a base unit of measure fails alone; one removed from BC is found in excess by a full sync.
    clock += 60_000;
    seedItem('BCS9', { baseUnitOfMeasureCode: '' });
    bc.remove('items', ids[4]);
    await admin.put('/api/sync/tables', { table_code: 'item', sync_all: true });
    await t.services.jobs.drain(ERP_SYNC_QUEUE);
    item = await itemTable();
    expect(item).toMatchObject({ records: 4, excess: 1, state: 'success' });
    expect(item.run).toMatchObject({ fetched: 5, failed: 1, excess: 1 });
    expect((await t.services.db.select().from(items).where(eq(items.item_no, 'BCS9'))).length).toBe(0);
    const removed = await admin.post<{ removed: number }>('/api/sync/tables/remove-excess', {
      table_code: 'item',
      count: 1,
    });
    expect(removed.data.removed).toBe(1);

    // BC is down: the run fails with BC's message and its job is dead on the jobs screen; retried there once BC is
    // back, the same run succeeds.
    bc.outage(clock + 10 * 60_000);
    const down = await admin.put<SyncStarted>('/api/sync/tables', { table_code: 'item', sync_all: true });
    await t.services.jobs.drain(ERP_SYNC_QUEUE);
    item = await itemTable();
    expect(item.state).toBe('failed');
    expect(item.last_error).toContain('Business Central is unavailable (503)');
    const [run] = await t.services.db.select().from(erpSyncRuns).where(eq(erpSyncRuns.id, down.data.id));
    const [job] = await t.services.db.select().from(jobs).where(eq(jobs.id, run.job_id!));
    expect(job.state).toBe('dead');
    expect(job.last_error).toContain('Business Central is unavailable (503)');
    clock += 11 * 60_000;
    const retried = await admin.post<{ retried: number }>('/api/jobs/retry', { ids: [job.id] });
    expect(retried.data.retried).toBe(1);
    await t.services.jobs.drain(ERP_SYNC_QUEUE);
    item = await itemTable();
    expect(item).toMatchObject({ state: 'success', last_error: null });
    expect(item.run?.id).toBe(down.data.id);

    // The day's summary counts every finished run, with the failures' messages.
    const sums = await admin.post<L<SyncSummary>>('/api/sync/summaries/filter', {
      filters: [{ field: 'table_code', value: 'item', condition_type: 'eq' }],
    });
    expect(sums.data.items).toHaveLength(1);
    expect(sums.data.items[0]).toMatchObject({ runs: 4, created: 5, updated: 1 });
    expect(sums.data.items[0].failures).toContain('BCS9: The item has no base unit of measure');
  });
});
