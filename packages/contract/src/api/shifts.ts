import { idParam } from '../common.js';
import {
  shift,
  shiftClose,
  shiftCurrent,
  shiftCurrentQuery,
  shiftDetail,
  shiftOpen,
  shiftReport,
  shiftReportRequest,
} from '../shifts.js';
import { vietQr, vietQrQuery } from '../vietqr.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { shiftsOps, vietQrOps } from '../ops/shifts.js';

/** shifts: the schemas of each operation, keyed like shiftsOps. */
export const shiftsSchemas = {
  open: { body: shiftOpen, response: shiftDetail },
  close: { body: shiftClose, response: shiftDetail },
  list: { item: shift },
  current: { query: shiftCurrentQuery, response: shiftCurrent },
  get: { params: idParam, response: shiftDetail },
  report: { body: shiftReportRequest, response: shiftReport },
} satisfies SchemasOf<typeof shiftsOps>;
export const shiftsApi = joinOps(shiftsOps, shiftsSchemas);

/** vietQr: the schemas of each operation, keyed like vietQrOps. */
export const vietQrSchemas = {
  get: { query: vietQrQuery, response: vietQr },
} satisfies SchemasOf<typeof vietQrOps>;
export const vietQrApi = joinOps(vietQrOps, vietQrSchemas);
