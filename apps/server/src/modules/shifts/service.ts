import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { displayNameSql } from '../../kernel/names.js';
import {
  businessDate,
  shiftCountedMethods,
  shiftDocument,
  shiftMessages,
  type Shift,
  type ShiftClose,
  type ShiftDetail,
  type ShiftMethodFigures,
  type ShiftOpen,
} from '@fp/contract';
import type { z } from 'zod';
import type { shiftClose, shiftOpen } from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { AppError, businessRule, notFound } from '../../http/errors.js';
import type { Scope } from '../../http/scope.js';
import { D, toMoney } from '../../kernel/money.js';
import { applyAction, lockForAction } from '../../kernel/status.js';
import { users } from '../auth/schema.js';
import { takeNextNumber } from '../number-series/service.js';
import { franchises } from '../franchises/schema.js';
import { cashReceipts } from '../payments/schema.js';
import { shiftCounts, shifts } from './schema.js';
import { stampClock } from '../../db/clock.js';

// Shifts (README.md here): open → closed, once. Lock order, shared with payments/process.ts: a receipt's processing
// holds its order and receipts and then takes FOR SHARE on the open shift of its location; the close takes FOR UPDATE
// on the shift row first and reads the receipts only after it (no other lock). So a close waits for every
// processing that already holds the shift, and a processing that comes after the close's lock waits, then sees the
// shift closed and takes none: no cycle, and no receipt processed into a shift after its figures were read.

export type ShiftRow = typeof shifts.$inferSelect;
export type { ShiftClose, ShiftOpen };

/** A cashier's name as every screen and print shows it (family name first). */
const nameOf = displayNameSql;
const opener = alias(users, 'shift_opener');
const closer = alias(users, 'shift_closer');

/** The processed receipts of a shift: how many and how much (every method). */
const receiptCount = sql<number>`(select count(*)::int from ${cashReceipts}
  where ${cashReceipts.shift_id} = ${shifts.id} and ${cashReceipts.status} = 'processed')`;
const receiptTotal = sql<string>`(select coalesce(sum(${cashReceipts.amount}), 0)::numeric(18,2)::text
  from ${cashReceipts} where ${cashReceipts.shift_id} = ${shifts.id} and ${cashReceipts.status} = 'processed')`;
/** Σ counted − expected of a closed shift; null while open (no counts yet). */
const differenceTotal = sql<string | null>`(select sum(${shiftCounts.difference})::text from ${shiftCounts}
  where ${shiftCounts.shift_id} = ${shifts.id})`;

/** The answer columns of a shift (list and detail): the row, the cashiers' names and the receipts' totals. */
export const shiftColumns = {
  id: shifts.id,
  shift_no: shifts.shift_no,
  franchise_code: shifts.franchise_code,
  location_code: shifts.location_code,
  status: shifts.status,
  opening_float: shifts.opening_float,
  business_date: shifts.business_date,
  opened_by: shifts.opened_by,
  opened_by_name: sql<string>`coalesce(${nameOf(opener)}, '')`,
  opened_at: shifts.opened_at,
  closed_by: shifts.closed_by,
  closed_by_name: sql<string>`coalesce(${nameOf(closer)}, '')`,
  closed_at: shifts.closed_at,
  receipt_count: receiptCount,
  total_amount: receiptTotal,
  difference: differenceTotal,
  version: shifts.version,
  created_at: shifts.created_at,
  updated_at: shifts.updated_at,
};

/** SELECT of the shift answer columns (+ extra), joined to its cashiers. */
export const selectShifts = <E extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra?: E) =>
  db
    .select({ ...shiftColumns, ...(extra ?? ({} as E)) })
    .from(shifts)
    .leftJoin(opener, eq(opener.user_id, shifts.opened_by))
    .leftJoin(closer, eq(closer.user_id, shifts.closed_by))
    .$dynamic();

const toShift = (r: Record<string, unknown>): Shift => {
  const row = r as Shift;
  return { ...row, difference: row.difference === null ? null : toMoney(D(row.difference)) };
};

/** A shift in the caller's scope; another franchise's, or none, is 404 "Shift not found". */
async function findShift(db: DbOrTx, scope: Scope, id: number): Promise<Shift> {
  const [r] = await selectShifts(db).where(and(eq(shifts.id, id), scope.franchise(shifts.franchise_code)));
  if (!r) throw notFound('Shift');
  return toShift(r);
}

type ReceiptStat = { payment_type: string; n: number; amount: string };

/** Σ and count of a shift's processed receipts per payment method. */
export async function receiptStats(db: DbOrTx, shiftId: number): Promise<Map<string, ReceiptStat>> {
  const rows = await db
    .select({
      payment_type: cashReceipts.payment_type,
      n: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${cashReceipts.amount}), 0)::text`,
    })
    .from(cashReceipts)
    .where(and(eq(cashReceipts.shift_id, shiftId), eq(cashReceipts.status, 'processed')))
    .groupBy(cashReceipts.payment_type);
  return new Map(rows.map((r) => [r.payment_type, r]));
}

/** What the drawer should hold per counted method: the receipts (+ the opening float for cash). */
function expectedOf(shift: Pick<Shift, 'opening_float'>, stats: Map<string, ReceiptStat>, method: string) {
  const receipts = D(stats.get(method)?.amount ?? 0);
  return method === 'cash' ? receipts.plus(shift.opening_float) : receipts;
}

/** The shift with its figures per method: expected from its receipts; once closed, what was counted at close. */
export async function shiftDetail(db: DbOrTx, shift: Shift): Promise<ShiftDetail> {
  const stats = await receiptStats(db, shift.id);
  const counts =
    shift.status === 'closed'
      ? new Map(
          (await db.select().from(shiftCounts).where(eq(shiftCounts.shift_id, shift.id))).map((c) => [
            c.payment_method,
            c,
          ]),
        )
      : new Map<string, typeof shiftCounts.$inferSelect>();
  const methods: ShiftMethodFigures[] = shiftCountedMethods.map((m) => {
    const count = counts.get(m);
    return {
      payment_method: m,
      receipt_count: stats.get(m)?.n ?? 0,
      receipts_amount: toMoney(D(stats.get(m)?.amount ?? 0)),
      expected_amount: count ? toMoney(D(count.expected_amount)) : toMoney(expectedOf(shift, stats, m)),
      counted_amount: count ? toMoney(D(count.counted_amount)) : null,
      difference: count ? toMoney(D(count.difference)) : null,
    };
  });
  const other = [...stats.values()]
    .filter((s) => !(shiftCountedMethods as readonly string[]).includes(s.payment_type))
    .reduce((a, s) => a.plus(s.amount), D(0));
  const closed = shift.status === 'closed';
  return {
    ...shift,
    methods,
    expected_total: toMoney(methods.reduce((a, m) => a.plus(m.expected_amount), D(0))),
    counted_total: closed ? toMoney(methods.reduce((a, m) => a.plus(m.counted_amount ?? 0), D(0))) : null,
    other_receipts_amount: toMoney(other),
  };
}

/** GET /api/shifts/{id}. */
export async function getShift(db: DbOrTx, scope: Scope, id: number): Promise<ShiftDetail> {
  return shiftDetail(db, await findShift(db, scope, id));
}

/** GET /api/shifts/current?location_code=: the open shift of one of the caller's locations, or null. */
export async function currentShift(db: DbOrTx, scope: Scope, locationCode: string): Promise<ShiftDetail | null> {
  await scope.assertLocation(db, locationCode);
  const [r] = await selectShifts(db).where(and(eq(shifts.location_code, locationCode), eq(shifts.status, 'open')));
  return r ? shiftDetail(db, toShift(r)) : null;
}

function pgCode(e: unknown): string | undefined {
  for (let cur = e as { code?: unknown; cause?: unknown } | undefined, i = 0; cur && i < 5; i++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur.code;
    cur = cur.cause as typeof cur;
  }
  return undefined;
}

const alreadyOpen = (location: string) =>
  businessRule(shiftMessages.alreadyOpen(location), 'shift_already_open', 'location_code');

/**
 * POST /api/shifts/open: one open shift per location (a second is 422 on location_code — checked first, and the
 * partial unique index `shifts_one_open_per_location` settles two opens at the same moment). SH number last.
 */
export async function openShift(tx: Tx, auth: Auth, body: z.output<typeof shiftOpen>): Promise<ShiftDetail> {
  const franchiseCode = await auth.scope.assertLocation(tx, body.location_code);
  const [open] = await tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(eq(shifts.location_code, body.location_code), eq(shifts.status, 'open')));
  if (open) throw alreadyOpen(body.location_code);
  const shiftNo = await takeNextNumber(tx, { franchiseCode, documentType: 'SH' });
  const [row] = await tx
    .insert(shifts)
    .values({
      shift_no: shiftNo,
      franchise_code: franchiseCode,
      location_code: body.location_code,
      opening_float: body.opening_float,
      business_date: businessDate(),
      opened_by: auth.userId || null,
    })
    .returning({ id: shifts.id })
    .catch((e: unknown) => {
      if (pgCode(e) === '23505') throw alreadyOpen(body.location_code);
      throw e;
    });
  return getShift(tx, auth.scope, row!.id);
}

/**
 * POST /api/shifts/close: locks the shift (FOR UPDATE: every processing holding it has committed) through the kernel's
 * action path (contract shiftDocument: a stale version 409, a closed shift 422 status_not_allowed on status), reads the expected figures from the receipts now, writes one count
 * per method and closes the shift (closed_at = the clock after the lock, so every receipt in it was processed before).
 */
export async function closeShift(tx: Tx, auth: Auth, body: z.output<typeof shiftClose>): Promise<ShiftDetail> {
  const target = {
    table: shifts,
    document: shiftDocument,
    key: [shifts.id, body.shift_id] as [typeof shifts.id, number],
    statusColumn: shifts.status,
    versionColumn: shifts.version,
    where: auth.scope.franchise(shifts.franchise_code),
    notFoundAs: 'Shift',
  };
  const s = await lockForAction<typeof shifts, ShiftRow>(tx, { ...target, action: 'close', version: body.version });
  const stats = await receiptStats(tx, s.id);
  const counted = new Map(body.counted.map((c) => [c.payment_method, c.amount]));
  await tx.insert(shiftCounts).values(
    shiftCountedMethods.map((m) => {
      const expected = expectedOf(s, stats, m);
      const amount = D(counted.get(m)!);
      return {
        shift_id: s.id,
        payment_method: m,
        expected_amount: toMoney(expected),
        counted_amount: toMoney(amount),
        difference: toMoney(amount.minus(expected)),
      };
    }),
  );
  await applyAction(tx, {
    ...target,
    action: 'close',
    version: s.version,
    set: { closed_by: auth.userId || null, closed_at: stampClock() },
  });
  return getShift(tx, auth.scope, s.id);
}

/**
 * For payments/process.ts, inside the processing transaction, after the receipts are locked: the open shift of each
 * location, FOR SHARE (see the lock order above). A location without one is absent (its receipts get no shift).
 */
export async function lockOpenShifts(tx: Tx, locationCodes: readonly string[]): Promise<Map<string, number>> {
  const codes = [...new Set(locationCodes.filter((c) => c))].sort();
  if (codes.length === 0) return new Map();
  const rows = await tx
    .select({ id: shifts.id, location_code: shifts.location_code })
    .from(shifts)
    .where(and(inArray(shifts.location_code, codes), eq(shifts.status, 'open')))
    .orderBy(asc(shifts.location_code))
    .for('share');
  return new Map(rows.map((r) => [r.location_code, r.id]));
}

/** A receipt as far as the cash rule reads it. */
type CashRuleReceipt = { franchise_code: string; location_code: string; payment_type: string };

/**
 * Cash at the counter needs an open shift (issue 17): a cash receipt of a franchise with `cash_needs_open_shift` at a
 * location without an open shift is a 422 `shift_not_open` on location_code ("Open a shift at HN001-01 before taking
 * cash"). `open` is what lockOpenShifts answered (processing, after the shift lock); without it the open shifts are
 * read (adding a receipt: the early word, the processing decides).
 */
/**
 * takenWithoutShift: the cash was already taken (an offline counter sale, issue 19): it is processed without an open
 * shift where the franchise needs one, and the sale is flagged no_open_shift instead (missingCashShift).
 */
export type ShiftRule = {
  takenWithoutShift?: boolean;
  /**
   * Whether cash needs an open shift, per franchise, as the caller read it in this call (franchises
   * .cash_needs_open_shift; the counter sale reads it with the franchise it sells for, issue 22): not read again.
   */
  cashNeedsOpenShift?: Readonly<Record<string, boolean>>;
};

/** The location of the first cash receipt that needs an open shift and has none (null: none missing). */
export async function missingCashShift(
  db: DbOrTx,
  receipts: readonly CashRuleReceipt[],
  o: Pick<ShiftRule, 'cashNeedsOpenShift'> = {},
): Promise<string | null> {
  try {
    await assertCashShift(db, receipts, undefined, o);
    return null;
  } catch (err) {
    if (err instanceof AppError && err.code === 'shift_not_open') return receipts[0]?.location_code ?? '';
    throw err;
  }
}

export async function assertCashShift(
  db: DbOrTx,
  receipts: readonly CashRuleReceipt[],
  open?: Map<string, number>,
  o: Pick<ShiftRule, 'cashNeedsOpenShift'> = {},
): Promise<void> {
  const cash = receipts.filter((r) => r.payment_type === 'cash' && r.location_code);
  if (cash.length === 0) return;
  const codes = [...new Set(cash.map((r) => r.franchise_code))];
  const known = o.cashNeedsOpenShift;
  const strict =
    known && codes.every((c) => c in known)
      ? codes.filter((c) => known[c]).map((customer_no) => ({ customer_no }))
      : await db
          .select({ customer_no: franchises.customer_no })
          .from(franchises)
          .where(and(inArray(franchises.customer_no, codes), eq(franchises.cash_needs_open_shift, true)));
  const needing = cash.filter((r) => strict.some((f) => f.customer_no === r.franchise_code));
  if (needing.length === 0) return;
  const openAt =
    open ??
    new Map(
      (
        await db
          .select({ id: shifts.id, location_code: shifts.location_code })
          .from(shifts)
          .where(
            and(
              inArray(shifts.location_code, [...new Set(needing.map((r) => r.location_code))]),
              eq(shifts.status, 'open'),
            ),
          )
      ).map((r) => [r.location_code, r.id]),
    );
  const missing = needing.find((r) => !openAt.has(r.location_code));
  if (missing)
    throw businessRule(shiftMessages.cashNeedsOpenShift(missing.location_code), 'shift_not_open', 'location_code');
}

/** The shift_id to write on processed receipts: a CASE over their location (null where no shift is open). */
export function shiftIdOfLocation(open: Map<string, number>): SQL {
  if (open.size === 0) return sql`null`;
  return sql`(case ${cashReceipts.location_code} ${sql.join(
    [...open].map(([code, id]) => sql`when ${code} then ${id}::int`),
    sql` `,
  )} else null end)`;
}
