import { and, eq, getTableColumns, getTableName, inArray, sql, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  NOT_EDITABLE,
  statusesFor,
  transitionOf,
  type DocumentDef,
  type DocumentRow,
  type Transition,
} from '@fp/contract';
import type { Tx } from '../db/client.js';
import { AppError, businessRule, notFound, staleVersion } from '../http/errors.js';
import { stampNow } from '../db/clock.js';
import { render, rowFromJson, rowJsonSql, runText, selectionOf } from '../db/prepared.js';
import type { WriteBatch } from './batch.js';

// The one path of every document (packages/contract/src/documents.ts; DEVELOPING.md "Documents and postings"):
// lockEditable locks a document for a change of its lines or header, lockForAction for an action of its machine,
// applyAction ends the action in one UPDATE. All three answer the same way: a missing document (or another
// franchise's, through `where`) 404, a stale version 409 stale_version, a status that does not allow the change or the
// action 422 NOT_EDITABLE (status_not_allowed) with the document's own wording, naming `status` unless the caller
// names the field the user sent (`ids.3`, `receipt_id`).

/** Where a document lives: its table, key, status and version columns, and its declaration. */
export type DocumentTarget<T extends PgTable = PgTable> = {
  table: T;
  /** The declaration, or the row's when one table holds several kinds (orders, quotes and credit memos). */
  document: DocumentDef | ((row: DocumentRow) => DocumentDef);
  /** The key column and value (pos_so_no = 'HN001-SO-26-000001'); several values for a set of rows (post these). */
  key: [PgColumn, string | number | readonly (string | number)[]];
  statusColumn: PgColumn;
  versionColumn: PgColumn;
  /** Extra conditions (the franchise scope, the document type) under which a row counts as missing. */
  where?: SQL;
  /** Not-found message entity ("Sales order"). */
  notFoundAs: string;
  /** The field a 404 names (none: the envelope names no field). */
  notFoundField?: string;
  /** The field a 422 names (default `status`); per row for a set ("ids.<i>" of the row's position in the request). */
  field?: string | ((row: DocumentRow) => string);
};

const documentOf = (o: Pick<DocumentTarget, 'document'>, row: DocumentRow) =>
  typeof o.document === 'function' ? o.document(row) : o.document;
const fieldOf = (o: { field?: DocumentTarget['field'] }, row: DocumentRow) =>
  typeof o.field === 'function' ? o.field(row) : (o.field ?? 'status');
const missing = (o: Pick<DocumentTarget, 'notFoundAs' | 'notFoundField'>) =>
  o.notFoundField
    ? new AppError(404, 'not_found', `${o.notFoundAs} not found`, o.notFoundField)
    : notFound(o.notFoundAs);
const keysOf = (o: Pick<DocumentTarget, 'key'>) =>
  (Array.isArray(o.key[1]) ? o.key[1] : [o.key[1]]) as (string | number)[];
const keyWhere = (o: Pick<DocumentTarget, 'key'>) =>
  Array.isArray(o.key[1]) ? inArray(o.key[0], [...(o.key[1] as (string | number)[])]) : eq(o.key[0], o.key[1]);

/** The one refusal of a change the document's status does not allow (422 NOT_EDITABLE). */
export const refuseChange = (d: DocumentDef, row: DocumentRow, change: string, field = 'status') =>
  businessRule(d.refuseChange(row, d.changes[change]?.what ?? change), NOT_EDITABLE, field);

/** The one refusal of an action the document's status does not allow (422 NOT_EDITABLE). */
export const refuseAction = (d: DocumentDef, row: DocumentRow, action: string, field = 'status') =>
  businessRule(d.refuseAction(row, action), NOT_EDITABLE, field);

/**
 * Checks a locked row allows a change (for a check that depends on what the request changes: a sales header after
 * release takes only its notes). Throws the one refusal.
 */
export function assertEditable(
  target: Pick<DocumentTarget, 'document' | 'field'>,
  row: DocumentRow,
  change: string,
): void {
  const d = documentOf(target, row);
  if (!statusesFor(d, change).includes(row.status)) throw refuseChange(d, row, change, fieldOf(target, row));
}

/** What a lock reads beyond the row, and who may act on it. */
type LockExtras = {
  /** More columns read with the row in the same statement (e.g. an amount the posting checks). */
  columns?: Record<string, SQL>;
  /** Checks the caller may act on the row (403), after "not found" and before the version and status. */
  authorize?: (row: Record<string, unknown>) => void;
};

/**
 * Locks the target's rows FOR UPDATE (in key order), 404 for the first key that is missing, then `authorize` on each
 * row, then the version.
 */
async function lockRows<R>(
  tx: Tx,
  o: Omit<DocumentTarget, 'document'> & LockExtras,
  version: number | undefined,
): Promise<R[]> {
  const [keyCol] = o.key;
  const rows = (await tx
    .select({ ...getTableColumns(o.table), ...(o.columns ?? {}) })
    .from(o.table)
    .where(and(keyWhere(o), o.where))
    .orderBy(keyCol)
    .for('update')) as Record<string, unknown>[];
  const byKey = new Map(rows.map((r) => [r[keyCol.name], r]));
  const keys = keysOf(o);
  for (const [i, k] of keys.entries())
    if (!byKey.has(k))
      throw missing({
        notFoundAs: o.notFoundAs,
        notFoundField: Array.isArray(o.key[1]) ? `${o.notFoundField ?? keyCol.name}.${i}` : o.notFoundField,
      });
  if (o.authorize) for (const r of rows) o.authorize(r);
  if (version !== undefined && rows.some((r) => r[o.versionColumn.name] !== version)) throw staleVersion();
  return [...new Set(keys)].map((k) => byKey.get(k)) as R[];
}

const rowOf = (o: Pick<DocumentTarget, 'statusColumn'>, r: Record<string, unknown>): DocumentRow =>
  ({ ...r, status: r[o.statusColumn.name] as string }) as DocumentRow;

/**
 * Locks a document for a change (`SELECT … FOR UPDATE`): 404 when missing, 409 when `version` is given and stale, 422
 * NOT_EDITABLE when its status does not allow `change` (a change of its declaration: 'lines', 'header', …). With
 * several keys, locks them all in key order (two callers queue instead of deadlocking) and answers them in the order
 * given, each checked. The caller then writes and bumps the version.
 */
export async function lockEditable<T extends PgTable, R = T['$inferSelect']>(
  tx: Tx,
  o: DocumentTarget<T> & { change: string; version?: number },
): Promise<R[]> {
  const rows = await lockRows<Record<string, unknown>>(tx, o, o.version);
  for (const r of rows) assertEditable(o, rowOf(o, r), o.change);
  return rows as R[];
}

/** lockEditable of one document (its key is one value): the row. */
export async function lockEditableOne<T extends PgTable, R = T['$inferSelect']>(
  tx: Tx,
  o: DocumentTarget<T> & { change: string; version?: number },
): Promise<R> {
  const [row] = await lockEditable<T, R>(tx, o);
  return row;
}

function transitionFor(d: DocumentDef, action: string): Transition {
  const t = transitionOf(d.machine, action);
  if (!t) throw new Error(`${d.machine.name} has no action ${action}`);
  return t;
}

/** A document an action applies to: one declaration (the action's from-statuses are its machine's). */
export type ActionTarget<T extends PgTable = PgTable> = Omit<DocumentTarget<T>, 'document'> & {
  document: DocumentDef;
  action: string;
  version?: number;
};

/**
 * Locks a document for an action of its machine (`SELECT … FOR UPDATE`) after checking the version (when given) and
 * the action's from-statuses, with the same answers as applyAction. The posting then writes and ends with applyAction.
 * `columns` reads more with the row in the same statement; `authorize` checks the caller may act on it (403) after
 * "not found" and before the version and status.
 */
export async function lockForAction<T extends PgTable, R = T['$inferSelect']>(
  tx: Tx,
  o: ActionTarget<T> & LockExtras,
): Promise<R> {
  const [row] = await lockAllForAction<T, R>(tx, o);
  return row;
}

/** lockForAction of a set of documents (several keys, locked in key order): every row, in the order given. */
export async function lockAllForAction<T extends PgTable, R = T['$inferSelect']>(
  tx: Tx,
  o: ActionTarget<T> & LockExtras,
): Promise<R[]> {
  const rows = await lockRows<Record<string, unknown>>(tx, o, o.version);
  for (const r of rows) assertActionAllowed(o, r);
  return rows as R[];
}

function assertActionAllowed(
  o: Pick<ActionTarget, 'document' | 'action' | 'statusColumn' | 'field'>,
  r: Record<string, unknown>,
): void {
  const from = transitionFor(o.document, o.action).from as readonly string[];
  const row = rowOf(o, r);
  if (!from.includes(row.status)) throw refuseAction(o.document, row, o.action, fieldOf(o, row));
}

/**
 * The checks of lockForAction on a row the caller already locked (`SELECT … FOR UPDATE`, e.g. to learn which document
 * it is): its version when given (409 stale_version), then the action's from-statuses (422 NOT_EDITABLE).
 */
export function assertAction(
  o: Pick<ActionTarget, 'document' | 'action' | 'statusColumn' | 'versionColumn' | 'version' | 'field'>,
  row: Record<string, unknown>,
): void {
  if (o.version !== undefined && row[o.versionColumn.name] !== o.version) throw staleVersion();
  assertActionAllowed(o, row);
}

/**
 * Applies one action of a document's machine inside the caller's transaction:
 * `UPDATE … SET status = to, version = version + 1 WHERE key = $k AND status IN (from) [AND version = $v]`, row count
 * checked. No row: the document is missing (404), its version moved on (409 stale_version), or its status does not
 * allow the action (422 NOT_EDITABLE, naming the status and the action in the document's wording). `to: 'same'` keeps
 * the status (and still claims the version, so two parallel postings of one document serialize: the second sees a
 * stale version). Without `version` the caller holds the rows locked (lockForAction). Returns the updated rows' first
 * (one key) — applyActionAll answers them all.
 */
export async function applyAction<T extends PgTable, R = T['$inferSelect']>(
  tx: Tx,
  o: ActionTarget<T> & {
    /** Other columns the action sets (cancel reason, posting date, …). */
    set?: Record<string, unknown>;
    /** The status to end in when the action's `to` is 'same' but the caller computed one (ship now). */
    to?: string;
    /** More columns answered with the updated row (RETURNING), as lockForAction's `columns` read them. */
    columns?: Record<string, SQL>;
  },
): Promise<R> {
  const [row] = await applyActionAll<T, R>(tx, o);
  return row;
}

/**
 * The UPDATE of an action (without RETURNING): status (to), version + 1 and the stamp beside the caller's `set`,
 * where key, from-statuses, version and the target's where. Written in SQL: drizzle's update builder cost more
 * than the rest of a status change.
 */
function actionUpdate<T extends PgTable>(o: ActionTarget<T> & { set?: Record<string, unknown>; to?: string }): SQL {
  const t = transitionFor(o.document, o.action);
  const target = o.to ?? (t.to !== 'same' ? t.to : undefined);
  const columns = getTableColumns(o.table) as Record<string, PgColumn>;
  const sets: SQL[] = [];
  for (const [key, value] of Object.entries(o.set ?? {})) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`applyAction: ${key} is not a column of ${getTableName(o.table)}`);
    sets.push(sql`${sql.identifier(column.name)} = ${value instanceof SQL ? value : sql.param(value, column)}`);
  }
  if (target) sets.push(sql`${sql.identifier(o.statusColumn.name)} = ${target}`);
  sets.push(sql`${sql.identifier(o.versionColumn.name)} = ${o.versionColumn} + 1`, sql`updated_at = ${stampNow()}`);
  const where = and(
    keyWhere(o),
    inArray(o.statusColumn, [...t.from]),
    o.version !== undefined ? eq(o.versionColumn, o.version) : undefined,
    o.where,
  );
  return sql`update ${o.table} set ${sql.join(sets, sql`, `)} where ${where}`;
}

export async function applyActionAll<T extends PgTable, R = T['$inferSelect']>(
  tx: Tx,
  o: ActionTarget<T> & {
    set?: Record<string, unknown>;
    to?: string;
    /** More columns answered with the updated rows (RETURNING), as lockForAction's `columns` read them. */
    columns?: Record<string, SQL>;
  },
): Promise<R[]> {
  const returning = selectionOf({ ...getTableColumns(o.table), ...(o.columns ?? {}) });
  const query = render(tx, sql`${actionUpdate(o)} returning ${returning.list}`);
  const rows = (await runText(tx, query, returning.fields, returning.mapper)) as R[];
  if (rows.length === new Set(keysOf(o)).size) return rows;
  throw await explainRefusal(tx, o);
}

/**
 * applyAction's UPDATE added to a posting's WriteBatch (kernel/batch.ts) instead of run alone: one statement fewer.
 * Its row count is checked when the batch runs, with applyAction's answers (404, 409 stale_version, 422). Its part
 * returns the rows as they now are (every column, and `columns` computed on the updated row); answers the part's name.
 */
export function batchAction<T extends PgTable>(
  tx: Tx,
  batch: WriteBatch,
  o: ActionTarget<T> & { set?: Record<string, unknown>; to?: string; columns?: Record<string, SQL> },
): string {
  const extra = Object.entries(o.columns ?? {}).map(([key, value]) => sql`, (${value}) as ${sql.identifier(key)}`);
  const name = batch.add(sql`${actionUpdate(o)} returning *${sql.join(extra)}`);
  batch.expect(name, new Set(keysOf(o)).size, () => explainRefusal(tx, o));
  return name;
}

/**
 * batchAction of ONE document, answering its row as the UPDATE left it with `columns` computed on it (what
 * applyAction's RETURNING answers), read by the batch's own statement (WriteBatch.answer): valid once the batch ran.
 */
export function batchActionAnswered<T extends PgTable, R = T['$inferSelect']>(
  tx: Tx,
  batch: WriteBatch,
  o: ActionTarget<T> & { set?: Record<string, unknown>; to?: string; columns?: Record<string, SQL> },
): () => R {
  if (Array.isArray(o.key[1])) throw new Error('batchActionAnswered: one document, not a set');
  const part = sql.identifier(batchAction(tx, batch, o));
  const columns = Object.keys(o.columns ?? {});
  const read = batch.answer({
    row: sql`select ${rowJsonSql(o.table, 'u')} from ${part} as "u"`,
    ...Object.fromEntries(columns.map((key) => [key, sql`select "u".${sql.identifier(key)} from ${part} as "u"`])),
  });
  return () => {
    const values = read();
    return { ...rowFromJson(o.table, values.row), ...Object.fromEntries(columns.map((k) => [k, values[k]])) } as R;
  };
}

async function explainRefusal(tx: Tx, o: ActionTarget): Promise<AppError> {
  const rows = (await tx
    .select()
    .from(o.table)
    .where(and(keyWhere(o), o.where))) as Record<string, unknown>[];
  if (rows.length < new Set(keysOf(o)).size) return missing(o);
  const from = transitionFor(o.document, o.action).from as readonly string[];
  for (const r of rows) {
    const row = rowOf(o, r);
    if (!from.includes(row.status)) return refuseAction(o.document, row, o.action, fieldOf(o, row));
  }
  return staleVersion();
}
