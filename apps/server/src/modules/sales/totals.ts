import Decimal from 'decimal.js';
import { D, sum, toMoney, vatContained } from '../../kernel/money.js';

// The money of a sales document, computed, never typed (issue 8): retail prices include VAT, so the VAT of a line is
// what its amount contains, never added on top. One implementation for the document, its list, the invoice and the
// books checker's expectations.

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
  /** What the applied promotions, coupon and birthday promotion take off (modules/promotions, issue 9). */
  promotion_discount_amount: string;
  /** What the redeemed points are worth (modules/loyalty/order-points.ts, issue 9). */
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
