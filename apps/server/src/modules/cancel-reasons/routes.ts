import { cancelReason, cancelReasonCreate, cancelReasonUpdate, idParam, okData } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { unscoped } from '../../http/scope.js';
import { listRoute } from '../../http/list-route.js';
import { cancelReasonList, createCancelReason, deleteCancelReason, getCancelReason, updateCancelReason } from './service.js';

const page = '/cancelReasons';

export function cancelReasonRoutes(r: Router) {
  listRoute(r, {
    url: '/cancel-reasons/filter',
    access: { page, level: 'view' },
    summary: 'Filter cancel reasons',
    item: cancelReason,
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
  r.route({
    method: 'GET',
    url: '/cancel-reasons/:id',
    access: { page, level: 'view' },
    summary: 'One cancel reason',
    params: idParam,
    response: cancelReason,
    handler: ({ params, services }) => getCancelReason(services.db, params.id),
  });
  r.route({
    method: 'POST',
    url: '/cancel-reasons',
    access: { page, level: 'edit' },
    summary: 'Create a cancel reason',
    body: cancelReasonCreate,
    response: cancelReason,
    status: 201,
    idempotent: true,
    handler: ({ body, services }) => createCancelReason(services.db, body),
  });
  r.route({
    method: 'PUT',
    url: '/cancel-reasons/:id',
    access: { page, level: 'edit' },
    summary: 'Update a cancel reason (carries the version last read)',
    params: idParam,
    body: cancelReasonUpdate,
    response: cancelReason,
    handler: ({ params, body, services }) => updateCancelReason(services.db, params.id, body),
  });
  r.route({
    method: 'DELETE',
    url: '/cancel-reasons/:id',
    access: { page, level: 'edit' },
    summary: 'Delete a cancel reason',
    params: idParam,
    response: okData,
    handler: async ({ params, services }) => {
      await deleteCancelReason(services.db, params.id);
      return { ok: true };
    },
  });
}
