import { shiftsApi, vietQrApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { shiftExportColumns, shiftList } from './list.js';
import { printShiftReport } from './report.js';
import { shifts } from './schema.js';
import { closeShift, currentShift, getShift, openShift } from './service.js';
import { vietQrFor } from './vietqr.js';

/** Shifts (README.md here) and the VietQR of a transfer payment. */
export function shiftRoutes(r: Router) {
  r.route(shiftsApi.open, ({ body, auth, services }) => services.db.transaction((tx) => openShift(tx, auth, body)));
  r.route(shiftsApi.close, ({ body, auth, services }) => services.db.transaction((tx) => closeShift(tx, auth, body)));
  listRoute(r, shiftsApi.list, {
    spec: shiftList,
    scope: (s) => s.franchise(shifts.franchise_code),
    sheet: 'Shifts',
    columns: shiftExportColumns,
  });
  r.route(shiftsApi.current, ({ query, auth, services }) => currentShift(services.db, auth.scope, query.location_code));
  r.route(shiftsApi.get, ({ params, auth, services }) => getShift(services.db, auth.scope, params.id));
  r.route(shiftsApi.report, ({ body, auth, services }) =>
    printShiftReport({ db: services.db, config: services.config }, auth, body),
  );
  r.route(vietQrApi.get, ({ query, auth, services }) => vietQrFor(services.db, auth.scope, query));
}
