// product.md 2: the route table. Each screen registers its structure (buttons, fields, filters) here, so the
// page-structure table and the permission editor are built from the code; `available` is false until the
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
  buttons: string[];
  fields: string[];
  filters: string[];
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
  buttons: [],
  fields: [],
  filters: [],
  ...extra,
});

export const pages: PageDef[] = [
  p('/', 'Home', 'Hidden', true),
  p('/myprofile', 'My Profile', 'Hidden', true, {
    buttons: ['Change Password'],
    fields: ['old_password', 'new_password'],
  }),
  // Administration
  p('/users', 'Users', 'Administration', true, {
    buttons: [
      'Add New',
      'Edit',
      'Activate',
      'Deactivate',
      'Set Password',
      'Change Store',
      'Change Device',
      'Delete',
      'Export Excel',
      'Refresh Data',
    ],
    fields: [
      'username',
      'firstname',
      'lastname',
      'email',
      'password',
      'role_id',
      'customer_no',
      'device_id',
      'is_active',
    ],
    filters: ['username', 'firstname', 'lastname', 'email', 'role_id', 'customer_no', 'is_active'],
  }),
  p('/users/{id}', 'User Detail', 'Administration', true, {
    menu: false,
    buttons: ['Save', 'Set Password', 'Delete'],
    fields: ['username', 'firstname', 'lastname', 'email', 'role_id', 'customer_no', 'device_id', 'is_active'],
  }),
  p('/pageStructure', 'Page Structure', 'Administration', true, {
    buttons: ['Add New', 'Delete', 'Export Excel', 'Refresh Data'],
    filters: ['page_url', 'page_name'],
  }),
  p('/pageStructure/detail/{slug}', 'Page Structure Detail', 'Administration', true, {
    buttons: ['Save', 'Delete'],
    fields: ['page_url', 'page_name', 'buttons', 'fields', 'filters'],
  }),
  p('/pagePermission', 'Page Permission', 'Administration', true, {
    buttons: ['Add New', 'Delete', 'Export Excel', 'Refresh Data'],
    filters: ['name', 'permission_type'],
  }),
  p('/pagePermission/detail/{slug}', 'Page Permission Detail', 'Administration', true, {
    buttons: ['Save', 'Delete', 'Assign Users'],
    fields: ['name', 'permission_type', 'pages', 'permissions', 'users'],
  }),
  p('/cancelReasons', 'Cancel Reasons', 'Administration', true, {
    buttons: ['Add New', 'Edit', 'Delete', 'Export Excel', 'Refresh Data'],
    fields: ['reason_code', 'description', 'page'],
    filters: ['reason_code', 'description', 'page'],
  }),
  p('/apiLog', 'API Log', 'Administration', true, {
    adminOnly: true,
    buttons: ['Truncate Logs', 'Export Excel', 'Refresh Data'],
    filters: ['username', 'operation', 'status', 'created_at'],
  }),
  p('/jobs', 'Job Queue', 'Administration', true, {
    adminOnly: true,
    buttons: ['Retry', 'Refresh Data'],
    filters: ['queue', 'state'],
  }),
  p('/settings', 'Settings', 'Administration', true, {
    adminOnly: true,
    buttons: ['Save'],
    fields: ['maintenance_mode', 'maintenance_noti'],
  }),
  p('/bcSyncSummaries', 'BC Sync Summaries', 'Administration', false),
  p('/bcTables', 'BC Tables', 'Administration', false),
  // Franchise and master data
  p('/franchises', 'Franchises', 'Franchise', true, {
    buttons: ['Add New', 'Delete', 'Export Excel', 'Refresh Data', 'Generate Number Series'],
    fields: [
      'customer_no',
      'name',
      'phone_no',
      'email',
      'address',
      'district_name',
      'city',
      'vendor_no',
      'vendor_name',
      'is_active',
    ],
    filters: ['customer_no', 'name', 'phone_no', 'city', 'region_code', 'vendor_no', 'is_active'],
  }),
  p('/franchises/detail', 'Franchise Detail', 'Franchise', true, {
    buttons: ['Save', 'Delete', 'Sync', 'Generate Number Series'],
    fields: [
      'customer_no',
      'name',
      'tp_no',
      'ss_no',
      'is_active',
      'address',
      'address_2',
      'district_code',
      'district_name',
      'city',
      'post_code',
      'region_code',
      'phone_no',
      'email',
      'contact',
      'vendor_no',
      'vendor_name',
      'buy_from_code',
      'buy_from_address',
      'receipt_lead_time',
      'header_campaign',
      'header_costcenter',
      'header_channel',
      'header_department',
      'header_factory',
      'line_campaign',
      'line_costcenter',
      'line_gen_bus_posting_group',
      'batch_name',
      'consignment_location_code',
      'consignment_warehouse_code',
      'consignment_intransit_code',
    ],
    filters: ['document_type', 'year'],
  }),
  p('/devices', 'Devices', 'Franchise', true, {
    buttons: ['Add New', 'Edit', 'Delete', 'Test Print', 'Export Excel', 'Refresh Data'],
    fields: ['device_code', 'device_name', 'device_type', 'location_code', 'device_data.ip', 'device_data.port'],
    filters: ['device_code', 'device_name', 'device_type', 'location_code', 'ip'],
  }),
  p('/customers/setup', 'Customer Setup', 'Customers', true, {
    buttons: ['Add New', 'Edit', 'Export Excel', 'Refresh Data'],
    fields: ['name', 'prefix', 'channel'],
    filters: ['name', 'prefix', 'channel'],
  }),
  p('/customers', 'Customers', 'Customers', true, {
    buttons: ['Search', 'Create Temporary Customer', 'Add Ship-to Address', 'Edit Ship-to Address'],
    fields: [
      'phone_no',
      'name',
      'email',
      'birth_date',
      'address',
      'address_2',
      'post_code',
      'district_code',
      'location_code',
      'prefix',
      'referred_by_code',
      'ship_to_code',
      'ship_to_name',
      'ship_to_address',
      'ship_to_contact',
      'ship_to_phone_no',
    ],
  }),
  p('/customers/records', 'Customer Records', 'Customers', true, {
    buttons: ['Edit', 'Delete', 'Export Excel', 'Refresh Data'],
    fields: [
      'name',
      'phone_no',
      'email',
      'birth_date',
      'address',
      'address_2',
      'post_code',
      'district_code',
      'location_code',
      'referred_by_code',
    ],
    filters: ['customer_no', 'name', 'phone_no', 'email', 'franchise_code', 'referral_code', 'created_at'],
  }),
  p('/customers/redeemablePoints', 'Redeemable Points', 'Customers', true, {
    buttons: ['Use Points', 'Reverse', 'Export Excel', 'Refresh Data'],
    fields: ['pos_so_no', 'customer_no', 'referral_code', 'redeemable_point_used', 'source', 'website_no'],
    filters: ['customer_no', 'pos_so_no', 'source', 'entry_type', 'created_at'],
  }),
  p('/shippingAgentServices', 'Shipping Agent Services', 'Customers', true, {
    buttons: ['Add New', 'Add Temporary', 'Edit', 'Export Excel', 'Refresh Data'],
    fields: ['shipping_agent_code', 'code', 'description', 'post_code', 'district_code'],
    filters: ['shipping_agent_code', 'code', 'description', 'post_code', 'district_code'],
  }),
  // Catalogue
  p('/items', 'Items', 'Catalogue', true, {
    buttons: [
      'Sync All',
      'Sync Item',
      'Update Price Rate',
      'Update Price Rate All',
      'Save Sort Order',
      'Remove',
      'Add Item',
      'Edit Item',
      'Push All to Shop',
      'Push Item to Shop',
      'Push Prices to Shop',
      'Export Excel',
      'Refresh Data',
    ],
    fields: [
      'item_no',
      'description',
      'description_2',
      'base_unit_of_measure',
      'unit_price',
      'category_id',
      'blocked',
      'variants',
      'units',
      'price_rate',
      'sort',
    ],
    filters: [
      'franchise_code',
      'search',
      'item_no',
      'description',
      'top_category_id',
      'category_id',
      'price_source',
      'blocked',
    ],
  }),
  p('/document', 'Documents', 'Catalogue', true, {
    buttons: ['Upload', 'Open', 'Edit', 'Remove', 'Export Excel', 'Refresh Data'],
    fields: ['item_no', 'variant_code', 'title', 'document_type', 'file'],
    filters: ['item_no', 'title', 'document_type', 'file_name', 'uploaded_by', 'created_at'],
  }),
  p('/tabletItemPrice', 'Item Price (Tablet)', 'Catalogue', true, {
    buttons: ['Search', 'Clear'],
    filters: ['search', 'top_category_id', 'category_id'],
  }),
  p('/shopPushes', 'Online Shop Pushes', 'Catalogue', true, {
    buttons: ['Push Item to Shop', 'Push Prices to Shop', 'Push All to Shop', 'Retry', 'Export Excel', 'Refresh Data'],
    filters: ['item_no', 'kind', 'state', 'created_at'],
  }),
  // Sales
  p('/salesQuotes', 'Sales Quotes', 'Sales', false),
  p('/salesQuotes/detail', 'Sales Quote Detail', 'Sales', false),
  p('/salesOrders', 'Sales Orders', 'Sales', false),
  p('/salesOrders/detail', 'Sales Order Detail', 'Sales', false),
  p('/salesOrders/creditMemo', 'Sales Credit Memo', 'Sales', false),
  p('/salesOrdersInvoicedCanceled', 'Sales Orders Invoiced/Canceled', 'Sales', false),
  p('/salesOrdersInvoicedCanceled/detail', 'Sales Order Invoiced/Canceled Detail', 'Sales', false),
  p('/fees', 'Fees', 'Sales', false),
  // Purchasing
  p('/purchasesOrders', 'Purchase Orders', 'Purchasing', false),
  p('/purchasesOrders/detail', 'Purchase Order Detail', 'Purchasing', false),
  p('/purchasesOrders/creditMemo', 'Purchase Credit Memo', 'Purchasing', false),
  p('/purchasesOrdersInvoicedCanceled', 'Purchase Orders Invoiced/Canceled', 'Purchasing', false),
  p('/purchasesOrdersInvoicedCanceled/detail', 'Purchase Order Invoiced/Canceled Detail', 'Purchasing', false),
  // Consignment
  p('/consignmentIssue', 'Consignment Issues', 'Consignment', false),
  p('/consignmentIssue/detail', 'Consignment Issue Detail', 'Consignment', false),
  p('/consignmentReceipt', 'Consignment Receipts', 'Consignment', false),
  p('/consignmentReceipt/detail', 'Consignment Receipt Detail', 'Consignment', false),
  // Money
  p('/payment', 'Payments', 'Money', false),
  p('/payment/history', 'Payment History', 'Money', false),
  p('/bankAccountEntries', 'Bank Account Entries', 'Money', false),
  // Reports
  p('/reports/cashbook', 'Cashbook', 'Reports', false),
  p('/reports/inventoryReport', 'Inventory Report', 'Reports', false),
  p('/reports/newCustomerRecord', 'New Customer Records', 'Reports', false),
  p('/reports/onHand', 'On Hand', 'Reports', false),
  p('/reports/redeemablePointUsed', 'Redeemable Points Used', 'Reports', false),
  p('/reports/revenue/details', 'Revenue Details', 'Reports', false),
  p('/reports/revenue/summaries', 'Revenue Summaries', 'Reports', false),
  p('/reports/salesHistorical', 'Sales History', 'Reports', false),
  p('/reports/salesHistorical/{id}', 'Sales History Detail', 'Reports', false, { menu: false }),
  // Tablet
  p('/tablet/category', 'Categories', 'Tablet', true, { buttons: ['Open Category', 'Back'] }),
  p('/tablet/document', 'Documents', 'Tablet', true, { buttons: ['Search', 'Open'], filters: ['item_no'] }),
  p('/tablet/itemPrice', 'Item Price', 'Tablet', true, {
    buttons: ['Search', 'Clear'],
    filters: ['search', 'top_category_id', 'category_id'],
  }),
  p('/tablet/onHand', 'On Hand', 'Tablet', false),
  p('/tablet/purchasesOrders', 'Purchase Orders', 'Tablet', false),
  p('/tablet/purchasesOrders/detail', 'Purchase Order Detail', 'Tablet', false),
  p('/tablet/salesOrders', 'Sales Orders', 'Tablet', false),
  p('/tablet/salesOrders/detail', 'Sales Order Detail', 'Tablet', false),
  p('/tablet/salesOrdersInvoicedCanceled', 'Sales Orders Invoiced/Canceled', 'Tablet', false),
  p('/tablet/salesOrdersInvoicedCanceled/detail', 'Sales Order Invoiced/Canceled Detail', 'Tablet', false),
  p('/tablet/scanQR', 'Scan QR', 'Tablet', false),
  p('/tablet/website', 'Website', 'Tablet', true, {
    buttons: ['Open in new tab'],
    filters: ['search'],
    fields: ['item_no'],
  }),
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
