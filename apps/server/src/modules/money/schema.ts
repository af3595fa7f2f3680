import { date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from '../../kernel/money.js';
import { stampedAt } from '../../db/columns.js';

/**
 * Bank account entries (product.md 3 "Bank account entry"; calls.md 7.11; issue 11). Every movement of a franchise's
 * bank accounts: added by hand (source 'manual'), or written when a transfer or card receipt is processed (source
 * 'cash_receipt', receipt_no set, in the same transaction). Append-only: a correction is a new entry.
 */
export const bankAccountEntries = pgTable(
  'bank_account_entries',
  {
    id: serial('id').primaryKey(),
    /** From the franchise's BA series. */
    entry_no: text('entry_no').notNull(),
    franchise_code: text('franchise_code').notNull(),
    location_code: text('location_code').notNull().default(''),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    document_type: text('document_type').notNull(),
    bank_account_no: text('bank_account_no').notNull(),
    description: text('description').notNull().default(''),
    /** Signed VND: > 0 into the account, < 0 out of it. */
    amount: money('amount').notNull(),
    name: text('name').notNull().default(''),
    address: text('address').notNull().default(''),
    source: text('source').$type<'manual' | 'cash_receipt'>().notNull().default('manual'),
    receipt_no: text('receipt_no').notNull().default(''),
    created_by: integer('created_by'),
    created_at: stampedAt('created_at'),
  },
  (t) => [
    uniqueIndex('bank_account_entries_no').on(t.franchise_code, t.entry_no),
    index('bank_account_entries_posting').on(t.franchise_code, t.posting_date),
    index('bank_account_entries_receipt').on(t.receipt_no),
  ],
);
