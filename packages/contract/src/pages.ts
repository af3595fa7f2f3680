// product.md 2: the route table. Each screen registers its structure (buttons, fields, filters) in
// page-structures.ts, so the page-structure table and the permission editor are built from the code; `available` is false until the
// screen's issue lands (the web app then shows a "coming in a later release" page).

export type MenuGroup =
  | 'Sales'
  | 'Purchasing'
  | 'Consignment'
  | 'Stock'
  | 'Money'
  | 'Catalogue'
  | 'Customers'
  | 'Reports'
  | 'Tablet'
  | 'Administration'
  | 'Franchise'
  | 'Hidden';

export type PageDef = {
  url: string;
  name: string;
  group: MenuGroup;
  available: boolean;
  /** Only Administrators may open it, whatever the page permissions say. */
  adminOnly?: boolean;
  /** Shown in the menu (detail routes are not). */
  menu?: boolean;
};

/** A detail route: a `detail` segment (`/franchises/detail`, `/pageStructure/detail/{slug}`) or a `{param}` segment. */
export const isDetailUrl = (url: string) => url.split('/').some((seg) => seg === 'detail' || /^\{\w+\}$/.test(seg));

const p = (
  url: string,
  name: string,
  group: MenuGroup,
  available: boolean,
  extra: Partial<Omit<PageDef, 'url' | 'name' | 'group' | 'available'>> = {},
): PageDef => ({
  url,
  name,
  group,
  available,
  menu: !isDetailUrl(url) && group !== 'Hidden',
  ...extra,
});

export const pages: PageDef[] = [
  p('/', 'Home', 'Hidden', true),
  p('/myprofile', 'My Profile', 'Hidden', true),
  // Administration
  p('/users', 'Users', 'Administration', true),
  p('/users/{id}', 'User Detail', 'Administration', true, { menu: false }),
  p('/pageStructure', 'Page Structure', 'Administration', true),
  p('/pageStructure/detail/{slug}', 'Page Structure Detail', 'Administration', true),
  p('/pagePermission', 'Page Permission', 'Administration', true),
  p('/pagePermission/detail/{slug}', 'Page Permission Detail', 'Administration', true),
  p('/cancelReasons', 'Cancel Reasons', 'Administration', true),
  p('/apiLog', 'API Log', 'Administration', true, { adminOnly: true }),
  p('/jobs', 'Job Queue', 'Administration', true, { adminOnly: true }),
  p('/settings', 'Settings', 'Administration', true, { adminOnly: true }),
  p('/bcSyncSummaries', 'BC Sync Summaries', 'Administration', true),
  p('/bcTables', 'BC Tables', 'Administration', true),
  // Franchise and master data
  p('/franchises', 'Franchises', 'Franchise', true),
  p('/franchises/detail', 'Franchise Detail', 'Franchise', true),
  p('/devices', 'Devices', 'Franchise', true),
  p('/customers/setup', 'Customer Setup', 'Customers', true),
  p('/customers', 'Customers', 'Customers', true),
  p('/customers/records', 'Customer Records', 'Customers', true),
  p('/customers/redeemablePoints', 'Redeemable Points', 'Customers', true),
  p('/shippingAgentServices', 'Shipping Agent Services', 'Customers', true),
  // Catalogue
  p('/items', 'Items', 'Catalogue', true),
  p('/document', 'Documents', 'Catalogue', true),
  p('/tabletItemPrice', 'Item Price (Tablet)', 'Catalogue', true),
  p('/shopPushes', 'Online Shop Pushes', 'Catalogue', true),
  // Sales
  p('/salesQuotes', 'Sales Quotes', 'Sales', true),
  p('/salesQuotes/detail', 'Sales Quote Detail', 'Sales', true),
  // The counter (issue 18): a walk-in sale scanned, paid and printed in one step.
  p('/counter', 'Counter', 'Sales', true),
  p('/salesOrders', 'Sales Orders', 'Sales', true),
  p('/salesOrders/detail', 'Sales Order Detail', 'Sales', true),
  p('/salesOrders/creditMemo', 'Sales Credit Memo', 'Sales', true, { menu: false }),
  p('/salesOrdersInvoicedCanceled', 'Sales Orders Invoiced/Canceled', 'Sales', true),
  p('/salesOrdersInvoicedCanceled/detail', 'Sales Order Invoiced/Canceled Detail', 'Sales', true),
  p('/promotions', 'Promotions and Coupons', 'Sales', true),
  p('/fees', 'Fees', 'Sales', true),
  // Purchasing
  p('/purchasesOrders', 'Purchase Orders', 'Purchasing', true),
  p('/purchasesOrders/detail', 'Purchase Order Detail', 'Purchasing', true),
  p('/purchasesOrders/creditMemo', 'Purchase Credit Memo', 'Purchasing', true, { menu: false }),
  p('/purchasesOrdersInvoicedCanceled', 'Purchase Orders Invoiced/Canceled', 'Purchasing', true),
  p('/purchasesOrdersInvoicedCanceled/detail', 'Purchase Order Invoiced/Canceled Detail', 'Purchasing', true),
  // Consignment
  p('/consignmentIssue', 'Consignment Issues', 'Consignment', true),
  p('/consignmentIssue/detail', 'Consignment Issue Detail', 'Consignment', true),
  p('/consignmentReceipt', 'Consignment Receipts', 'Consignment', true),
  p('/consignmentReceipt/detail', 'Consignment Receipt Detail', 'Consignment', true),
  // Head office's transfer orders of consigned stock (standalone ERP: head office creates and ships them; issue 10).
  p('/transferOrders', 'Transfer Orders', 'Consignment', true),
  p('/transferOrders/detail', 'Transfer Order Detail', 'Consignment', true),
  // Stock (issue 10): the warehouse entry journal (adjustments, posted into the item ledger) and transfers between locations.
  p('/warehouseEntries', 'Warehouse Entries', 'Stock', true),
  // Money
  p('/payment', 'Payments', 'Money', true),
  p('/payment/history', 'Payment History', 'Money', true),
  p('/bankAccountEntries', 'Bank Account Entries', 'Money', true),
  // E-invoices from the cash register (issue 21): per franchise and day issued / pending / failed, the list, send again.
  p('/eInvoices', 'E-Invoices', 'Money', true),
  // A cashier's shift (issue 11): opened with a counted float, closed with counted amounts, X and Z reports.
  p('/shifts', 'Shifts', 'Money', true),
  // Reports
  p('/reports/cashbook', 'Cashbook', 'Reports', true),
  p('/reports/inventoryReport', 'Inventory Report', 'Reports', true),
  p('/reports/newCustomerRecord', 'New Customer Records', 'Reports', true),
  p('/reports/onHand', 'On Hand', 'Reports', true),
  p('/reports/redeemablePointUsed', 'Redeemable Points Used', 'Reports', true),
  p('/reports/revenue/details', 'Revenue Details', 'Reports', true),
  p('/reports/revenue/summaries', 'Revenue Summaries', 'Reports', true),
  p('/reports/salesHistorical', 'Sales History', 'Reports', true),
  p('/reports/salesHistorical/{id}', 'Sales History Detail', 'Reports', true, { menu: false }),
  // Tablet
  p('/tablet/category', 'Categories', 'Tablet', true),
  p('/tablet/document', 'Documents', 'Tablet', true),
  p('/tablet/itemPrice', 'Item Price', 'Tablet', true),
  p('/tablet/onHand', 'On Hand', 'Tablet', true),
  p('/tablet/purchasesOrders', 'Purchase Orders', 'Tablet', true),
  p('/tablet/purchasesOrders/detail', 'Purchase Order Detail', 'Tablet', true),
  p('/tablet/salesOrders', 'Sales Orders', 'Tablet', true),
  p('/tablet/salesOrders/detail', 'Sales Order Detail', 'Tablet', true),
  p('/tablet/salesOrdersInvoicedCanceled', 'Sales Orders Invoiced/Canceled', 'Tablet', true),
  p('/tablet/salesOrdersInvoicedCanceled/detail', 'Sales Order Invoiced/Canceled Detail', 'Tablet', true),
  p('/tablet/scanQR', 'Scan QR', 'Tablet', true),
  p('/tablet/website', 'Website', 'Tablet', true),
];

export const pageByUrl = new Map(pages.map((pg) => [pg.url, pg]));

/** Turns a concrete path (/users/7, /pageStructure/detail/a/b) into its registered page url. */
export function pageUrlOf(path: string): string | undefined {
  if (pageByUrl.has(path)) return path;
  for (const pg of pages) {
    if (!pg.url.includes('{')) continue;
    const prefix = pg.url.slice(0, pg.url.indexOf('{'));
    const multi = pg.url.endsWith('{slug}');
    if (path.startsWith(prefix) && path.length > prefix.length) {
      const rest = path.slice(prefix.length);
      if (multi || !rest.includes('/')) return pg.url;
    }
  }
  return undefined;
}
