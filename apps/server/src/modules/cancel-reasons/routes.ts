import { cancelReasonsApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { unscoped } from '../../http/scope.js';
import { listRoute } from '../../http/list-route.js';
import {
  cancelReasonList,
  createCancelReason,
  deleteCancelReason,
  getCancelReason,
  updateCancelReason,
} from './service.js';

export function cancelReasonRoutes(r: Router) {
  listRoute(r, cancelReasonsApi.list, {
    spec: cancelReasonList,
    scope: unscoped('cancel reasons: the same for every franchise'),
    sheet: 'Cancel Reasons',
    columns: [
      { key: 'reason_code', header: 'Reason Code' },
      { key: 'description', header: 'Description', width: 40 },
      { key: 'page', header: 'Page', width: 20 },
      { key: 'updated_at', header: 'Updated', format: 'datetime', width: 20 },
    ],
  });
  r.route(cancelReasonsApi.get, ({ params, services }) => getCancelReason(services.db, params.id));
  r.route(cancelReasonsApi.create, ({ body, services }) => createCancelReason(services.db, body));
  r.route(cancelReasonsApi.update, ({ params, body, services }) => updateCancelReason(services.db, params.id, body));
  r.route(cancelReasonsApi.delete, async ({ params, services }) => {
    await deleteCancelReason(services.db, params.id);
    return { ok: true };
  });
}
