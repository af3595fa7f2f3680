import { consignmentIssuesApi, consignmentReceiptsApi, transferOrdersApi } from '@fp/contract';
import type { Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import type { Services } from '../../services.js';
import { registerConsignmentErpLoaders } from './erp.js';
import {
  addIssueLines,
  changeConsignmentIssueStatus,
  consignmentIssueExportColumns,
  consignmentIssueList,
  createConsignmentIssue,
  getConsignmentIssue,
  releaseConsignmentIssue,
  removeIssueLines,
  updateConsignmentIssue,
  updateIssueLine,
} from './issues.js';
import {
  consignmentReceiptExportColumns,
  consignmentReceiptList,
  getConsignmentReceipt,
  receiveConsignment,
} from './receipts.js';
import { consignmentIssues, consignmentReceipts, transferOrders } from './schema.js';
import {
  createTransferOrder,
  getTransferOrder,
  postedShipmentsOf,
  shipTransferOrder,
  toReceiveOf,
  transferOrderExportColumns,
  transferOrderList,
} from './transfer-orders.js';

const standalone = (services: Services) => services.erp.mode === 'standalone';

/** Consignment (issue 10, README.md here): transfer orders, consignment receipts and consignment issues. */
export function consignmentRoutes(r: Router) {
  registerConsignmentErpLoaders();

  // ---------- transfer orders ----------
  listRoute(r, transferOrdersApi.list, {
    spec: transferOrderList,
    scope: (s) => s.franchise(transferOrders.franchise_code),
    sheet: 'Transfer Orders',
    columns: transferOrderExportColumns,
  });
  r.route(transferOrdersApi.get, ({ params, auth, services }) =>
    getTransferOrder(services.db, auth.scope, params.bc_to_no),
  );
  r.route(transferOrdersApi.postedShipment, ({ params, auth, services }) =>
    postedShipmentsOf(services.db, auth.scope, params.bc_to_no),
  );
  r.route(transferOrdersApi.toReceive, ({ params, auth, services }) =>
    toReceiveOf(services.db, auth.scope, params.bc_to_no),
  );
  r.route(transferOrdersApi.erp, async ({ body, auth, services }) => {
    const franchise = await auth.scope.own(services.db, body.franchise_code);
    const port = services.erp.transferOrders;
    if (body.bc_to_no) {
      const one = await port.get(body.bc_to_no);
      return {
        items:
          one && auth.scope.sees(one.franchise_code) && (!franchise || one.franchise_code === franchise) ? [one] : [],
      };
    }
    const page = await port.list({ franchise_code: franchise });
    return { items: page.value.filter((o) => auth.scope.sees(o.franchise_code)) };
  });
  r.route(transferOrdersApi.create, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      const no = await createTransferOrder(tx, auth, standalone(services), body);
      return getTransferOrder(tx, auth.scope, no);
    }),
  );
  r.route(transferOrdersApi.ship, ({ body, auth, services }) =>
    services.db.transaction((tx) => shipTransferOrder(tx, auth, standalone(services), body)),
  );

  // ---------- consignment receipts ----------
  r.route(consignmentReceiptsApi.receive, ({ body, auth, services }) =>
    services.db.transaction((tx) => receiveConsignment(tx, auth, body)),
  );
  listRoute(r, consignmentReceiptsApi.list, {
    spec: consignmentReceiptList,
    scope: (s) => s.franchise(consignmentReceipts.franchise_code),
    sheet: 'Consignment Receipts',
    columns: consignmentReceiptExportColumns,
  });
  r.route(consignmentReceiptsApi.get, ({ params, auth, services }) =>
    getConsignmentReceipt(services.db, auth.scope, params.no),
  );

  // ---------- consignment issues ----------
  listRoute(r, consignmentIssuesApi.list, {
    spec: consignmentIssueList,
    scope: (s) => s.franchise(consignmentIssues.franchise_code),
    sheet: 'Consignment Issues',
    columns: consignmentIssueExportColumns,
  });
  r.route(consignmentIssuesApi.get, ({ params, auth, services }) =>
    getConsignmentIssue(services.db, auth.scope, params.ci_no),
  );
  r.route(consignmentIssuesApi.create, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      const no = await createConsignmentIssue(tx, auth, body);
      return getConsignmentIssue(tx, auth.scope, no);
    }),
  );
  const change =
    <B extends { ci_no: string }>(fn: (tx: Tx, auth: Auth, body: B) => Promise<unknown>) =>
    ({ body, auth, services }: { body: B; auth: Auth; services: Services }) =>
      services.db.transaction(async (tx) => {
        await fn(tx, auth, body);
        return getConsignmentIssue(tx, auth.scope, body.ci_no);
      });
  r.route(
    consignmentIssuesApi.update,
    change((tx, auth, body) => updateConsignmentIssue(tx, auth.scope, body)),
  );
  r.route(
    consignmentIssuesApi.lineAdd,
    change((tx, auth, body) => addIssueLines(tx, auth.scope, body)),
  );
  r.route(
    consignmentIssuesApi.lineUpdate,
    change((tx, auth, body) => updateIssueLine(tx, auth.scope, body)),
  );
  r.route(
    consignmentIssuesApi.lineRemove,
    change((tx, auth, body) => removeIssueLines(tx, auth.scope, body)),
  );
  r.route(consignmentIssuesApi.release, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await releaseConsignmentIssue(tx, auth, standalone(services), body);
      return getConsignmentIssue(tx, auth.scope, body.ci_no);
    }),
  );
  r.route(
    consignmentIssuesApi.status,
    change((tx, auth, body) => changeConsignmentIssueStatus(tx, auth.scope, body)),
  );
}
