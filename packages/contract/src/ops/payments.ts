import { defineOps } from '../ops/meta.js';
import { PAYMENT_PAGES, SALES_PAGES } from './page-groups.js';

const view = { page: PAYMENT_PAGES, level: 'view' } as const;
const edit = { page: PAYMENT_PAGES, level: 'edit' } as const;

/** cashReceipts: the counter's payments (calls.md 7.11, api.md money; schemas in ../api/payments.ts). */
export const cashReceiptsOps = defineOps('cashReceipts', {
  list: {
    method: 'POST',
    path: '/cash-receipts/filter',
    access: view,
    summary: 'Filter cash receipts (by order, status, method, dates)',
    kind: 'list',
  },
  add: {
    method: 'POST',
    path: '/cash-receipts',
    access: edit,
    summary:
      'Add an open cash receipt for an order (RC number; overpayment refused unless cash with change) or, without pos_so_no, a payment on account of customer_no',
    status: 201,
    idempotent: true,
  },
  process: {
    method: 'POST',
    path: '/cash-receipts/process',
    access: edit,
    summary:
      'Process (post) one open receipt: a customer ledger payment entry (payoo/viettel: their fixed customer accounts), and a bank account entry for transfer/card',
    idempotent: true,
  },
  processAll: {
    method: 'POST',
    path: '/cash-receipts/process-all',
    access: edit,
    summary: 'Process every open receipt of an order (pos_so_no) in one transaction',
    idempotent: true,
  },
  schedule: {
    method: 'GET',
    path: '/cash-receipts/:receipt_id/schedule',
    access: view,
    summary:
      'The instalment schedule of a processed installment receipt (3 or 6 monthly instalments) and what is still due',
  },
  delete: {
    method: 'DELETE',
    path: '/cash-receipts',
    access: edit,
    summary: 'Delete an open receipt (receipt_id query); a processed one never changes',
  },
});

/** salesPayments: the remaining amount of an order (calls.md 7.12). */
export const salesPaymentsOps = defineOps('salesPayments', {
  remainingAmount: {
    method: 'PUT',
    path: '/sales-orders/remaining-amount',
    access: { page: SALES_PAGES, level: 'edit' },
    summary:
      'Record a remaining-amount adjustment (who, when, why, amount = current − wanted); needs the Adjust Remaining Amount button',
  },
});
