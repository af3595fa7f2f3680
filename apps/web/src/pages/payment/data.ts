import {
  ecomBankAccountCodes,
  ecomPaymentMethodLabels,
  ecomPaymentMethods,
  ecomReceiptTypes,
  paymentMethods,
  paymentTerms,
  receiptKinds,
  receiptTypes,
} from '@fp/contract/web';

// What the money screens share (issue 11): option lists with their labels (calls.md 9), the query areas.

export const PAYMENT_PAGE = '/payment';
export const HISTORY_PAGE = '/payment/history';
/** The receipts' query area: adding, processing and deleting refresh it. */
export const RECEIPTS_AREA = 'cashReceipts';
export const ENTITY = 'Payment';

export type ReceiptType = (typeof receiptTypes)[number] | (typeof ecomReceiptTypes)[number];
export type ReceiptKind = (typeof receiptKinds)[number];
export type Method = (typeof paymentMethods)[number] | (typeof ecomPaymentMethods)[number];
export type Term = (typeof paymentTerms)[number];

export const RECEIPT_TYPE_LABEL: Record<ReceiptType, string> = {
  collect_dealer: 'Collect Dealer',
  collect_ecom: 'Collect E-commerce',
  collect_store: 'Collect Store',
  ecom_collect_store: 'E-commerce Collect Store',
};
export const RECEIPT_KIND_LABEL: Record<ReceiptKind, string> = {
  customer_payment: 'Customer Payment',
  customer_ecom_payment: 'Customer E-commerce Payment',
  shopee_payment: 'Shopee Payment',
  lazada_payment: 'Lazada Payment',
  tiktokshop_payment: 'TikTok Shop Payment',
};
export const METHOD_LABEL: Record<Method, string> = {
  cash: 'Cash',
  installment: 'Installment',
  card: 'Card',
  ...ecomPaymentMethodLabels,
};
export const TERM_LABEL: Record<Term, string> = { '3_months': '3 months', '6_months': '6 months' };

const opts = <K extends string>(labels: Record<K, string>, keys: readonly K[]) =>
  keys.map((value) => ({ value, label: labels[value] }));

export const RECEIPT_TYPE_OPTIONS = opts(RECEIPT_TYPE_LABEL, [...receiptTypes, ...ecomReceiptTypes]);
export const RECEIPT_KIND_OPTIONS = opts(RECEIPT_KIND_LABEL, receiptKinds);
export const TERM_OPTIONS = opts(TERM_LABEL, paymentTerms);
export const BANK_CODE_OPTIONS = ecomBankAccountCodes.map((value) => ({ value, label: value }));
/** Every method a receipt may carry (the history's filter). */
export const ALL_METHOD_OPTIONS = opts(METHOD_LABEL, [
  ...paymentMethods,
  ...ecomPaymentMethods.filter((m) => m !== 'transfer'),
] as Method[]);

/** An e-commerce receipt type takes the e-commerce methods; the others the counter's (calls.md 9). */
export const isEcom = (type: string | undefined) => (ecomReceiptTypes as readonly string[]).includes(type ?? '');
export const methodOptions = (type: string | undefined): { value: Method; label: string }[] =>
  opts<Method>(METHOD_LABEL, isEcom(type) ? ecomPaymentMethods : paymentMethods);

export const methodLabel = (m: string) => METHOD_LABEL[m as Method] ?? m;
export const receiptTypeLabel = (v: string) => RECEIPT_TYPE_LABEL[v as ReceiptType] ?? v;
export const receiptKindLabel = (v: string) => RECEIPT_KIND_LABEL[v as ReceiptKind] ?? v;
export const termLabel = (v: string) => TERM_LABEL[v as Term] ?? v;
