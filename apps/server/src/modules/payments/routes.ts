import { cashReceiptsApi, salesPaymentsApi } from '@fp/contract';
import type { AppConfig } from '../../config.js';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { getSalesOrder } from '../sales/load.js';
import { adjustRemainingAmount } from './adjust.js';
import { cashReceiptExportColumns, cashReceiptList } from './list.js';
import { processAllCashReceipts, processCashReceipt, type ChannelAccounts } from './process.js';
import { installmentSchedule } from './schedule.js';
import { addCashReceipt, deleteCashReceipt, receiptOut } from './receipts.js';
import { cashReceipts } from './schema.js';

/** The payoo and viettel accounts of the configuration. */
export const channelAccounts = (c: AppConfig): ChannelAccounts => ({
  payoo: c.payooCustomerNo,
  viettel: c.viettelCustomerNo,
});

/** Cash receipts and the remaining-amount adjustment (README.md here): one transaction per call. */
export function paymentRoutes(r: Router) {
  listRoute(r, cashReceiptsApi.list, {
    spec: cashReceiptList,
    scope: (s) => s.franchise(cashReceipts.franchise_code),
    sheet: 'Cash Receipts',
    columns: cashReceiptExportColumns,
  });
  r.route(cashReceiptsApi.add, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => receiptOut(await addCashReceipt(tx, auth, body))),
  );
  const accounts = channelAccounts(r.services.config);
  r.route(cashReceiptsApi.process, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => receiptOut(await processCashReceipt(tx, auth, accounts, body.receipt_id))),
  );
  r.route(cashReceiptsApi.processAll, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => ({
      pos_so_no: body.pos_so_no,
      processed: (await processAllCashReceipts(tx, auth, accounts, body.pos_so_no)).map(receiptOut),
    })),
  );
  r.route(cashReceiptsApi.schedule, ({ params, auth, services }) =>
    installmentSchedule(services.db, auth.scope, params.receipt_id),
  );
  r.route(cashReceiptsApi.delete, ({ query, auth, services }) =>
    services.db.transaction((tx) => deleteCashReceipt(tx, auth.scope, query.receipt_id)),
  );
  r.route(salesPaymentsApi.remainingAmount, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await adjustRemainingAmount(tx, auth, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
}
