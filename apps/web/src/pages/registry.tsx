import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithReload } from '../shell/chunk-reload';
import { allTexts } from '../i18n';

type Page = LazyExoticComponent<ComponentType>;

/**
 * A screen loaded with antd's App around it (shell/PageApp.tsx): the `modal` of `App.useApp()` that screens confirm
 * with comes with the first screen that may use it, not with the shell (so /login and / load without it). It waits
 * for every text of en.json too (i18n/index.ts allTexts), which /login and / do without.
 */
const screen = (load: () => Promise<{ default: ComponentType }>): Page =>
  lazyWithReload(async () => {
    const [m, frame] = await Promise.all([load(), import('../shell/PageApp'), allTexts()]);
    return { default: frame.withPageApp(m.default) };
  });

/**
 * Screen components by page url (the url as written in packages/contract/src/pages.ts; {id}/{slug} are
 * parameters). Add one line per screen. A page registered in pages.ts without a component here shows the
 * "coming in a later release" page.
 */
export const screens: Record<string, Page> = {
  // Home asks no confirmation: it loads without antd's App and its modal (the first load of /).
  '/': lazyWithReload(() => import('./home')),
  '/document': screen(() => import('./document')),
  '/tablet/document': screen(() => import('./tablet/document')),
  '/cancelReasons': screen(() => import('./cancelReasons')),
  '/promotions': screen(() => import('./promotions')),
  '/fees': screen(() => import('./fees')),
  '/devices': screen(() => import('./devices')),
  '/franchises': screen(() => import('./franchises')),
  '/franchises/detail': screen(() => import('./franchises/detail')),
  '/apiLog': screen(() => import('./apiLog')),
  '/jobs': screen(() => import('./jobs')),
  '/bcTables': screen(() => import('./bcTables')),
  '/bcSyncSummaries': screen(() => import('./bcSyncSummaries')),
  '/settings': screen(() => import('./settings')),
  '/users': screen(() => import('./users')),
  '/users/{id}': screen(() => import('./users/detail')),
  '/myprofile': screen(() => import('./myprofile')),
  '/shopPushes': screen(() => import('./shopPushes')),
  '/tablet/website': screen(() => import('./tablet/website')),
  '/pageStructure': screen(() => import('./pageStructure')),
  '/pageStructure/detail/{slug}': screen(() => import('./pageStructure/detail')),
  '/pagePermission': screen(() => import('./pagePermission')),
  '/pagePermission/detail/{slug}': screen(() => import('./pagePermission/detail')),
  '/items': screen(() => import('./items')),
  '/tabletItemPrice': screen(() => import('./tabletItemPrice')),
  '/tablet/itemPrice': screen(() => import('./tablet/itemPrice')),
  '/tablet/category': screen(() => import('./tablet/category')),
  '/customers': screen(() => import('./customers')),
  '/customers/setup': screen(() => import('./customers/setup')),
  '/customers/records': screen(() => import('./customers/records')),
  '/customers/redeemablePoints': screen(() => import('./customers/redeemablePoints')),
  '/shippingAgentServices': screen(() => import('./shippingAgentServices')),
  '/salesOrders': screen(() => import('./salesOrders')),
  '/salesOrders/detail': screen(() => import('./salesOrders/detail')),
  '/salesOrders/creditMemo': screen(() => import('./salesOrders/creditMemo')),
  '/salesOrdersInvoicedCanceled': screen(() =>
    import('./salesOrders').then((m) => ({ default: m.SalesOrdersInvoicedCanceledPage })),
  ),
  '/salesOrdersInvoicedCanceled/detail': screen(() =>
    import('./salesOrders/detail').then((m) => ({ default: m.SalesOrderClosedDetailPage })),
  ),
  '/salesQuotes': screen(() => import('./salesOrders').then((m) => ({ default: m.SalesQuotesPage }))),
  '/salesQuotes/detail': screen(() =>
    import('./salesOrders/detail').then((m) => ({ default: m.SalesQuoteDetailPage })),
  ),
  // issue 9: tablet selling and scanning
  '/tablet/salesOrders': screen(() => import('./tablet/salesOrders')),
  '/tablet/salesOrders/detail': screen(() => import('./tablet/salesOrders/detail')),
  '/tablet/salesOrdersInvoicedCanceled': screen(() =>
    import('./tablet/salesOrders').then((m) => ({ default: m.TabletSalesOrdersInvoicedCanceledPage })),
  ),
  '/tablet/salesOrdersInvoicedCanceled/detail': screen(() =>
    import('./tablet/salesOrders/detail').then((m) => ({ default: m.TabletSalesOrderClosedDetailPage })),
  ),
  '/tablet/scanQR': screen(() => import('./tablet/scanQR')),
  // issue 18: the counter
  '/counter': screen(() => import('./counter')),
  // issue 19: the counter sales flagged when they came back from offline, for the store manager
  '/counter/flagged': screen(() => import('./counter/flagged')),
  // issue 10: purchase orders
  '/purchasesOrders': screen(() => import('./purchasesOrders')),
  '/purchasesOrders/detail': screen(() => import('./purchasesOrders/detail')),
  '/purchasesOrders/creditMemo': screen(() => import('./purchasesOrders/creditMemo')),
  '/purchasesOrdersInvoicedCanceled': screen(() =>
    import('./purchasesOrders').then((m) => ({ default: m.PurchaseOrdersInvoicedCanceledPage })),
  ),
  '/purchasesOrdersInvoicedCanceled/detail': screen(() =>
    import('./purchasesOrders/detail').then((m) => ({ default: m.PurchaseOrderClosedDetailPage })),
  ),
  '/tablet/purchasesOrders': screen(() => import('./tablet/purchasesOrders')),
  '/tablet/purchasesOrders/detail': screen(() => import('./tablet/purchasesOrders/detail')),
  // issue 10: consignment (issues, receipts, head office's transfer orders)
  '/consignmentIssue': screen(() => import('./consignmentIssue')),
  '/consignmentIssue/detail': screen(() => import('./consignmentIssue/detail')),
  '/consignmentReceipt': screen(() => import('./consignmentReceipt')),
  '/consignmentReceipt/detail': screen(() => import('./consignmentReceipt/detail')),
  '/transferOrders': screen(() => import('./transferOrders')),
  '/transferOrders/detail': screen(() => import('./transferOrders/detail')),
  // issue 10: stock
  '/warehouseEntries': screen(() => import('./warehouseEntries')),
  '/payment': screen(() => import('./payment')),
  '/payment/history': screen(() => import('./payment/history')),
  '/bankAccountEntries': screen(() => import('./bankAccountEntries')),
  '/reports/cashbook': screen(() => import('./reports/cashbook')),
  '/reports/onHand': screen(() => import('./reports/onHand')),
  '/reports/inventoryReport': screen(() => import('./reports/inventoryReport')),
  '/reports/revenue/summaries': screen(() => import('./reports/revenue/summaries')),
  '/reports/revenue/details': screen(() => import('./reports/revenue/details')),
  '/reports/salesHistorical': screen(() => import('./reports/salesHistorical')),
  '/reports/salesHistorical/{id}': screen(() => import('./reports/salesHistorical/detail')),
  '/reports/newCustomerRecord': screen(() => import('./reports/newCustomerRecord')),
  '/reports/redeemablePointUsed': screen(() => import('./reports/redeemablePointUsed')),
  '/tablet/onHand': screen(() => import('./tablet/onHand')),
  // issue 11: shifts
  '/shifts': screen(() => import('./shifts')),
  // issue 21: e-invoices from the cash register
  '/eInvoices': screen(() => import('./eInvoices')),
};

/** The screens outside the route table load on their own route too, so no page downloads another's code. */
export const LoginScreen = lazyWithReload(() => import('./login'));
export const MaintenanceScreen = lazyWithReload(() => import('./maintenance'));
