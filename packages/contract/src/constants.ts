// calls.md 9: business constants and option lists.
export const COUNTRY_REGION_CODE = 'VNM';
export const EMPTY_BIRTH_DATE = '0001-01-01';
export const DEFAULT_LOYALTY_SCHEME = 'Silver';
export const DEFAULT_PO_LINE_QTY = 1;
export const DEVICE_PAGE_SIZE = 100;
export const PAYMENT_COMMENT_LIMIT = 100;
export const SESSION_KEYS = { me: 'me', onedrive: 'onedrive', site: 'site' } as const;
export const ADMIN_ROLE = 'Administrators';
export const REDEEMABLE_POINT_SOURCE = 'Franchise';

export const isAdministratorRole = (roleName: string | null | undefined) =>
  (roleName ?? '').toLowerCase() === ADMIN_ROLE.toLowerCase();

/** Only Administrators may change an Administrator: the server's rule, and the screens hide what it would refuse. */
export const mayManageUser = (callerIsAdmin: boolean, targetRoleName: string | null | undefined) =>
  callerIsAdmin || !isAdministratorRole(targetRoleName);

export const paymentMethods = ['cash', 'installment', 'transfer', 'card'] as const;
export const cashCardMethods = ['cash', 'card'] as const;
export const ecomPaymentMethods = ['transfer', 'payoo', 'viettel', 'collection_on_behalf'] as const;
export const ecomPaymentMethodLabels: Record<(typeof ecomPaymentMethods)[number], string> = {
  transfer: 'Transfer',
  payoo: 'Payoo',
  viettel: 'Viettel',
  collection_on_behalf: 'Collect Payment',
};
export const ecomPaymentSubset = ['transfer', 'payoo'] as const;
export const ecomBankAccountCodes = ['ACB04-VND', 'VCB02-VND'] as const;
export const receiptTypes = ['collect_dealer', 'collect_ecom', 'collect_store'] as const;
export const ecomReceiptTypes = ['ecom_collect_store'] as const;
export const receiptKinds = [
  'customer_payment',
  'customer_ecom_payment',
  'shopee_payment',
  'lazada_payment',
  'tiktokshop_payment',
] as const;
export const paymentTerms = ['3_months', '6_months'] as const;
export const storeSalesTypes = [
  'STEP IN STORE',
  'FACEBOOK STORE',
  'ZALO STORE',
  'HOTLINE STORE',
  'TIKTOKSHOP',
] as const;
export const ecomSalesTypes = ['HOTLINE', 'ZALO', 'WEBSITE', 'FACEBOOK', 'TIKTOKSHOP', 'SHOPEE'] as const;
export const documentTypes = ['order', 'quote', 'credit_memo'] as const;
export const purchaseOrderTypes = ['Order', 'Credit Memo'] as const;
export const deviceTypes = ['PRINTER', 'ADMIN_PRINTER'] as const;
export const permissionTypes = ['edit', 'view'] as const;
export type PermissionType = (typeof permissionTypes)[number];
export const purchaseOrderStatuses = ['open', 'released', 'partial_received', 'invoiced', 'canceled'] as const;
export const salesOrderStatuses = [
  'open',
  'released',
  'confirmed',
  'partial_delivered',
  'shipped',
  'invoiced',
  'canceled',
] as const;
