import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notAllowedMessage, transitionOf, type Machine, type Transition } from '@fp/contract';
import type { Tx } from '../db/client.js';
import { AppError, businessRule, notFound, staleVersion } from '../http/errors.js';
import { stampNow } from '../db/clock.js';

/**
 * Applies one action of a status machine (packages/contract/src/machines.ts) inside the caller's transaction:
 * `UPDATE … SET status = to, version = version + 1 WHERE key = $k AND status IN (from) AND version = $v`, row count
 * checked. No row: the document is missing (404 `notFound`), its version moved on (409 stale_version), or its status
 * does not allow the action (422 `status_not_allowed`, field `status`, naming the status and the action).
 * `to: 'same'` keeps the status (and still claims the version, so two parallel postings of one document serialize:
 * the second sees a stale version). Returns the updated row.
 */
export async function applyAction<T extends PgTable, R = T['$inferSelect']>(
  tx: Tx,
  o: {
    table: T;
    machine: Machine;
    action: string;
    /** The key column and value (pos_so_no = 'HN001-SO-26-000001'). */
    key: [PgColumn, string | number];
    statusColumn: PgColumn;
    versionColumn: PgColumn;
    version: number;
    /** Other columns the action sets (cancel reason, posting date, …). */
    set?: Record<string, unknown>;
    /** The status to end in when the action's `to` is 'same' but the caller computed one (ship now). */
    to?: string;
    /** Extra conditions (e.g. the franchise scope) that make the row count as missing. */
    where?: SQL;
    /** Not-found message entity ("Sales order"). */
    notFoundAs: string;
  },
): Promise<R> {
  const t = transitionOf(o.machine, o.action);
  if (!t) throw new Error(`${o.machine.name} has no action ${o.action}`);
  const target = o.to ?? (t.to === 'same' ? undefined : t.to);
  const [keyCol, keyValue] = o.key;
  const rows = (await tx
    .update(o.table)
    .set({
      ...(o.set ?? {}),
      ...(target ? { [o.statusColumn.name]: target } : {}),
      [o.versionColumn.name]: sql`${o.versionColumn} + 1`,
      updated_at: stampNow(),
    } as never)
    .where(and(eq(keyCol, keyValue), inArray(o.statusColumn, [...t.from]), eq(o.versionColumn, o.version), o.where))
    .returning()) as R[];
  if (rows.length === 1) return rows[0];
  throw await explainRefusal(tx, o, t);
}

async function explainRefusal(
  tx: Tx,
  o: {
    table: PgTable;
    key: [PgColumn, string | number];
    statusColumn: PgColumn;
    versionColumn: PgColumn;
    version: number;
    where?: SQL;
    machine: Machine;
    action: string;
    notFoundAs: string;
  },
  t: Transition,
): Promise<AppError> {
  const [row] = (await tx
    .select({ status: o.statusColumn, version: o.versionColumn })
    .from(o.table)
    .where(and(eq(o.key[0], o.key[1]), o.where))) as { status: string; version: number }[];
  if (!row) return notFound(o.notFoundAs);
  if (!(t.from as readonly string[]).includes(row.status))
    return businessRule(notAllowedMessage(o.machine, o.action, row.status), 'status_not_allowed', 'status');
  if (row.version !== o.version) return staleVersion();
  return staleVersion();
}

/**
 * Locks a document row for a posting (`SELECT … FOR UPDATE`) after checking the version and the action's from-statuses,
 * with the same answers as applyAction. The posting then writes and ends with applyAction (same version).
 */
export async function lockForAction<T extends PgTable, R = T['$inferSelect']>(
  tx: Tx,
  o: {
    table: T;
    machine: Machine;
    action: string;
    key: [PgColumn, string | number];
    statusColumn: PgColumn;
    versionColumn: PgColumn;
    version: number;
    where?: SQL;
    notFoundAs: string;
    /** More columns read with the row in the same statement (e.g. an amount the posting checks). */
    columns?: Record<string, SQL>;
    /** Checks the caller may act on the row (403), after "not found" and before the version and status. */
    authorize?: (row: Record<string, unknown>) => void;
  },
): Promise<R> {
  const [row] = (await tx
    .select({ ...getTableColumns(o.table as PgTable), ...(o.columns ?? {}) })
    .from(o.table as PgTable)
    .where(and(eq(o.key[0], o.key[1]), o.where))
    .for('update')) as Record<string, unknown>[];
  if (!row) throw notFound(o.notFoundAs);
  o.authorize?.(row);
  assertAction(row, o);
  return row as R;
}

/**
 * The checks of lockForAction on a row the caller already locked (`SELECT … FOR UPDATE`, e.g. to learn which machine
 * it follows): its version (409 stale_version), then the action's from-statuses (422 status_not_allowed).
 */
export function assertAction(
  row: Record<string, unknown>,
  o: { machine: Machine; action: string; statusColumn: PgColumn; versionColumn: PgColumn; version: number },
): void {
  const t = transitionOf(o.machine, o.action);
  if (!t) throw new Error(`${o.machine.name} has no action ${o.action}`);
  const status = row[o.statusColumn.name] as string;
  if (row[o.versionColumn.name] !== o.version) throw staleVersion();
  if (!(t.from as readonly string[]).includes(status))
    throw businessRule(notAllowedMessage(o.machine, o.action, status), 'status_not_allowed', 'status');
}
