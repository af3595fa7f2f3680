import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithReload } from '../shell/chunk-reload';

type Page = LazyExoticComponent<ComponentType>;

/**
 * Screen components by page url (the url as written in packages/contract/src/pages.ts; {id}/{slug} are
 * parameters). Add one line per screen. A page registered in pages.ts without a component here shows the
 * "coming in a later release" page.
 */
export const screens: Record<string, Page> = {
  '/': lazyWithReload(() => import('./home')),
  '/document': lazyWithReload(() => import('./document')),
  '/tablet/document': lazyWithReload(() => import('./tablet/document')),
  '/cancelReasons': lazyWithReload(() => import('./cancelReasons')),
  '/promotions': lazyWithReload(() => import('./promotions')),
  '/fees': lazyWithReload(() => import('./fees')),
  '/devices': lazyWithReload(() => import('./devices')),
  '/franchises': lazyWithReload(() => import('./franchises')),
  '/franchises/detail': lazyWithReload(() => import('./franchises/detail')),
  '/apiLog': lazyWithReload(() => import('./apiLog')),
  '/jobs': lazyWithReload(() => import('./jobs')),
  '/settings': lazyWithReload(() => import('./settings')),
  '/users': lazyWithReload(() => import('./users')),
  '/users/{id}': lazyWithReload(() => import('./users/detail')),
  '/myprofile': lazyWithReload(() => import('./myprofile')),
  '/shopPushes': lazyWithReload(() => import('./shopPushes')),
  '/tablet/website': lazyWithReload(() => import('./tablet/website')),
  '/pageStructure': lazyWithReload(() => import('./pageStructure')),
  '/pageStructure/detail/{slug}': lazyWithReload(() => import('./pageStructure/detail')),
  '/pagePermission': lazyWithReload(() => import('./pagePermission')),
  '/pagePermission/detail/{slug}': lazyWithReload(() => import('./pagePermission/detail')),
  '/items': lazyWithReload(() => import('./items')),
  '/tabletItemPrice': lazyWithReload(() => import('./tabletItemPrice')),
  '/tablet/itemPrice': lazyWithReload(() => import('./tablet/itemPrice')),
  '/tablet/category': lazyWithReload(() => import('./tablet/category')),
  '/customers': lazyWithReload(() => import('./customers')),
  '/customers/setup': lazyWithReload(() => import('./customers/setup')),
  '/customers/records': lazyWithReload(() => import('./customers/records')),
  '/customers/redeemablePoints': lazyWithReload(() => import('./customers/redeemablePoints')),
  '/shippingAgentServices': lazyWithReload(() => import('./shippingAgentServices')),
  '/salesOrders': lazyWithReload(() => import('./salesOrders')),
  '/salesOrders/detail': lazyWithReload(() => import('./salesOrders/detail')),
  '/salesOrders/creditMemo': lazyWithReload(() => import('./salesOrders/creditMemo')),
  '/salesOrdersInvoicedCanceled': lazyWithReload(() =>
    import('./salesOrders').then((m) => ({ default: m.SalesOrdersInvoicedCanceledPage })),
  ),
  '/salesOrdersInvoicedCanceled/detail': lazyWithReload(() =>
    import('./salesOrders/detail').then((m) => ({ default: m.SalesOrderClosedDetailPage })),
  ),
  '/salesQuotes': lazyWithReload(() => import('./salesOrders').then((m) => ({ default: m.SalesQuotesPage }))),
  '/salesQuotes/detail': lazyWithReload(() =>
    import('./salesOrders/detail').then((m) => ({ default: m.SalesQuoteDetailPage })),
  ),
  // issue 9: tablet selling and scanning
  '/tablet/salesOrders': lazyWithReload(() => import('./tablet/salesOrders')),
  '/tablet/salesOrders/detail': lazyWithReload(() => import('./tablet/salesOrders/detail')),
  '/tablet/salesOrdersInvoicedCanceled': lazyWithReload(() =>
    import('./tablet/salesOrders').then((m) => ({ default: m.TabletSalesOrdersInvoicedCanceledPage })),
  ),
  '/tablet/salesOrdersInvoicedCanceled/detail': lazyWithReload(() =>
    import('./tablet/salesOrders/detail').then((m) => ({ default: m.TabletSalesOrderClosedDetailPage })),
  ),
  '/tablet/scanQR': lazyWithReload(() => import('./tablet/scanQR')),
  // issue 18: the counter
  '/counter': lazyWithReload(() => import('./counter')),
  // issue 19: the counter sales flagged when they came back from offline, for the store manager
  '/counter/flagged': lazyWithReload(() => import('./counter/flagged')),
  // issue 10: purchase orders
  '/purchasesOrders': lazyWithReload(() => import('./purchasesOrders')),
  '/purchasesOrders/detail': lazyWithReload(() => import('./purchasesOrders/detail')),
  '/purchasesOrders/creditMemo': lazyWithReload(() => import('./purchasesOrders/creditMemo')),
  '/purchasesOrdersInvoicedCanceled': lazyWithReload(() =>
    import('./purchasesOrders').then((m) => ({ default: m.PurchaseOrdersInvoicedCanceledPage })),
  ),
  '/purchasesOrdersInvoicedCanceled/detail': lazyWithReload(() =>
    import('./purchasesOrders/detail').then((m) => ({ default: m.PurchaseOrderClosedDetailPage })),
  ),
  '/tablet/purchasesOrders': lazyWithReload(() => import('./tablet/purchasesOrders')),
  '/tablet/purchasesOrders/detail': lazyWithReload(() => import('./tablet/purchasesOrders/detail')),
  // issue 10: consignment (issues, receipts, head office's transfer orders)
  '/consignmentIssue': lazyWithReload(() => import('./consignmentIssue')),
  '/consignmentIssue/detail': lazyWithReload(() => import('./consignmentIssue/detail')),
  '/consignmentReceipt': lazyWithReload(() => import('./consignmentReceipt')),
  '/consignmentReceipt/detail': lazyWithReload(() => import('./consignmentReceipt/detail')),
  '/transferOrders': lazyWithReload(() => import('./transferOrders')),
  '/transferOrders/detail': lazyWithReload(() => import('./transferOrders/detail')),
  // issue 10: stock
  '/warehouseEntries': lazyWithReload(() => import('./warehouseEntries')),
  '/payment': lazyWithReload(() => import('./payment')),
  '/payment/history': lazyWithReload(() => import('./payment/history')),
  '/bankAccountEntries': lazyWithReload(() => import('./bankAccountEntries')),
  '/reports/cashbook': lazyWithReload(() => import('./reports/cashbook')),
  '/reports/onHand': lazyWithReload(() => import('./reports/onHand')),
  '/reports/inventoryReport': lazyWithReload(() => import('./reports/inventoryReport')),
  '/reports/revenue/summaries': lazyWithReload(() => import('./reports/revenue/summaries')),
  '/reports/revenue/details': lazyWithReload(() => import('./reports/revenue/details')),
  '/reports/salesHistorical': lazyWithReload(() => import('./reports/salesHistorical')),
  '/reports/salesHistorical/{id}': lazyWithReload(() => import('./reports/salesHistorical/detail')),
  '/reports/newCustomerRecord': lazyWithReload(() => import('./reports/newCustomerRecord')),
  '/reports/redeemablePointUsed': lazyWithReload(() => import('./reports/redeemablePointUsed')),
  '/tablet/onHand': lazyWithReload(() => import('./tablet/onHand')),
  // issue 11: shifts
  '/shifts': lazyWithReload(() => import('./shifts')),
};

/** The screens outside the route table load on their own route too, so no page downloads another's code. */
export const LoginScreen = lazyWithReload(() => import('./login'));
export const MaintenanceScreen = lazyWithReload(() => import('./maintenance'));
