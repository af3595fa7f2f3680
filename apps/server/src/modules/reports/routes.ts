import { customerReportsApi, homeApi, revenueReportsApi, salesHistoryApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute, type ExportColumn } from '../../http/list-route.js';
import {
  newCustomersByDay,
  newCustomersList,
  newCustomersScope,
  pointsUsedList,
  pointsUsedScope,
  pointsUsedTotal,
  type DatedBody,
} from './customers.js';
import { homeOf } from './home.js';
import {
  revenueDetailList,
  revenueDetailTotal,
  revenueSummaryList,
  revenueSummaryTotal,
  type RevenueDetailBody,
  type RevenueSummaryBody,
} from './revenue.js';
import { salesDocumentsScope } from './scope.js';
import { getSalesHistory, salesHistoryList, salesHistoryScope } from './sales-history.js';

const figures: ExportColumn[] = [
  { key: 'documents', header: 'Documents' },
  { key: 'quantity', header: 'Quantity' },
  { key: 'sales_amount', header: 'Sales Amount', format: 'money' },
  { key: 'return_amount', header: 'Return Amount', format: 'money' },
  { key: 'net_amount', header: 'Net Amount', format: 'money' },
];

/**
 * The reports of issue 11 (README.md here): revenue, sales history, new customers, points used, home. Revenue, new
 * customers and points used read the read replica when there is one (`replica`, DATABASE_READ_URL); sales history
 * and home stay on the primary (a cashier looks up the sale just made).
 */
export function reportRoutes(r: Router) {
  listRoute(r, revenueReportsApi.summary, {
    spec: (auth, body) => revenueSummaryList(auth.scope, body as RevenueSummaryBody),
    scope: salesDocumentsScope,
    sheet: 'Revenue Summary',
    replica: true,
    columns: [{ key: 'key', header: 'Key' }, { key: 'label', header: 'Group', width: 30 }, ...figures],
  });
  r.route(revenueReportsApi.summaryTotal, ({ body, auth, services }) =>
    revenueSummaryTotal(services.readDb, auth.scope, body),
  );
  listRoute(r, revenueReportsApi.detail, {
    spec: (auth, body) => revenueDetailList(auth.scope, body as RevenueDetailBody),
    scope: salesDocumentsScope,
    sheet: 'Revenue Detail',
    replica: true,
    columns: [
      { key: 'document_type', header: 'Document Type' },
      { key: 'document_no', header: 'Document No.' },
      { key: 'pos_so_no', header: 'POSSO No' },
      { key: 'posting_date', header: 'Posting Date', format: 'date' },
      { key: 'franchise_code', header: 'Franchise' },
      { key: 'location_code', header: 'Location' },
      { key: 'sales_type', header: 'Sales Type' },
      { key: 'customer_no', header: 'Customer No' },
      { key: 'customer_name', header: 'Customer Name', width: 30 },
      { key: 'quantity', header: 'Quantity' },
      { key: 'amount', header: 'Amount', format: 'money' },
    ],
  });
  r.route(revenueReportsApi.detailTotal, ({ body, auth, services }) =>
    revenueDetailTotal(services.readDb, auth.scope, body),
  );

  listRoute(r, salesHistoryApi.list, {
    spec: salesHistoryList,
    scope: salesHistoryScope,
    sheet: 'Sales History',
    columns: [
      { key: 'pos_so_no', header: 'POSSO No' },
      { key: 'order_date', header: 'Order Date', format: 'date' },
      { key: 'customer_no', header: 'Customer No' },
      { key: 'customer_name', header: 'Customer Name', width: 30 },
      { key: 'phone', header: 'Phone' },
      { key: 'franchise_code', header: 'Franchise' },
      { key: 'location_code', header: 'Location' },
      { key: 'sales_type', header: 'Sales Type' },
      { key: 'lines', header: 'Lines' },
      { key: 'quantity', header: 'Quantity' },
      { key: 'amount', header: 'Amount', format: 'money' },
      { key: 'status', header: 'Status' },
    ],
  });
  r.route(salesHistoryApi.get, ({ params, auth, services }) =>
    getSalesHistory(services.db, auth.scope, params.pos_so_no),
  );

  listRoute(r, customerReportsApi.newCustomers, {
    spec: (auth, body) => newCustomersList(auth.scope, body as DatedBody),
    scope: newCustomersScope,
    sheet: 'New Customers',
    replica: true,
    columns: [
      { key: 'customer_no', header: 'Customer No' },
      { key: 'name', header: 'Name', width: 30 },
      { key: 'phone_no', header: 'Phone No' },
      { key: 'franchise_code', header: 'Franchise' },
      { key: 'franchise_name', header: 'Franchise Name', width: 30 },
      { key: 'location_code', header: 'Location' },
      { key: 'created_date', header: 'Created Date', format: 'date' },
      { key: 'first_order_no', header: 'First Order' },
      { key: 'first_order_date', header: 'First Order Date', format: 'date' },
    ],
  });
  r.route(customerReportsApi.newCustomersByDay, ({ body, auth, services }) =>
    newCustomersByDay(services.readDb, auth.scope, body),
  );
  listRoute(r, customerReportsApi.redeemablePointsUsed, {
    spec: (auth, body) => pointsUsedList(auth.scope, body as DatedBody),
    scope: pointsUsedScope,
    sheet: 'Redeemable Points Used',
    replica: true,
    columns: [
      { key: 'posting_date', header: 'Posting Date', format: 'date' },
      { key: 'pos_so_no', header: 'POSSO No' },
      { key: 'customer_no', header: 'Customer No' },
      { key: 'customer_name', header: 'Customer Name', width: 30 },
      { key: 'referral_code', header: 'Referral Code' },
      { key: 'redeemable_point_used', header: 'Redeemable Point Used' },
      { key: 'source', header: 'Source' },
      { key: 'website_no', header: 'Website No' },
      { key: 'value', header: 'Value', format: 'money' },
    ],
  });
  r.route(customerReportsApi.redeemablePointsUsedTotal, ({ body, auth, services }) =>
    pointsUsedTotal(services.readDb, auth.scope, body),
  );

  r.route(homeApi.get, ({ auth, services }) => homeOf(services.db, auth.scope, services.config.lowStockThreshold));
}
