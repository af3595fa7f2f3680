import Decimal from 'decimal.js';
import { D, sum, toMoney, vatContained } from '../../../kernel/money.js';
import { lineLocation, type PurchaseLineRow, type PurchaseOrderRow } from './order.js';

// What a posting of a purchase order moves, priced (COMMON "Purchase order money"): a head office invoice line, a
// receipt line or a credit memo line of `quantity` of an order line. Amounts are cumulative: the part of a line's
// amount up to a quantity is round(amount × so far / purchase_qty), and a posting carries after − before, so the
// posted parts of a line add up to the line exactly however it was split. The invoice discount likewise: discount ×
// (net moved so far / total_lines), after − before, so the last part takes the remainder. One function for the head
// office invoices (moved = shipped) and the credit memos (moved = credited).

/** One movement of a line: `quantity` more on top of `before` already moved (shipped, received or credited). */
export type PurchaseMovement = { line: PurchaseLineRow; before: string; quantity: string };

export type PostedPurchaseLine = {
  line_no: number;
  order_line_no: number;
  item_no: string;
  variant_code: string;
  description: string;
  unit_of_measure: string;
  qty_per_unit_of_measure: string;
  location_code: string;
  quantity: string;
  unit_price: string;
  line_discount_amount: string;
  amount: string;
  vat_percent: string;
};

/** round(amount × soFar / quantity): a line's part of an amount for a cumulative quantity. */
const shareOf = (amount: Decimal.Value, soFar: Decimal.Value, quantity: Decimal.Value) =>
  D(quantity).isZero() ? D(0) : D(toMoney(D(amount).mul(soFar).div(quantity)));

/** The line's net amount up to a cumulative quantity. */
export const netUpTo = (l: PurchaseLineRow, soFar: Decimal.Value) => shareOf(l.amount, soFar, l.purchase_qty);

/** The posted lines of movements, numbered 10000, 20000, … in order. */
export function postedPurchaseLinesOf(
  order: PurchaseOrderRow,
  moves: readonly PurchaseMovement[],
): PostedPurchaseLine[] {
  return moves.map((m, i) => {
    const after = D(m.before).plus(m.quantity);
    const l = m.line;
    return {
      line_no: (i + 1) * 10000,
      order_line_no: l.line_no,
      item_no: l.item_no,
      variant_code: l.variant_code,
      description: l.description,
      unit_of_measure: l.unit_of_measure,
      qty_per_unit_of_measure: l.qty_per_unit_of_measure,
      location_code: lineLocation(l, order),
      quantity: m.quantity,
      unit_price: l.unit_price,
      line_discount_amount: toMoney(
        shareOf(l.line_discount_amount, after, l.purchase_qty).minus(
          shareOf(l.line_discount_amount, m.before, l.purchase_qty),
        ),
      ),
      amount: toMoney(netUpTo(l, after).minus(netUpTo(l, m.before))),
      vat_percent: l.vat_percent,
    };
  });
}

/** The order's invoice discount carried by a set of movements (cumulative over all the order's lines). */
export function purchaseInvoiceDiscountOf(
  order: PurchaseOrderRow,
  allLines: readonly PurchaseLineRow[],
  moves: readonly PurchaseMovement[],
): string {
  const discount = D(order.invoice_discount_amount);
  const net = sum(allLines.map((l) => l.amount));
  if (discount.isZero() || net.isZero()) return '0.00';
  const moved = new Map(moves.map((m) => [m.line.line_no, m]));
  const soFar = (after: boolean) =>
    sum(
      allLines.map((l) => {
        const m = moved.get(l.line_no);
        if (!m) return D(0);
        return netUpTo(l, after ? D(m.before).plus(m.quantity) : m.before);
      }),
    );
  const part = (s: Decimal) => D(toMoney(discount.mul(s).div(net)));
  return toMoney(part(soFar(true)).minus(part(soFar(false))));
}

export type PurchaseTotals = {
  subtotal: string;
  invoice_discount_amount: string;
  vat_amount: string;
  /** subtotal − invoice discount (VAT included). */
  amount: string;
};

/** The totals of posted lines: amount = Σ lines − discount; VAT contained in each line's share of the amount. */
export function purchaseTotals(lines: readonly PostedPurchaseLine[], invoiceDiscount: string): PurchaseTotals {
  const subtotal = sum(lines.map((l) => l.amount));
  const amount = subtotal.minus(invoiceDiscount);
  const share = subtotal.isZero() ? D(0) : amount.div(subtotal);
  return {
    subtotal: toMoney(subtotal),
    invoice_discount_amount: toMoney(invoiceDiscount),
    vat_amount: toMoney(sum(lines.map((l) => vatContained(D(l.amount).mul(share), l.vat_percent)))),
    amount: toMoney(amount),
  };
}

/** Prices movements: their posted lines and totals (the one money computation of purchase postings). */
export function pricePurchaseMovements(
  order: PurchaseOrderRow,
  allLines: readonly PurchaseLineRow[],
  moves: readonly PurchaseMovement[],
) {
  const lines = postedPurchaseLinesOf(order, moves);
  return { lines, totals: purchaseTotals(lines, purchaseInvoiceDiscountOf(order, allLines, moves)) };
}
