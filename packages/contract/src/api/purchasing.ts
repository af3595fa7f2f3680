import {
  posPoNoParam,
  purchaseCreditMemo,
  purchaseCreditMemoLines,
  purchaseLineAdd,
  purchaseLineRemove,
  purchaseLineUpdate,
  purchaseOrder,
  purchaseOrderByPoNo,
  purchaseOrderCreate,
  purchaseOrderLine,
  purchaseOrderListItem,
  purchaseOrderUpdate,
  purchaseReceive,
  purchaseRemainingAmount,
  purchaseShip,
  purchaseShipment,
  purchaseShipmentListItem,
  purchaseStatusChange,
  shipmentNoParam,
} from '../purchasing.js';
import { z } from 'zod';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { purchaseOrdersOps, purchaseShipmentsOps } from '../ops/purchasing.js';

export const purchaseOrdersSchemas = {
  list: { item: purchaseOrderListItem },
  create: { body: purchaseOrderCreate, response: purchaseOrder },
  update: { body: purchaseOrderUpdate, response: purchaseOrder },
  get: { params: posPoNoParam, response: purchaseOrder },
  lines: { params: posPoNoParam, response: z.array(purchaseOrderLine) },
  status: { body: purchaseStatusChange, response: purchaseOrder },
  lineAdd: { body: purchaseLineAdd, response: purchaseOrder },
  lineUpdate: { body: purchaseLineUpdate, response: purchaseOrder },
  lineRemove: { body: purchaseLineRemove, response: purchaseOrder },
  release: { body: purchaseOrderByPoNo, response: purchaseOrder },
  close: { body: purchaseOrderByPoNo, response: purchaseOrder },
  ship: { body: purchaseShip, response: purchaseShipment },
  receive: { body: purchaseReceive, response: purchaseOrder },
  creditMemo: { body: purchaseCreditMemoLines, response: purchaseCreditMemo },
  remainingAmount: { params: posPoNoParam, response: purchaseRemainingAmount },
} satisfies SchemasOf<typeof purchaseOrdersOps>;
export const purchaseOrdersApi = joinOps(purchaseOrdersOps, purchaseOrdersSchemas);

export const purchaseShipmentsSchemas = {
  list: { item: purchaseShipmentListItem },
  get: { params: shipmentNoParam, response: purchaseShipment },
} satisfies SchemasOf<typeof purchaseShipmentsOps>;
export const purchaseShipmentsApi = joinOps(purchaseShipmentsOps, purchaseShipmentsSchemas);
