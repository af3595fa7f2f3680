import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { WAREHOUSE_ENTRY_DOC, WAREHOUSE_TRANSFER_DOC } from '../../books/checks.js';
import { takeNumberDirect } from '../../books/direct.js';

// Warehouse postings written directly in SQL, the way the books checker expects them (books/checks.ts): data for
// books.test.ts. Not used by the app. The caller opens the transaction.

const rowsOf = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[];

/** Posted warehouse entries (one WE number) with their ledger entries; quantities in base units (unit PCS). */
export async function directWarehouseEntries(
  tx: DbOrTx,
  o: {
    franchise: string;
    date: string;
    entries: {
      location_code: string;
      item_no: string;
      entry_type: 'positive_adjmt' | 'negative_adjmt';
      quantity: string;
    }[];
  },
): Promise<{ document_no: string; ids: number[] }> {
  const no = await takeNumberDirect(tx, o.franchise, 'WE', o.date);
  const ids: number[] = [];
  for (const e of o.entries) {
    const r = await tx.execute(sql`insert into warehouse_entries (franchise_code, location_code, item_no,
        unit_of_measure, entry_type, quantity, reason_code, posting_date, status, document_no, posted_at)
      values (${o.franchise}, ${e.location_code}, ${e.item_no}, 'PCS', ${e.entry_type}, ${e.quantity}, 'COUNT',
        ${o.date}, 'posted', ${no}, now()) returning id`);
    const id = Number(rowsOf(r)[0].id);
    ids.push(id);
    await tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, quantity,
        document_type, document_no, document_line_no, posting_date)
      values (${e.entry_type}, ${o.franchise}, ${e.location_code}, ${e.item_no},
        ${e.entry_type === 'negative_adjmt' ? `-${e.quantity}` : e.quantity}, ${WAREHOUSE_ENTRY_DOC}, ${no}, ${id}, ${o.date})`);
  }
  return { document_no: no, ids };
}

/** A warehouse transfer (one WT) with its lines and two ledger entries per line (unit PCS). */
export async function directWarehouseTransfer(
  tx: DbOrTx,
  o: { franchise: string; date: string; from: string; to: string; lines: { item_no: string; quantity: string }[] },
): Promise<{ document_no: string }> {
  const no = await takeNumberDirect(tx, o.franchise, 'WT', o.date);
  const r = await tx.execute(sql`insert into warehouse_transfers (document_no, franchise_code, location_from,
      location_to, posting_date) values (${no}, ${o.franchise}, ${o.from}, ${o.to}, ${o.date}) returning id`);
  const id = Number(rowsOf(r)[0].id);
  for (const [i, l] of o.lines.entries()) {
    const lineNo = (i + 1) * 10000;
    await tx.execute(sql`insert into warehouse_transfer_lines (transfer_id, document_no, line_no, item_no,
        unit_of_measure, quantity, quantity_base) values (${id}, ${no}, ${lineNo}, ${l.item_no}, 'PCS', ${l.quantity},
        ${l.quantity})`);
    await tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, quantity,
        document_type, document_no, document_line_no, posting_date)
      values ('transfer', ${o.franchise}, ${o.from}, ${l.item_no}, ${`-${l.quantity}`}, ${WAREHOUSE_TRANSFER_DOC}, ${no},
          ${lineNo}, ${o.date}),
        ('transfer', ${o.franchise}, ${o.to}, ${l.item_no}, ${l.quantity}, ${WAREHOUSE_TRANSFER_DOC}, ${no}, ${lineNo},
          ${o.date})`);
  }
  return { document_no: no };
}
