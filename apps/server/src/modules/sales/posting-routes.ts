import { salesOrdersApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { getSalesOrder } from './load.js';
import { calculateQtyToShip, supportToShip, syncOrder } from './posting/actions.js';
import { closeOrder } from './posting/close.js';
import { postCreditMemo } from './posting/credit-memo.js';
import { getSalesCreditMemo } from './posted-lists.js';
import { shipOrder } from './posting/ship.js';
import { requireDocumentAction } from './limits.js';

/** The order machine's postings and actions (posting/README.md): one transaction per call, the order or memo answered. */
export function registerSalesPostingRoutes(r: Router) {
  r.route(salesOrdersApi.ship, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      // The Ship button is checked on the order the posting locks (one read); the answer reads the header once.
      const shipped = await shipOrder(tx, auth, body, { requireButton: true });
      return getSalesOrder(tx, auth.scope, body.pos_so_no, { lines: shipped.lines });
    }),
  );
  r.route(salesOrdersApi.close, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await requireDocumentAction(tx, auth, body.pos_so_no, 'close');
      await closeOrder(tx, auth, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
  r.route(salesOrdersApi.calculateQtyToShip, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await requireDocumentAction(tx, auth, body.pos_so_no, 'calculate_qty_to_ship');
      await calculateQtyToShip(tx, auth, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
  r.route(salesOrdersApi.supportToShip, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await requireDocumentAction(tx, auth, body.pos_so_no, 'support_to_ship');
      await supportToShip(tx, auth, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
  r.route(salesOrdersApi.sync, async ({ body, auth, services }) => {
    await requireDocumentAction(services.db, auth, body.pos_so_no, 'sync');
    const message = await syncOrder(services, auth, body);
    return { order: await getSalesOrder(services.db, auth.scope, body.pos_so_no), message };
  });
  r.route(salesOrdersApi.creditMemo, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => getSalesCreditMemo(tx, auth.scope, await postCreditMemo(tx, auth, body))),
  );
  r.route(salesOrdersApi.creditMemoAll, ({ body, auth, services }) =>
    services.db.transaction(async (tx) =>
      getSalesCreditMemo(tx, auth.scope, await postCreditMemo(tx, auth, { ...body, lines: undefined })),
    ),
  );
}
