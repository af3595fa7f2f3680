import Decimal from 'decimal.js';
import { formatNumber } from './format.js';

// The pricing rules, one copy (issue 19): the pure parts of how a sale is priced — line amounts, a document's totals
// and header discounts, the promotions (eligibility, amount, ranking, the coupon's rules, the birthday promotion),
// the points' worth and the cashier's limits. They take plain data: the server (modules/sales/totals.ts,
// modules/promotions/apply.ts, modules/sales/limits.ts, modules/loyalty/order-points.ts) loads the rows and calls
// them; the offline counter (apps/web) calls them with what GET /api/counter-sales/offline-data answered, so an
// offline sale is priced exactly as the server prices it. Money is decimal (decimal.js), never a JS float.

// ---------- money ----------

export const D = (v: Decimal.Value | null | undefined) => new Decimal(v ?? 0);
/** Money rounded half-up to 2 decimals, as the column stores it ("1234.50"). */
export const toMoney = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
/** A quantity rounded half-up to 5 decimals, without trailing zeros ("1.5"). */
export const toQty = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(5, Decimal.ROUND_HALF_UP).toString();
/** Sum of decimal strings. */
export const sum = (values: Iterable<Decimal.Value>) => {
  let s = new Decimal(0);
  for (const v of values) s = s.plus(v);
  return s;
};
/** The VAT contained in a VAT-inclusive amount (retail prices include VAT): amount × rate / (100 + rate). */
export const vatContained = (amount: Decimal.Value, vatPercent: Decimal.Value) =>
  toMoney(new Decimal(amount).mul(vatPercent).div(new Decimal(100).plus(vatPercent)));

// ---------- lines and documents (issue 8) ----------

export type PricedLine = {
  quantity: Decimal.Value;
  unit_price: Decimal.Value;
  line_discount_amount: Decimal.Value;
  vat_percent: Decimal.Value;
};

/** quantity × unit price − line discount, rounded to money. */
export const lineAmount = (l: Omit<PricedLine, 'vat_percent'>) =>
  toMoney(D(l.quantity).mul(l.unit_price).minus(l.line_discount_amount));

/** The discount of a percent on quantity × unit price. */
export const discountOfPercent = (quantity: Decimal.Value, unitPrice: Decimal.Value, percent: Decimal.Value) =>
  toMoney(D(quantity).mul(unitPrice).mul(percent).div(100));

export type DocumentTotals = {
  subtotal: string;
  line_discount_amount: string;
  /** The discount typed on the header (manual). */
  invoice_discount_amount: string;
  /** What the applied promotions, coupon and birthday promotion take off (issue 9). */
  promotion_discount_amount: string;
  /** What the redeemed points are worth (issue 9). */
  points_discount_amount: string;
  fees_amount: string;
  vat_amount: string;
  grand_total: string;
};

/** A fee on a document: its amount (VAT included) and VAT percent. */
export type FeeAmount = { amount: Decimal.Value; vat_percent: Decimal.Value };

/**
 * The header-level terms of a document's money besides its lines (issue 9): the manual invoice discount, the
 * promotion discount, the points discount (each spread over the lines by amount for VAT) and the fees (added).
 */
export type HeaderTerms = {
  invoiceDiscount?: Decimal.Value;
  promotionDiscount?: Decimal.Value;
  pointsDiscount?: Decimal.Value;
  fees?: readonly FeeAmount[];
};

/** The discounts of a header taken off its lines' net: invoice + promotion + points. */
export const headerDiscount = (t: HeaderTerms) =>
  D(t.invoiceDiscount).plus(D(t.promotionDiscount)).plus(D(t.pointsDiscount));

/**
 * subtotal = Σ quantity × unit price;
 * grand total = subtotal − line discounts − invoice discount − promotion discount − points discount + fees.
 * The VAT contained is Σ of each line's VAT, with the header discounts spread over the lines by amount, plus the
 * VAT each fee contains.
 */
export function documentTotals(lines: readonly PricedLine[], terms: HeaderTerms = {}): DocumentTotals {
  const gross = sum(lines.map((l) => toMoney(D(l.quantity).mul(l.unit_price))));
  const lineDiscounts = sum(lines.map((l) => l.line_discount_amount));
  const net = gross.minus(lineDiscounts);
  const discount = headerDiscount(terms);
  const fees = terms.fees ?? [];
  const feesAmount = sum(fees.map((f) => toMoney(f.amount)));
  const share = net.isZero() ? D(0) : D(1).minus(discount.div(net));
  const vat = sum(lines.map((l) => vatContained(D(lineAmount(l)).mul(share), l.vat_percent))).plus(
    sum(fees.map((f) => vatContained(f.amount, f.vat_percent))),
  );
  return {
    subtotal: toMoney(gross),
    line_discount_amount: toMoney(lineDiscounts),
    invoice_discount_amount: toMoney(D(terms.invoiceDiscount)),
    promotion_discount_amount: toMoney(D(terms.promotionDiscount)),
    points_discount_amount: toMoney(D(terms.pointsDiscount)),
    fees_amount: toMoney(feesAmount),
    vat_amount: toMoney(vat),
    grand_total: toMoney(net.minus(discount).plus(feesAmount)),
  };
}

// ---------- promotions (issue 9) ----------

/** A promotion as the rules need it (a promotions row, or offline-data's `promotions`). */
export type PricingPromotion = {
  id: number;
  kind: 'auto' | 'coupon';
  code: string;
  coupon_code: string;
  description: string;
  discount_type: string;
  discount_value: Decimal.Value;
  scope: string;
  scope_values: readonly string[];
  min_order_amount: Decimal.Value;
  valid_from: string;
  valid_to: string;
  franchise_codes: readonly string[];
  priority: number;
  is_active: boolean;
  usage_limit?: number | null;
};

/** A line as the promotions see it: its item and its amount (after the line discount). */
export type PromotionLine = { item_no: string; amount: Decimal.Value };

/** The order's terms the promotions read. */
export type PromotionOrder = {
  franchise_code: string;
  /** YYYY-MM-DD: the business day of the order. */
  order_date: string;
  auto_promotion: boolean;
  invoice_discount_amount: Decimal.Value;
};

/** An item's category and that category's parent (a category covers its sub-categories). */
export type ItemCategories = Map<string, { category: string | null; parent: string | null }>;
export type Scored<P extends PricingPromotion = PricingPromotion> = {
  promotion: P;
  eligible: Decimal;
  amount: Decimal;
};

/** One promotion applied to an order (the order answer's applied_promotions). */
export type AppliedPromotionAmount = {
  kind: 'auto' | 'coupon' | 'birthday';
  promotion_id: number | null;
  code: string;
  description: string;
  amount: string;
};

/** The code of the birthday promotion among an order's applied promotions. */
export const BIRTHDAY_PROMOTION_CODE = 'BIRTHDAY';

/**
 * Whether the birthday promotion may be taken on an order of `date` (YYYY-MM-DD): in the customer's birthday month,
 * once per customer per year. `birthDate` null (or the empty 0001-01-01) is not known; `usedYear` is the latest year
 * the customer took it (null: never). The server (loyalty/birthday.ts) and the offline counter both decide by this.
 */
export function birthdayVerdict(
  birthDate: string | null,
  usedYear: number | null,
  date: string,
): 'no_birth_date' | 'not_birthday_month' | 'used_this_year' | 'eligible' {
  if (!birthDate || birthDate === '0001-01-01') return 'no_birth_date';
  if (birthDate.slice(5, 7) !== date.slice(5, 7)) return 'not_birthday_month';
  if (usedYear !== null && usedYear === Number(date.slice(0, 4))) return 'used_this_year';
  return 'eligible';
}

/** The lines' net a promotion's scope covers (all; items named; items of the categories named or their sub-categories). */
export function eligibleNetOf(p: PricingPromotion, lines: readonly PromotionLine[], cats: ItemCategories): Decimal {
  const values = new Set(p.scope_values);
  const covered = (l: PromotionLine) => {
    if (p.scope === 'all') return true;
    if (p.scope === 'item') return values.has(l.item_no.toUpperCase());
    const c = cats.get(l.item_no);
    return !!c && ((c.category !== null && values.has(c.category)) || (c.parent !== null && values.has(c.parent)));
  };
  return sum(lines.filter(covered).map((l) => l.amount));
}

/** What a promotion takes off an eligible net: 0 below its minimum; a percent of it; an amount capped at it. */
export function amountOf(p: PricingPromotion, eligible: Decimal): Decimal {
  if (eligible.lte(0) || eligible.lt(D(p.min_order_amount))) return D(0);
  if (p.discount_type === 'percent') return D(toMoney(eligible.mul(p.discount_value).div(100)));
  return Decimal.min(D(p.discount_value), eligible);
}

/** The larger discount first; ties: higher priority, then code (the order every selection uses). */
export const byRank = (a: Scored, b: Scored) =>
  b.amount.comparedTo(a.amount) ||
  b.promotion.priority - a.promotion.priority ||
  (a.promotion.code < b.promotion.code ? -1 : a.promotion.code > b.promotion.code ? 1 : 0);

/** Why a promotion does not apply to an order on its date and franchise (null: it does). */
export function termsProblem(
  p: Pick<PricingPromotion, 'is_active' | 'valid_from' | 'valid_to' | 'franchise_codes'>,
  o: Pick<PromotionOrder, 'franchise_code' | 'order_date'>,
  what: string,
) {
  if (!p.is_active) return `${what} is not active`;
  if (o.order_date < p.valid_from) return `${what} is valid from ${p.valid_from}`;
  if (o.order_date > p.valid_to) return `${what} expired on ${p.valid_to}`;
  if (p.franchise_codes.length > 0 && !p.franchise_codes.includes(o.franchise_code))
    return `${what} is not valid for franchise ${o.franchise_code}`;
  return null;
}

/** An automatic promotion in force for the order: active, in date on the order date, for its franchise. */
export const autoInForce = (p: PricingPromotion, o: Pick<PromotionOrder, 'franchise_code' | 'order_date'>) =>
  p.kind === 'auto' && termsProblem(p, o, 'promotion') === null;

export type PromotionEvaluation<P extends PricingPromotion = PricingPromotion> = {
  /** The best automatic promotion that gives something (null: none, or auto promotion off). */
  auto: Scored<P> | null;
  /** The order's applied coupon as it scores now (null: no coupon). */
  coupon: Scored<P> | null;
  /** What applies, in order: the one promotion (auto or coupon), then the birthday promotion. */
  applied: AppliedPromotionAmount[];
  total: string;
};

/**
 * The promotion discount of an order: the best automatic promotion in force (when auto_promotion is on) or the
 * applied coupon, whichever takes more (one of the two), at most what is left after the invoice discount; then the
 * birthday promotion (`birthdayPercent`, when the order holds the customer's use of the year) on what is left.
 * `candidates` may hold any promotions: the automatic ones not in force and the coupons other than `couponCode` are
 * left out here. An applied coupon keeps applying even if it was deactivated later (it was valid when applied); its
 * dates, franchise and minimum still count.
 */
export function evaluatePromotionRules<P extends PricingPromotion>(input: {
  order: PromotionOrder;
  lines: readonly PromotionLine[];
  candidates: readonly P[];
  couponCode: string;
  cats: ItemCategories;
  /** The birthday promotion's percent when the order holds it (null/undefined: it does not). */
  birthdayPercent?: Decimal.Value | null;
}): PromotionEvaluation<P> {
  const { order, lines, cats, couponCode } = input;
  const net = sum(lines.map((l) => l.amount));
  const left = Decimal.max(0, net.minus(D(order.invoice_discount_amount)));
  const score = (p: P): Scored<P> => {
    const eligible = eligibleNetOf(p, lines, cats);
    return { promotion: p, eligible, amount: amountOf(p, eligible) };
  };
  const autos = order.auto_promotion
    ? input.candidates
        .filter((p) => autoInForce(p, order))
        .map(score)
        .filter((s) => s.amount.gt(0))
        .sort(byRank)
    : [];
  const couponRow = couponCode
    ? input.candidates.find((p) => p.kind === 'coupon' && p.coupon_code === couponCode)
    : undefined;
  const coupon =
    couponRow && termsProblem({ ...couponRow, is_active: true }, order, 'coupon') === null ? score(couponRow) : null;
  const ranked = [autos[0], coupon].filter((s): s is Scored<P> => !!s && s.amount.gt(0)).sort(byRank);
  const applied: AppliedPromotionAmount[] = [];
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
  if (input.birthdayPercent !== undefined && input.birthdayPercent !== null) {
    const percent = input.birthdayPercent;
    const birthday = D(toMoney(left.minus(taken).mul(percent).div(100)));
    if (birthday.gt(0)) {
      applied.push({
        kind: 'birthday',
        promotion_id: null,
        code: BIRTHDAY_PROMOTION_CODE,
        description: `Birthday promotion ${toMoney(percent)}%`,
        amount: toMoney(birthday),
      });
      taken = taken.plus(birthday);
    }
  }
  return { auto: autos[0] ?? null, coupon, applied, total: toMoney(taken) };
}

/** An amount in a message as the screens show money: German style, at most 2 decimals (1.234.567,5). */
const vnd = (v: Decimal.Value) => formatNumber(toMoney(v));

export type CouponVerdict<P extends PricingPromotion = PricingPromotion> = {
  valid: boolean;
  reason: string;
  discount: string;
  promotion?: P;
};

/**
 * Whether a coupon may be applied to an order (POST /api/sales-orders/coupon-check and apply): found, not already
 * applied, active and in date for the franchise, some line eligible, the minimum reached, uses left
 * (`usesByOthers` < usage_limit), and more than the automatic promotion already takes (`autoAmount`).
 */
export function couponRules<P extends PricingPromotion>(input: {
  code: string;
  promotion: P | undefined;
  order: PromotionOrder & { coupon_code: string };
  lines: readonly PromotionLine[];
  cats: ItemCategories;
  usesByOthers: number;
  /** The best automatic promotion of the order without a coupon (null: none). */
  auto: Scored | null;
}): CouponVerdict<P> {
  const { code, promotion: p, order, lines } = input;
  const no = (reason: string): CouponVerdict<P> => ({ valid: false, reason, discount: '0.00', promotion: p });
  const what = `Coupon ${code}`;
  if (!p) return no(`${what} not found`);
  if (order.coupon_code === code) return no(`${what} is already applied to this order`);
  const terms = termsProblem(p, order, what);
  if (terms) return no(terms);
  const eligible = eligibleNetOf(p, lines, input.cats);
  if (eligible.lte(0)) return no(`No line of this order is eligible for coupon ${code}`);
  if (eligible.lt(D(p.min_order_amount)))
    return no(`${what} needs an order of at least ${vnd(p.min_order_amount)} (eligible now ${vnd(eligible)})`);
  if (p.usage_limit !== null && p.usage_limit !== undefined && input.usesByOthers >= p.usage_limit)
    return no(`${what} has reached its usage limit of ${p.usage_limit}`);
  const amount = amountOf(p, eligible);
  const auto = input.auto;
  if (auto && auto.amount.gte(amount))
    return no(
      `The automatic promotion ${auto.promotion.code} already takes ${vnd(auto.amount)} off; coupon ${code} would take ${vnd(amount)}`,
    );
  const left = Decimal.max(0, sum(lines.map((l) => l.amount)).minus(D(order.invoice_discount_amount)));
  const discount = toMoney(Decimal.min(amount, left));
  return { valid: true, reason: `${what} takes ${vnd(discount)} off this order`, discount, promotion: p };
}

// ---------- points (issue 9) ----------

/**
 * What `points` redeemed on an order are worth at `pointValue` each, at most `payable` (what is left after the other
 * discounts).
 */
export const pointsWorth = (points: Decimal.Value, pointValue: Decimal.Value, payable: Decimal.Value) =>
  toMoney(Decimal.min(D(points).mul(pointValue), D(payable)));

// ---------- cashier limits (issue 9) ----------

/** The discount as a percent of quantity × price (0 when the line is worth nothing). */
export function effectiveDiscountPercent(quantity: Decimal.Value, unitPrice: Decimal.Value, discount: Decimal.Value) {
  const gross = D(quantity).mul(unitPrice);
  return gross.isZero() ? D(0) : D(discount).div(gross).mul(100);
}

/** A line's discount as a percent: the percent typed, else the amount's share of quantity × price. */
export const lineDiscountPercent = (l: {
  quantity: Decimal.Value;
  unit_price: Decimal.Value;
  line_discount_percent: Decimal.Value;
  line_discount_amount: Decimal.Value;
}) =>
  !D(l.line_discount_percent).isZero()
    ? D(l.line_discount_percent)
    : effectiveDiscountPercent(l.quantity, l.unit_price, l.line_discount_amount);

/**
 * Whether a line's discount goes beyond the cashier's limit (the counter setting max_line_discount_percent) where
 * the user lacks Discount Above Limit: true when it does, and it is more than the line had before (`before`, an
 * update keeping it).
 */
export function discountAboveLimit(
  line: Parameters<typeof lineDiscountPercent>[0],
  limits: { maxDiscountPercent: Decimal.Value; mayDiscountAboveLimit: boolean },
  before?: Parameters<typeof lineDiscountPercent>[0],
): boolean {
  if (limits.mayDiscountAboveLimit) return false;
  const now = lineDiscountPercent(line);
  return now.gt(D(limits.maxDiscountPercent)) && now.gt(before ? lineDiscountPercent(before) : D(0));
}

/** Whether a price the user gives is an override (not the catalogue's) that needs Override Price. */
export const priceOverrideRefused = (given: Decimal.Value, catalogue: Decimal.Value, mayOverridePrice: boolean) =>
  !mayOverridePrice && !D(given).eq(D(catalogue));
