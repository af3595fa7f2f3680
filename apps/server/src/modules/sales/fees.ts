import { and, asc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { salesFeeAdd, salesFeeRemove, salesFeeUpdate } from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { bump } from '../../db/versioned.js';
import { badRequest } from '../../http/errors.js';
import type { Scope } from '../../http/scope.js';
import { toMoney } from '../../kernel/money.js';
import { fees } from '../fees/schema.js';
import { feeForOrder } from '../fees/service.js';
import { finishDocumentChange } from './lines.js';
import { lockSalesForChange } from './load.js';
import { salesOrderFees } from './schema.js';

// Fees on an order (issue 9; calls.md 7.12 fee add/update/remove, 7.14 the fee catalogue). A fee line copies the
// catalogue fee's code, description, amount (VAT included) and VAT rate when added; the amount and description may
// then be changed on the order. Only an open document's fees change; each change recomputes the grand total
// (finishDocumentChange: lines' net − discounts + fees). Fees are billed on the order's first invoice (ship.ts).

export type SalesFeeRow = typeof salesOrderFees.$inferSelect;
export const FEE_LINE_NO_STEP = 10000;

/** The fees of a document in line order. */
export function feesOf(db: DbOrTx, posSoNo: string): Promise<SalesFeeRow[]> {
  return db
    .select()
    .from(salesOrderFees)
    .where(eq(salesOrderFees.pos_so_no, posSoNo))
    .orderBy(asc(salesOrderFees.line_no));
}

/** The fees of the order `orderNo` names as a JSON array in line order (numbers as text), for a one-statement read. */
export const feesJsonSql = (orderNo: SQL): SQL => {
  const f = salesOrderFees;
  return sql`coalesce((select json_agg(json_build_object('line_no', ${f.line_no}, 'fee_code', ${f.fee_code},
    'description', ${f.description}, 'amount', ${f.amount}::text, 'vat_percent', ${f.vat_percent}::text,
    'version', ${f.version}) order by ${f.line_no}) from ${f} where ${f.pos_so_no} = ${orderNo}), '[]'::json)`;
};
export type FeeJson = Pick<SalesFeeRow, 'line_no' | 'fee_code' | 'description' | 'amount' | 'vat_percent' | 'version'>;

// lines.ts and load.ts import feesOf from here; the cycle is only between functions called at run time.
const finish = (tx: Tx, posSoNo: string) => finishDocumentChange(tx, posSoNo);

/** POST /api/sales-orders/fees: a catalogue fee on an open document (amount and description default to the fee's). */
export async function addFee(tx: Tx, scope: Scope, body: z.output<typeof salesFeeAdd>): Promise<void> {
  const doc = await lockSalesForChange(tx, scope, body.pos_so_no, body.version, 'fees');
  const fee = await feeForOrder(tx, body.fee_code, 'fee_code');
  const [r] = await tx
    .select({ m: max(salesOrderFees.line_no) })
    .from(salesOrderFees)
    .where(eq(salesOrderFees.pos_so_no, doc.pos_so_no));
  await tx.insert(salesOrderFees).values({
    pos_so_no: doc.pos_so_no,
    line_no: (r?.m ?? 0) + FEE_LINE_NO_STEP,
    fee_code: fee.fee_code,
    description: body.description || fee.description,
    amount: body.amount !== undefined ? toMoney(body.amount) : fee.amount,
    vat_percent: fee.vat_percent,
  });
  await finish(tx, doc.pos_so_no);
}

async function feeLineOf(tx: Tx, posSoNo: string, lineNo: number): Promise<SalesFeeRow> {
  const [row] = await tx
    .select()
    .from(salesOrderFees)
    .where(and(eq(salesOrderFees.pos_so_no, posSoNo), eq(salesOrderFees.line_no, lineNo)));
  if (!row) throw badRequest(`Fee line ${lineNo} not found`, 'line_no');
  return row;
}

/** PUT /api/sales-orders/fees: the amount or description of one fee line ('' description: the catalogue's). */
export async function updateFee(tx: Tx, scope: Scope, body: z.output<typeof salesFeeUpdate>): Promise<void> {
  const doc = await lockSalesForChange(tx, scope, body.pos_so_no, body.version, 'fees');
  const line = await feeLineOf(tx, doc.pos_so_no, body.line_no);
  let description = body.description;
  if (description === '') {
    const [fee] = await tx.select({ d: fees.description }).from(fees).where(eq(fees.fee_code, line.fee_code));
    description = fee?.d ?? line.description;
  }
  await tx
    .update(salesOrderFees)
    .set({
      ...(body.amount !== undefined ? { amount: toMoney(body.amount) } : {}),
      ...(description !== undefined ? { description } : {}),
      ...bump(salesOrderFees.version),
    })
    .where(eq(salesOrderFees.id, line.id));
  await finish(tx, doc.pos_so_no);
}

/** POST /api/sales-orders/fees/remove: fee lines of an open document. */
export async function removeFees(tx: Tx, scope: Scope, body: z.output<typeof salesFeeRemove>): Promise<void> {
  const doc = await lockSalesForChange(tx, scope, body.pos_so_no, body.version, 'fees');
  const lineNos = [...new Set(body.line_nos)];
  const found = await tx
    .select({ line_no: salesOrderFees.line_no })
    .from(salesOrderFees)
    .where(and(eq(salesOrderFees.pos_so_no, doc.pos_so_no), inArray(salesOrderFees.line_no, lineNos)));
  const missing = lineNos.find((n) => !found.some((f) => f.line_no === n));
  if (missing !== undefined)
    throw badRequest(`Fee line ${missing} not found`, `line_nos.${body.line_nos.indexOf(missing)}`);
  await tx
    .delete(salesOrderFees)
    .where(and(eq(salesOrderFees.pos_so_no, doc.pos_so_no), inArray(salesOrderFees.line_no, lineNos)));
  await finish(tx, doc.pos_so_no);
}
