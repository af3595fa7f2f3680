import { salesFeesApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { addFee, removeFees, updateFee } from './fees.js';
import { getSalesOrder } from './load.js';

/** Fees on a sales order (calls.md 7.12); each answers the order. */
export function salesFeeRoutes(r: Router) {
  r.route(salesFeesApi.add, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await addFee(tx, auth.scope, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
  r.route(salesFeesApi.update, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await updateFee(tx, auth.scope, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
  r.route(salesFeesApi.remove, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await removeFees(tx, auth.scope, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
}
