import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { takeNumberDirect } from '../../books/direct.js';
import { D, toMoney } from '../../kernel/money.js';
import { CASH_RECEIPT_DOC } from '../payments/documents.js';

// A shift written directly in SQL the way the books checker expects it (books.test.ts's hand-made data): opened at
// 08:00, its cash receipts processed at 09:00 (with their customer ledger entries), and, when counted, closed at 17:00
// with one count per method. The caller opens the transaction.

const rowsOf = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[];

export async function directShift(
  tx: DbOrTx,
  o: {
    franchise: string;
    location: string;
    date: string;
    float: string;
    /** Cash receipts of an order (its customer), processed in the shift. */
    receipts?: { pos_so_no: string; customer_no: string; amount: string }[];
    /** Counted amounts: closes the shift. */
    counted?: { cash: string; card: string; transfer: string };
  },
): Promise<{ id: number; shift_no: string; receipt_nos: string[] }> {
  const at = (hh: string) => `${o.date}T${hh}:00:00+07:00`;
  const shift_no = await takeNumberDirect(tx, o.franchise, 'SH', o.date);
  const [s] = rowsOf(
    await tx.execute(sql`insert into shifts (shift_no, franchise_code, location_code, opening_float, business_date,
        opened_at) values (${shift_no}, ${o.franchise}, ${o.location}, ${o.float}, ${o.date}::date, ${at('08')}::timestamptz)
      returning id`),
  );
  const id = Number(s!.id);
  const receipt_nos: string[] = [];
  let cash = D(0);
  for (const r of o.receipts ?? []) {
    const no = await takeNumberDirect(tx, o.franchise, 'RC', o.date);
    receipt_nos.push(no);
    cash = cash.plus(r.amount);
    await tx.execute(sql`insert into cash_receipts (receipt_no, franchise_code, location_code, customer_no, pos_so_no,
        amount, receipt_type, payment_type, status, posting_date, processed_at, shift_id)
      values (${no}, ${o.franchise}, ${o.location}, ${r.customer_no}, ${r.pos_so_no}, ${r.amount}, 'collect_store',
        'cash', 'processed', ${o.date}::date, ${at('09')}::timestamptz, ${id})`);
    await tx.execute(sql`insert into customer_ledger_entries (entry_type, franchise_code, customer_no, amount,
        document_type, document_no, order_no, posting_date)
      values ('payment', ${o.franchise}, ${r.customer_no}, ${toMoney(D(r.amount).neg())}, ${CASH_RECEIPT_DOC}, ${no},
        ${r.pos_so_no}, ${o.date}::date)`);
  }
  if (o.counted) {
    const expected = { cash: cash.plus(o.float), card: D(0), transfer: D(0) };
    for (const m of ['cash', 'card', 'transfer'] as const) {
      const counted = D(o.counted[m]);
      await tx.execute(sql`insert into shift_counts (shift_id, payment_method, expected_amount, counted_amount, difference)
        values (${id}, ${m}, ${toMoney(expected[m])}, ${toMoney(counted)}, ${toMoney(counted.minus(expected[m]))})`);
    }
    await tx.execute(sql`update shifts set status = 'closed', closed_at = ${at('17')}::timestamptz,
        version = version + 1 where id = ${id}`);
  }
  return { id, shift_no, receipt_nos };
}
