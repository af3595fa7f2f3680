import {
  device,
  deviceCreate,
  deviceListItem,
  deviceListRequest,
  deviceUpdate,
  printRequest,
  printResult,
} from '../devices.js';
import { idParam, okData } from '../common.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { devicesOps } from '../ops/devices.js';

/** devices: the schemas of each operation, keyed like devicesOps. */
export const devicesSchemas = {
  list: { body: deviceListRequest, item: deviceListItem },
  get: { params: idParam, response: device },
  create: { body: deviceCreate, response: device },
  update: { params: idParam, body: deviceUpdate, response: device },
  delete: { params: idParam, response: okData },
  testPrint: { params: idParam, response: printResult },
  print: { body: printRequest, response: printResult },
} satisfies SchemasOf<typeof devicesOps>;

/** devices: meta and schemas of each operation, as the server registers them. */
export const devicesApi = joinOps(devicesOps, devicesSchemas);
