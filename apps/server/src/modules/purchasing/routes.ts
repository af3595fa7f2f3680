import { and, eq } from 'drizzle-orm';
import { purchaseOrdersApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { notFound } from '../../http/errors.js';
import { D, toMoney } from '../../kernel/money.js';
import { purchaseAmountsSql } from './amounts.js';
import { registerPurchaseErpLoaders } from './erp.js';
import { findPurchaseOrder, getPurchaseOrder, PURCHASE_ORDER_NOT_FOUND, purchaseLinesOf } from './load.js';
import { purchaseOrderExportColumns, purchaseOrderList } from './list.js';
import {
  addPurchaseLines,
  createPurchaseOrder,
  removePurchaseLines,
  updatePurchaseLine,
  updatePurchaseOrder,
} from './service.js';
import { changePurchaseStatus, closePurchaseOrder, releasePurchaseOrder } from './status.js';
import { purchaseOrders } from './schema.js';

/**
 * Purchase order documents (issue 10; README): list, create, update, get, lines, status, line add/update/remove,
 * release, close, remaining amount. The postings (ship, receive, credit memo) and head office's shipments are in
 * posting/. Every change answers the order as it now is (read in the same transaction).
 */
export function purchaseOrderRoutes(r: Router) {
  registerPurchaseErpLoaders();
  listRoute(r, purchaseOrdersApi.list, {
    spec: purchaseOrderList,
    scope: (s) => s.franchise(purchaseOrders.franchise_code),
    sheet: 'Purchase Orders',
    columns: purchaseOrderExportColumns,
  });
  r.route(purchaseOrdersApi.get, ({ params, auth, services }) =>
    getPurchaseOrder(services.db, auth.scope, params.pos_po_no),
  );
  r.route(purchaseOrdersApi.lines, async ({ params, auth, services }) => {
    await findPurchaseOrder(services.db, auth.scope, params.pos_po_no);
    return purchaseLinesOf(services.db, params.pos_po_no);
  });
  r.route(purchaseOrdersApi.remainingAmount, async ({ params, auth, services }) => {
    const [row] = await services.db
      .select({ pos_po_no: purchaseOrders.pos_po_no, grand_total: purchaseOrders.grand_total, ...purchaseAmountsSql() })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.pos_po_no, params.pos_po_no), auth.scope.franchise(purchaseOrders.franchise_code)));
    if (!row) throw notFound(PURCHASE_ORDER_NOT_FOUND);
    const m = (v: string) => toMoney(D(v));
    return {
      pos_po_no: row.pos_po_no,
      grand_total: row.grand_total,
      invoiced_amount: m(row.invoiced_amount),
      credited_amount: m(row.credited_amount),
      paid_amount: m(row.paid_amount),
      remaining_amount: m(row.remaining_amount),
      payable: m(row.payable),
    };
  });
  r.route(purchaseOrdersApi.create, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      const no = await createPurchaseOrder(tx, auth.scope, body, {
        defaultVendorNo: services.config.defaultVendorNo,
        defaultVendorName: services.config.defaultVendorName,
        createdBy: auth.userId || undefined,
      });
      return getPurchaseOrder(tx, auth.scope, no);
    }),
  );
  r.route(purchaseOrdersApi.update, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await updatePurchaseOrder(tx, auth.scope, body);
      return getPurchaseOrder(tx, auth.scope, body.pos_po_no);
    }),
  );
  r.route(purchaseOrdersApi.status, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await changePurchaseStatus(tx, auth, body);
      return getPurchaseOrder(tx, auth.scope, body.pos_po_no);
    }),
  );
  r.route(purchaseOrdersApi.lineAdd, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await addPurchaseLines(tx, auth.scope, body);
      return getPurchaseOrder(tx, auth.scope, body.pos_po_no);
    }),
  );
  r.route(purchaseOrdersApi.lineUpdate, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await updatePurchaseLine(tx, auth.scope, body);
      return getPurchaseOrder(tx, auth.scope, body.pos_po_no);
    }),
  );
  r.route(purchaseOrdersApi.lineRemove, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await removePurchaseLines(tx, auth.scope, body);
      return getPurchaseOrder(tx, auth.scope, body.pos_po_no);
    }),
  );
  r.route(purchaseOrdersApi.release, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      const no = await releasePurchaseOrder(tx, auth, body, {
        standalone: services.config.erpMode === 'standalone',
      });
      return getPurchaseOrder(tx, auth.scope, no);
    }),
  );
  r.route(purchaseOrdersApi.close, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      const no = await closePurchaseOrder(tx, auth, body);
      return getPurchaseOrder(tx, auth.scope, no);
    }),
  );
}
