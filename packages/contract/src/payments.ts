import { z } from 'zod';
import { messages, optionalText } from './validators.js';
import { id, int32, version } from './common.js';
import { decimalInput, moneyInput } from './catalogue-common.js';
import {
  ecomBankAccountCodes,
  ecomPaymentMethods,
  ecomReceiptTypes,
  paymentMethods,
  paymentTerms,
  receiptKinds,
  receiptStatuses,
  receiptTypes,
} from './constants.js';

// Cash receipts and the remaining-amount adjustment (product.md 3 "Payment receipt"; calls.md 7.11, 7.12, 9; api.md
// Consignment/warehouse/money; issue 9 "Payments at the counter"). Money is a decimal string with 2 decimals.

/** Every payment method a receipt may carry: the counter's and the e-commerce ones (calls.md 9). */
export const receiptPaymentTypes = [
  ...paymentMethods,
  ...ecomPaymentMethods.filter((m): m is Exclude<typeof m, 'transfer'> => m !== 'transfer'),
] as unknown as readonly [
  (typeof paymentMethods)[number] | (typeof ecomPaymentMethods)[number],
  ...((typeof paymentMethods)[number] | (typeof ecomPaymentMethods)[number])[],
];
/** Every receipt type: the counter's and the e-commerce one (calls.md 9). */
export const allReceiptTypes = [...receiptTypes, ...ecomReceiptTypes] as const;

const enumOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of ${values.join(', ')}` });

/** A signed VND amount (> 0 received, < 0 paid back), never 0. */
const signedMoney = (field: string) =>
  decimalInput(field, { min: -999_999_999_999, max: 999_999_999_999, scale: 2 }).refine(
    (v) => Number(v) !== 0,
    'Amount must not be 0',
  );

const t = (max: 30 | 40 | 100 | 250) => optionalText(max);

/** The e-commerce receipt types (calls.md 9): such a receipt takes only the e-commerce methods. */
export const isEcomReceiptType = (receiptType: string) => (ecomReceiptTypes as readonly string[]).includes(receiptType);
/** Methods that move money through a bank account: processing such a receipt writes a bank account entry (issue 11). */
export const bankPaymentTypes = ['transfer', 'card'] as const;
export const isBankPaymentType = (paymentType: string) => (bankPaymentTypes as readonly string[]).includes(paymentType);
/** Methods posted to a fixed customer account from configuration (PAYOO_CUSTOMER_NO, VIETTEL_CUSTOMER_NO). */
export const channelPaymentTypes = ['payoo', 'viettel'] as const;
/** Counter-only methods (calls.md 9 "Payment methods"); the e-commerce-only ones are the rest of receiptPaymentTypes. */
const counterOnly = paymentMethods as readonly string[];
const ecomOnly = ecomPaymentMethods as readonly string[];

/**
 * The rules of one payment that every call taking a payment shares (a cash receipt, a payment of a counter sale):
 * installment needs `contract_no` and `payment_term`; an amount tendered is for cash only, not for a refund, and at
 * least the amount. `tenderedField` is the name the call gives the amount tendered.
 */
export function paymentMethodIssues(
  v: { payment_type: string; amount: string; contract_no: string; payment_term: string; tendered?: string },
  ctx: z.RefinementCtx,
  tenderedField: string,
): void {
  if (v.payment_type === 'installment') {
    if (!v.contract_no) ctx.addIssue({ code: 'custom', message: messages.required, path: ['contract_no'] });
    if (!v.payment_term) ctx.addIssue({ code: 'custom', message: messages.required, path: ['payment_term'] });
  }
  if (v.tendered !== undefined) {
    if (v.payment_type !== 'cash')
      ctx.addIssue({ code: 'custom', message: 'Amount tendered is for cash only', path: [tenderedField] });
    else if (Number(v.amount) < 0)
      ctx.addIssue({ code: 'custom', message: 'A refund takes no amount tendered', path: [tenderedField] });
    else if (Number(v.tendered) < Number(v.amount))
      ctx.addIssue({ code: 'custom', message: 'Amount tendered must be at least the amount', path: [tenderedField] });
  }
}

/**
 * POST /api/cash-receipts (issue 11): a receipt for an order (`pos_so_no`; customer, location and phone default from
 * it) OR a payment on account of a customer (no `pos_so_no`: `customer_no` required, a customer ledger entry with
 * order_no ''; not capped by any order's remaining amount).
 * - `receipt_type` ecom_collect_store (e-commerce) takes the e-commerce methods transfer, payoo, viettel,
 *   collection_on_behalf; the other receipt types take cash, installment, transfer, card.
 * - An e-commerce transfer names `bank_account_code`, one of `ecomBankAccountCodes` (ACB04-VND, VCB02-VND); a store
 *   transfer or card receipt goes to the franchise's own bank account (`bank_account_code` may be left out; given,
 *   it must be the franchise's: 422).
 */
export const cashReceiptAdd = z
  .object({
    franchise_code: t(30),
    location_code: t(30),
    customer_no: t(30),
    customer_name: t(100),
    /** The order paid; '' or left out: a payment on account of `customer_no`. */
    pos_so_no: t(40),
    sales_order_no: t(30),
    phone: t(30),
    /** What the receipt posts: > 0 the customer pays, < 0 the store pays back (what the order owes the customer). */
    amount: signedMoney('amount'),
    receipt_type: enumOf('receipt_type', allReceiptTypes).optional().default('collect_store'),
    receipt_kind: enumOf('receipt_kind', receiptKinds).optional().default('customer_payment'),
    payment_type: enumOf('payment_type', receiptPaymentTypes),
    /** Installment only: the finance contract's number and the term. */
    contract_no: t(30),
    payment_term: z
      .enum([...paymentTerms, ''], { error: `payment_term must be one of ${paymentTerms.join(', ')}` })
      .optional()
      .default(''),
    comment: t(100),
    collect_store_code: t(30),
    /** Cash only: what the customer handed over (≥ amount); the change is tendered − amount. */
    tendered_amount: moneyInput('tendered_amount').optional(),
    /** Transfer/card: the bank account the money goes to (e-commerce transfer: ACB04-VND or VCB02-VND, required). */
    bank_account_code: t(30),
  })
  .superRefine((v, ctx) => {
    if (!v.pos_so_no && !v.customer_no)
      ctx.addIssue({ code: 'custom', message: messages.required, path: ['customer_no'] });
    const ecom = isEcomReceiptType(v.receipt_type);
    if (ecom && !ecomOnly.includes(v.payment_type))
      ctx.addIssue({
        code: 'custom',
        message: `payment_type must be one of ${ecomPaymentMethods.join(', ')}`,
        path: ['payment_type'],
      });
    if (!ecom && !counterOnly.includes(v.payment_type))
      ctx.addIssue({
        code: 'custom',
        message: `payment_type must be one of ${paymentMethods.join(', ')}`,
        path: ['payment_type'],
      });
    if (ecom && v.payment_type === 'transfer') {
      if (!v.bank_account_code)
        ctx.addIssue({ code: 'custom', message: messages.required, path: ['bank_account_code'] });
      else if (!(ecomBankAccountCodes as readonly string[]).includes(v.bank_account_code))
        ctx.addIssue({
          code: 'custom',
          message: `bank_account_code must be one of ${ecomBankAccountCodes.join(', ')}`,
          path: ['bank_account_code'],
        });
    } else if (v.bank_account_code && !isBankPaymentType(v.payment_type))
      ctx.addIssue({
        code: 'custom',
        message: 'A bank account is for transfer and card payments only',
        path: ['bank_account_code'],
      });
    paymentMethodIssues({ ...v, tendered: v.tendered_amount }, ctx, 'tendered_amount');
  });
export type CashReceiptAdd = z.input<typeof cashReceiptAdd>;

const toPost = z
  .literal(true, { error: 'to_post must be true' })
  .optional()
  .default(true as const);

/** POST /api/cash-receipts/process: post one open receipt. */
export const cashReceiptProcess = z.object({ receipt_id: id, to_post: toPost });
/** POST /api/cash-receipts/process-all: post every open receipt of an order, in one transaction. */
export const cashReceiptProcessAll = z.object({
  pos_so_no: z.string({ error: messages.required }).trim().min(1, messages.required).max(40, messages.maxLength(40)),
  to_post: toPost,
});
/** DELETE /api/cash-receipts?receipt_id=: an open receipt only. */
export const cashReceiptIdQuery = z.object({ receipt_id: id });

export const cashReceipt = z.object({
  receipt_id: int32(),
  receipt_no: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  customer_no: z.string(),
  customer_name: z.string(),
  pos_so_no: z.string(),
  sales_order_no: z.string(),
  phone: z.string(),
  amount: z.string(),
  tendered_amount: z.string().nullable(),
  change_amount: z.string().nullable(),
  receipt_type: z.string(),
  receipt_kind: z.string(),
  payment_type: z.string(),
  contract_no: z.string(),
  payment_term: z.string(),
  comment: z.string(),
  collect_store_code: z.string(),
  /** Transfer/card: the bank account the money went to ('' otherwise). */
  bank_account_code: z.string(),
  /** The shift the receipt was processed in (issue 11, shifts), null when none was open. */
  shift_id: int32().nullable(),
  status: z.enum(receiptStatuses),
  posting_date: z.string().nullable(),
  processed_at: z.string().nullable(),
  created_at: z.string(),
  version: int32(),
});
export type CashReceipt = z.infer<typeof cashReceipt>;

export const cashReceiptProcessAllResult = z.object({ pos_so_no: z.string(), processed: z.array(cashReceipt) });
export const cashReceiptDeleteResult = z.object({ ok: z.boolean(), receipt_id: int32() });

/**
 * PUT /api/sales-orders/remaining-amount (calls.md 7.12): records an adjustment so that the order's remaining amount
 * becomes `remaining_amount`; the amount recorded is current − wanted. Never overwrites anything.
 */
export const salesRemainingAmount = z.object({
  pos_so_no: z.string({ error: messages.required }).trim().min(1, messages.required).max(40, messages.maxLength(40)),
  version,
  is_update_remaining_amount: z
    .boolean({ error: 'is_update_remaining_amount must be true or false' })
    .optional()
    .default(true),
  /** The remaining amount wanted (signed VND). */
  remaining_amount: decimalInput('remaining_amount', { min: -999_999_999_999, max: 999_999_999_999, scale: 2 }),
  reason: z.string({ error: messages.required }).trim().min(1, messages.required).max(250, messages.maxLength(250)),
});
export type SalesRemainingAmount = z.input<typeof salesRemainingAmount>;

/** GET /api/cash-receipts/:receipt_id/schedule (issue 11): the instalments of a processed installment receipt. */
export const cashReceiptIdParam = z.object({ receipt_id: id });

/** Instalments per payment term (calls.md 9 "Payment terms"). */
export const paymentTermMonths: Record<(typeof paymentTerms)[number], number> = { '3_months': 3, '6_months': 6 };

export const installmentLine = z.object({
  /** 1 … 3 or 6. */
  instalment_no: int32(),
  /** The posting date plus instalment_no months (the last day of a shorter month). */
  due_date: z.string(),
  /** amount ÷ instalments rounded down to whole VND; the last instalment takes the rest, so the sum is exact. */
  amount: z.string(),
  /** Whether it is still due: its due date is after today's business date. */
  still_due: z.boolean(),
});
export type InstallmentLine = z.output<typeof installmentLine>;

export const installmentSchedule = z.object({
  receipt_id: int32(),
  receipt_no: z.string(),
  pos_so_no: z.string(),
  customer_no: z.string(),
  customer_name: z.string(),
  contract_no: z.string(),
  payment_term: z.string(),
  amount: z.string(),
  posting_date: z.string(),
  /** Today's business date the `still_due` flags are computed against. */
  business_date: z.string(),
  instalments: z.array(installmentLine),
  /** The instalments still due: how many and their sum. */
  still_due_count: int32(),
  still_due_amount: z.string(),
});
export type InstallmentSchedule = z.output<typeof installmentSchedule>;
