import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { takeNumberDirect } from '../../books/direct.js';
import { CASH_RECEIPT_DOC } from '../payments/documents.js';

// Money postings written directly in SQL, the way the books checker expects them (books/checks.ts): books.test.ts's
// hand-made data. Not used by the app. The caller opens the transaction.

export type DirectReceipt = { amount: string; payment_type: 'cash' | 'transfer' | 'card' | 'installment' };

/**
 * Processed payments on account of `customer_no` (each: RC number, customer ledger entry 'payment' −amount,
 * order_no ''), the bank account entry of each transfer/card one (BA number, source cash_receipt), and manual bank
 * entries. Returns the numbers taken.
 */
export async function directMoney(
  tx: DbOrTx,
  o: {
    franchise: string;
    customer_no: string;
    date: string;
    bank_account: string;
    receipts: DirectReceipt[];
    manual?: { amount: string; document_type: string }[];
  },
) {
  const receipts: string[] = [];
  const entries: string[] = [];
  for (const r of o.receipts) {
    const no = await takeNumberDirect(tx, o.franchise, 'RC', o.date);
    receipts.push(no);
    const bank = r.payment_type === 'transfer' || r.payment_type === 'card' ? o.bank_account : '';
    await tx.execute(sql`insert into cash_receipts (receipt_no, franchise_code, customer_no, amount, receipt_type,
        payment_type, bank_account_code, status, posting_date, processed_at)
      values (${no}, ${o.franchise}, ${o.customer_no}, ${r.amount}, 'collect_store', ${r.payment_type}, ${bank},
        'processed', ${o.date}, now())`);
    await tx.execute(sql`insert into customer_ledger_entries (entry_type, franchise_code, customer_no, amount,
        document_type, document_no, order_no, posting_date)
      values ('payment', ${o.franchise}, ${o.customer_no}, -${r.amount}::numeric, ${CASH_RECEIPT_DOC}, ${no}, '', ${o.date})`);
    if (bank) {
      const ba = await takeNumberDirect(tx, o.franchise, 'BA', o.date);
      entries.push(ba);
      await tx.execute(sql`insert into bank_account_entries (entry_no, franchise_code, posting_date, document_type,
          bank_account_no, description, amount, source, receipt_no)
        values (${ba}, ${o.franchise}, ${o.date}, 'Payment', ${bank}, ${`Transfer ${no}`}, ${r.amount}, 'cash_receipt',
          ${no})`);
    }
  }
  for (const m of o.manual ?? []) {
    const ba = await takeNumberDirect(tx, o.franchise, 'BA', o.date);
    entries.push(ba);
    await tx.execute(sql`insert into bank_account_entries (entry_no, franchise_code, posting_date, document_type,
        bank_account_no, description, amount, source)
      values (${ba}, ${o.franchise}, ${o.date}, ${m.document_type}, ${o.bank_account}, 'Manual', ${m.amount}, 'manual')`);
  }
  return { receipts, entries };
}
