import { defineOps } from '../ops/meta.js';

/** devices: the zod-free half of the operation table (schemas in ../api/devices.ts). */
export const devicesOps = defineOps('devices', {
  list: {
    method: 'POST',
    path: '/devices/filter',
    access: { page: '/devices', level: 'view' },
    summary: 'Filter devices (page size 100 unless asked otherwise)',
    kind: 'list',
  },
  get: { method: 'GET', path: '/devices/:id', access: { page: '/devices', level: 'view' }, summary: 'One device' },
  create: {
    method: 'POST',
    path: '/devices',
    access: { page: '/devices', level: 'edit' },
    summary: 'Create a device (device_data needs ip and port; only private-network printer addresses are accepted)',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/devices/:id',
    access: { page: '/devices', level: 'edit' },
    summary: 'Update a device (carries the version last read)',
  },
  delete: {
    method: 'DELETE',
    path: '/devices/:id',
    access: { page: '/devices', level: 'edit' },
    summary: 'Delete a device (users it was assigned to fall back to their location printer)',
  },
  testPrint: {
    method: 'POST',
    path: '/devices/:id/test-print',
    access: { page: '/devices', level: 'view' },
    summary: 'Print the test page on this device; answers printed or not connected',
  },
  print: {
    method: 'POST',
    path: '/print',
    access: 'authenticated',
    summary:
      "Print a document on the caller's printer (Administrators: the ADMIN_PRINTER; others: their location's PRINTER); answers printed or not connected",
  },
});
