import { purchaseOrdersApi, purchaseShipmentsApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { getPurchaseOrder } from './load.js';
import { postPurchaseCreditMemo } from './posting/credit-memo.js';
import { registerPurchasePostingLoaders } from './posting/erp.js';
import { receivePurchaseOrder } from './posting/receive.js';
import { assertMayShip, shipPurchaseOrder } from './posting/ship.js';
import { getPurchaseShipment, purchaseShipmentExportColumns, purchaseShipmentList } from './posting/shipments.js';
import { purchaseShipments } from './schema.js';

/** Purchase order postings (posting/README in ../README.md "Postings"): one transaction per call. */
export function registerPurchasePostingRoutes(r: Router) {
  registerPurchasePostingLoaders();
  r.route(purchaseOrdersApi.ship, ({ body, auth, services }) => {
    assertMayShip(auth, services.erp.mode);
    return services.db.transaction(async (tx) =>
      getPurchaseShipment(tx, auth.scope, await shipPurchaseOrder(tx, auth, body)),
    );
  });
  r.route(purchaseOrdersApi.receive, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await receivePurchaseOrder(tx, auth, body);
      return getPurchaseOrder(tx, auth.scope, body.pos_po_no);
    }),
  );
  r.route(purchaseOrdersApi.creditMemo, ({ body, auth, services }) =>
    services.db.transaction(async (tx) =>
      getPurchaseOrder(tx, auth.scope, await postPurchaseCreditMemo(tx, auth, body)),
    ),
  );
  listRoute(r, purchaseShipmentsApi.list, {
    spec: purchaseShipmentList,
    scope: (s) => s.franchise(purchaseShipments.franchise_code),
    sheet: 'Purchase Shipments',
    columns: purchaseShipmentExportColumns,
  });
  r.route(purchaseShipmentsApi.get, ({ params, auth, services }) =>
    getPurchaseShipment(services.db, auth.scope, params.no),
  );
}
