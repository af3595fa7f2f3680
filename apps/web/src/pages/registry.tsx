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
};

/** The screens outside the route table load on their own route too, so no page downloads another's code. */
export const LoginScreen = lazyWithReload(() => import('./login'));
export const MaintenanceScreen = lazyWithReload(() => import('./maintenance'));
