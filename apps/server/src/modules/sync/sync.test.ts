import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { withSyncLog } from '../../erp/sync-log.js';

const ctx = useTestApp();

describe('sync log (api.md ERP sync service)', () => {
  it('lists sync calls, shows each table’s last sync, and empties the log', async () => {
    const { db } = ctx.t.services;
    await withSyncLog(db, { table_code: 'item', action: 'sync_all', erp_mode: 'standalone' }, async () => ({
      records: 12,
      message: '12 items',
    }));
    await expect(
      withSyncLog(db, { table_code: 'franchise', action: 'sync', erp_mode: 'standalone' }, async () => {
        throw new Error('ERP did not answer');
      }),
    ).rejects.toThrow('ERP did not answer');

    const admin = await ctx.t.admin();
    type L = { items: { table_code: string; status: string; records: number; message: string }[]; total_count: number };
    const all = await admin.post<L>('/api/sync/logs/filter', {});
    expect(all.data.total_count).toBe(2);
    const failed = await admin.post<L>('/api/sync/logs/filter', { filters: [{ field: 'status', value: 'failed' }] });
    expect(failed.data.items).toEqual([
      expect.objectContaining({ table_code: 'franchise', message: 'ERP did not answer', records: 0 }),
    ]);

    const tables =
      await admin.get<{ table_code: string; last_status: string | null; last_synced_at: string | null }[]>(
        '/api/sync/tables',
      );
    expect(tables.data.find((t) => t.table_code === 'item')).toMatchObject({ last_status: 'success' });
    expect(tables.data.find((t) => t.table_code === 'franchise')).toMatchObject({ last_status: 'failed' });
    expect(tables.data.find((t) => t.table_code === 'post_code')).toMatchObject({
      last_status: null,
      last_synced_at: null,
    });

    const bad = await admin.post('/api/sync/logs/empty', { before: 'yesterday-ish' });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0].field).toBe('before');
    const emptied = await admin.post<{ deleted: number }>('/api/sync/logs/empty', {});
    expect(emptied.data.deleted).toBe(2);
    expect((await admin.post<L>('/api/sync/logs/filter', {})).data.total_count).toBe(0);
  });

  it('is for Administrators only', async () => {
    const user = await ctx.t.makeUser({ role: 'Head Office' });
    expect((await user.client.post('/api/sync/logs/filter', {})).statusCode).toBe(403);
    expect((await user.client.post('/api/sync/logs/empty', {})).statusCode).toBe(403);
    expect((await user.client.get('/api/sync/tables')).statusCode).toBe(403);
    expect((await ctx.t.anon.get('/api/sync/tables')).statusCode).toBe(401);
  });
});
