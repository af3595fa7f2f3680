import {
  bcToNoParam,
  ciNoParam,
  consignmentIssue,
  consignmentIssueCreate,
  consignmentIssueListItem,
  consignmentIssueRelease,
  consignmentIssueStatusChange,
  consignmentIssueUpdate,
  consignmentLineAdd,
  consignmentLineRemove,
  consignmentLineUpdate,
  consignmentReceipt,
  consignmentReceiptListItem,
  consignmentReceive,
  receiptNoParam,
  transferOrder,
  transferOrderCreate,
  transferOrderListItem,
  transferOrderPostedShipment,
  transferOrderShip,
  transferOrderToReceive,
  transferOrdersFromErp,
  transferOrdersFromErpResult,
  transferShipment,
} from '../consignment.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { consignmentIssuesOps, consignmentReceiptsOps, transferOrdersOps } from '../ops/consignment.js';

export const transferOrdersSchemas = {
  list: { item: transferOrderListItem },
  erp: { body: transferOrdersFromErp, response: transferOrdersFromErpResult },
  get: { params: bcToNoParam, response: transferOrder },
  postedShipment: { params: bcToNoParam, response: transferOrderPostedShipment },
  toReceive: { params: bcToNoParam, response: transferOrderToReceive },
  create: { body: transferOrderCreate, response: transferOrder },
  ship: { body: transferOrderShip, response: transferShipment },
} satisfies SchemasOf<typeof transferOrdersOps>;
export const transferOrdersApi = joinOps(transferOrdersOps, transferOrdersSchemas);

export const consignmentReceiptsSchemas = {
  receive: { body: consignmentReceive, response: consignmentReceipt },
  list: { item: consignmentReceiptListItem },
  get: { params: receiptNoParam, response: consignmentReceipt },
} satisfies SchemasOf<typeof consignmentReceiptsOps>;
export const consignmentReceiptsApi = joinOps(consignmentReceiptsOps, consignmentReceiptsSchemas);

export const consignmentIssuesSchemas = {
  list: { item: consignmentIssueListItem },
  create: { body: consignmentIssueCreate, response: consignmentIssue },
  update: { body: consignmentIssueUpdate, response: consignmentIssue },
  get: { params: ciNoParam, response: consignmentIssue },
  lineAdd: { body: consignmentLineAdd, response: consignmentIssue },
  lineUpdate: { body: consignmentLineUpdate, response: consignmentIssue },
  lineRemove: { body: consignmentLineRemove, response: consignmentIssue },
  release: { body: consignmentIssueRelease, response: consignmentIssue },
  status: { body: consignmentIssueStatusChange, response: consignmentIssue },
} satisfies SchemasOf<typeof consignmentIssuesOps>;
export const consignmentIssuesApi = joinOps(consignmentIssuesOps, consignmentIssuesSchemas);
