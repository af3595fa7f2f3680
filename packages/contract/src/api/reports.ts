import {
  home,
  newCustomerRow,
  newCustomersByDay,
  newCustomersRequest,
  pointsUsedRequest,
  pointsUsedRow,
  pointsUsedTotal,
  revenueDetailRequest,
  revenueDetailRow,
  revenueSummaryRequest,
  revenueSummaryRow,
  revenueTotal,
  salesHistoryDetail,
  salesHistoryParams,
  salesHistoryRow,
} from '../reports.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { customerReportsOps, homeOps, revenueReportsOps, salesHistoryOps } from '../ops/reports.js';

export const revenueReportsSchemas = {
  summary: { body: revenueSummaryRequest, item: revenueSummaryRow },
  summaryTotal: { body: revenueSummaryRequest, response: revenueTotal },
  detail: { body: revenueDetailRequest, item: revenueDetailRow },
  detailTotal: { body: revenueDetailRequest, response: revenueTotal },
} satisfies SchemasOf<typeof revenueReportsOps>;
export const revenueReportsApi = joinOps(revenueReportsOps, revenueReportsSchemas);

export const salesHistorySchemas = {
  list: { item: salesHistoryRow },
  get: { params: salesHistoryParams, response: salesHistoryDetail },
} satisfies SchemasOf<typeof salesHistoryOps>;
export const salesHistoryApi = joinOps(salesHistoryOps, salesHistorySchemas);

export const customerReportsSchemas = {
  newCustomers: { body: newCustomersRequest, item: newCustomerRow },
  newCustomersByDay: { body: newCustomersRequest, response: newCustomersByDay },
  redeemablePointsUsed: { body: pointsUsedRequest, item: pointsUsedRow },
  redeemablePointsUsedTotal: { body: pointsUsedRequest, response: pointsUsedTotal },
} satisfies SchemasOf<typeof customerReportsOps>;
export const customerReportsApi = joinOps(customerReportsOps, customerReportsSchemas);

export const homeSchemas = {
  get: { response: home },
} satisfies SchemasOf<typeof homeOps>;
export const homeApi = joinOps(homeOps, homeSchemas);
