import { feesApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { unscoped } from '../../http/scope.js';
import { listRoute } from '../../http/list-route.js';
import { addFee, feeList, removeFees, updateFee } from './service.js';

export function feeRoutes(r: Router) {
  listRoute(r, feesApi.list, {
    spec: feeList,
    scope: unscoped('the fee catalogue: the same for every franchise'),
    sheet: 'Fees',
    columns: [
      { key: 'fee_code', header: 'Fee Code' },
      { key: 'description', header: 'Description', width: 40 },
      { key: 'amount', header: 'Amount', format: 'money', width: 16 },
      { key: 'vat_percent', header: 'VAT %' },
      { key: 'is_active', header: 'Active', format: 'boolean' },
      { key: 'updated_at', header: 'Updated', format: 'datetime', width: 20 },
    ],
  });
  r.route(feesApi.add, ({ body, auth, services }) => addFee(services.db, auth, body));
  r.route(feesApi.update, ({ body, auth, services }) => updateFee(services.db, auth, body));
  r.route(feesApi.remove, ({ body, auth, services }) => services.db.transaction((tx) => removeFees(tx, auth, body)));
}
