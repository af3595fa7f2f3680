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
  invoice_discount_amount: string;
  fees_amount: string;
  vat_amount: string;
  grand_total: string;
};

/**
 * subtotal = Σ quantity × unit price; grand total = subtotal − line discounts − invoice discount + fees.
 * The VAT contained is Σ of each line's VAT, with the invoice discount spread over the lines by amount.
 */
export function documentTotals(
  lines: readonly PricedLine[],
  invoiceDiscount: Decimal.Value = 0,
  fees: Decimal.Value = 0,
): DocumentTotals {
  const gross = sum(lines.map((l) => toMoney(D(l.quantity).mul(l.unit_price))));
  const lineDiscounts = sum(lines.map((l) => l.line_discount_amount));
  const net = gross.minus(lineDiscounts);
  const discount = D(invoiceDiscount);
  const share = net.isZero() ? D(0) : D(1).minus(discount.div(net));
  const vat = sum(lines.map((l) => vatContained(D(lineAmount(l)).mul(share), l.vat_percent)));
  return {
    subtotal: toMoney(gross),
    line_discount_amount: toMoney(lineDiscounts),
    invoice_discount_amount: toMoney(discount),
    fees_amount: toMoney(fees),
    vat_amount: toMoney(vat),
    grand_total: toMoney(net.minus(discount).plus(fees)),
  };
}
