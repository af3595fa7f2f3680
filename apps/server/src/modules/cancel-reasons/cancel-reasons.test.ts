import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';

const ctx = useTestApp();

describe('cancel reasons', () => {
  it('creates, reads, filters, updates and deletes a reason', async () => {
    const admin = await ctx.t.admin();
    const created = await admin.post<{ id: number; reason_code: string; version: number }>('/api/cancel-reasons', {
      reason_code: 'late',
      description: 'Giao hàng trễ',
      page: '/salesOrders',
    });
    expect(created.statusCode).toBe(201);
    expect(created.data.reason_code).toBe('LATE');

    const got = await admin.get<{ description: string }>(`/api/cancel-reasons/${created.data.id}`);
    expect(got.data.description).toBe('Giao hàng trễ');

    const list = await admin.post<{ items: { reason_code: string }[]; total_count: number }>(
      '/api/cancel-reasons/filter',
      {
        filters: [{ field: 'page', value: '/salesOrders', condition_type: 'eq' }],
      },
    );
    expect(list.data.total_count).toBe(1);
    expect(list.data.items[0].reason_code).toBe('LATE');

    const updated = await admin.put<{ description: string; version: number }>(
      `/api/cancel-reasons/${created.data.id}`,
      {
        description: 'Trễ hẹn',
        version: created.data.version,
      },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.data.version).toBe(created.data.version + 1);

    const stale = await admin.put(`/api/cancel-reasons/${created.data.id}`, {
      description: 'x',
      version: created.data.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');

    expect((await admin.del(`/api/cancel-reasons/${created.data.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/cancel-reasons/${created.data.id}`)).statusCode).toBe(404);
  });

  it('names the field of bad input', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post('/api/cancel-reasons', { reason_code: '', page: '/nowhere' });
    expect(res.statusCode).toBe(400);
    const fields = res.envelope.errors.map((e) => e.field);
    expect(fields).toContain('reason_code');
    expect(fields).toContain('description');
    expect(fields).toContain('page');
    expect(res.envelope.errors.find((e) => e.field === 'reason_code')?.msg).toBe('This is required field!');
  });

  it('refuses a user without the page and changes nothing', async () => {
    const viewer = await ctx.t.makeUser({ pages: [{ page_url: '/cancelReasons', permission_type: 'view' }] });
    const none = await ctx.t.makeUser({});
    const before = await viewer.client.op('cancelReasons.list');
    expect(before.statusCode).toBe(200);
    const res = await viewer.client.post('/api/cancel-reasons', {
      reason_code: 'X',
      description: 'y',
      page: '/salesOrders',
    });
    expect(res.statusCode).toBe(403);
    expect((await none.client.post('/api/cancel-reasons/filter', {})).statusCode).toBe(403);
    const after = await viewer.client.op('cancelReasons.list');
    expect(after.data.total_count).toBe(before.data.total_count);
    expect((await ctx.t.anon.post('/api/cancel-reasons/filter', {})).statusCode).toBe(401);
  });

  it('exports the filtered set as xlsx', async () => {
    const admin = await ctx.t.admin();
    await admin.post('/api/cancel-reasons', { reason_code: 'EXP', description: 'Export me', page: '/purchasesOrders' });
    const res = await admin.post('/api/cancel-reasons/filter/export', {
      filters: [{ field: 'reason_code', value: 'EXP' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('Reason Code');
    expect(ws.getRow(2).getCell(2).value).toBe('Export me');
    expect(ws.rowCount).toBe(2);
  });

  it('returns the first answer again for a repeated Idempotency-Key', async () => {
    const admin = await ctx.t.admin();
    const body = { reason_code: 'IDEM', description: 'Once', page: '/salesQuotes' };
    const a = await admin.post<{ id: number }>('/api/cancel-reasons', body, { 'idempotency-key': 'k-1' });
    const b = await admin.post<{ id: number }>('/api/cancel-reasons', body, { 'idempotency-key': 'k-1' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.data.id).toBe(a.data.id);
    const other = await admin.post(
      '/api/cancel-reasons',
      { ...body, description: 'Other' },
      { 'idempotency-key': 'k-1' },
    );
    expect(other.statusCode).toBe(422);
  });
});
