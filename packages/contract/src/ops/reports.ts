import { defineOps } from '../ops/meta.js';
import { REPORT_PAGES, SALES_PAGES } from './page-groups.js';

const view = { page: REPORT_PAGES, level: 'view' } as const;
/** Sales history is also what the sales document screens look up (a customer's earlier orders). */
const historyView = { page: [...REPORT_PAGES, ...SALES_PAGES], level: 'view' } as const;

/** revenueReports: /reports/revenue/summaries and /reports/revenue/details (calls.md 7.12; api.md Sales). */
export const revenueReportsOps = defineOps('revenueReports', {
  summary: {
    method: 'POST',
    path: '/reports/revenue/summary',
    access: view,
    summary:
      'Revenue summary between from_date and to_date grouped by franchise, location, day, month or sales type: documents, quantity, sales (invoices), returns (credit memos), net',
    kind: 'list',
  },
  summaryTotal: {
    method: 'POST',
    path: '/reports/revenue/summary/total',
    access: view,
    summary: 'The totals of the revenue summary rows of the same request (Σ rows)',
  },
  detail: {
    method: 'POST',
    path: '/reports/revenue/detail',
    access: view,
    summary: 'Revenue detail: one row per posted invoice (+) or credit memo (−) between from_date and to_date',
    kind: 'list',
  },
  detailTotal: {
    method: 'POST',
    path: '/reports/revenue/detail/total',
    access: view,
    summary: 'The totals of the revenue detail rows of the same request (Σ rows)',
  },
});

/** salesHistory: /reports/salesHistorical and /reports/salesHistorical/{id} (calls.md 7.12 historical sales). */
export const salesHistoryOps = defineOps('salesHistory', {
  list: {
    method: 'POST',
    path: '/sales-history/filter',
    access: historyView,
    summary: 'Sales history: per order a customer bought (posted invoices), with lines, quantity and amount invoiced',
    kind: 'list',
  },
  get: {
    method: 'GET',
    path: '/sales-history/:pos_so_no',
    access: historyView,
    summary: 'One order of the sales history with its invoices and invoiced lines',
  },
});

/** customerReports: /reports/newCustomerRecord and /reports/redeemablePointUsed (api.md Reports). */
export const customerReportsOps = defineOps('customerReports', {
  newCustomers: {
    method: 'POST',
    path: '/reports/new-customers',
    access: view,
    summary: 'Customers created between from_date and to_date, with their first order',
    kind: 'list',
  },
  newCustomersByDay: {
    method: 'POST',
    path: '/reports/new-customers/by-day',
    access: view,
    summary: 'New customers per day of the range (the chart; same body and filters as the list) and their total',
  },
  redeemablePointsUsed: {
    method: 'POST',
    path: '/reports/redeemable-points-used',
    access: view,
    summary: 'Redeemable points used between from_date and to_date (ledger entries used, not reversed) and their value',
    kind: 'list',
  },
  redeemablePointsUsedTotal: {
    method: 'POST',
    path: '/reports/redeemable-points-used/total',
    access: view,
    summary: 'The totals of the redeemable points used rows of the same request',
  },
});

/** home: the dashboard of / for any logged-in user, from the caller's scope (store or head office). */
export const homeOps = defineOps('home', {
  get: {
    method: 'GET',
    path: '/home',
    access: 'authenticated',
    summary:
      'How are we doing today: a store’s sales today, open orders, cash in drawer and low stock; head office’s revenue by franchise this month against last month',
  },
});
