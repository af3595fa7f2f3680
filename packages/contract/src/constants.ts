// calls.md 9: business constants and option lists.
// An e-invoice's state and a credit memo's adjustment kind are option lists too (issue 21; einvoice-messages.ts).
import { eInvoiceAdjustmentTypes, eInvoiceStates } from './einvoice-messages.js';

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
/** The interface languages (apps/web/src/i18n: en.json, vi.json); a user's choice is kept on the server. */
export const languages = ['en', 'vi'] as const;
export type Language = (typeof languages)[number];
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

// Option lists whose values are shown to users: every value has a label in the web's en.json under
// `options.<list>.<value>` (optionLists below; option-lists.test.ts fails on a missing one). Screens show
// `label('<list>', value)` from apps/web/src/components/labels.ts, never the value itself.
export const promotionKinds = ['auto', 'coupon'] as const;
export const promotionDiscountTypes = ['percent', 'amount'] as const;
export const promotionScopes = ['all', 'category', 'item'] as const;
/** What an applied promotion on an order was: an automatic promotion, a coupon, or the birthday promotion. */
export const appliedPromotionKinds = ['auto', 'coupon', 'birthday'] as const;
export const receiptStatuses = ['open', 'processed'] as const;
/**
 * What a bank account entry records (its `document_type`). Payment: a customer paid into the account (a processed
 * transfer or card receipt writes one); Refund: money paid back to a customer (a negative receipt); Deposit: cash
 * taken to the bank; Withdrawal: cash taken out; Fee: a bank charge; Interest: interest paid by the bank.
 */
export const bankDocumentTypes = ['Payment', 'Refund', 'Deposit', 'Withdrawal', 'Fee', 'Interest'] as const;
/** Where a bank entry came from: added by hand, or written when a transfer/card receipt was processed. */
export const bankEntrySources = ['manual', 'cash_receipt'] as const;
/** A cashbook row's document: a cash receipt, or a bank entry's document type. */
export const cashbookDocumentTypes = ['cash_receipt', ...bankDocumentTypes] as const;
export const redeemablePointEntryTypes = ['earned', 'used', 'reversed'] as const;
export const revenueDocumentTypes = ['invoice', 'credit_memo'] as const;
export const shiftStatuses = ['open', 'closed'] as const;
export const warehouseEntryTypes = ['positive_adjmt', 'negative_adjmt'] as const;
/** A document's state towards the ERP (erp_document_sync.sync_state; not_sent: no job queued yet). */
export const erpSyncStates = ['not_sent', 'pending', 'synced', 'failed', 'dead'] as const;
/** A customer ledger entry's type, as the remaining-amount history shows it. */
export const customerLedgerEntryTypes = ['invoice', 'credit_memo', 'payment', 'adjustment'] as const;
/** What an item document is (calls.md 7.8); its label is options.itemDocumentType.<value>. */
export const itemDocumentTypes = ['image', 'spec_sheet', 'price_sheet', 'other'] as const;
/** Where an effective price came from (priceOf): an item price, the franchise's rate on the list price, the list price. */
export const priceSources = ['item_price', 'price_rate', 'list_price'] as const;
/** A job of the queue (ARCHITECTURE: durable outbox); a shop push shows it as options.shopPushState.<value>. */
export const jobStates = ['pending', 'running', 'done', 'failed', 'dead'] as const;
/** What a shop push sends: the whole product (with variants), the prices of an item, or one variant. */
export const shopPushKinds = ['product', 'prices', 'variant'] as const;

export const optionLists = {
  paymentMethod: [...paymentMethods, ...ecomPaymentMethods],
  paymentTerm: paymentTerms,
  receiptType: [...receiptTypes, ...ecomReceiptTypes],
  receiptKind: receiptKinds,
  receiptStatus: receiptStatuses,
  promotionKind: appliedPromotionKinds,
  promotionScope: promotionScopes,
  discountType: promotionDiscountTypes,
  bankDocumentType: bankDocumentTypes,
  bankEntrySource: bankEntrySources,
  cashbookDocumentType: cashbookDocumentTypes,
  pointEntryType: redeemablePointEntryTypes,
  revenueDocumentType: revenueDocumentTypes,
  shiftStatus: shiftStatuses,
  warehouseEntryType: warehouseEntryTypes,
  erpSyncState: erpSyncStates,
  customerLedgerEntryType: customerLedgerEntryTypes,
  eInvoiceState: eInvoiceStates,
  eInvoiceAdjustmentType: eInvoiceAdjustmentTypes,
  itemDocumentType: itemDocumentTypes,
  priceSource: priceSources,
  shopPushKind: shopPushKinds,
  shopPushState: jobStates,
} as const;
export type OptionList = keyof typeof optionLists;
