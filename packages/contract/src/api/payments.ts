import {
  cashReceipt,
  cashReceiptAdd,
  cashReceiptDeleteResult,
  cashReceiptIdParam,
  cashReceiptIdQuery,
  installmentSchedule,
  cashReceiptProcess,
  cashReceiptProcessAll,
  cashReceiptProcessAllResult,
  salesRemainingAmount,
} from '../payments.js';
import { salesOrder } from '../sales.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { cashReceiptsOps, salesPaymentsOps } from '../ops/payments.js';

/** cashReceipts: the schemas of each operation, keyed like cashReceiptsOps. */
export const cashReceiptsSchemas = {
  list: { item: cashReceipt },
  add: { body: cashReceiptAdd, response: cashReceipt },
  process: { body: cashReceiptProcess, response: cashReceipt },
  processAll: { body: cashReceiptProcessAll, response: cashReceiptProcessAllResult },
  schedule: { params: cashReceiptIdParam, response: installmentSchedule },
  delete: { query: cashReceiptIdQuery, response: cashReceiptDeleteResult },
} satisfies SchemasOf<typeof cashReceiptsOps>;
export const cashReceiptsApi = joinOps(cashReceiptsOps, cashReceiptsSchemas);

/** salesPayments: the schemas of each operation, keyed like salesPaymentsOps. */
export const salesPaymentsSchemas = {
  remainingAmount: { body: salesRemainingAmount, response: salesOrder },
} satisfies SchemasOf<typeof salesPaymentsOps>;
export const salesPaymentsApi = joinOps(salesPaymentsOps, salesPaymentsSchemas);
