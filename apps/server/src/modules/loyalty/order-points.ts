import Decimal from 'decimal.js';
import { pointsWorth } from '@fp/contract/pricing';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_LOYALTY_SCHEME, REDEEMABLE_POINT_SOURCE, type EarnRate } from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { D, toMoney, toQty } from '../../kernel/money.js';
import { customers } from '../customers/schema.js';
import type { SalesOrderRow } from '../sales/load.js';
import { counterSettings } from '../system/settings.js';
import type { CounterSettings } from '@fp/contract';
import type { WriteBatch } from '../../kernel/batch.js';
import { jsonOf, rowsOf } from '../../db/rows.js';
import { earnRedeemablePoints } from './points.js';
import {
  loyaltyReferralRewards,
  loyaltySalesPostings,
  loyaltySchemes,
  rankingPointEntries,
  redeemablePointEntries,
} from './schema.js';
import { postRankingPoints, schemeAmong } from './schemes.js';

// Loyalty on sales (issue 9), inside the sales postings' transactions (rules: README "Loyalty on sales"):
// - points redeemed on an order: the points ledger's "used" entries of the order, worth the configured value per
//   point, taken off the order like a discount (pointsDiscountOf, called by sales/lines.ts finishDocumentChange);
// - earned when the order is invoiced (loyaltyOnInvoice, called by sales/posting/ship.ts for Ship Now and Close);
// - reversed proportionally by a credit memo (loyaltyOnCreditMemo, called by sales/posting/credit-memo.ts).

const e = redeemablePointEntries;
const HUNDRED_K = 100_000;

/** Points are kept with 2 decimals; what a posting earns or reverses is rounded down (never more than the rate). */
export const floorPoints = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_DOWN);

/** The "used" entries of an order (source Franchise, any customer) that no reversal undoes yet. */
export async function openOrderUses(db: DbOrTx, posSoNo: string) {
  const rev = alias(e, 'rev');
  return db
    .select({
      id: e.id,
      customer_no: e.customer_no,
      franchise_code: e.franchise_code,
      referral_code: e.referral_code,
      points: e.points,
    })
    .from(e)
    .leftJoin(rev, eq(rev.reverses_id, e.id))
    .where(
      and(eq(e.pos_so_no, posSoNo), eq(e.source, REDEEMABLE_POINT_SOURCE), eq(e.entry_type, 'used'), isNull(rev.id)),
    );
}

/**
 * What the points redeemed on the order are worth, at most `payable` (what is left after the other discounts), and
 * how many points that is (la_exchange_points: the points redeemed, whatever the cap).
 */
export async function pointsDiscountOf(
  tx: Tx,
  order: SalesOrderRow,
  payable: Decimal,
  /** fresh: the order was created in this transaction, no points are redeemed on it yet (nothing to read). */
  o: { fresh?: boolean } = {},
): Promise<{ amount: string; points: string }> {
  if (order.document_type !== 'order') return { amount: toMoney(order.points_discount_amount), points: '0' };
  const uses = o.fresh ? [] : await openOrderUses(tx, order.pos_so_no);
  if (uses.length === 0) return { amount: '0.00', points: '0' };
  const points = uses.reduce((s, u) => s.minus(u.points), D(0));
  const { loyalty_point_value } = await counterSettings(tx);
  return { amount: pointsWorth(points, loyalty_point_value, payable), points: toQty(points) };
}

/** The earn rates of a scheme (the Silver rates, else none, when the scheme has no configured rates). */
function rateOf(rates: Record<string, EarnRate>, scheme: string): EarnRate {
  return rates[scheme] ?? rates[DEFAULT_LOYALTY_SCHEME] ?? { redeemable_per_100k: '0', ranking_per_100k: '0' };
}

async function customerOf(tx: DbOrTx, customerNo: string) {
  if (!customerNo) return null;
  const [c] = await tx.select().from(customers).where(eq(customers.customer_no, customerNo));
  return c ?? null;
}

/** What loyaltyOnInvoice reads of the customer (its one read, loyaltyContextJsonSql). */
export type LoyaltyContext = {
  c: { customer_no: string; franchise_code: string; referral_code: string; referred_by_code: string };
  ranking: string;
  /** The customer had an invoice before this one (their first invoice rewards the referrer). */
  invoiced: boolean;
  schemes: unknown;
};

/**
 * loyaltyOnInvoice's one read as one JSON value (null: no such customer): the customer, their ranking points before
 * this invoice, whether they had an invoice (`exists`: a regular customer's invoices are not counted), the schemes.
 * A posting reads it in the statement that locks its order (ship.ts: `customerNo` is the order's sell_to_code
 * column); loyaltyOnInvoice reads it alone otherwise.
 */
export const loyaltyContextJsonSql = (customerNo: SQL): SQL => {
  const c = sql.identifier('loyalty_customer');
  return sql`(select json_build_object(
      'c', json_build_object('customer_no', ${c}.customer_no, 'franchise_code', ${c}.franchise_code,
        'referral_code', ${c}.referral_code, 'referred_by_code', ${c}.referred_by_code),
      'ranking', coalesce((select sum(${rankingPointEntries.points}) from ${rankingPointEntries}
        where ${rankingPointEntries.customer_no} = ${c}.customer_no), 0)::text,
      'invoiced', exists(select 1 from ${loyaltySalesPostings}
        where ${loyaltySalesPostings.customer_no} = ${c}.customer_no and ${loyaltySalesPostings.kind} = 'invoice'),
      'schemes', coalesce((select json_agg(json_build_object('code', ${loyaltySchemes.code},
        'min_ranking_points', ${loyaltySchemes.min_ranking_points}::text) order by ${loyaltySchemes.sort})
        from ${loyaltySchemes}), '[]'::json))
    from ${customers} as ${c} where ${c}.customer_no = ${customerNo})`;
};

/**
 * An invoice of the order was posted: the customer earns redeemable and ranking points at the rates of their scheme
 * (from their ranking points before this invoice), floor(amount ÷ 100,000 × rate, 2 decimals); on the customer's
 * first invoice the referrer earns the referral points, once. No customer: nothing.
 */
export async function loyaltyOnInvoice(
  tx: Tx,
  auth: Auth,
  order: SalesOrderRow,
  invoice: { pos_si_no: string; amount: string; postingDate: string },
  /**
   * A posting's WriteBatch (kernel/batch.ts): the three INSERTs join the posting's one statement; the counter
   * settings when the posting has read them already; `context`, loyaltyContextJsonSql as the posting read it with its
   * order (null: no customer).
   */
  o: { batch?: WriteBatch; settings?: CounterSettings; context?: LoyaltyContext | null } = {},
): Promise<void> {
  // One read (unless the posting made it): the customer, their ranking points before this invoice, whether they had
  // an invoice, the schemes.
  const ctx =
    o.context !== undefined
      ? o.context
      : order.sell_to_code
        ? jsonOf<LoyaltyContext | null>(
            rowsOf<{ ctx: unknown }>(
              await tx.execute(sql`select ${loyaltyContextJsonSql(sql`${order.sell_to_code}`)} as ctx`),
            )[0]?.ctx ?? null,
          )
        : null;
  if (!ctx) return;
  const c = ctx.c;
  const settings = o.settings ?? (await counterSettings(tx));
  const { scheme } = schemeAmong(
    jsonOf<{ code: string; min_ranking_points: string }[]>(ctx.schemes),
    new Decimal(ctx.ranking).toFixed(),
  );
  const rate = rateOf(settings.loyalty_earn_rates, scheme);
  const amount = Decimal.max(0, invoice.amount);
  const redeemable = floorPoints(amount.div(HUNDRED_K).mul(rate.redeemable_per_100k));
  const ranking = floorPoints(amount.div(HUNDRED_K).mul(rate.ranking_per_100k));
  const posting: typeof loyaltySalesPostings.$inferInsert = {
    document_no: invoice.pos_si_no,
    kind: 'invoice',
    pos_so_no: order.pos_so_no,
    customer_no: c.customer_no,
    franchise_code: order.franchise_code,
    scheme,
    amount: toMoney(amount),
    redeemable_per_100k: rate.redeemable_per_100k,
    ranking_per_100k: rate.ranking_per_100k,
    redeemable_points: redeemable.toFixed(2),
    ranking_points: ranking.toFixed(2),
    created_by: auth.username,
  };
  if (o.batch) o.batch.insert(loyaltySalesPostings, [posting]);
  else await tx.insert(loyaltySalesPostings).values(posting);
  if (redeemable.gt(0))
    await earnRedeemablePoints(
      tx,
      c,
      {
        points: redeemable.toFixed(2),
        pos_so_no: order.pos_so_no,
        document_no: invoice.pos_si_no,
        description: `Invoice ${invoice.pos_si_no}`,
        created_by: auth.username,
      },
      o.batch,
    );
  if (ranking.gt(0))
    await postRankingPoints(
      tx,
      {
        customer_no: c.customer_no,
        franchise_code: c.franchise_code,
        pos_so_no: order.pos_so_no,
        document_no: invoice.pos_si_no,
        points: ranking.toFixed(2),
      },
      o.batch,
    );
  if (!ctx.invoiced && c.referred_by_code) await rewardReferrer(tx, auth, c, order, invoice.pos_si_no);
}

/** The referrer of a customer earns the configured referral points on the customer's first invoice, once. */
async function rewardReferrer(tx: Tx, auth: Auth, c: LoyaltyContext['c'], order: SalesOrderRow, posSiNo: string) {
  const [referrer] = await tx.select().from(customers).where(eq(customers.referral_code, c.referred_by_code));
  if (!referrer || referrer.customer_no === c.customer_no) return;
  const points = floorPoints((await counterSettings(tx)).loyalty_referral_points);
  if (points.lte(0)) return;
  const taken = await tx
    .insert(loyaltyReferralRewards)
    .values({
      customer_no: c.customer_no,
      referrer_customer_no: referrer.customer_no,
      referral_code: c.referred_by_code,
      pos_so_no: order.pos_so_no,
      pos_si_no: posSiNo,
      points: points.toFixed(2),
    })
    .onConflictDoNothing()
    .returning({ customer_no: loyaltyReferralRewards.customer_no });
  if (taken.length === 0) return;
  await earnRedeemablePoints(tx, referrer, {
    points: points.toFixed(2),
    pos_so_no: order.pos_so_no,
    document_no: posSiNo,
    description: `Referral of ${c.customer_no} (invoice ${posSiNo})`,
    created_by: auth.username,
  });
}

/** What the order's invoices earned and its credit memos reversed so far (loyalty_sales_postings). */
export async function orderLoyaltySums(db: DbOrTx, posSoNo: string) {
  const [r] = await db
    .select({
      invoiced: sql<string>`coalesce(sum(${loyaltySalesPostings.amount}) filter (where ${loyaltySalesPostings.kind} = 'invoice'), 0)::text`,
      credited: sql<string>`coalesce(sum(${loyaltySalesPostings.amount}) filter (where ${loyaltySalesPostings.kind} = 'credit_memo'), 0)::text`,
      redeemable_earned: sql<string>`coalesce(sum(${loyaltySalesPostings.redeemable_points}) filter (where ${loyaltySalesPostings.kind} = 'invoice'), 0)::text`,
      ranking_earned: sql<string>`coalesce(sum(${loyaltySalesPostings.ranking_points}) filter (where ${loyaltySalesPostings.kind} = 'invoice'), 0)::text`,
      redeemable_reversed: sql<string>`coalesce(-sum(${loyaltySalesPostings.redeemable_points}) filter (where ${loyaltySalesPostings.kind} = 'credit_memo'), 0)::text`,
      ranking_reversed: sql<string>`coalesce(-sum(${loyaltySalesPostings.ranking_points}) filter (where ${loyaltySalesPostings.kind} = 'credit_memo'), 0)::text`,
    })
    .from(loyaltySalesPostings)
    .where(eq(loyaltySalesPostings.pos_so_no, posSoNo));
  return r;
}

/**
 * A credit memo of the order was posted: the points its invoices earned are reversed in proportion to what is
 * credited, cumulatively: reversed so far = floor(earned × credited so far ÷ invoiced, 2 decimals), never more than
 * was earned (a full credit reverses everything). The customer's balance may go below 0 when they already spent
 * the points (README). Referral points are not reversed.
 */
export async function loyaltyOnCreditMemo(
  tx: Tx,
  auth: Auth,
  order: SalesOrderRow,
  memo: { pos_so_no: string; amount: string; postingDate: string },
): Promise<void> {
  const s = await orderLoyaltySums(tx, order.pos_so_no);
  const [earning] = await tx
    .select()
    .from(loyaltySalesPostings)
    .where(and(eq(loyaltySalesPostings.pos_so_no, order.pos_so_no), eq(loyaltySalesPostings.kind, 'invoice')))
    .limit(1);
  if (!earning) return;
  const invoiced = D(s.invoiced);
  const credited = Decimal.min(invoiced, D(s.credited).plus(memo.amount));
  const share = (earned: string, reversed: string) => {
    if (invoiced.lte(0)) return D(0);
    const target = credited.gte(invoiced) ? D(earned) : floorPoints(D(earned).mul(credited).div(invoiced));
    return Decimal.max(0, Decimal.min(target, D(earned)).minus(reversed));
  };
  const redeemable = share(s.redeemable_earned, s.redeemable_reversed);
  const ranking = share(s.ranking_earned, s.ranking_reversed);
  const c = await customerOf(tx, earning.customer_no);
  if (!c) return;
  await tx.insert(loyaltySalesPostings).values({
    document_no: memo.pos_so_no,
    kind: 'credit_memo',
    pos_so_no: order.pos_so_no,
    customer_no: c.customer_no,
    franchise_code: order.franchise_code,
    scheme: earning.scheme,
    amount: toMoney(memo.amount),
    redeemable_per_100k: earning.redeemable_per_100k,
    ranking_per_100k: earning.ranking_per_100k,
    redeemable_points: redeemable.negated().toFixed(2),
    ranking_points: ranking.negated().toFixed(2),
    created_by: auth.username,
  });
  if (redeemable.gt(0))
    await earnRedeemablePoints(tx, c, {
      points: redeemable.negated().toFixed(2),
      entry_type: 'reversed',
      pos_so_no: order.pos_so_no,
      document_no: memo.pos_so_no,
      description: `Credit memo ${memo.pos_so_no} reverses points of order ${order.pos_so_no}`,
      created_by: auth.username,
    });
  if (ranking.gt(0))
    await postRankingPoints(tx, {
      customer_no: c.customer_no,
      franchise_code: c.franchise_code,
      pos_so_no: order.pos_so_no,
      document_no: memo.pos_so_no,
      points: ranking.negated().toFixed(2),
    });
}

/** orderEarnedPoints as one SQL expression (a JSON object of text sums) for a one-statement read of an order. */
export const orderEarnedPointsJsonSql = (orderNo: SQL): SQL => {
  const l = loyaltySalesPostings;
  return sql`(select json_build_object('redeemable', coalesce(sum(${l.redeemable_points}), 0)::text,
    'ranking', coalesce(sum(${l.ranking_points}), 0)::text) from ${l} where ${l.pos_so_no} = ${orderNo})`;
};

/** The sums orderEarnedPoints (and its SQL form) answer, formatted like the numeric(18,5) columns they stand for. */
export const earnedPointsOf = (r: { redeemable: string; ranking: string }) => ({
  loyalty_redeemable_points: D(r.redeemable).toFixed(5),
  loyalty_ranking_points: D(r.ranking).toFixed(5),
});

/** The points an order earned (net of credit memos), for the order answer: derived, never stored. */
export async function orderEarnedPoints(db: DbOrTx, posSoNo: string) {
  const [r] = await db
    .select({
      redeemable: sql<string>`coalesce(sum(${loyaltySalesPostings.redeemable_points}), 0)::text`,
      ranking: sql<string>`coalesce(sum(${loyaltySalesPostings.ranking_points}), 0)::text`,
    })
    .from(loyaltySalesPostings)
    .where(eq(loyaltySalesPostings.pos_so_no, posSoNo));
  // Formatted like the numeric(18,5) columns they stand for.
  return { loyalty_redeemable_points: D(r.redeemable).toFixed(5), loyalty_ranking_points: D(r.ranking).toFixed(5) };
}
