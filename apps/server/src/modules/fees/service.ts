import { and, eq, getTableColumns, getTableName, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Fee, feeCreate, feeRemove, feeUpdate } from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import type { Auth } from '../../http/context.js';
import { AppError, businessRule, conflict, forbidden } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import { salesOrderFees } from '../sales/schema.js';
import { fees } from './schema.js';

// The fee catalogue (calls.md 7.14). Head office keeps it; store users see it (and pick from it on an order).
// Remove deletes by ids, all or nothing: a fee that is on any sales order is refused (422 fee_in_use naming
// `ids.<i>`), because the order's fee line names it — set it inactive instead, which stops new uses.

export type FeeRow = typeof fees.$inferSelect;
const feeColumns = getTableColumns(fees);

export const feeList: ListSpec<FeeRow, Fee> = {
  source: (db, extra) =>
    db
      .select({ ...feeColumns, ...extra })
      .from(fees)
      .$dynamic(),
  fields: {
    id: fees.id,
    fee_code: fees.fee_code,
    description: fees.description,
    amount: fees.amount,
    vat_percent: fees.vat_percent,
    is_active: fees.is_active,
    updated_at: fees.updated_at,
  },
  filterable: ['id', 'fee_code', 'description', 'is_active'],
  sortable: ['id', 'fee_code', 'description', 'amount', 'vat_percent', 'is_active', 'updated_at'],
  defaultSort: { field: 'fee_code', direction: 'asc' },
  key: fees.id,
};

/** The catalogue is one for every franchise: only head office (unscoped users) changes it. */
function assertHeadOffice(auth: Auth): void {
  if (!auth.scope.all) throw forbidden('Only head office may change the fee catalogue');
}

async function assertUnique(db: DbOrTx, feeCode: string) {
  const [dup] = await db.select({ id: fees.id }).from(fees).where(eq(fees.fee_code, feeCode));
  if (dup) throw conflict(`Fee code ${feeCode} already exists`, 'duplicate', 'fee_code');
}

export async function addFee(db: DbOrTx, auth: Auth, input: z.output<typeof feeCreate>): Promise<Fee> {
  assertHeadOffice(auth);
  await assertUnique(db, input.fee_code);
  const [row] = await db.insert(fees).values(input).returning();
  return row;
}

export async function updateFee(db: DbOrTx, auth: Auth, input: z.output<typeof feeUpdate>): Promise<Fee> {
  assertHeadOffice(auth);
  const { id, version, ...values } = input;
  const [row] = await db
    .update(fees)
    .set({ ...values, ...bump(fees.version) })
    .where(and(eq(fees.id, id), eq(fees.version, version)))
    .returning();
  return row ?? explainMissedUpdate(db, getTableName(fees), eq(fees.id, id), 'Fee');
}

export async function removeFees(tx: Tx, auth: Auth, input: z.output<typeof feeRemove>): Promise<{ removed: number }> {
  assertHeadOffice(auth);
  const ids = [...new Set(input.ids)];
  const rows = await tx.select().from(fees).where(inArray(fees.id, ids)).for('update');
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined)
    throw new AppError(404, 'not_found', `Fee ${missing} not found`, `ids.${input.ids.indexOf(missing)}`);
  const codes = rows.map((r) => r.fee_code);
  const used = await tx
    .select({ fee_code: salesOrderFees.fee_code, pos_so_no: salesOrderFees.pos_so_no })
    .from(salesOrderFees)
    .where(inArray(salesOrderFees.fee_code, codes))
    .limit(1);
  if (used.length > 0) {
    const fee = rows.find((r) => r.fee_code === used[0].fee_code)!;
    throw businessRule(
      `Fee ${fee.fee_code} is on sales order ${used[0].pos_so_no} and cannot be removed; set it inactive instead`,
      'fee_in_use',
      `ids.${input.ids.indexOf(fee.id)}`,
    );
  }
  await tx.delete(fees).where(inArray(fees.id, ids));
  return { removed: rows.length };
}

/** A catalogue fee by code for an order (locked against a concurrent remove); 422 naming `field` if unusable. */
export async function feeForOrder(tx: Tx, feeCode: string, field: string): Promise<FeeRow> {
  const [row] = await tx.select().from(fees).where(eq(fees.fee_code, feeCode)).for('share');
  if (!row) throw businessRule(`Fee ${feeCode} not found in the fee catalogue`, 'fee_not_found', field);
  if (!row.is_active) throw businessRule(`Fee ${feeCode} is inactive and cannot be added`, 'fee_inactive', field);
  return row;
}
