import { describe, expect, it } from 'vitest';
import { deviceCreate, deviceListRequest, deviceUpdate, printRequest } from './devices.js';

const base = { device_type: 'PRINTER', device_name: 'Quầy 1', device_code: 'P1', location_code: 'HN001-01' };
const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('device contract', () => {
  it('reads the port typed as text and device_data sent as a JSON string', () => {
    expect(deviceCreate.parse({ ...base, device_data: { ip: '192.168.1.5', port: ' 9100 ' } }).device_data).toEqual({
      ip: '192.168.1.5',
      port: 9100,
    });
    expect(deviceCreate.parse({ ...base, device_data: '{"ip":"10.0.0.2","port":9100}' }).device_data).toEqual({
      ip: '10.0.0.2',
      port: 9100,
    });
  });

  it('asks for ip and port when device_data is missing or partial', () => {
    expect(fieldsOf(deviceCreate.safeParse(base))).toEqual({
      'device_data.ip': 'This is required field!',
      'device_data.port': 'This is required field!',
    });
    expect(fieldsOf(deviceCreate.safeParse({ ...base, device_data: { ip: '10.0.0.2', port: '' } }))).toEqual({
      'device_data.port': 'This is required field!',
    });
    expect(fieldsOf(deviceCreate.safeParse({ ...base, device_data: { ip: '10.0.0.2', port: 70000 } }))).toEqual({
      'device_data.port': 'Please enter between 1 and 65535',
    });
    expect(fieldsOf(deviceUpdate.safeParse({ version: 1, device_data: { port: 9100 } }))).toEqual({
      'device_data.ip': 'This is required field!',
    });
  });

  it('treats an empty location as none and keeps the device types to the option list', () => {
    expect(
      deviceCreate.parse({ ...base, location_code: '  ', device_data: { ip: '10.0.0.2', port: 9100 } }).location_code,
    ).toBeNull();
    expect(
      fieldsOf(
        deviceCreate.safeParse({ ...base, device_type: 'printer', device_data: { ip: '10.0.0.2', port: 9100 } }),
      ),
    ).toEqual({
      device_type: 'device_type must be one of PRINTER, ADMIN_PRINTER',
    });
  });

  it('pages device lists by 100 unless asked otherwise', () => {
    expect(deviceListRequest.parse({}).pagination).toEqual({ page: 1, size: 100 });
    expect(deviceListRequest.parse({ pagination: { page: 2 } }).pagination).toEqual({ page: 2, size: 100 });
    expect(deviceListRequest.parse({ pagination: { page: 1, size: 20 } }).pagination.size).toBe(20);
  });

  it('reads a line without kind as text', () => {
    const r = printRequest.parse({ document_type: 'receipt', document: { lines: [{ text: 'Cảm ơn' }] } });
    expect(r.document?.lines[0]).toEqual({ kind: 'text', text: 'Cảm ơn' });
  });
});

describe('device address messages (the form says the same)', () => {
  it('refuses an impossible IPv4 address and a host name with the spec-style message', () => {
    for (const ip of ['999.1.1.1', '1.1.1', 'printer.local', '1::2::3']) {
      expect(fieldsOf(deviceCreate.safeParse({ ...base, device_data: { ip, port: 9100 } }))).toEqual({
        'device_data.ip': 'Please enter a valid IP address such as 192.168.1.50!',
      });
    }
    expect(deviceCreate.parse({ ...base, device_data: { ip: 'fe80::1', port: 9100 } }).device_data.ip).toBe('fe80::1');
  });
  it('says a port out of range as product.md 5 does', () => {
    expect(fieldsOf(deviceCreate.safeParse({ ...base, device_data: { ip: '10.0.0.2', port: 0 } }))).toEqual({
      'device_data.port': 'Please enter between 1 and 65535',
    });
    expect(fieldsOf(deviceCreate.safeParse({ ...base, device_data: { ip: '10.0.0.2', port: 'abc' } }))).toEqual({
      'device_data.port': 'Please enter between 1 and 65535',
    });
  });
});
