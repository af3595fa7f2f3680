import {
  ecomBankAccountCodes,
  ecomPaymentMethods,
  ecomReceiptTypes,
  paymentMethods,
  paymentTerms,
  receiptKinds,
  receiptTypes,
} from '@fp/contract/web';

// What the money screens share (issue 11): the option values of each receipt field (calls.md 9; their labels are
// en.json's options.* through useLabels), the query areas.

export const PAYMENT_PAGE = '/payment';
export const HISTORY_PAGE = '/payment/history';
/** The receipts' query area: adding, processing and deleting refresh it. */
export const RECEIPTS_AREA = 'cashReceipts';
export const ENTITY = 'Payment';

export type ReceiptType = (typeof receiptTypes)[number] | (typeof ecomReceiptTypes)[number];
export type ReceiptKind = (typeof receiptKinds)[number];
export type Method = (typeof paymentMethods)[number] | (typeof ecomPaymentMethods)[number];
export type Term = (typeof paymentTerms)[number];

export const BANK_CODE_OPTIONS = ecomBankAccountCodes.map((value) => ({ value, label: value }));
/** Every method a receipt may carry (the history's filter; `transfer` is the counter's bank transfer). */
export const ALL_METHODS: readonly Method[] = [
  ...paymentMethods,
  ...ecomPaymentMethods.filter((m) => m !== 'transfer'),
];

/** An e-commerce receipt type takes the e-commerce methods; the others the counter's (calls.md 9). */
export const isEcom = (type: string | undefined) => (ecomReceiptTypes as readonly string[]).includes(type ?? '');
/** The methods of a receipt type, for `useLabels().options('paymentMethod', …)`. */
export const methodsOf = (type: string | undefined): readonly Method[] =>
  isEcom(type) ? ecomPaymentMethods : paymentMethods;
