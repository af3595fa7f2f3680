import { and, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AppliedPromotion } from '@fp/contract';
import {
  evaluatePromotionRules,
  type AppliedPromotionAmount,
  type ItemCategories,
  type PromotionEvaluation,
} from '@fp/contract/pricing';
import type { DbOrTx, Tx } from '../../db/client.js';
import { D, toMoney } from '../../kernel/money.js';
import { categories } from '../categories/schema.js';
import { items } from '../items/schema.js';
import { birthdayPromotionUses } from '../loyalty/schema.js';
import type { SalesLineRow, SalesOrderRow } from '../sales/load.js';
import { counterSettings } from '../system/settings.js';
import { couponUses, promotions, salesOrderPromotions } from './schema.js';

// The promotion discount of an order (issue 9): auto promotions, the applied coupon and the birthday promotion.
// Called by the sales kernel (sales/lines.ts finishDocumentChange) in every transaction that changes a document's
// lines or header, so the discount always follows the lines. The rules are in README.md beside this file; their
// pure part (eligibility, amount, ranking, coupon, birthday) is @fp/contract/pricing, shared with the offline counter.

export type PromotionRow = typeof promotions.$inferSelect;
type Line = Pick<SalesLineRow, 'item_no' | 'amount'>;
type OrderTerms = Pick<
  SalesOrderRow,
  | 'pos_so_no'
  | 'document_type'
  | 'status'
  | 'franchise_code'
  | 'order_date'
  | 'auto_promotion'
  | 'coupon_code'
  | 'loyalty_birthday_used'
  | 'sell_to_code'
  | 'invoice_discount_amount'
  | 'promotion_discount_amount'
>;
export { amountOf, byRank, eligibleNetOf, termsProblem, type Scored } from '@fp/contract/pricing';

/** Promotions apply to orders only (a quote shows catalogue prices; a credit memo carries its order's discounts). */
export const takesPromotions = (o: Pick<SalesOrderRow, 'document_type'>) => o.document_type === 'order';

/** The SQL of "applies to this franchise": no franchise named, or this one among them. */
const forFranchise = (franchiseCode: string): SQL =>
  sql`(cardinality(${promotions.franchise_codes}) = 0 or ${franchiseCode} = any(${promotions.franchise_codes}))`;

/** The automatic promotions in force for an order (the SQL of the contract's autoInForce): active, in date, franchise. */
export const autoInForceSql = (o: Pick<OrderTerms, 'franchise_code' | 'order_date'>) =>
  and(
    eq(promotions.kind, 'auto'),
    eq(promotions.is_active, true),
    lte(promotions.valid_from, o.order_date),
    gte(promotions.valid_to, o.order_date),
    forFranchise(o.franchise_code),
  );

/** The categories of the lines' items, read only when some promotion is scoped to categories. */
export async function itemCategoriesOf(db: DbOrTx, lines: readonly Line[], candidates: readonly PromotionRow[]) {
  const out: ItemCategories = new Map();
  const itemNos = [...new Set(lines.map((l) => l.item_no))];
  if (!candidates.some((p) => p.scope === 'category') || itemNos.length === 0) return out;
  const rows = await db
    .select({ item_no: items.item_no, category: items.category_id, parent: categories.parent_id })
    .from(items)
    .leftJoin(categories, eq(categories.id, items.category_id))
    .where(inArray(items.item_no, itemNos));
  for (const r of rows)
    out.set(r.item_no, {
      category: r.category === null ? null : String(r.category),
      parent: r.parent === null ? null : String(r.parent),
    });
  return out;
}

export type Evaluation = PromotionEvaluation<PromotionRow>;

/**
 * Scores an order with the contract's rules (evaluatePromotionRules): one statement for the candidates (auto
 * promotions in force when auto_promotion is on, and the applied coupon), one for the items' categories when a
 * candidate is scoped to categories, one for the birthday percent when the birthday promotion is used.
 */
export async function evaluatePromotions(
  db: DbOrTx,
  order: OrderTerms,
  lines: readonly Line[],
  o: { couponCode?: string } = {},
): Promise<Evaluation> {
  const couponCode = o.couponCode ?? order.coupon_code;
  const wanted = [
    order.auto_promotion ? autoInForceSql(order) : undefined,
    couponCode ? and(eq(promotions.kind, 'coupon'), eq(promotions.coupon_code, couponCode)) : undefined,
  ].filter((w): w is NonNullable<typeof w> => !!w);
  const candidates = wanted.length
    ? await db
        .select()
        .from(promotions)
        .where(or(...wanted))
    : [];
  const cats = await itemCategoriesOf(db, lines, candidates);
  // The birthday promotion counts while the order holds its customer's use of the year (a changed customer does not).
  const birthdayHeld =
    order.loyalty_birthday_used &&
    !!order.sell_to_code &&
    (
      await db
        .select({ year: birthdayPromotionUses.year })
        .from(birthdayPromotionUses)
        .where(
          and(
            eq(birthdayPromotionUses.customer_no, order.sell_to_code),
            eq(birthdayPromotionUses.pos_so_no, order.pos_so_no),
          ),
        )
    ).length > 0;
  const birthdayPercent = birthdayHeld ? (await counterSettings(db)).birthday_discount_percent : null;
  return evaluatePromotionRules({ order, lines, candidates, couponCode, cats, birthdayPercent });
}

/** The promotions applied to the order `orderNo` names, as appliedPromotionsOf answers them, as one JSON array. */
export const appliedPromotionsJsonSql = (orderNo: SQL): SQL => {
  const p = salesOrderPromotions;
  return sql`coalesce((select json_agg(json_build_object('kind', ${p.kind}, 'promotion_id', ${p.promotion_id},
    'code', ${p.code}, 'description', ${p.description}, 'amount', ${p.amount}::text) order by ${p.id})
    from ${p} where ${p.pos_so_no} = ${orderNo}), '[]'::json)`;
};

/** The applied promotions recorded for an order (the order answer's applied_promotions). */
export async function appliedPromotionsOf(db: DbOrTx, posSoNo: string): Promise<AppliedPromotion[]> {
  const rows = await db
    .select()
    .from(salesOrderPromotions)
    .where(eq(salesOrderPromotions.pos_so_no, posSoNo))
    .orderBy(salesOrderPromotions.id);
  return rows.map((r) => ({
    kind: r.kind,
    promotion_id: r.promotion_id,
    code: r.code,
    description: r.description,
    amount: r.amount,
  }));
}

/**
 * What the promotions take off the order's item lines (a money string ≥ 0, at most the lines' net less the invoice
 * discount), and the record of what applied (sales_order_promotions) rewritten in the same transaction. Computed only
 * while an order is open; from release on it stays what it was (the invoices take it from the order). An order with
 * nothing to apply and nothing applied before costs no statement.
 */
export async function promotionDiscountOf(
  tx: Tx,
  order: SalesOrderRow,
  lines: readonly SalesLineRow[],
  kept?: KeptPromotions,
  /** fresh: the order was created in this transaction and has no applied promotions recorded yet. */
  o: { fresh?: boolean } = {},
): Promise<string> {
  if (!takesPromotions(order)) return '0.00';
  if (order.status !== 'open') return toMoney(order.promotion_discount_amount);
  if (kept) {
    await recordApplied(tx, order.pos_so_no, kept.applied, o.fresh);
    return toMoney(kept.total);
  }
  const before = D(order.promotion_discount_amount);
  if (!order.auto_promotion && !order.coupon_code && !order.loyalty_birthday_used && before.isZero()) return '0.00';
  const result = await evaluatePromotions(tx, order, lines);
  await recordApplied(tx, order.pos_so_no, result.applied, o.fresh);
  return result.total;
}

/**
 * The promotions an offline sale's cashier saw, kept as they were handed over (issue 19, modules/counter): the
 * total and what applied, instead of the server's evaluation (the sale is flagged promotion_changed).
 */
export type KeptPromotions = { total: string; applied: readonly AppliedPromotionAmount[] };

/** The record of what applied to an order (sales_order_promotions), rewritten (a fresh order has none to delete). */
async function recordApplied(tx: Tx, posSoNo: string, applied: readonly AppliedPromotionAmount[], fresh = false) {
  if (!fresh) await tx.delete(salesOrderPromotions).where(eq(salesOrderPromotions.pos_so_no, posSoNo));
  if (applied.length) await tx.insert(salesOrderPromotions).values(applied.map((a) => ({ ...a, pos_so_no: posSoNo })));
}

/** Uses of a coupon by other orders (the usage limit counts them). */
export async function couponUsesOf(db: DbOrTx, promotionId: number, exceptPosSoNo: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(couponUses)
    .where(and(eq(couponUses.promotion_id, promotionId), sql`${couponUses.pos_so_no} <> ${exceptPosSoNo}`));
  return r?.n ?? 0;
}
