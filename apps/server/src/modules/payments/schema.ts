import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, date } from 'drizzle-orm/pg-core';
import { versioned, stampedAt } from '../../db/columns.js';
import { money } from '../../kernel/money.js';

// Cash receipts (product.md 3 "Payment receipt"; calls.md 7.11; issue 9). A receipt is added unprocessed (it may be
// deleted then), and processing posts it: a customer ledger entry of type 'payment' (−amount) against its order.
// Only processed receipts count in an order's remaining amount (sales/amounts.ts). A processed receipt never changes.
// A receipt with a negative amount pays money back (what a credit memo owes the customer).

export const cashReceipts = pgTable(
  'cash_receipts',
  {
    receipt_id: serial('receipt_id').primaryKey(),
    /** From the franchise's RC series, taken when the receipt is added. */
    receipt_no: text('receipt_no').notNull(),
    franchise_code: text('franchise_code').notNull(),
    location_code: text('location_code').notNull().default(''),
    customer_no: text('customer_no').notNull().default(''),
    customer_name: text('customer_name').notNull().default(''),
    /** The order paid (pos_so_no), '' for a payment on account. */
    pos_so_no: text('pos_so_no').notNull().default(''),
    /** The ERP's order number where there is one. */
    sales_order_no: text('sales_order_no').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Signed VND: > 0 received, < 0 paid out. */
    amount: money('amount').notNull(),
    /** Cash only: what the customer handed over, and the change given back (tendered − amount). */
    tendered_amount: money('tendered_amount'),
    change_amount: money('change_amount'),
    /** calls.md 9 receipt types: collect_dealer, collect_ecom, collect_store, ecom_collect_store. */
    receipt_type: text('receipt_type').notNull(),
    /** calls.md 9 receipt kinds: customer_payment, customer_ecom_payment, shopee_payment, … */
    receipt_kind: text('receipt_kind').notNull().default('customer_payment'),
    /** The payment method: cash, installment, transfer, card (e-commerce: transfer, payoo, viettel, collection_on_behalf). */
    payment_type: text('payment_type').notNull(),
    /** Installment only: the contract number and the term (3_months, 6_months). */
    contract_no: text('contract_no').notNull().default(''),
    payment_term: text('payment_term').notNull().default(''),
    comment: text('comment').notNull().default(''),
    collect_store_code: text('collect_store_code').notNull().default(''),
    /**
     * Transfer and card receipts (issue 11): the bank account the money went to — the franchise's own
     * (franchises.bank_account_code) or, for e-commerce, ACB04-VND / VCB02-VND.
     */
    bank_account_code: text('bank_account_code').notNull().default(''),
    /** The shift in which the receipt was processed (issue 11); null when no shift was open at its location. */
    shift_id: integer('shift_id'),
    status: text('status').$type<'open' | 'processed'>().notNull().default('open'),
    posting_date: date('posting_date', { mode: 'string' }),
    processed_at: timestamp('processed_at', { withTimezone: true, mode: 'string' }),
    processed_by: integer('processed_by'),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('cash_receipts_no').on(t.franchise_code, t.receipt_no),
    index('cash_receipts_order').on(t.pos_so_no),
    index('cash_receipts_franchise_date').on(t.franchise_code, t.created_at),
    index('cash_receipts_shift').on(t.shift_id),
    index('cash_receipts_posting').on(t.franchise_code, t.posting_date),
  ],
);

/**
 * Remaining-amount adjustments (calls.md 7.12 "PUT remaining amount"; issue 9): who, when, why and how much an order's
 * remaining amount was adjusted by. Append-only (trigger fp_refuse_change); each row has one customer ledger entry
 * of type 'adjustment' (−amount, document_type 'remaining_amount_adjustment', document_no = id).
 */
export const remainingAmountAdjustments = pgTable(
  'remaining_amount_adjustments',
  {
    id: serial('id').primaryKey(),
    pos_so_no: text('pos_so_no').notNull(),
    franchise_code: text('franchise_code').notNull(),
    /** Signed VND taken off the remaining amount: the remaining amount before − the one wanted. */
    amount: money('amount').notNull(),
    /** The remaining amount before and after, as the user saw them. */
    remaining_before: money('remaining_before').notNull(),
    remaining_after: money('remaining_after').notNull(),
    reason: text('reason').notNull(),
    created_by: integer('created_by'),
    created_at: stampedAt('created_at'),
  },
  (t) => [index('remaining_amount_adjustments_order').on(t.pos_so_no)],
);
