import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { takeNextNumber } from '../number-series/service.js';

/**
 * A transfer order written straight to the tables (the books tests' fixture, like books/direct.ts for sales): one
 * line of `quantity`, a shipment of `shipped` into in-transit and a receipt of `received` into the location, with
 * their item ledger entries as the postings write them (direction 'issue').
 */
export async function directTransfer(
  tx: Tx,
  o: { franchise: string; date: string; item_no: string; quantity: string; shipped: string; received: string },
) {
  const take = (documentType: 'TO' | 'TS' | 'CR') =>
    takeNextNumber(tx, { franchiseCode: o.franchise, documentType, date: o.date });
  const bc_to_no = await take('TO');
  const [from, to, transit] = ['HO-CONS', `${o.franchise}-CS`, `${o.franchise}-IT`];
  await tx.execute(sql`insert into transfer_orders (bc_to_no, franchise_code, direction, status, transfer_from_code,
      transfer_to_code, intransit_code, order_date)
    values (${bc_to_no}, ${o.franchise}, 'issue', 'released', ${from}, ${to}, ${transit}, ${o.date})`);
  await tx.execute(sql`insert into transfer_order_lines (bc_to_no, line_no, item_no, unit_of_measure, quantity,
      qty_shipped, qty_received)
    values (${bc_to_no}, 10000, ${o.item_no}, 'PCS', ${o.quantity}, ${o.shipped}, ${o.received})`);
  const ts = await take('TS');
  await tx.execute(sql`insert into transfer_shipments (no, bc_to_no, franchise_code, transfer_from_code,
      transfer_to_code, intransit_code, posting_date, shipment_date)
    values (${ts}, ${bc_to_no}, ${o.franchise}, ${from}, ${to}, ${transit}, ${o.date}, ${o.date})`);
  await tx.execute(sql`insert into transfer_shipment_lines (no, line_no, order_line_no, item_no, unit_of_measure, quantity)
    values (${ts}, 10000, 10000, ${o.item_no}, 'PCS', ${o.shipped})`);
  const cr = await take('CR');
  await tx.execute(sql`insert into consignment_receipts (no, bc_to_no, franchise_code, location_code, intransit_code,
      posting_date) values (${cr}, ${bc_to_no}, ${o.franchise}, ${to}, ${transit}, ${o.date})`);
  await tx.execute(sql`insert into consignment_receipt_lines (no, line_no, order_line_no, item_no, unit_of_measure, quantity)
    values (${cr}, 10000, 10000, ${o.item_no}, 'PCS', ${o.received})`);
  const entry = (type: string, no: string, location: string, q: string) =>
    sql`('transfer', ${o.franchise}, ${location}, ${o.item_no}, ${q}::numeric, ${type}, ${no}, 10000, ${bc_to_no}, ${o.date})`;
  await tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no, quantity,
      document_type, document_no, document_line_no, order_no, posting_date)
    values ${entry('transfer_shipment', ts, transit, o.shipped)},
      ${entry('consignment_receipt', cr, transit, `-${o.received}`)},
      ${entry('consignment_receipt', cr, to, o.received)}`);
  return { bc_to_no, ts, cr, transit, to };
}
