import { and, eq, getTableColumns, getTableName, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { cancelReasonCreate, cancelReasonUpdate, CancelReason } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import { conflict, notFound } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import { cancelReasons } from './schema.js';
import { rowByKey } from '../../db/prepared.js';

const cancelReasonsById = rowByKey(cancelReasons, cancelReasons.id);

type Row = typeof cancelReasons.$inferSelect;

export const cancelReasonList: ListSpec<Row, CancelReason> = {
  source: (db, extra) =>
    db
      .select({ ...cancelReasonColumns, ...extra })
      .from(cancelReasons)
      .$dynamic(),
  fields: {
    id: cancelReasons.id,
    reason_code: cancelReasons.reason_code,
    description: cancelReasons.description,
    page: cancelReasons.page,
    updated_at: cancelReasons.updated_at,
  },
  filterable: ['id', 'reason_code', 'description', 'page'],
  sortable: ['id', 'reason_code', 'description', 'page', 'updated_at'],
  defaultSort: { field: 'reason_code', direction: 'asc' },
  key: cancelReasons.id,
};
const cancelReasonColumns = getTableColumns(cancelReasons);

export async function getCancelReason(db: DbOrTx, id: number): Promise<CancelReason> {
  const row = await cancelReasonsById(db, id);
  if (!row) throw notFound('Cancel reason');
  return row;
}

async function assertUnique(db: DbOrTx, reasonCode: string, page: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: cancelReasons.id })
    .from(cancelReasons)
    .where(and(eq(cancelReasons.reason_code, reasonCode), eq(cancelReasons.page, page)));
  if (dup && dup.id !== exceptId)
    throw conflict(`Reason code ${reasonCode} already exists for ${page}`, 'duplicate', 'reason_code');
}

export async function createCancelReason(
  db: DbOrTx,
  input: z.output<typeof cancelReasonCreate>,
): Promise<CancelReason> {
  await assertUnique(db, input.reason_code, input.page);
  const [row] = await db.insert(cancelReasons).values(input).returning();
  return row;
}

export async function updateCancelReason(
  db: DbOrTx,
  id: number,
  input: z.output<typeof cancelReasonUpdate>,
): Promise<CancelReason> {
  const { version, ...values } = input;
  const current = await getCancelReason(db, id);
  await assertUnique(db, values.reason_code ?? current.reason_code, values.page ?? current.page, id);
  const where = and(eq(cancelReasons.id, id), eq(cancelReasons.version, version));
  const [row] = await db
    .update(cancelReasons)
    .set({ ...values, ...bump(cancelReasons.version) })
    .where(where)
    .returning();
  return row ?? explainMissedUpdate(db, getTableName(cancelReasons), eq(cancelReasons.id, id), 'Cancel reason');
}

export async function deleteCancelReason(db: DbOrTx, id: number): Promise<void> {
  const deleted = await db
    .delete(cancelReasons)
    .where(inArray(cancelReasons.id, [id]))
    .returning({ id: cancelReasons.id });
  if (deleted.length === 0) throw notFound('Cancel reason');
}
