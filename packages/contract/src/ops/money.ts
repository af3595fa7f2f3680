import { defineOps } from '../ops/meta.js';
import { MONEY_PAGES, PAYMENT_PAGES } from './page-groups.js';

const view = { page: MONEY_PAGES, level: 'view' } as const;

/** bankAccountEntries: the bank account entries of a franchise (calls.md 7.11, api.md money; issue 11). */
export const bankAccountEntriesOps = defineOps('bankAccountEntries', {
  list: {
    method: 'POST',
    path: '/bank-account-entries/filter',
    access: view,
    summary: 'Filter bank account entries (manual ones and those of processed transfer/card receipts)',
    kind: 'list',
  },
  add: {
    method: 'POST',
    path: '/bank-account-entries',
    access: { page: '/bankAccountEntries', level: 'edit' },
    summary: 'Add a manual bank account entry (BA number; append-only: a correction is a new entry)',
    status: 201,
    idempotent: true,
  },
});

/** cashbook: cash and bank movements and balances between two dates (calls.md 7.11; issue 11). */
export const cashbookOps = defineOps('cashbook', {
  list: {
    method: 'POST',
    path: '/cashbook/filter',
    access: view,
    summary:
      'Cashbook movements of one book (type cash: processed cash receipts; bank: bank account entries) between from_date and to_date, with the running balance',
    kind: 'list',
  },
  balance: {
    method: 'POST',
    path: '/cashbook/balance',
    access: view,
    summary: 'Opening balance, total in, total out and closing balance of one book (from_date, to_date, type)',
  },
});

/** remainingAmountHistory: an order's customer ledger with the remaining amount after each entry (calls.md 7.13). */
export const remainingAmountHistoryOps = defineOps('remainingAmountHistory', {
  list: {
    method: 'POST',
    path: '/remaining-amount-history/filter',
    access: {
      page: [...PAYMENT_PAGES, ...MONEY_PAGES.filter((p) => !(PAYMENT_PAGES as readonly string[]).includes(p))],
      level: 'view',
    },
    summary:
      'Remaining-amount history: every customer ledger entry of an order (pos_so_no filter) with the remaining amount after it',
    kind: 'list',
  },
});
