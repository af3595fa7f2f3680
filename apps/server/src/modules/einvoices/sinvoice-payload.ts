import Decimal from 'decimal.js';
import { amountInVietnameseWords } from '@fp/contract';
import { D, sum } from '../../kernel/money.js';
import type { SInvoiceAccount } from './config.js';

// The createInvoice body of Viettel SInvoice from a posted document (issue 21, "Facts of the format"). The product's
// prices include VAT; SInvoice wants each line without tax and the tax apart: the document's amount to the dong is
// shared over the VAT rates by largest remainder, and each rate's amount W splits into A = round(W / (1 + r)) without tax and T = W − A tax, and A and T are apportioned over
// the lines by largest remainder, so each line's tax is its amount × rate within 1 VND, the lines sum to
// summarizeInfo and taxBreakdowns exactly, and the total with tax is what the customer paid (rounded to the dong).
// Header discounts (invoice, promotion, points) are spread over the item lines by amount, as the VAT is
// (sales/totals.ts); what a line gives off without tax is its itemDiscount.

/** A line of the posted document, VAT included (the posted sales line's fields). */
export type SourceLine = {
  item_no: string;
  description: string;
  unit_of_measure: string;
  quantity: string;
  unit_price: string;
  /** After the line discount, VAT included. */
  amount: string;
  vat_percent: string;
};

export type EInvoiceSource = {
  transactionUuid: string;
  kind: 'invoice' | 'credit_memo';
  account: SInvoiceAccount;
  /** When the document was posted (the invoice's issue time; ms since epoch). */
  issuedAtMs: number;
  buyer: { name: string; taxCode: string; companyName: string; address: string; phone: string; code: string };
  lines: SourceLine[];
  /** The header discounts on the item lines (VAT included), ≥ 0. */
  headerDiscount: string;
  /** Fees billed with the document (VAT included). */
  fees: { code: string; description: string; amount: string; vat_percent: string }[];
  paymentMethodName: string;
  /** A credit memo: the invoice it adjusts (its provider number and issue time) and how (5 adjust, 3 replace). */
  original?: { invoiceNo: string; issuedAtMs: number; templateCode: string; series: string; documentNo: string };
  adjustmentType?: '3' | '5';
};

export type SInvoiceItem = {
  lineNumber: number;
  selection: 1;
  itemCode: string;
  itemName: string;
  unitName: string;
  unitPrice: number;
  quantity: number;
  itemTotalAmountWithoutTax: number;
  taxPercentage: number;
  taxAmount: number;
  itemTotalAmountWithTax: number;
  discount: number;
  itemDiscount: number;
  isIncreaseItem: boolean | null;
};

export type SInvoiceCreateBody = {
  generalInvoiceInfo: {
    invoiceType: string;
    templateCode: string;
    invoiceSeries: string;
    invoiceIssuedDate: number;
    currencyCode: 'VND';
    exchangeRate: number;
    adjustmentType: '1' | '3' | '5';
    paymentStatus: boolean;
    cusGetInvoiceRight: boolean;
    transactionUuid: string;
    originalInvoiceId?: string;
    originalInvoiceIssueDate?: number;
    originalTemplateCode?: string;
    adjustmentInvoiceType?: string;
    additionalReferenceDesc?: string;
    additionalReferenceDate?: number;
  };
  buyerInfo: {
    buyerName: string;
    buyerLegalName: string;
    buyerTaxCode: string;
    buyerAddressLine: string;
    buyerPhoneNumber: string;
    buyerCode: string;
  };
  sellerInfo: { sellerTaxCode: string };
  payments: { paymentMethodName: string }[];
  itemInfo: SInvoiceItem[];
  summarizeInfo: {
    sumOfTotalLineAmountWithoutTax: number;
    totalAmountWithoutTax: number;
    totalTaxAmount: number;
    totalAmountWithTax: number;
    totalAmountWithTaxInWords: string;
    discountAmount: number;
    isTotalAmountPos: boolean;
    isTotalTaxAmountPos: boolean;
    isTotalAmtWithoutTaxPos: boolean;
    isDiscountAmtPos: boolean;
  };
  taxBreakdowns: { taxPercentage: number; taxableAmount: number; taxAmount: number }[];
};

/** "invoiceType" of a template: its number before the slash (1/001 → "1", a VAT invoice). */
export const invoiceTypeOf = (templateCode: string) => templateCode.split('/')[0] ?? '1';

/**
 * Whole numbers that add up to `total` with each within 1 of its exact share: floors, then one more to the largest
 * remainders (or one less from the smallest) until the total is met.
 */
export function apportion(exact: readonly Decimal[], total: number): number[] {
  const out = exact.map((e) => e.floor().toNumber());
  let rest = total - out.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, frac: e.minus(e.floor()).toNumber() }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; rest > 0 && order.length > 0; k = (k + 1) % order.length, rest--) out[order[k].i] += 1;
  for (let k = order.length - 1; rest < 0 && order.length > 0; k = (k - 1 + order.length) % order.length, rest++)
    out[order[k].i] -= 1;
  return out;
}

/** Shares of `amount` proportional to weights, in cents, adding up exactly (largest remainder). */
function spread(amount: Decimal, weights: readonly Decimal[]): Decimal[] {
  const total = sum(weights);
  if (amount.isZero() || total.isZero()) return weights.map(() => D(0));
  const cents = apportion(
    weights.map((w) => amount.mul(100).mul(w).div(total)),
    amount.mul(100).toDecimalPlaces(0).toNumber(),
  );
  return cents.map((c) => D(c).div(100));
}

type Row = {
  itemCode: string;
  itemName: string;
  unitName: string;
  quantity: Decimal;
  grossUnitPrice: Decimal;
  /** Net of every discount, VAT included. */
  net: Decimal;
  rate: Decimal;
};

/** The createInvoice body of a document (see the top of this file). */
export function sinvoiceBody(src: EInvoiceSource): SInvoiceCreateBody {
  const items = src.lines.filter((l) => !D(l.quantity).isZero());
  const shares = spread(
    D(src.headerDiscount),
    items.map((l) => D(l.amount)),
  );
  const rows: Row[] = [
    ...items.map((l, i) => ({
      itemCode: l.item_no,
      itemName: l.description || l.item_no,
      unitName: l.unit_of_measure,
      quantity: D(l.quantity),
      grossUnitPrice: D(l.unit_price),
      net: D(l.amount).minus(shares[i]),
      rate: D(l.vat_percent),
    })),
    ...src.fees
      .filter((f) => !D(f.amount).isZero())
      .map((f) => ({
        itemCode: f.code,
        itemName: f.description || f.code,
        unitName: 'Lần',
        quantity: D(1),
        grossUnitPrice: D(f.amount),
        net: D(f.amount),
        rate: D(f.vat_percent),
      })),
  ];
  const rates = [...new Set(rows.map((r) => r.rate.toString()))].map((r) => D(r)).sort((a, b) => a.cmp(b));
  const withoutTax = new Map<Row, number>();
  const tax = new Map<Row, number>();
  const breakdowns: SInvoiceCreateBody['taxBreakdowns'] = [];
  // The document's total to the dong, shared over the rates by largest remainder (so it is what the customer paid).
  const grossOf = (rate: Decimal) => sum(rows.filter((r) => r.rate.eq(rate)).map((r) => r.net));
  const wholes = apportion(
    rates.map(grossOf),
    sum(rows.map((r) => r.net))
      .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
      .toNumber(),
  );
  for (const [ri, rate] of rates.entries()) {
    const group = rows.filter((r) => r.rate.eq(rate));
    const k = D(1).plus(rate.div(100));
    const whole = D(wholes[ri]);
    const a = whole.div(k).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
    const t = whole.minus(a);
    const amounts = apportion(
      group.map((r) => r.net.div(k)),
      a.toNumber(),
    );
    group.forEach((r, i) => withoutTax.set(r, amounts[i]));
    const taxes = apportion(
      amounts.map((x) => D(x).mul(rate).div(100)),
      t.toNumber(),
    );
    group.forEach((r, i) => tax.set(r, taxes[i]));
    breakdowns.push({ taxPercentage: rate.toNumber(), taxableAmount: a.toNumber(), taxAmount: t.toNumber() });
  }
  const decrease = src.kind === 'credit_memo';
  const itemInfo: SInvoiceItem[] = rows.map((r, i) => {
    const k = D(1).plus(r.rate.div(100));
    const unitPrice = r.grossUnitPrice.div(k).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const a = withoutTax.get(r)!;
    const before = r.quantity.mul(unitPrice);
    const discount = Decimal.max(0, before.minus(a)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    return {
      lineNumber: i + 1,
      selection: 1,
      itemCode: r.itemCode,
      itemName: r.itemName,
      unitName: r.unitName,
      unitPrice: unitPrice.toNumber(),
      quantity: r.quantity.toNumber(),
      itemTotalAmountWithoutTax: a,
      taxPercentage: r.rate.toNumber(),
      taxAmount: tax.get(r)!,
      itemTotalAmountWithTax: a + tax.get(r)!,
      discount: 0,
      itemDiscount: discount.toNumber(),
      isIncreaseItem: decrease ? false : null,
    };
  });
  const totalWithoutTax = breakdowns.reduce((s, b) => s + b.taxableAmount, 0);
  const totalTax = breakdowns.reduce((s, b) => s + b.taxAmount, 0);
  const discountAmount = itemInfo.reduce((s, l) => s + l.itemDiscount, 0);
  const adjustment = decrease ? (src.adjustmentType ?? '5') : '1';
  const general: SInvoiceCreateBody['generalInvoiceInfo'] = {
    invoiceType: invoiceTypeOf(src.account.templateCode),
    templateCode: src.account.templateCode,
    invoiceSeries: src.account.invoiceSeries,
    invoiceIssuedDate: src.issuedAtMs,
    currencyCode: 'VND',
    exchangeRate: 1,
    adjustmentType: adjustment,
    paymentStatus: true,
    cusGetInvoiceRight: true,
    transactionUuid: src.transactionUuid,
  };
  if (decrease && src.original) {
    Object.assign(general, {
      originalInvoiceId: src.original.invoiceNo,
      originalInvoiceIssueDate: src.original.issuedAtMs,
      originalTemplateCode: src.original.templateCode,
      // 1: an adjustment of money (the amounts go down), as a credit memo is
      adjustmentInvoiceType: '1',
      additionalReferenceDesc: `Điều chỉnh giảm cho hóa đơn ${src.original.invoiceNo} (${src.original.documentNo})`,
      additionalReferenceDate: src.issuedAtMs,
    });
  }
  return {
    generalInvoiceInfo: general,
    buyerInfo: {
      buyerName: src.buyer.name,
      buyerLegalName: src.buyer.taxCode ? src.buyer.companyName : '',
      buyerTaxCode: src.buyer.taxCode,
      buyerAddressLine: src.buyer.address,
      buyerPhoneNumber: src.buyer.phone,
      buyerCode: src.buyer.code,
    },
    sellerInfo: { sellerTaxCode: src.account.supplierTaxCode },
    payments: [{ paymentMethodName: src.paymentMethodName }],
    itemInfo,
    summarizeInfo: {
      sumOfTotalLineAmountWithoutTax: totalWithoutTax,
      totalAmountWithoutTax: totalWithoutTax,
      totalTaxAmount: totalTax,
      totalAmountWithTax: totalWithoutTax + totalTax,
      totalAmountWithTaxInWords: amountInVietnameseWords(totalWithoutTax + totalTax),
      discountAmount: D(discountAmount).toDecimalPlaces(2).toNumber(),
      isTotalAmountPos: !decrease,
      isTotalTaxAmountPos: !decrease,
      isTotalAmtWithoutTaxPos: !decrease,
      isDiscountAmtPos: !decrease,
    },
    taxBreakdowns: breakdowns,
  };
}
