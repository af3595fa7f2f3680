import { device, deviceCreate, deviceListItem, deviceListRequest, deviceUpdate, idParam, okData, printRequest, printResult } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { createDevice, deleteDevice, deviceList, getDevice, updateDevice } from './service.js';
import { printForUser, testPrint } from './print.js';
import { devices } from './schema.js';

const page = '/devices';

export function deviceRoutes(r: Router) {
  listRoute(r, {
    url: '/devices/filter',
    access: { page, level: 'view' },
    summary: 'Filter devices (page size 100 unless asked otherwise)',
    item: deviceListItem,
    spec: deviceList,
    scope: (s) => s.location(devices.location_code),
    request: deviceListRequest,
    sheet: 'Devices',
    columns: [
      { key: 'device_code', header: 'Device Code' },
      { key: 'device_name', header: 'Device Name', width: 30 },
      { key: 'device_type', header: 'Type', width: 16 },
      { key: 'location_code', header: 'Location' },
      { key: 'ip', header: 'IP', width: 18 },
      { key: 'port', header: 'Port' },
      { key: 'updated_at', header: 'Updated', format: 'datetime', width: 20 },
    ],
  });
  r.route({
    method: 'GET',
    url: '/devices/:id',
    access: { page, level: 'view' },
    summary: 'One device',
    params: idParam,
    response: device,
    handler: ({ params, auth, services }) => getDevice(services.db, auth, params.id),
  });
  r.route({
    method: 'POST',
    url: '/devices',
    access: { page, level: 'edit' },
    summary: 'Create a device (device_data needs ip and port; only private-network printer addresses are accepted)',
    body: deviceCreate,
    response: device,
    status: 201,
    idempotent: true,
    handler: ({ body, auth, services }) => createDevice(services.db, auth, services.config, body),
  });
  r.route({
    method: 'PUT',
    url: '/devices/:id',
    access: { page, level: 'edit' },
    summary: 'Update a device (carries the version last read)',
    params: idParam,
    body: deviceUpdate,
    response: device,
    handler: ({ params, body, auth, services }) => updateDevice(services.db, auth, services.config, params.id, body),
  });
  r.route({
    method: 'DELETE',
    url: '/devices/:id',
    access: { page, level: 'edit' },
    summary: 'Delete a device (users it was assigned to fall back to their location printer)',
    params: idParam,
    response: okData,
    handler: async ({ params, auth, services }) => {
      await services.db.transaction((tx) => deleteDevice(tx, auth, params.id));
      return { ok: true };
    },
  });
  r.route({
    method: 'POST',
    url: '/devices/:id/test-print',
    access: { page, level: 'view' },
    summary: 'Print the test page on this device; answers printed or not connected',
    params: idParam,
    response: printResult,
    handler: ({ params, auth, services }) => testPrint(services, auth, params.id),
  });
  r.route({
    method: 'POST',
    url: '/print',
    access: 'authenticated',
    summary:
      "Print a document on the caller's printer (Administrators: the ADMIN_PRINTER; others: their location's PRINTER); answers printed or not connected",
    body: printRequest,
    response: printResult,
    handler: ({ body, auth, services }) => printForUser(services, auth, body),
  });
}
