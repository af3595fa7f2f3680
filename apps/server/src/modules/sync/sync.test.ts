import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SyncRecord, SyncStarted, SyncStats, SyncSummary, SyncTable } from '@fp/contract';
import { useTestApp } from '../../../test/helpers.js';
import { withSyncLog } from '../../erp/sync-log.js';
import { ErpUnavailableError, type Erp, type ErpItem } from '../../erp/port.js';
import { items, itemVariants } from '../items/schema.js';
import { franchises } from '../franchises/schema.js';
import { jobs } from '../../jobs/schema.js';
import { ERP_SYNC_QUEUE, scheduleSyncs } from './service.js';
import { erpSyncRuns, erpTableRecords } from './schema.js';

const ctx = useTestApp();

type L<T> = { items: T[]; total_count: number };
const tableOf = (tables: SyncTable[], code: string) => tables.find((t) => t.table_code === code)!;

async function addItems(nos: string[]) {
  await ctx.t.services.db.insert(items).values(
    nos.map((no) => ({
      item_no: no,
      description: `Nước mắm ${no}`,
      base_unit_of_measure: 'PCS',
      unit_price: '1000',
    })),
  );
}

/** A fake ERP in business_central mode: items from a list the test changes, two per page, and outages on demand. */
function fakeBc(real: Erp) {
  const state = { items: [] as ErpItem[], down: false, since: [] as (string | undefined)[] };
  const item = (no: string, etag = 'W/"1"'): ErpItem => ({
    item_no: no,
    system_id: `guid-${no}`,
    etag,
    description: `BC item ${no}`,
    base_unit_of_measure: 'PCS',
    unit_price: '5000',
    item_category_code: '',
    blocked: false,
    variants: [],
    units_of_measure: [],
  });
  const erp: Erp = {
    ...real,
    mode: 'business_central',
    items: {
      ...real.items,
      async list(q = {}) {
        if (state.down) throw new ErpUnavailableError('Business Central did not answer (503 Service Unavailable)');
        const skip = q.nextLink ? Number(q.nextLink.split('=')[1]) : 0;
        if (!q.nextLink) state.since.push(q.since);
        const value = state.items.slice(skip, skip + 2);
        return { value, nextLink: skip + 2 < state.items.length ? `fake?skip=${skip + 2}` : null };
      },
    },
  };
  return { erp, state, item };
}

describe('the ERP sync service in standalone mode (calls.md 7.5)', () => {
  it('lists sync calls, shows each table’s last sync, and empties the log', async () => {
    const { db } = ctx.t.services;
    await withSyncLog(db, { table_code: 'vendor', action: 'sync_all', erp_mode: 'standalone' }, async () => ({
      records: 12,
      message: '12 vendors',
    }));
    await expect(
      withSyncLog(db, { table_code: 'franchise', action: 'sync', erp_mode: 'standalone' }, async () => {
        throw new Error('ERP did not answer');
      }),
    ).rejects.toThrow('ERP did not answer');

    const admin = await ctx.t.admin();
    type Log = { table_code: string; status: string; records: number; message: string };
    const failed = await admin.post<L<Log>>('/api/sync/logs/filter', {
      filters: [{ field: 'status', value: 'failed' }],
    });
    expect(failed.data.items).toEqual([
      expect.objectContaining({ table_code: 'franchise', message: 'ERP did not answer', records: 0 }),
    ]);

    const tables = (await admin.get<SyncTable[]>('/api/sync/tables')).data;
    expect(tables.map((t) => t.table_code)).toEqual([
      'item',
      'item_price',
      'item_variant',
      'customer',
      'vendor',
      'franchise',
      'transfer_order',
      'post_code',
    ]);
    expect(tableOf(tables, 'vendor')).toMatchObject({ last_status: 'success', state: null, last_error: null });
    expect(tableOf(tables, 'franchise')).toMatchObject({ last_status: 'failed', last_error: 'ERP did not answer' });
    expect(tableOf(tables, 'post_code')).toMatchObject({
      last_status: null,
      last_synced_at: null,
      records: 0,
      status: 'active',
      erp_mode: 'standalone',
    });

    const bad = await admin.post('/api/sync/logs/empty', { before: 'yesterday-ish' });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0].field).toBe('before');
    const emptied = await admin.post<{ deleted: number }>('/api/sync/logs/empty', {});
    expect(emptied.data.deleted).toBe(2);
    expect((await admin.post<L<Log>>('/api/sync/logs/filter', {})).data.total_count).toBe(0);
  });

  it('authorizes, syncs a table as a job over the product’s own tables, browses it and finds excess records', async () => {
    const admin = await ctx.t.admin();
    const auth = await admin.post<{ ok: boolean; message: string; erp_mode: string }>('/api/sync/authorize', {});
    expect(auth.data).toMatchObject({ ok: true, erp_mode: 'standalone' });

    await addItems(['SY001', 'SY002', 'SY003']);
    await ctx.t.services.db.insert(itemVariants).values([
      { item_no: 'SY001', variant_code: 'RED', description: 'Đỏ' },
      { item_no: 'SY001', variant_code: 'BLUE', description: 'Xanh' },
    ]);

    // The PUT answers at once with the queued run; nothing is read before the job runs.
    const started = await admin.put<SyncStarted>('/api/sync/tables', { table_code: 'item', sync_all: true });
    expect(started.statusCode).toBe(200);
    expect(started.data).toMatchObject({ table_code: 'item', state: 'queued', started: true, sync_all: true, done: 0 });
    // A second start while it waits answers the same run.
    const again = await admin.put<SyncStarted>('/api/sync/tables', { table_code: 'item', sync_all: false });
    expect(again.data).toMatchObject({ id: started.data.id, started: false, state: 'queued' });
    expect((await admin.post<L<SyncRecord>>('/api/sync/tables/filter', tableFilter('item'))).data.total_count).toBe(0);

    await ctx.t.services.jobs.drain(ERP_SYNC_QUEUE);
    let item = tableOf((await admin.get<SyncTable[]>('/api/sync/tables')).data, 'item');
    expect(item).toMatchObject({ records: 3, excess: 0, state: 'success', last_error: null, last_status: 'success' });
    expect(item.run).toMatchObject({ done: 3, fetched: 3, created: 3, updated: 0, failed: 0 });
    expect(item.run?.message).toContain('Standalone mode: the product is its own system of record');
    expect(item.last_synced_at).not.toBeNull();

    // Browse: server-side paging and a filter with or without diacritics.
    const page = await admin.post<L<SyncRecord>>('/api/sync/tables/filter', {
      ...tableFilter('item'),
      pagination: { page: 1, size: 2 },
    });
    expect(page.data.total_count).toBe(3);
    expect(page.data.items.map((r) => r.record_key)).toEqual(['SY001', 'SY002']);
    const found = await admin.post<L<SyncRecord>>('/api/sync/tables/filter', {
      filters: [
        { field: 'table_code', value: 'item', condition_type: 'eq' },
        { field: 'description', value: 'nuoc mam SY002', condition_type: 'like' },
      ],
    });
    expect(found.data.items.map((r) => r.record_key)).toEqual(['SY002']);
    const noTable = await admin.post('/api/sync/tables/filter', {});
    expect(noTable.statusCode).toBe(400);
    expect(noTable.envelope.errors[0].field).toBe('table_code');

    // Product variants (PUT /sync/product-variants) fill item_variant.
    const v = await admin.put<SyncStarted>('/api/sync/product-variants', { sync_all: true });
    expect(v.data).toMatchObject({ table_code: 'item_variant', started: true });
    await ctx.t.services.jobs.drain(ERP_SYNC_QUEUE);
    const variants = await admin.post<L<SyncRecord>>('/api/sync/tables/filter', tableFilter('item_variant'));
    expect(variants.data.items.map((r) => r.record_key)).toEqual(['SY001 / BLUE', 'SY001 / RED']);

    // An item leaves the product: the next full sync finds it in excess.
    await ctx.t.services.db.delete(items).where(eq(items.item_no, 'SY003'));
    const full = await admin.put<SyncStarted>('/api/sync/tables', { table_code: 'item', sync_all: true });
    expect(full.data.total).toBe(3);
    await ctx.t.services.jobs.drain(ERP_SYNC_QUEUE);
    item = tableOf((await admin.get<SyncTable[]>('/api/sync/tables')).data, 'item');
    expect(item).toMatchObject({ records: 2, excess: 1 });
    expect(item.run).toMatchObject({ fetched: 2, created: 0, updated: 0, excess: 1 });
    const excess = await admin.post<L<SyncRecord>>('/api/sync/tables/filter', {
      filters: [
        { field: 'table_code', value: 'item', condition_type: 'eq' },
        { field: 'excess', value: true, condition_type: 'eq' },
      ],
    });
    expect(excess.data.items.map((r) => r.record_key)).toEqual(['SY003']);

    const stats = await admin.post<SyncStats>('/api/sync/tables/stats', { table_code: 'item' });
    expect(stats.data).toMatchObject({ records: 2, excess: 1, runs: 2, runs_failed: 0, fetched: 5, created: 3 });

    // Remove excess: the count the user confirmed must be the table's.
    const stale = await admin.post('/api/sync/tables/remove-excess', { table_code: 'item', count: 4 });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0]).toMatchObject({ field: 'count' });
    const removed = await admin.post<{ removed: number }>('/api/sync/tables/remove-excess', {
      table_code: 'item',
      count: 1,
    });
    expect(removed.data.removed).toBe(1);
    expect(tableOf((await admin.get<SyncTable[]>('/api/sync/tables')).data, 'item')).toMatchObject({
      records: 2,
      excess: 0,
    });

    // Remove one record.
    const one = await admin.post<{ removed: number }>('/api/sync/tables/remove-record', {
      table_code: 'item',
      system_id: 'SY002',
    });
    expect(one.data.removed).toBe(1);
    const gone = await admin.post('/api/sync/tables/remove-record', { table_code: 'item', system_id: 'SY002' });
    expect(gone.statusCode).toBe(404);
    const noId = await admin.post('/api/sync/tables/remove-record', { table_code: 'item' });
    expect(noId.statusCode).toBe(400);
    expect(noId.envelope.errors[0].field).toBe('system_id');

    // Summaries: per table and day.
    const sums = await admin.post<L<SyncSummary>>('/api/sync/summaries/filter', {
      filters: [{ field: 'table_code', value: 'item', condition_type: 'eq' }],
    });
    expect(sums.data.items).toEqual([
      expect.objectContaining({ table_code: 'item', runs: 2, fetched: 5, created: 3, updated: 0, failed: 0 }),
    ]);
  });

  it('refuses bad input with the field named', async () => {
    const admin = await ctx.t.admin();
    const bad = await admin.put('/api/sync/tables', { table_code: 'items', sync_all: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'table_code' });
    const badAll = await admin.put('/api/sync/tables', { table_code: 'item', sync_all: 'yes' });
    expect(badAll.statusCode).toBe(400);
    expect(badAll.envelope.errors[0].field).toBe('sync_all');
    const badStatus = await admin.post('/api/sync/status', { table_code: 'item', status: 'off' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.envelope.errors[0].field).toBe('status');
    const badStats = await admin.post('/api/sync/tables/stats', {});
    expect(badStats.statusCode).toBe(400);
    expect(badStats.envelope.errors[0].field).toBe('table_code');
  });

  it('updates a table’s sync status', async () => {
    const admin = await ctx.t.admin();
    const paused = await admin.post<SyncTable>('/api/sync/status', { table_code: 'post_code', status: 'paused' });
    expect(paused.data).toMatchObject({ table_code: 'post_code', status: 'paused' });
    expect(tableOf((await admin.get<SyncTable[]>('/api/sync/tables')).data, 'post_code').status).toBe('paused');
    await admin.post('/api/sync/status', { table_code: 'post_code', status: 'active' });
    expect(tableOf((await admin.get<SyncTable[]>('/api/sync/tables')).data, 'post_code').status).toBe('active');
  });

  it('syncs every active table on the schedule (ERP_SYNC_EVERY_MINUTES), leaving a paused one alone', async () => {
    const admin = await ctx.t.admin();
    await admin.post('/api/sync/status', { table_code: 'vendor', status: 'paused' });
    const runs = await scheduleSyncs(ctx.t.services.db, ctx.t.services.erp.mode);
    expect(runs.map((r) => r.table_code).sort()).toEqual(
      ['customer', 'franchise', 'item', 'item_price', 'item_variant', 'post_code', 'transfer_order'].sort(),
    );
    expect(runs.every((r) => r.username === 'schedule' && !r.sync_all && r.state === 'queued')).toBe(true);
    // Asked again while they wait, it starts nothing twice.
    expect(await scheduleSyncs(ctx.t.services.db, ctx.t.services.erp.mode)).toEqual([]);
    await ctx.t.services.jobs.drain(ERP_SYNC_QUEUE);
    const tables = (await admin.get<SyncTable[]>('/api/sync/tables')).data;
    expect(tableOf(tables, 'customer').state).toBe('success');
    expect(tableOf(tables, 'vendor').run?.username ?? null).not.toBe('schedule');
    await admin.post('/api/sync/status', { table_code: 'vendor', status: 'active' });
  });

  it('is for head office: a store user and a user without the page are refused', async () => {
    const grant = [{ page_url: '/bcTables', permission_type: 'edit' as const }];
    const ho = await ctx.t.makeUser({ role: 'Head Office', pages: grant });
    expect((await ho.client.get('/api/sync/tables')).statusCode).toBe(200);
    expect((await ho.client.post('/api/sync/tables/stats', { table_code: 'item' })).statusCode).toBe(200);
    // The summaries are their own page.
    expect((await ho.client.post('/api/sync/summaries/filter', {})).statusCode).toBe(403);

    await ctx.t.services.db.insert(franchises).values({ customer_no: 'SYNC-F1', name: 'Sync franchise' });
    const store = await ctx.t.makeUser({ role: 'Store Manager', customer_no: 'SYNC-F1', pages: grant });
    expect((await store.client.get('/api/sync/tables')).statusCode).toBe(403);
    expect((await store.client.put('/api/sync/tables', { table_code: 'item', sync_all: true })).statusCode).toBe(403);

    const none = await ctx.t.makeUser({ role: 'Head Office' });
    expect((await none.client.post('/api/sync/logs/filter', {})).statusCode).toBe(403);
    expect((await none.client.post('/api/sync/logs/empty', {})).statusCode).toBe(403);
    expect((await none.client.get('/api/sync/tables')).statusCode).toBe(403);
    expect((await ctx.t.anon.get('/api/sync/tables')).statusCode).toBe(401);
  });
});

function tableFilter(code: string) {
  return { filters: [{ field: 'table_code', value: code, condition_type: 'eq' }] };
}

describe('the ERP sync service with a fake ERP behind the port (business_central)', () => {
  it('pages to the end, asks for changes since the last sync, counts failures, finds excess and survives an outage', async () => {
    const services = ctx.t.services as { erp: Erp };
    const real = services.erp;
    const bc = fakeBc(real);
    services.erp = bc.erp;
    try {
      const admin = await ctx.t.admin();
      await ctx.t.services.db.delete(jobs).where(eq(jobs.queue, ERP_SYNC_QUEUE));
      await ctx.t.services.db.delete(erpTableRecords).where(eq(erpTableRecords.table_code, 'item'));
      bc.state.items = [bc.item('BC1'), bc.item('BC2'), bc.item(''), bc.item('BC4'), bc.item('BC5')];
      const first = await admin.put<SyncStarted>('/api/sync/tables', { table_code: 'item', sync_all: true });
      await ctx.t.services.jobs.drain(ERP_SYNC_QUEUE);
      let item = tableOf((await admin.get<SyncTable[]>('/api/sync/tables')).data, 'item');
      expect(item.run).toMatchObject({
        id: first.data.id,
        state: 'success',
        fetched: 5,
        failed: 1,
        erp_mode: 'business_central',
      });
      // What is new goes into the catalogue.
      expect(item.run?.message).toContain('4 product record(s) written');
      const [bc1] = await ctx.t.services.db.select().from(items).where(eq(items.item_no, 'BC1'));
      expect(bc1).toMatchObject({ description: 'BC item BC1', unit_price: '5000.00' });

      // An incremental sync asks for what changed since the last successful one: one item changed its etag.
      bc.state.items = [bc.item('BC1', 'W/"2"'), bc.item('BC2'), bc.item('BC4'), bc.item('BC5')];
      await admin.put('/api/sync/tables', { table_code: 'item', sync_all: false });
      await ctx.t.services.jobs.drain(ERP_SYNC_QUEUE);
      expect(bc.state.since.at(-1)).toBe(new Date(Date.parse(first.data.started_at) - 120_000).toISOString());
      item = tableOf((await admin.get<SyncTable[]>('/api/sync/tables')).data, 'item');
      expect(item.run).toMatchObject({ fetched: 4, created: 0, updated: 1, failed: 0, excess: 0 });

      // BC5 is gone from the ERP: a full sync finds it in excess.
      bc.state.items = bc.state.items.slice(0, 3);
      await admin.put('/api/sync/tables', { table_code: 'item', sync_all: true });
      await ctx.t.services.jobs.drain(ERP_SYNC_QUEUE);
      item = tableOf((await admin.get<SyncTable[]>('/api/sync/tables')).data, 'item');
      expect(item).toMatchObject({ records: 3, excess: 1 });

      // The ERP is down: the run fails with its message, the job is dead on the jobs screen; a retry there syncs.
      bc.state.down = true;
      const down = await admin.put<SyncStarted>('/api/sync/tables', { table_code: 'item', sync_all: true });
      await ctx.t.services.jobs.drain(ERP_SYNC_QUEUE);
      item = tableOf((await admin.get<SyncTable[]>('/api/sync/tables')).data, 'item');
      expect(item).toMatchObject({
        state: 'failed',
        last_error: 'Business Central did not answer (503 Service Unavailable)',
      });
      const [run] = await ctx.t.services.db.select().from(erpSyncRuns).where(eq(erpSyncRuns.id, down.data.id));
      const [dead] = await ctx.t.services.db.select().from(jobs).where(eq(jobs.id, run.job_id!));
      expect(dead).toMatchObject({
        state: 'dead',
        last_error: 'Business Central did not answer (503 Service Unavailable)',
      });
      bc.state.down = false;
      const retried = await admin.post<{ retried: number }>('/api/jobs/retry', { ids: [dead.id] });
      expect(retried.data.retried).toBe(1);
      await ctx.t.services.jobs.drain(ERP_SYNC_QUEUE);
      item = tableOf((await admin.get<SyncTable[]>('/api/sync/tables')).data, 'item');
      expect(item).toMatchObject({ state: 'success', last_error: null });
      expect(item.run?.id).toBe(down.data.id);

      const sums = await admin.post<L<SyncSummary>>('/api/sync/summaries/filter', {
        filters: [
          { field: 'table_code', value: 'item', condition_type: 'eq' },
          { field: 'failed', value: 1, condition_type: 'gteq' },
        ],
      });
      expect(sums.data.items).toHaveLength(1);
      expect(sums.data.items[0].failures).toContain('guid-: The record has no number');
    } finally {
      services.erp = real;
    }
  });
});
