import { devicesApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { createDevice, deleteDevice, deviceList, getDevice, updateDevice } from './service.js';
import { printForUser, testPrint } from './print.js';
import { devices } from './schema.js';
import { PRINT_QUEUE, printQueueHandler } from './print-queue.js';

export function deviceRoutes(r: Router) {
  listRoute(r, devicesApi.list, {
    spec: deviceList,
    scope: (s) => s.location(devices.location_code),
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
  r.route(devicesApi.get, ({ params, auth, services }) => getDevice(services.db, auth, params.id));
  r.route(devicesApi.create, ({ body, auth, services }) => createDevice(services.db, auth, services.config, body));
  r.route(devicesApi.update, ({ params, body, auth, services }) =>
    updateDevice(services.db, auth, services.config, params.id, body),
  );
  r.route(devicesApi.delete, async ({ params, auth, services }) => {
    await services.db.transaction((tx) => deleteDevice(tx, auth, params.id));
    return { ok: true };
  });
  r.route(devicesApi.testPrint, ({ params, auth, services }) => testPrint(services, auth, params.id));
  r.route(devicesApi.print, ({ body, auth, services }) => printForUser(services, auth, body));
  r.services.jobs.register(PRINT_QUEUE, printQueueHandler(r.services));
}
