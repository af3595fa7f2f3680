import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { makeStore, printerBody } from './test-support.js';

// Production settings: no loopback, printer ports from PRINTER_PORTS.
const ctx = useTestApp({ PRINTER_ALLOW_LOOPBACK: 'false', PRINTER_PORTS: '9100,9101' });

beforeAll(async () => {
  await makeStore(ctx.t, 'HN001', ['HN001-01']);
});

describe('printer address policy without loopback', () => {
  it('refuses loopback and the server itself, accepts the configured ports', async () => {
    const admin = await ctx.t.admin();
    const loop = await admin.post('/api/devices', printerBody({ device_data: { ip: '127.0.0.1', port: 9100 } }));
    expect(loop.statusCode).toBe(400);
    expect(loop.envelope.errors).toEqual([
      {
        code: 'printer_address_refused',
        field: 'device_data.ip',
        msg: 'ip must be a private network address (10.x, 172.16-31.x, 192.168.x or IPv6 fc00::/7); loopback is not allowed',
      },
    ]);
    const v6 = await admin.post('/api/devices', printerBody({ device_data: { ip: '::1', port: 9100 } }));
    expect(v6.envelope.errors[0].field).toBe('device_data.ip');

    const port = await admin.post('/api/devices', printerBody({ device_data: { ip: '10.0.0.7', port: 8080 } }));
    expect(port.envelope.errors[0]).toMatchObject({
      field: 'device_data.port',
      msg: 'port must be one of the printer ports: 9100, 9101',
    });

    const ok = await admin.post('/api/devices', printerBody({ device_data: { ip: '10.0.0.7', port: 9101 } }));
    expect(ok.statusCode).toBe(201);
    const list = await admin.post<{ total_count: number }>('/api/devices/filter', {});
    expect(list.data.total_count).toBe(1);
  });
});
