import { and, eq, getTableColumns, getTableName, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomerSetup, customerSetupCreate, customerSetupUpdate } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import { conflict, notFound } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import { customerSetups } from './schema.js';

const t = customerSetups;
type Row = typeof t.$inferSelect;

export const customerSetupList: ListSpec<Row, CustomerSetup> = {
  source: (db, extra) =>
    db
      .select({ ...getTableColumns(t), ...extra })
      .from(t)
      .$dynamic(),
  fields: { id: t.id, name: t.name, prefix: t.prefix, channel: t.channel, updated_at: t.updated_at },
  filterable: ['id', 'name', 'prefix', 'channel'],
  sortable: ['id', 'name', 'prefix', 'channel', 'updated_at'],
  defaultSort: { field: 'prefix', direction: 'asc' },
  key: t.id,
};

async function assertPrefixFree(db: DbOrTx, prefix: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.prefix, prefix), exceptId ? ne(t.id, exceptId) : undefined));
  if (dup) throw conflict(`Prefix ${prefix} is already used by another customer setup`, 'duplicate', 'prefix');
}

export async function createCustomerSetup(
  db: DbOrTx,
  input: z.output<typeof customerSetupCreate>,
): Promise<CustomerSetup> {
  await assertPrefixFree(db, input.prefix);
  const [row] = await db.insert(t).values(input).onConflictDoNothing().returning();
  if (!row) throw conflict(`Prefix ${input.prefix} is already used by another customer setup`, 'duplicate', 'prefix');
  return row;
}

export async function updateCustomerSetup(
  db: DbOrTx,
  input: z.output<typeof customerSetupUpdate>,
): Promise<CustomerSetup> {
  const { id, version, ...values } = input;
  const [current] = await db.select().from(t).where(eq(t.id, id));
  if (!current) throw notFound('Customer setup');
  if (values.prefix) await assertPrefixFree(db, values.prefix, id);
  const where = eq(t.id, id);
  const [row] = await db
    .update(t)
    .set({ ...values, ...bump(t.version) })
    .where(and(where, eq(t.version, version)))
    .returning();
  return row ?? explainMissedUpdate(db, getTableName(t), where, 'Customer setup');
}
