import Decimal from 'decimal.js';
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  customerLookupErrors,
  type RedeemablePointEntry,
  type RedeemablePointTotal,
  type redeemablePointAdd,
  type redeemablePointRemove,
} from '@fp/contract';
import type { WriteBatch } from '../../kernel/batch.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { AppError, businessRule, conflict } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import { customers } from '../customers/schema.js';
import { getCustomerByNo, type CustomerRow } from '../customers/lookup.js';
import { redeemablePointEntries } from './schema.js';

const e = redeemablePointEntries;

type EntryRow = typeof e.$inferSelect & { customer_name: string };

export const redeemablePointList: ListSpec<EntryRow, RedeemablePointEntry> = {
  source: (db, extra) =>
    db
      .select({ ...getTableColumns(e), customer_name: sql<string>`coalesce(${customers.name}, '')`, ...extra })
      .from(e)
      .leftJoin(customers, eq(customers.customer_no, e.customer_no))
      .$dynamic(),
  fields: {
    id: e.id,
    customer_no: e.customer_no,
    customer_name: customers.name,
    franchise_code: e.franchise_code,
    referral_code: e.referral_code,
    pos_so_no: e.pos_so_no,
    website_no: e.website_no,
    source: e.source,
    entry_type: e.entry_type,
    points: e.points,
    created_at: e.created_at,
  },
  filterable: [
    'id',
    'customer_no',
    'customer_name',
    'franchise_code',
    'referral_code',
    'pos_so_no',
    'website_no',
    'source',
    'entry_type',
    'created_at',
  ],
  sortable: ['id', 'customer_no', 'customer_name', 'pos_so_no', 'source', 'entry_type', 'points', 'created_at'],
  defaultSort: { field: 'created_at', direction: 'desc' },
  key: e.id,
};

/** The customer of a points call: by customer_no, else by their own referral_code. */
export async function pointsCustomer(
  db: DbOrTx,
  auth: Auth,
  ref: { customer_no: string; referral_code: string },
  forUpdate = false,
): Promise<CustomerRow> {
  if (ref.customer_no) return getCustomerByNo(db, auth, ref.customer_no, forUpdate);
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(eq(customers.referral_code, ref.referral_code.toUpperCase()), auth.scope.franchise(customers.franchise_code)),
    );
  if (!row) throw new AppError(404, 'customer_not_found', customerLookupErrors.byId, 'referral_code');
  return forUpdate ? getCustomerByNo(db, auth, row.customer_no, true) : row;
}

/** Sums of the ledger by kind; the total is always the sum of the entries, never a stored counter. */
export async function redeemableSums(db: DbOrTx, customerNo: string) {
  const [r] = await db
    .select({
      earned: sql<string>`coalesce(sum(${e.points}) filter (where ${e.entry_type} = 'earned'), 0)::text`,
      used: sql<string>`coalesce(sum(${e.points}) filter (where ${e.entry_type} = 'used'), 0)::text`,
      reversed: sql<string>`coalesce(sum(${e.points}) filter (where ${e.entry_type} = 'reversed'), 0)::text`,
      total: sql<string>`coalesce(sum(${e.points}), 0)::text`,
    })
    .from(e)
    .where(eq(e.customer_no, customerNo));
  return {
    earned: new Decimal(r.earned),
    used: new Decimal(r.used).negated(),
    reversed: new Decimal(r.reversed),
    total: new Decimal(r.total),
  };
}

export async function redeemableTotal(db: DbOrTx, c: CustomerRow, bcPointsUsed = '0'): Promise<RedeemablePointTotal> {
  const s = await redeemableSums(db, c.customer_no);
  const bc = new Decimal(bcPointsUsed);
  return {
    customer_no: c.customer_no,
    referral_code: c.referral_code,
    earned: s.earned.toFixed(),
    used: s.used.toFixed(),
    reversed: s.reversed.toFixed(),
    total: s.total.toFixed(),
    bc_points_used: bc.toFixed(),
    available: Decimal.max(0, s.total.minus(bc)).toFixed(),
  };
}

async function entryById(db: DbOrTx, ids: number[]): Promise<RedeemablePointEntry[]> {
  if (ids.length === 0) return [];
  const rows = await redeemablePointList
    .source(db, { __total: sql<number>`0`.as('__total') })
    .where(inArray(e.id, ids))
    .orderBy(asc(e.id));
  return rows.map(({ __total: _t, ...r }) => r);
}

/** Credits points to a customer (sales post these when an order is invoiced; demo data too). */
export async function earnRedeemablePoints(
  tx: DbOrTx,
  c: Pick<CustomerRow, 'customer_no' | 'franchise_code' | 'referral_code'>,
  o: {
    points: string;
    pos_so_no?: string;
    source?: string;
    description?: string;
    created_by?: string;
    /** The posted document that earned them (SI number) or reverses them (SCM number). */
    document_no?: string;
    entry_type?: 'earned' | 'reversed';
  },
  /** A posting's WriteBatch (kernel/batch.ts): the INSERT joins the posting's one statement instead of running. */
  batch?: WriteBatch,
): Promise<void> {
  const row: typeof e.$inferInsert = {
    customer_no: c.customer_no,
    franchise_code: c.franchise_code,
    referral_code: c.referral_code,
    pos_so_no: o.pos_so_no ?? '',
    source: o.source ?? 'Franchise',
    entry_type: o.entry_type ?? 'earned',
    points: new Decimal(o.points).toFixed(2),
    document_no: o.document_no ?? '',
    description: o.description ?? '',
    created_by: o.created_by ?? '',
  };
  if (batch) batch.insert(e, [row]);
  else await tx.insert(e).values(row);
}

/** Used entries of an order that no reversal undoes yet. */
async function openUses(db: DbOrTx, customerNo: string, posSoNo: string, source: string) {
  const rev = alias(e, 'rev');
  return db
    .select({ id: e.id, points: e.points })
    .from(e)
    .leftJoin(rev, eq(rev.reverses_id, e.id))
    .where(
      and(
        eq(e.customer_no, customerNo),
        eq(e.pos_so_no, posSoNo),
        eq(e.source, source),
        eq(e.entry_type, 'used'),
        isNull(rev.id),
      ),
    );
}

/** calls.md 7.13 add: records the points a customer redeems on an order (a negative "used" entry). */
export async function useRedeemablePoints(
  tx: Tx,
  auth: Auth,
  input: z.output<typeof redeemablePointAdd>,
  /** More rules of the caller (an order's cap), after the balance check, before anything is written. */
  check?: (c: CustomerRow, amount: Decimal) => Promise<void> | void,
) {
  // The customer row lock serialises balance checks, so two counters cannot spend the same points.
  const c = await pointsCustomer(tx, auth, input, true);
  if ((await openUses(tx, c.customer_no, input.pos_so_no, input.source)).length) {
    throw conflict(
      `Redeemable points are already recorded for order ${input.pos_so_no}; remove them first`,
      'duplicate',
      'pos_so_no',
    );
  }
  const { total } = await redeemableSums(tx, c.customer_no);
  const amount = new Decimal(input.redeemable_point_used);
  if (amount.gt(total)) {
    throw businessRule(
      `Not enough redeemable points: ${total.toFixed()} available`,
      'insufficient_points',
      'redeemable_point_used',
    );
  }
  await check?.(c, amount);
  const [row] = await tx
    .insert(e)
    .values({
      customer_no: c.customer_no,
      franchise_code: c.franchise_code,
      // The order's referral code as the caller sent it; the customer's own when none.
      referral_code: input.referral_code || c.referral_code,
      pos_so_no: input.pos_so_no,
      website_no: input.website_no,
      source: input.source,
      entry_type: 'used',
      points: amount.negated().toFixed(2),
      created_by: auth.username,
    })
    .returning({ id: e.id });
  const [entry] = await entryById(tx, [row.id]);
  return { entry, total: await redeemableTotal(tx, c) };
}

/** calls.md 7.13 remove: reverses the points used on an order with opposite entries; nothing is deleted. */
export async function reverseRedeemablePoints(tx: Tx, auth: Auth, input: z.output<typeof redeemablePointRemove>) {
  const c = await pointsCustomer(tx, auth, input, true);
  const uses = await openUses(tx, c.customer_no, input.order_number, input.source);
  if (uses.length === 0) {
    throw new AppError(404, 'not_found', `No redeemable points used on order ${input.order_number}`, 'order_number');
  }
  const rows = await tx
    .insert(e)
    .values(
      uses.map((u) => ({
        customer_no: c.customer_no,
        franchise_code: c.franchise_code,
        referral_code: c.referral_code,
        pos_so_no: input.order_number,
        source: input.source,
        entry_type: 'reversed',
        points: new Decimal(u.points).negated().toFixed(2),
        reverses_id: u.id,
        created_by: auth.username,
      })),
    )
    .returning({ id: e.id });
  return {
    reversed: await entryById(
      tx,
      rows.map((r) => r.id),
    ),
    total: await redeemableTotal(tx, c),
  };
}
