import { PURCHASE_PAGES, REPORT_PAGES, SALES_PAGES } from '@fp/contract';
import type { PageGrant } from '@fp/contract';

/** What a demo role may do on a page: nothing (absent), look (view) or work (edit). */
type Level = PageGrant['permission_type'] | null;
export type RoleLevels = { headOffice: Level; manager: Level; staff: Level };
const all = (level: Level): RoleLevels => ({ headOffice: level, manager: level, staff: level });
const levels = (headOffice: Level, manager: Level, staff: Level): RoleLevels => ({ headOffice, manager, staff });

// Issue 17: the demo roles' grants, page by page (README "Demo roles and what they may do"). Head office works for
// every franchise (its users have no store), a store manager runs its own store, the store staff (a cashier) sells,
// takes payments and keeps the drawer. Operations shared by a group of pages (page-groups.ts) open to any page of
// the group at its level, so a stock page granted with edit would open the warehouse journal: the cashier's stock
// pages are view only.
const counter = levels('edit', 'edit', 'edit');
const storeWork = levels('edit', 'edit', null);
const lookup = all('view');
const reports = levels('view', 'view', null);
const headOfficeOwns = levels('edit', 'view', 'view');

/** Every page of the page structure (pages.ts) and what each demo role holds on it. */
export const DEMO_MATRIX: Record<string, RoleLevels> = {
  '/': lookup,
  '/myprofile': all('edit'),
  // Administration: head office manages users and reads the structures; managers see their store's users.
  '/users': levels('edit', 'view', null),
  '/users/{id}': levels('edit', 'view', null),
  '/pageStructure': levels('view', null, null),
  '/pageStructure/detail/{slug}': levels('view', null, null),
  '/pagePermission': levels('view', null, null),
  '/pagePermission/detail/{slug}': levels('view', null, null),
  '/cancelReasons': headOfficeOwns,
  // Issue 20: the ERP sync service holds every franchise's records: head office runs it (the server refuses stores).
  '/bcTables': levels('edit', null, null),
  '/bcSyncSummaries': levels('view', null, null),
  // Franchise and master data
  '/franchises': levels('edit', 'view', null),
  '/franchises/detail': levels('edit', 'view', null),
  '/devices': levels('edit', 'view', null),
  '/customers/setup': levels('edit', 'view', null),
  '/customers': counter,
  '/customers/records': levels('edit', 'edit', 'view'),
  '/customers/redeemablePoints': levels('edit', 'edit', 'view'),
  '/shippingAgentServices': storeWork,
  // Catalogue: head office keeps it (a store manager sets the store's price rate); the stores look items up.
  '/items': levels('edit', 'edit', 'view'),
  '/document': levels('edit', 'view', null),
  '/tabletItemPrice': lookup,
  '/shopPushes': levels('edit', null, null),
  // Sales: the counter sells; head office changes the fee catalogue and the promotions, the stores apply them.
  ...Object.fromEntries(SALES_PAGES.map((url) => [url, counter])),
  // Issue 18: the counter's fast sale; store staff land on it after login.
  '/counter': counter,
  '/promotions': headOfficeOwns,
  '/fees': headOfficeOwns,
  // Purchasing and consignment: the store buys and receives; head office ships; the cashier has no part in it.
  ...Object.fromEntries(PURCHASE_PAGES.map((url) => [url, storeWork])),
  '/consignmentIssue': storeWork,
  '/consignmentIssue/detail': storeWork,
  '/consignmentReceipt': storeWork,
  '/consignmentReceipt/detail': storeWork,
  '/transferOrders': levels('edit', null, null),
  '/transferOrders/detail': levels('edit', null, null),
  // Stock: the journal is the manager's; the cashier only looks at what is on hand.
  '/warehouseEntries': storeWork,
  '/reports/onHand': levels('view', 'view', 'view'),
  '/reports/inventoryReport': reports,
  '/tablet/onHand': lookup,
  // Money: the cashier takes payments and keeps the drawer; the manager also keeps the bank and the cashbook.
  '/payment': counter,
  '/payment/history': levels('edit', 'edit', 'view'),
  '/bankAccountEntries': storeWork,
  '/shifts': counter,
  '/reports/cashbook': reports,
  // Issue 21: head office and the store manager follow the e-invoices and send failed ones again; the cashier sees
  // the state of its invoices on the counter and the sales screens (GET /api/e-invoices/{pos_si_no}).
  '/eInvoices': storeWork,
  // Sales reports
  ...Object.fromEntries(REPORT_PAGES.map((url) => [url, reports])),
  // Tablet
  '/tablet/category': lookup,
  '/tablet/document': lookup,
  '/tablet/itemPrice': lookup,
  '/tablet/website': lookup,
};

/** Pages no demo role holds, each with the reason (only Administrators use them). */
export const ADMINISTRATORS_ONLY: Record<string, string> = {
  '/apiLog': 'Every request of every user with its body: for the system administrator (adminOnly in pages.ts).',
  '/jobs': 'The job queue (ERP outbox, printing, shop pushes) and its retries: system administration (adminOnly).',
  '/settings': 'Server-wide settings (stock rule, counter limits, shop URL) for every franchise (adminOnly).',
};

/** The pages a demo role's permission holds, from the matrix. */
export const demoGrantsOf = (role: keyof RoleLevels): PageGrant[] =>
  Object.entries(DEMO_MATRIX).flatMap(([page_url, l]) => (l[role] ? [{ page_url, permission_type: l[role] }] : []));
