import {
  salesCreditMemosApi,
  salesInvoicesApi,
  salesOrdersApi,
  salesShipmentsApi,
  type SalesOrder,
} from '@fp/contract';
import { registerSalesErpLoaders } from './erp.js';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { createSalesDocument, setRequestedDeliveryDate, updateSalesDocument } from './documents.js';
import { addLines, lineLimitsOf, removeLines, setPostQty, updateLine } from './lines.js';
import { requireDocumentAction } from './limits.js';
import {
  getSalesOrder,
  newDocumentParts,
  salesOrderAnswer,
  salesOrderAnswerOfRow,
  salesOrderPartsColumns,
  type SalesOrderRow,
} from './load.js';
import type { ErpSync } from '../../kernel/outbox.js';
import { salesOrderExportColumns, salesOrderList } from './list.js';
import {
  creditMemosOnly,
  getSalesCreditMemo,
  getSalesInvoice,
  getSalesShipment,
  salesCreditMemoExportColumns,
  salesCreditMemoList,
  salesInvoiceExportColumns,
  salesInvoiceList,
  salesShipmentExportColumns,
  salesShipmentList,
} from './posted-lists.js';
import { convertQuote } from './quotes.js';
import { changeSalesStatus } from './status.js';
import { salesInvoices, salesOrders, salesShipments } from './schema.js';

/**
 * The sales documents (issue 8): quotes and orders, their lines and plain status changes, convert quote, and the
 * posted documents' lists. The posting actions (ship, calculate, support to ship, sync, close, credit memos) are in
 * posting-routes.ts. Every change answers the document as it now is (read in the same transaction).
 */
export function salesRoutes(r: Router) {
  registerSalesErpLoaders();
  listRoute(r, salesOrdersApi.list, {
    spec: (_auth, body) => salesOrderList(body),
    scope: (s) => s.franchise(salesOrders.franchise_code),
    sheet: 'Sales Orders',
    columns: salesOrderExportColumns,
  });
  r.route(salesOrdersApi.get, ({ params, auth, services }) => getSalesOrder(services.db, auth.scope, params.pos_so_no));
  r.route(salesOrdersApi.create, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      let answer: SalesOrder | undefined;
      await createSalesDocument(
        tx,
        auth.scope,
        body,
        { createdBy: auth.userId || undefined, limits: await lineLimitsOf(tx, auth) },
        // Answered from the rows as written: a new document has nothing posted, paid, applied or sent yet.
        (header, lines) => (answer = salesOrderAnswer(header, lines, newDocumentParts(header))),
      );
      return answer!;
    }),
  );
  r.route(salesOrdersApi.update, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await updateSalesDocument(tx, auth.scope, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
  r.route(salesOrdersApi.status, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      // Answered by the status change's own statement: the row as it now is with its parts and ERP sync row.
      let changed: { row: SalesOrderRow & Record<string, unknown>; erp: ErpSync | null | undefined } | undefined;
      const lines = await changeSalesStatus(tx, auth.scope, body, auth, {
        answer: { columns: salesOrderPartsColumns(), erp: true, changed: (row, erp) => (changed = { row, erp }) },
      });
      // Not answered when the change wrote the order again (a cancel that gave redeemed points back): read.
      if (!changed) return getSalesOrder(tx, auth.scope, body.pos_so_no, { lines });
      return salesOrderAnswerOfRow(changed.row, lines, changed.erp);
    }),
  );
  r.route(salesOrdersApi.requestedDeliveryDate, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await setRequestedDeliveryDate(tx, auth.scope, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
  r.route(salesOrdersApi.postQty, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await setPostQty(tx, auth.scope, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
  r.route(salesOrdersApi.lineAdd, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await addLines(tx, auth, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
  r.route(salesOrdersApi.lineUpdate, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await updateLine(tx, auth, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
  r.route(salesOrdersApi.lineRemove, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await removeLines(tx, auth.scope, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
  r.route(salesOrdersApi.convertQuote, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await requireDocumentAction(tx, auth, body.pos_so_no, 'convert');
      const no = await convertQuote(tx, auth.scope, body, { createdBy: auth.userId || undefined });
      return getSalesOrder(tx, auth.scope, no);
    }),
  );

  listRoute(r, salesShipmentsApi.list, {
    spec: salesShipmentList,
    scope: (s) => s.franchise(salesShipments.franchise_code),
    sheet: 'Sales Shipments',
    columns: salesShipmentExportColumns,
  });
  r.route(salesShipmentsApi.get, ({ params, auth, services }) =>
    getSalesShipment(services.db, auth.scope, params.pos_ss_no),
  );
  listRoute(r, salesInvoicesApi.list, {
    spec: salesInvoiceList,
    scope: (s) => s.franchise(salesInvoices.franchise_code),
    sheet: 'Sales Invoices',
    columns: salesInvoiceExportColumns,
  });
  r.route(salesInvoicesApi.get, ({ params, auth, services }) =>
    getSalesInvoice(services.db, auth.scope, params.pos_si_no),
  );
  listRoute(r, salesCreditMemosApi.list, {
    spec: salesCreditMemoList,
    scope: (s) => s.franchise(salesOrders.franchise_code),
    where: () => creditMemosOnly(),
    sheet: 'Sales Credit Memos',
    columns: salesCreditMemoExportColumns,
  });
  r.route(salesCreditMemosApi.get, ({ params, auth, services }) =>
    getSalesCreditMemo(services.db, auth.scope, params.pos_so_no),
  );
}
