import { beforeAll, describe, expect, it } from 'vitest';
import type { Device, DeviceListItem } from '@fp/contract';
import { useTestApp } from '../../../test/helpers.js';
import { assignDevice, deviceIdOf, makeStore, printerBody } from './test-support.js';

const ctx = useTestApp({ PRINTER_ALLOW_LOOPBACK: 'true' });
type List = { items: DeviceListItem[]; total_count: number; page: number; size: number };

beforeAll(async () => {
  await makeStore(ctx.t, 'HN001', ['HN001-01', 'HN001-02']);
  await makeStore(ctx.t, 'HCM001', ['HCM001-01']);
});

const count = async () => {
  const admin = await ctx.t.admin();
  return (await admin.post<List>('/api/devices/filter', {})).data.total_count;
};

describe('devices', () => {
  it('creates, reads, lists, updates and deletes a printer', async () => {
    const admin = await ctx.t.admin();
    const created = await admin.post<Device>(
      '/api/devices',
      printerBody({ device_data: { ip: ' 192.168.1.50 ', port: '9100' } }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.data).toMatchObject({
      location_code: 'HN001-01',
      device_type: 'PRINTER',
      device_name: 'Máy in quầy 1',
      device_code: 'PRN-HN-01',
      device_data: { ip: '192.168.1.50', port: 9100 },
      version: 1,
    });

    const got = await admin.get<Device>(`/api/devices/${created.data.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.data.device_data).toEqual({ ip: '192.168.1.50', port: 9100 });

    const list = await admin.post<List>('/api/devices/filter', { filters: [{ field: 'ip', value: '192.168.1.50' }] });
    expect(list.statusCode).toBe(200);
    expect(list.data.size).toBe(100);
    expect(list.data.total_count).toBe(1);
    expect(list.data.items[0]).toMatchObject({
      device_code: 'PRN-HN-01',
      ip: '192.168.1.50',
      port: 9100,
      location_code: 'HN001-01',
    });

    const updated = await admin.put<Device>(`/api/devices/${created.data.id}`, {
      device_name: 'Máy in quầy 2',
      device_data: { ip: '192.168.1.51', port: 9100 },
      version: created.data.version,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.data.version).toBe(2);
    expect(updated.data.device_name).toBe('Máy in quầy 2');
    expect(updated.data.device_data.ip).toBe('192.168.1.51');
    expect(updated.data.device_code).toBe('PRN-HN-01');

    const stale = await admin.put(`/api/devices/${created.data.id}`, { device_name: 'Cũ', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');
    expect((await admin.get<Device>(`/api/devices/${created.data.id}`)).data.device_name).toBe('Máy in quầy 2');

    expect((await admin.del(`/api/devices/${created.data.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/devices/${created.data.id}`)).statusCode).toBe(404);
  });

  it('names each missing field with the required message', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post('/api/devices', {});
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(res.envelope.errors.map((e) => [e.field, e.msg]));
    expect(byField).toMatchObject({
      device_type: 'This is required field!',
      device_name: 'This is required field!',
      device_code: 'This is required field!',
      'device_data.ip': 'This is required field!',
      'device_data.port': 'This is required field!',
    });

    const noPort = await admin.post('/api/devices', printerBody({ device_data: { ip: '192.168.1.60' } }));
    expect(noPort.statusCode).toBe(400);
    expect(noPort.envelope.errors).toEqual([
      { code: 'validation_error', msg: 'This is required field!', field: 'device_data.port' },
    ]);

    const noIp = await admin.post('/api/devices', printerBody({ device_data: { ip: '', port: 9100 } }));
    expect(noIp.envelope.errors).toEqual([
      { code: 'validation_error', msg: 'This is required field!', field: 'device_data.ip' },
    ]);

    const badType = await admin.post(
      '/api/devices',
      printerBody({ device_type: 'SCANNER', device_data: { ip: '192.168.1.60', port: 'abc' } }),
    );
    expect(badType.statusCode).toBe(400);
    const bad = Object.fromEntries(badType.envelope.errors.map((e) => [e.field, e.msg]));
    expect(bad.device_type).toBe('device_type must be one of PRINTER, ADMIN_PRINTER');
    expect(bad['device_data.port']).toBe('Please enter between 1 and 65535');

    const noLocation = await admin.post('/api/devices', printerBody({ location_code: '' }));
    expect(noLocation.statusCode).toBe(400);
    expect(noLocation.envelope.errors[0]).toMatchObject({ field: 'location_code', msg: 'This is required field!' });

    const unknownLocation = await admin.post('/api/devices', printerBody({ location_code: 'NOWHERE' }));
    expect(unknownLocation.statusCode).toBe(404);
    expect(unknownLocation.envelope.errors[0]).toMatchObject({
      field: 'location_code',
      msg: 'Location NOWHERE not found',
    });
    expect(await count()).toBe(0);
  });

  it('refuses addresses outside private networks and ports other than the printer ports', async () => {
    const admin = await ctx.t.admin();
    const publicIp = await admin.post('/api/devices', printerBody({ device_data: { ip: '8.8.8.8', port: 9100 } }));
    expect(publicIp.statusCode).toBe(400);
    expect(publicIp.envelope.errors).toEqual([
      {
        code: 'printer_address_refused',
        field: 'device_data.ip',
        msg: 'ip must be a private network address (10.x, 172.16-31.x, 192.168.x or IPv6 fc00::/7) or loopback',
      },
    ]);

    const wrongPort = await admin.post('/api/devices', printerBody({ device_data: { ip: '192.168.1.50', port: 22 } }));
    expect(wrongPort.statusCode).toBe(400);
    expect(wrongPort.envelope.errors[0]).toMatchObject({
      field: 'device_data.port',
      msg: 'port must be one of the printer ports: 9100',
    });

    const hostName = await admin.post(
      '/api/devices',
      printerBody({ device_data: { ip: 'printer.local', port: 9100 } }),
    );
    expect(hostName.envelope.errors[0]).toMatchObject({
      field: 'device_data.ip',
      msg: 'Please enter a valid IP address such as 192.168.1.50!',
    });

    // Both problems at once are reported together.
    const both = await admin.post(
      '/api/devices',
      printerBody({ location_code: null, device_data: { ip: '1.1.1.1', port: 9100 } }),
    );
    expect(both.envelope.errors.map((e) => e.field)).toEqual(['location_code', 'device_data.ip']);

    // Loopback is accepted on any port here (PRINTER_ALLOW_LOOPBACK=true).
    const loop = await admin.post<Device>(
      '/api/devices',
      printerBody({ device_code: 'LOOP-1', device_data: { ip: '127.0.0.1', port: 45678 } }),
    );
    expect(loop.statusCode).toBe(201);

    // An update is checked the same way and leaves the device as it was.
    const refused = await admin.put(`/api/devices/${loop.data.id}`, {
      device_data: { ip: '203.0.113.9', port: 9100 },
      version: loop.data.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.envelope.errors[0].field).toBe('device_data.ip');
    const after = await admin.get<Device>(`/api/devices/${loop.data.id}`);
    expect(after.data.device_data).toEqual({ ip: '127.0.0.1', port: 45678 });
    expect(after.data.version).toBe(loop.data.version);
    await admin.del(`/api/devices/${loop.data.id}`);
  });

  it('keeps device codes unique regardless of case', async () => {
    const admin = await ctx.t.admin();
    const first = await admin.post<Device>('/api/devices', printerBody({ device_code: 'DUP-1' }));
    expect(first.statusCode).toBe(201);
    const dup = await admin.post('/api/devices', printerBody({ device_code: 'dup-1', device_name: 'Khác' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.errors[0]).toMatchObject({ field: 'device_code', msg: 'Device code dup-1 already exists' });
    const other = await admin.post<Device>('/api/devices', printerBody({ device_code: 'DUP-2' }));
    const rename = await admin.put(`/api/devices/${other.data.id}`, {
      device_code: 'Dup-1',
      version: other.data.version,
    });
    expect(rename.statusCode).toBe(409);
    await admin.del(`/api/devices/${first.data.id}`);
    await admin.del(`/api/devices/${other.data.id}`);
  });

  it('answers 401 without a session, 403 without the page, and changes nothing', async () => {
    const admin = await ctx.t.admin();
    const existing = await admin.post<Device>('/api/devices', printerBody({ device_code: 'PERM-1' }));
    const viewer = await ctx.t.makeUser({ pages: [{ page_url: '/devices', permission_type: 'view' }] });
    const none = await ctx.t.makeUser({});

    expect((await ctx.t.anon.post('/api/devices/filter', {})).statusCode).toBe(401);
    expect((await ctx.t.anon.get(`/api/devices/${existing.data.id}`)).statusCode).toBe(401);
    expect((await ctx.t.anon.post('/api/devices', printerBody({ device_code: 'ANON' }))).statusCode).toBe(401);

    expect((await viewer.client.post('/api/devices/filter', {})).statusCode).toBe(200);
    expect((await viewer.client.post('/api/devices', printerBody({ device_code: 'VIEW-1' }))).statusCode).toBe(403);
    expect(
      (await viewer.client.put(`/api/devices/${existing.data.id}`, { device_name: 'x', version: 1 })).statusCode,
    ).toBe(403);
    expect((await viewer.client.del(`/api/devices/${existing.data.id}`)).statusCode).toBe(403);
    expect((await none.client.post('/api/devices/filter', {})).statusCode).toBe(403);
    expect((await none.client.get(`/api/devices/${existing.data.id}`)).statusCode).toBe(403);
    expect((await none.client.post(`/api/devices/${existing.data.id}/test-print`)).statusCode).toBe(403);

    const after = await admin.get<Device>(`/api/devices/${existing.data.id}`);
    expect(after.data).toMatchObject({ device_name: 'Máy in quầy 1', version: 1 });
    expect(await count()).toBe(1);
    await admin.del(`/api/devices/${existing.data.id}`);
  });

  it('answers 404 for a device that does not exist', async () => {
    const admin = await ctx.t.admin();
    expect((await admin.get('/api/devices/999999')).statusCode).toBe(404);
    const put = await admin.put('/api/devices/999999', { device_name: 'x', version: 1 });
    expect(put.statusCode).toBe(404);
    expect(put.envelope.errors[0].msg).toBe('Device not found');
    expect((await admin.del('/api/devices/999999')).statusCode).toBe(404);
    expect((await admin.post('/api/devices/999999/test-print')).statusCode).toBe(404);
    expect((await admin.get('/api/devices/abc')).statusCode).toBe(400);
  });

  it('scopes store users to the devices of their franchise locations', async () => {
    const admin = await ctx.t.admin();
    const own = await admin.post<Device>(
      '/api/devices',
      printerBody({ device_code: 'HN-A', location_code: 'HN001-02' }),
    );
    const foreign = await admin.post<Device>(
      '/api/devices',
      printerBody({ device_code: 'HCM-A', location_code: 'HCM001-01', device_data: { ip: '10.0.0.5', port: 9100 } }),
    );
    // The franchise's own code stands for its main store.
    const main = await admin.post<Device>(
      '/api/devices',
      printerBody({ device_code: 'HN-MAIN', location_code: 'HN001', device_data: { ip: '192.168.1.90', port: 9100 } }),
    );
    expect(main.statusCode).toBe(201);
    const adminPrinter = await admin.post<Device>(
      '/api/devices',
      printerBody({
        device_code: 'HO-A',
        device_type: 'ADMIN_PRINTER',
        location_code: null,
        device_data: { ip: '172.16.0.9', port: 9100 },
      }),
    );
    expect(adminPrinter.statusCode).toBe(201);
    expect(adminPrinter.data.location_code).toBeNull();

    // The user form offers a store's own printers: customer_no filters by the franchise a device belongs to.
    const ofStore = await admin.post<List>('/api/devices/filter', {
      filters: [{ field: 'customer_no', value: 'HN001', condition_type: 'eq' }],
    });
    expect(ofStore.data.items.map((d) => d.device_code)).toEqual(['HN-A', 'HN-MAIN']);

    const store = await ctx.t.makeUser({
      role: 'Store Manager',
      customer_no: 'HN001',
      pages: [{ page_url: '/devices', permission_type: 'edit' }],
    });
    const list = await store.client.post<List>('/api/devices/filter', {});
    expect(list.data.items.map((d) => d.device_code)).toEqual(['HN-A', 'HN-MAIN']);
    expect((await store.client.get(`/api/devices/${foreign.data.id}`)).statusCode).toBe(404);
    expect((await store.client.get(`/api/devices/${adminPrinter.data.id}`)).statusCode).toBe(404);
    expect(
      (await store.client.put(`/api/devices/${foreign.data.id}`, { device_name: 'x', version: 1 })).statusCode,
    ).toBe(404);
    expect((await store.client.del(`/api/devices/${foreign.data.id}`)).statusCode).toBe(404);
    expect((await store.client.post(`/api/devices/${foreign.data.id}/test-print`)).statusCode).toBe(404);

    const intoForeign = await store.client.post(
      '/api/devices',
      printerBody({ device_code: 'HN-B', location_code: 'HCM001-01' }),
    );
    expect(intoForeign.statusCode).toBe(404);
    expect(intoForeign.envelope.errors[0]).toMatchObject({
      field: 'location_code',
      msg: 'Location HCM001-01 not found',
    });
    const moveAway = await store.client.put(`/api/devices/${own.data.id}`, {
      location_code: 'HCM001-01',
      version: own.data.version,
    });
    expect(moveAway.statusCode).toBe(404);
    const headOffice = await store.client.post(
      '/api/devices',
      printerBody({ device_code: 'HN-C', device_type: 'ADMIN_PRINTER' }),
    );
    expect(headOffice.statusCode).toBe(403);

    const mine = await store.client.post<Device>(
      '/api/devices',
      printerBody({ device_code: 'HN-D', location_code: 'HN001-01' }),
    );
    expect(mine.statusCode).toBe(201);
    expect((await admin.get<Device>(`/api/devices/${foreign.data.id}`)).data.version).toBe(1);
    expect((await admin.get<Device>(`/api/devices/${own.data.id}`)).data.location_code).toBe('HN001-02');
    for (const d of [own, main, foreign, adminPrinter, mine]) await admin.del(`/api/devices/${d.data.id}`);
  });

  it('unassigns a deleted device from its users', async () => {
    const admin = await ctx.t.admin();
    const d = await admin.post<Device>('/api/devices', printerBody({ device_code: 'ASSIGNED' }));
    const user = await ctx.t.makeUser({ customer_no: 'HN001' });
    await assignDevice(ctx.t, user.id, d.data.id);
    expect((await admin.del(`/api/devices/${d.data.id}`)).statusCode).toBe(200);
    expect(await deviceIdOf(ctx.t, user.id)).toBeNull();
  });

  it('filters, sorts, pages and exports the list', async () => {
    const admin = await ctx.t.admin();
    const made: number[] = [];
    for (const [code, ip] of [
      ['EXP-B', '192.168.5.2'],
      ['EXP-A', '192.168.5.1'],
      ['EXP-C', '10.1.1.1'],
    ] as const) {
      made.push(
        (await admin.post<Device>('/api/devices', printerBody({ device_code: code, device_data: { ip, port: 9100 } })))
          .data.id,
      );
    }
    const like = await admin.post<List>('/api/devices/filter', {
      filters: [{ field: 'ip', value: '192.168.5', condition_type: 'like' }],
      sort_order: { field: 'device_code', direction: 'desc' },
    });
    expect(like.data.items.map((d) => d.device_code)).toEqual(['EXP-B', 'EXP-A']);
    const paged = await admin.post<List>('/api/devices/filter', { pagination: { page: 2, size: 2 } });
    expect(paged.data).toMatchObject({ page: 2, size: 2, total_count: 3 });
    expect(paged.data.items.map((d) => d.device_code)).toEqual(['EXP-C']);
    const byPort = await admin.post<List>('/api/devices/filter', {
      filters: [
        { field: 'port', value: '9100' },
        { field: 'device_type', value: 'PRINTER' },
      ],
    });
    expect(byPort.data.total_count).toBe(3);
    const unknown = await admin.post('/api/devices/filter', { filters: [{ field: 'device_data', value: 'x' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.envelope.errors[0].msg).toBe('Unknown filter field: device_data');

    const res = await admin.post('/api/devices/filter/export', { filters: [{ field: 'device_code', value: 'EXP-A' }] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Device Code',
      'Device Name',
      'Type',
      'Location',
      'IP',
      'Port',
      'Updated',
    ]);
    expect((ws.getRow(2).values as unknown[]).slice(1, 7)).toEqual([
      'EXP-A',
      'Máy in quầy 1',
      'PRINTER',
      'HN001-01',
      '192.168.5.1',
      9100,
    ]);
    expect(ws.rowCount).toBe(2);
    for (const id of made) await admin.del(`/api/devices/${id}`);
  });

  it('returns the first answer again for a repeated Idempotency-Key', async () => {
    const admin = await ctx.t.admin();
    const body = printerBody({ device_code: 'IDEM-1' });
    const a = await admin.post<Device>('/api/devices', body, { 'idempotency-key': 'dev-1' });
    const b = await admin.post<Device>('/api/devices', body, { 'idempotency-key': 'dev-1' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.data.id).toBe(a.data.id);
    expect(await count()).toBe(1);
    await admin.del(`/api/devices/${a.data.id}`);
  });

  it('documents its operations in OpenAPI', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const p of [
      '/api/devices',
      '/api/devices/filter',
      '/api/devices/filter/export',
      '/api/devices/{id}',
      '/api/devices/{id}/test-print',
      '/api/print',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('answers through the compatibility proxy of the original transport', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post<List>('/api/proxy', {
      url: 'devices/filter',
      opts: { method: 'POST', body: {} },
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.size).toBe(100);
    const bad = await admin.post('/api/proxy', {
      url: 'devices',
      opts: { method: 'POST', body: printerBody({ device_data: { ip: '192.168.1.50' } }) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'device_data.port', msg: 'This is required field!' });
  });

  it('tells the user the location of their device (my info), where a new sales document starts', async () => {
    const admin = await ctx.t.admin();
    const u = await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'HN001' });
    const before = await u.client.post<{ location_code: string | null }>('/api/auth/me');
    expect(before.data.location_code).toBeNull();
    const device = await admin.post<Device>(
      '/api/devices',
      printerBody({ device_code: `PRN-ME-${u.id}`, location_code: 'HN001-02' }),
    );
    expect(device.statusCode).toBe(201);
    await assignDevice(ctx.t, u.id, device.data.id);
    const after = await u.client.post<{ location_code: string | null }>('/api/auth/me');
    expect(after.data.location_code).toBe('HN001-02');
  });
});
