import Decimal from 'decimal.js';
import { and, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AppliedPromotion } from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { D, sum, toMoney } from '../../kernel/money.js';
import { categories } from '../categories/schema.js';
import { items } from '../items/schema.js';
import { birthdayPromotionUses } from '../loyalty/schema.js';
import type { SalesLineRow, SalesOrderRow } from '../sales/load.js';
import { counterSettings } from '../system/settings.js';
import { couponUses, promotions, salesOrderPromotions } from './schema.js';

// The promotion discount of an order (issue 9): auto promotions, the applied coupon and the birthday promotion.
// Called by the sales kernel (sales/lines.ts finishDocumentChange) in every transaction that changes a document's
// lines or header, so the discount always follows the lines. The rules are in README.md beside this file.

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
/** An item's category and that category's parent (a category covers its sub-categories). */
type ItemCategories = Map<string, { category: string | null; parent: string | null }>;
export type Scored = { promotion: PromotionRow; eligible: Decimal; amount: Decimal };

/** Promotions apply to orders only (a quote shows catalogue prices; a credit memo carries its order's discounts). */
export const takesPromotions = (o: Pick<SalesOrderRow, 'document_type'>) => o.document_type === 'order';

/** The SQL of "applies to this franchise": no franchise named, or this one among them. */
const forFranchise = (franchiseCode: string): SQL =>
  sql`(cardinality(${promotions.franchise_codes}) = 0 or ${franchiseCode} = any(${promotions.franchise_codes}))`;

/** The automatic promotions in force for an order: active, in date on the order date, for its franchise. */
const autoInForce = (o: Pick<OrderTerms, 'franchise_code' | 'order_date'>) =>
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

/** The lines' net a promotion's scope covers (all; items named; items of the categories named or their sub-categories). */
export function eligibleNetOf(p: PromotionRow, lines: readonly Line[], cats: ItemCategories): Decimal {
  const values = new Set(p.scope_values);
  const covered = (l: Line) => {
    if (p.scope === 'all') return true;
    if (p.scope === 'item') return values.has(l.item_no.toUpperCase());
    const c = cats.get(l.item_no);
    return !!c && ((c.category !== null && values.has(c.category)) || (c.parent !== null && values.has(c.parent)));
  };
  return sum(lines.filter(covered).map((l) => l.amount));
}

/** What a promotion takes off an eligible net: 0 below its minimum; a percent of it; an amount capped at it. */
export function amountOf(p: PromotionRow, eligible: Decimal): Decimal {
  if (eligible.lte(0) || eligible.lt(p.min_order_amount)) return D(0);
  if (p.discount_type === 'percent') return D(toMoney(eligible.mul(p.discount_value).div(100)));
  return Decimal.min(D(p.discount_value), eligible);
}

/** The larger discount first; ties: higher priority, then code (the order every selection uses). */
export const byRank = (a: Scored, b: Scored) =>
  b.amount.comparedTo(a.amount) ||
  b.promotion.priority - a.promotion.priority ||
  (a.promotion.code < b.promotion.code ? -1 : a.promotion.code > b.promotion.code ? 1 : 0);

/** Why a promotion does not apply to an order on its date and franchise (null: it does). */
export function termsProblem(p: PromotionRow, o: Pick<OrderTerms, 'franchise_code' | 'order_date'>, what: string) {
  if (!p.is_active) return `${what} is not active`;
  if (o.order_date < p.valid_from) return `${what} is valid from ${p.valid_from}`;
  if (o.order_date > p.valid_to) return `${what} expired on ${p.valid_to}`;
  if (p.franchise_codes.length > 0 && !p.franchise_codes.includes(o.franchise_code))
    return `${what} is not valid for franchise ${o.franchise_code}`;
  return null;
}

export type Evaluation = {
  /** The best automatic promotion that gives something (null: none, or auto promotion off). */
  auto: Scored | null;
  /** The order's applied coupon as it scores now (null: no coupon). */
  coupon: Scored | null;
  /** What applies, in order: the one promotion (auto or coupon), then the birthday promotion. */
  applied: AppliedPromotion[];
  total: string;
};

/**
 * Scores an order: one statement for the candidates (auto promotions in force when auto_promotion is on, and the
 * applied coupon), one for the items' categories when a candidate is scoped to categories, one for the birthday
 * percent when the birthday promotion is used. An applied coupon keeps applying on its order even if it was
 * deactivated later (it was valid when applied); its dates, franchise and minimum still count.
 */
export async function evaluatePromotions(
  db: DbOrTx,
  order: OrderTerms,
  lines: readonly Line[],
  o: { couponCode?: string } = {},
): Promise<Evaluation> {
  const couponCode = o.couponCode ?? order.coupon_code;
  const net = sum(lines.map((l) => l.amount));
  const left = Decimal.max(0, net.minus(order.invoice_discount_amount));
  const wanted = [
    order.auto_promotion ? autoInForce(order) : undefined,
    couponCode ? and(eq(promotions.kind, 'coupon'), eq(promotions.coupon_code, couponCode)) : undefined,
  ].filter((w): w is NonNullable<typeof w> => !!w);
  const candidates = wanted.length
    ? await db
        .select()
        .from(promotions)
        .where(or(...wanted))
    : [];
  const cats = await itemCategoriesOf(db, lines, candidates);
  const score = (p: PromotionRow): Scored => {
    const eligible = eligibleNetOf(p, lines, cats);
    return { promotion: p, eligible, amount: amountOf(p, eligible) };
  };
  const autos = candidates
    .filter((p) => p.kind === 'auto')
    .map(score)
    .filter((s) => s.amount.gt(0))
    .sort(byRank);
  const couponRow = candidates.find((p) => p.kind === 'coupon');
  const coupon =
    couponRow && termsProblem({ ...couponRow, is_active: true }, order, 'coupon') === null ? score(couponRow) : null;
  const ranked = [autos[0], coupon].filter((s): s is Scored => !!s && s.amount.gt(0)).sort(byRank);
  const applied: AppliedPromotion[] = [];
  let taken = D(0);
  const best = ranked[0];
  if (best) {
    taken = Decimal.min(best.amount, left);
    if (taken.gt(0))
      applied.push({
        kind: best.promotion.kind,
        promotion_id: best.promotion.id,
        code: best.promotion.kind === 'coupon' ? best.promotion.coupon_code : best.promotion.code,
        description: best.promotion.description,
        amount: toMoney(taken),
      });
  }
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
  if (birthdayHeld) {
    const { birthday_discount_percent: percent } = await counterSettings(db);
    const birthday = D(toMoney(left.minus(taken).mul(percent).div(100)));
    if (birthday.gt(0)) {
      applied.push({
        kind: 'birthday',
        promotion_id: null,
        code: 'BIRTHDAY',
        description: `Birthday promotion ${toMoney(percent)}%`,
        amount: toMoney(birthday),
      });
      taken = taken.plus(birthday);
    }
  }
  return { auto: autos[0] ?? null, coupon, applied, total: toMoney(taken) };
}

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
): Promise<string> {
  if (!takesPromotions(order)) return '0.00';
  if (order.status !== 'open') return toMoney(order.promotion_discount_amount);
  const before = D(order.promotion_discount_amount);
  if (!order.auto_promotion && !order.coupon_code && !order.loyalty_birthday_used && before.isZero()) return '0.00';
  const result = await evaluatePromotions(tx, order, lines);
  await tx.delete(salesOrderPromotions).where(eq(salesOrderPromotions.pos_so_no, order.pos_so_no));
  if (result.applied.length)
    await tx.insert(salesOrderPromotions).values(result.applied.map((a) => ({ ...a, pos_so_no: order.pos_so_no })));
  return result.total;
}

/** Uses of a coupon by other orders (the usage limit counts them). */
export async function couponUsesOf(db: DbOrTx, promotionId: number, exceptPosSoNo: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(couponUses)
    .where(and(eq(couponUses.promotion_id, promotionId), sql`${couponUses.pos_so_no} <> ${exceptPosSoNo}`));
  return r?.n ?? 0;
}
