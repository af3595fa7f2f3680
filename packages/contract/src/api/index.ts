/**
 * The schemas of every operation by area and name (DEVELOPING.md "Operations"), and the TypeScript types of each
 * operation's input and response derived from them. The web client uses only the types (`import type`).
 */
import type { OpInput, OpResponse } from '../ops/schemas.js';
import type { Operations } from '../ops/index.js';
import { pageStructuresSchemas, pagePermissionsSchemas } from './access.js';
import { addressesSchemas, shippingAgentsSchemas, shippingAgentServicesSchemas } from './addresses.js';
import { authSchemas } from './auth.js';
import { cancelReasonsSchemas } from './cancel-reasons.js';
import { categoriesSchemas } from './categories.js';
import {
  customersSchemas,
  shipToAddressesSchemas,
  customerSetupsSchemas,
  customerRecordsSchemas,
} from './customers.js';
import { devicesSchemas } from './devices.js';
import { driveSchemas } from './drive.js';
import { feesSchemas, salesFeesSchemas } from './fees.js';
import { printJobsSchemas } from './print-jobs.js';
import { franchisesSchemas } from './franchises.js';
import { itemDocumentsSchemas } from './item-documents.js';
import { itemPricesSchemas } from './item-prices.js';
import { itemsSchemas } from './items.js';
import { redeemablePointsSchemas, loyaltySchemas } from './loyalty.js';
import { numberSeriesSchemas } from './number-series.js';
import { cashReceiptsSchemas, salesPaymentsSchemas } from './payments.js';
import { counterSalesSchemas } from './counter.js';
import { eInvoicesSchemas } from './einvoices.js';
import { bankAccountEntriesSchemas, cashbookSchemas, remainingAmountHistorySchemas } from './money.js';
import { promotionsSchemas, salesPromotionsSchemas } from './promotions.js';
import { salesCreditMemosSchemas, salesInvoicesSchemas, salesOrdersSchemas, salesShipmentsSchemas } from './sales.js';
import { purchaseOrdersSchemas, purchaseShipmentsSchemas } from './purchasing.js';
import { consignmentIssuesSchemas, consignmentReceiptsSchemas, transferOrdersSchemas } from './consignment.js';
import { stockReportsSchemas, warehouseEntriesSchemas, warehouseSchemas } from './warehouse.js';
import { shiftsSchemas, vietQrSchemas } from './shifts.js';
import { customerReportsSchemas, homeSchemas, revenueReportsSchemas, salesHistorySchemas } from './reports.js';
import { shopSchemas } from './shop.js';
import { syncSchemas } from './sync.js';
import { configSchemas, apiLogsSchemas, jobsSchemas, systemSchemas } from './system.js';
import { usersSchemas, rolesSchemas, franchiseUsersSchemas } from './users.js';
export * from '../ops/schemas.js';
export * from './access.js';
export * from './addresses.js';
export * from './auth.js';
export * from './cancel-reasons.js';
export * from './categories.js';
export * from './customers.js';
export * from './devices.js';
export * from './drive.js';
export * from './fees.js';
export * from './print-jobs.js';
export * from './franchises.js';
export * from './item-documents.js';
export * from './item-prices.js';
export * from './items.js';
export * from './loyalty.js';
export * from './number-series.js';
export * from './payments.js';
export * from './counter.js';
export * from './einvoices.js';
export * from './money.js';
export * from './promotions.js';
export * from './sales.js';
export * from './purchasing.js';
export * from './consignment.js';
export * from './warehouse.js';
export * from './shifts.js';
export * from './reports.js';
export * from './shop.js';
export * from './sync.js';
export * from './system.js';
export * from './users.js';

export const operationSchemas = {
  pageStructures: pageStructuresSchemas,
  pagePermissions: pagePermissionsSchemas,
  addresses: addressesSchemas,
  shippingAgents: shippingAgentsSchemas,
  shippingAgentServices: shippingAgentServicesSchemas,
  auth: authSchemas,
  cancelReasons: cancelReasonsSchemas,
  categories: categoriesSchemas,
  customers: customersSchemas,
  shipToAddresses: shipToAddressesSchemas,
  customerSetups: customerSetupsSchemas,
  customerRecords: customerRecordsSchemas,
  devices: devicesSchemas,
  drive: driveSchemas,
  fees: feesSchemas,
  salesFees: salesFeesSchemas,
  printJobs: printJobsSchemas,
  franchises: franchisesSchemas,
  itemDocuments: itemDocumentsSchemas,
  itemPrices: itemPricesSchemas,
  items: itemsSchemas,
  redeemablePoints: redeemablePointsSchemas,
  loyalty: loyaltySchemas,
  numberSeries: numberSeriesSchemas,
  promotions: promotionsSchemas,
  salesPromotions: salesPromotionsSchemas,
  salesOrders: salesOrdersSchemas,
  salesShipments: salesShipmentsSchemas,
  salesInvoices: salesInvoicesSchemas,
  salesCreditMemos: salesCreditMemosSchemas,
  cashReceipts: cashReceiptsSchemas,
  salesPayments: salesPaymentsSchemas,
  counterSales: counterSalesSchemas,
  eInvoices: eInvoicesSchemas,
  bankAccountEntries: bankAccountEntriesSchemas,
  cashbook: cashbookSchemas,
  remainingAmountHistory: remainingAmountHistorySchemas,
  purchaseOrders: purchaseOrdersSchemas,
  purchaseShipments: purchaseShipmentsSchemas,
  transferOrders: transferOrdersSchemas,
  consignmentReceipts: consignmentReceiptsSchemas,
  consignmentIssues: consignmentIssuesSchemas,
  warehouseEntries: warehouseEntriesSchemas,
  warehouse: warehouseSchemas,
  stockReports: stockReportsSchemas,
  shifts: shiftsSchemas,
  vietQr: vietQrSchemas,
  revenueReports: revenueReportsSchemas,
  salesHistory: salesHistorySchemas,
  customerReports: customerReportsSchemas,
  home: homeSchemas,
  shop: shopSchemas,
  sync: syncSchemas,
  config: configSchemas,
  apiLogs: apiLogsSchemas,
  jobs: jobsSchemas,
  system: systemSchemas,
  users: usersSchemas,
  roles: rolesSchemas,
  franchiseUsers: franchiseUsersSchemas,
} satisfies { [A in keyof Operations]: unknown };

type Schemas = typeof operationSchemas;
type SchemaOf<N> = N extends `${infer A extends keyof Schemas}.${infer K}`
  ? K extends keyof Schemas[A]
    ? Schemas[A][K]
    : never
  : never;
/** What a client sends for operation N: `{ params?, query?, body? }` as its schemas take them. */
export type ApiInput<N> = OpInput<SchemaOf<N>>;
/** The `data` operation N answers. */
export type ApiResponse<N> = OpResponse<SchemaOf<N>>;
