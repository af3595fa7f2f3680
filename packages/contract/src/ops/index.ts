/**
 * The operation table, zod-free (DEVELOPING.md "Operations"): every area's operations by area name. The web imports
 * this at runtime; the schemas of the same operations are in `../api/index.ts`.
 */
import type { OpMeta } from './meta.js';
export * from './meta.js';
export * from './page-groups.js';
import { pageStructuresOps, pagePermissionsOps } from './access.js';
import { addressesOps, shippingAgentsOps, shippingAgentServicesOps } from './addresses.js';
import { authOps } from './auth.js';
import { cancelReasonsOps } from './cancel-reasons.js';
import { categoriesOps } from './categories.js';
import { customersOps, shipToAddressesOps, customerSetupsOps, customerRecordsOps } from './customers.js';
import { devicesOps } from './devices.js';
import { driveOps } from './drive.js';
import { feesOps, salesFeesOps } from './fees.js';
import { printJobsOps } from './print-jobs.js';
import { franchisesOps } from './franchises.js';
import { itemDocumentsOps } from './item-documents.js';
import { itemPricesOps } from './item-prices.js';
import { itemsOps } from './items.js';
import { redeemablePointsOps, loyaltyOps } from './loyalty.js';
import { bankAccountEntriesOps, cashbookOps, remainingAmountHistoryOps } from './money.js';
import { numberSeriesOps } from './number-series.js';
import { cashReceiptsOps, salesPaymentsOps } from './payments.js';
import { counterSalesOps } from './counter.js';
import { eInvoicesOps } from './einvoices.js';
import { promotionsOps, salesPromotionsOps } from './promotions.js';
import { salesCreditMemosOps, salesInvoicesOps, salesOrdersOps, salesShipmentsOps } from './sales.js';
import { purchaseOrdersOps, purchaseShipmentsOps } from './purchasing.js';
import { consignmentIssuesOps, consignmentReceiptsOps, transferOrdersOps } from './consignment.js';
import { stockReportsOps, warehouseEntriesOps, warehouseOps } from './warehouse.js';
import { shiftsOps, vietQrOps } from './shifts.js';
import { customerReportsOps, homeOps, revenueReportsOps, salesHistoryOps } from './reports.js';
import { shopOps } from './shop.js';
import { syncOps } from './sync.js';
import { configOps, apiLogsOps, jobsOps, systemOps } from './system.js';
import { usersOps, rolesOps, franchiseUsersOps } from './users.js';
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
export * from './money.js';
export * from './number-series.js';
export * from './payments.js';
export * from './counter.js';
export * from './einvoices.js';
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

export const operations = {
  pageStructures: pageStructuresOps,
  pagePermissions: pagePermissionsOps,
  addresses: addressesOps,
  shippingAgents: shippingAgentsOps,
  shippingAgentServices: shippingAgentServicesOps,
  auth: authOps,
  cancelReasons: cancelReasonsOps,
  categories: categoriesOps,
  customers: customersOps,
  shipToAddresses: shipToAddressesOps,
  customerSetups: customerSetupsOps,
  customerRecords: customerRecordsOps,
  devices: devicesOps,
  drive: driveOps,
  fees: feesOps,
  salesFees: salesFeesOps,
  printJobs: printJobsOps,
  franchises: franchisesOps,
  itemDocuments: itemDocumentsOps,
  itemPrices: itemPricesOps,
  items: itemsOps,
  redeemablePoints: redeemablePointsOps,
  loyalty: loyaltyOps,
  numberSeries: numberSeriesOps,
  promotions: promotionsOps,
  salesPromotions: salesPromotionsOps,
  salesOrders: salesOrdersOps,
  salesShipments: salesShipmentsOps,
  salesInvoices: salesInvoicesOps,
  salesCreditMemos: salesCreditMemosOps,
  cashReceipts: cashReceiptsOps,
  salesPayments: salesPaymentsOps,
  counterSales: counterSalesOps,
  eInvoices: eInvoicesOps,
  bankAccountEntries: bankAccountEntriesOps,
  cashbook: cashbookOps,
  remainingAmountHistory: remainingAmountHistoryOps,
  purchaseOrders: purchaseOrdersOps,
  purchaseShipments: purchaseShipmentsOps,
  transferOrders: transferOrdersOps,
  consignmentReceipts: consignmentReceiptsOps,
  consignmentIssues: consignmentIssuesOps,
  warehouseEntries: warehouseEntriesOps,
  warehouse: warehouseOps,
  stockReports: stockReportsOps,
  shifts: shiftsOps,
  vietQr: vietQrOps,
  revenueReports: revenueReportsOps,
  salesHistory: salesHistoryOps,
  customerReports: customerReportsOps,
  home: homeOps,
  shop: shopOps,
  sync: syncOps,
  config: configOps,
  apiLogs: apiLogsOps,
  jobs: jobsOps,
  system: systemOps,
  users: usersOps,
  roles: rolesOps,
  franchiseUsers: franchiseUsersOps,
};

export type Operations = typeof operations;
export type AreaName = keyof Operations;
/** `<area>.<operation>`, e.g. `cancelReasons.get`. */
export type OperationName = { [A in AreaName]: `${A}.${keyof Operations[A] & string}` }[AreaName];

/** The list operations (kind 'list'): each gives a filter call and its export. */
export type ListOperationName = {
  [A in AreaName]: {
    [K in keyof Operations[A] & string]: Operations[A][K] extends { kind: 'list' } ? `${A}.${K}` : never;
  }[keyof Operations[A] & string];
}[AreaName];

/** The meta of an operation by its name. */
export function operation(name: OperationName): OpMeta {
  const [area, key] = name.split('.') as [AreaName, string];
  const meta = (operations[area] as unknown as Record<string, OpMeta>)[key];
  if (!meta) throw new Error(`unknown operation ${name}`);
  return meta;
}
