import { z } from 'zod';
import { messages, optionalText, requiredText } from './validators.js';
import { decimalInput, moneyInput } from './catalogue-common.js';
import { paymentMethods, paymentTerms, storeSalesTypes } from './constants.js';
import { customerTemporaryCreate } from './customers.js';
import { pointsAmount } from './loyalty.js';
import { paymentMethodIssues } from './payments.js';
import { buyerRefine, salesLineInput, salesOrder } from './sales.js';
import { buyerFieldsShape, eInvoiceBrief } from './einvoices.js';

// The counter (issue 18 "One operation for a sale"; api.md "Counter"): a whole walk-in sale in one call — create,
// price, pay, release, ship and invoice — sent again with the same client_id after a lost answer or from offline
// selling (issue 19), which answers the first result.

/** The sales type of a counter sale when the body names none. */
export const COUNTER_SALES_TYPE = 'STEP IN STORE' satisfies (typeof storeSalesTypes)[number];

/** A line as the cashier scanned or typed it: the catalogue prices it unless `unit_price` overrides (Override Price). */
export const counterSaleLine = salesLineInput.pick({
  item_no: true,
  variant_code: true,
  quantity: true,
  unit_price: true,
  line_discount_percent: true,
});

/** One payment of the sale: a processed receipt of `amount`; cash may hand over more (`tendered`; the rest is change). */
export const counterSalePayment = z
  .object({
    payment_type: z.enum(paymentMethods, { error: `payment_type must be one of ${paymentMethods.join(', ')}` }),
    amount: decimalInput('amount', { min: 0, max: 999_999_999_999, scale: 2, minExclusive: true }),
    /** Cash only: what the customer handed over (≥ amount); the change is tendered − amount. */
    tendered: moneyInput('tendered').optional(),
    /** Installment only: the finance contract's number and the term. */
    contract_no: optionalText(30),
    payment_term: z
      .enum([...paymentTerms, ''], { error: `payment_term must be one of ${paymentTerms.join(', ')}` })
      .optional()
      .default(''),
  })
  .superRefine((v, ctx) => paymentMethodIssues(v, ctx, 'tendered'));

/** A new customer made with the sale (F4 at the counter): the temporary customer of the sale's franchise and location. */
export const counterSaleCustomer = customerTemporaryCreate.omit({ franchise_code: true, location_code: true });

/** POST /api/counter-sales. */
export const counterSaleCreate = z
  .object({
    /** Made by the client (a UUID): the same client_id again answers the first result and posts nothing more. */
    client_id: z.uuid({ error: 'client_id must be a UUID' }),
    location_code: requiredText(30),
    sales_type: z
      .enum(storeSalesTypes, { error: `sales_type must be one of ${storeSalesTypes.join(', ')}` })
      .optional()
      .default(COUNTER_SALES_TYPE),
    /** The customer by number, or `temporary_customer` to create one with the sale (one of the two). */
    sell_to_code: optionalText(30),
    temporary_customer: counterSaleCustomer.optional(),
    lines: z.array(counterSaleLine).min(1, 'Add at least one line').max(500, 'At most 500 lines'),
    coupon_code: optionalText(30),
    /** The automatic promotions (on by default at the counter; an order on the order screen starts with them off). */
    auto_promotion: z.boolean({ error: 'auto_promotion must be true or false' }).optional().default(true),
    /** Points of the customer redeemed on the sale (within what is left to pay). */
    redeem_points: pointsAmount('redeem_points').optional(),
    /** Use the customer's birthday promotion of the year (in the birthday month, once a year). */
    loyalty_birthday_used: z
      .boolean({ error: 'loyalty_birthday_used must be true or false' })
      .optional()
      .default(false),
    fees: z
      .array(
        z.object({
          fee_code: requiredText(30).transform((s) => s.toUpperCase()),
          amount: moneyInput('amount').optional(),
        }),
      )
      .max(20, 'At most 20 fees')
      .optional()
      .default([]),
    payments: z.array(counterSalePayment).max(20, 'At most 20 payments').optional().default([]),
    /** The customer pays the rest later: needs the Sell On Credit button; otherwise the payments must cover the sale. */
    sell_on_credit: z.boolean({ error: 'sell_on_credit must be true or false' }).optional().default(false),
    general_comments: optionalText(250),
    /** A company invoice (issue 21): tax code, company name and address, carried to the e-invoice's buyerInfo. */
    ...buyerFieldsShape,
  })
  .superRefine((v, ctx) => {
    buyerRefine(v, ctx);
    if (!v.sell_to_code && !v.temporary_customer)
      ctx.addIssue({ code: 'custom', message: messages.required, path: ['sell_to_code'] });
    if (v.sell_to_code && v.temporary_customer)
      ctx.addIssue({
        code: 'custom',
        message: 'Give either sell_to_code or temporary_customer, not both',
        path: ['temporary_customer'],
      });
  });
export type CounterSaleCreate = z.input<typeof counterSaleCreate>;

export const counterSaleReceipt = z.object({ receipt_id: z.number(), payment_type: z.string(), amount: z.string() });

/** The answer of a counter sale, stored under its client_id and answered again for the same client_id. */
export const counterSaleResult = z.object({
  client_id: z.string(),
  /** The order as GET /api/sales-orders/{pos_so_no} answered it right after the sale. */
  order: salesOrder,
  pos_so_no: z.string(),
  pos_si_no: z.string(),
  receipts: z.array(counterSaleReceipt),
  /** Cash handed back: Σ (tendered − amount) of the cash payments. */
  change: z.string(),
  /** The invoice's e-invoice as it was when the sale answered (pending until the provider issues it; issue 21). */
  e_invoice: eInvoiceBrief,
});
export type CounterSaleResult = z.infer<typeof counterSaleResult>;

export const counterSaleIdParam = z.object({ client_id: z.uuid({ error: 'client_id must be a UUID' }) });

/**
 * The answer of POST /api/counter-sales/price: the sale priced as the sale itself would price it (price list,
 * promotions, fees, birthday, coupon, points), so the counter shows and asks for exactly what the sale will charge.
 * Nothing is written and no number is taken (`order.pos_so_no` is empty); payments and sell_on_credit are ignored.
 */
export const counterSalePrice = z.object({ order: salesOrder });
export type CounterSalePrice = z.infer<typeof counterSalePrice>;
