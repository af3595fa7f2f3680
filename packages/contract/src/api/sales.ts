import {
  posSiNoParam,
  posSoNoParam,
  posSsNoParam,
  salesActionResult,
  salesCreditMemo,
  salesCreditMemoAll,
  salesCreditMemoLines,
  salesCreditMemoListItem,
  salesDocumentAction,
  salesInvoice,
  salesInvoiceListItem,
  salesLineAdd,
  salesLineRemove,
  salesLineUpdate,
  salesOrder,
  salesOrderCreate,
  salesOrderListItem,
  salesOrderUpdate,
  salesPostQty,
  salesRequestedDeliveryDate,
  salesShipment,
  salesShip,
  salesShipmentListItem,
  salesStatusChange,
} from '../sales.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { salesCreditMemosOps, salesInvoicesOps, salesOrdersOps, salesShipmentsOps } from '../ops/sales.js';

/** salesOrders: the schemas of each operation, keyed like salesOrdersOps. */
export const salesOrdersSchemas = {
  list: { item: salesOrderListItem },
  create: { body: salesOrderCreate, response: salesOrder },
  update: { body: salesOrderUpdate, response: salesOrder },
  get: { params: posSoNoParam, response: salesOrder },
  status: { body: salesStatusChange, response: salesOrder },
  requestedDeliveryDate: { body: salesRequestedDeliveryDate, response: salesOrder },
  postQty: { body: salesPostQty, response: salesOrder },
  lineAdd: { body: salesLineAdd, response: salesOrder },
  lineUpdate: { body: salesLineUpdate, response: salesOrder },
  lineRemove: { body: salesLineRemove, response: salesOrder },
  ship: { body: salesShip, response: salesOrder },
  calculateQtyToShip: { body: salesDocumentAction, response: salesOrder },
  supportToShip: { body: salesDocumentAction, response: salesOrder },
  sync: { body: salesDocumentAction, response: salesActionResult },
  close: { body: salesDocumentAction, response: salesOrder },
  creditMemo: { body: salesCreditMemoLines, response: salesCreditMemo },
  creditMemoAll: { body: salesCreditMemoAll, response: salesCreditMemo },
  convertQuote: { body: salesDocumentAction, response: salesOrder },
} satisfies SchemasOf<typeof salesOrdersOps>;
export const salesOrdersApi = joinOps(salesOrdersOps, salesOrdersSchemas);

export const salesShipmentsSchemas = {
  list: { item: salesShipmentListItem },
  get: { params: posSsNoParam, response: salesShipment },
} satisfies SchemasOf<typeof salesShipmentsOps>;
export const salesShipmentsApi = joinOps(salesShipmentsOps, salesShipmentsSchemas);

export const salesInvoicesSchemas = {
  list: { item: salesInvoiceListItem },
  get: { params: posSiNoParam, response: salesInvoice },
} satisfies SchemasOf<typeof salesInvoicesOps>;
export const salesInvoicesApi = joinOps(salesInvoicesOps, salesInvoicesSchemas);

export const salesCreditMemosSchemas = {
  list: { item: salesCreditMemoListItem },
  get: { params: posSoNoParam, response: salesCreditMemo },
} satisfies SchemasOf<typeof salesCreditMemosOps>;
export const salesCreditMemosApi = joinOps(salesCreditMemosOps, salesCreditMemosSchemas);
