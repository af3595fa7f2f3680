import Decimal from 'decimal.js';
import type { Tx } from '../../../db/client.js';
import { D, sum, toMoney, vatContained } from '../../../kernel/money.js';
import type { SalesLineRow, SalesOrderRow } from '../load.js';
import { salesInvoiceLines, salesInvoices, salesShipmentLines, salesShipments } from '../schema.js';
import { documentTotals, headerDiscount, lineAmount, type DocumentTotals, type FeeAmount } from '../totals.js';
import { lineLocation } from './order.js';
import { batchInvoiceValue } from '../../reports/value.js';
import type { WriteBatch } from '../../../kernel/batch.js';

// What a posting moves of each line, priced: a shipment, invoice or credit memo line of `quantity` taken from the
// order line. Discounts are proportional and cumulative: the discount up to a quantity is
// round(discount × quantity so far / line quantity), and a posting carries the difference between after and before,
// so the posted parts of a line add up to the line exactly, however it was split (README "Amounts").

export type PostedLine = {
  line_no: number;
  order_line_no: number;
  item_no: string;
  variant_code: string;
  description: string;
  unit_of_measure: string;
  location_code: string;
  quantity: string;
  unit_price: string;
  line_discount_amount: string;
  amount: string;
  vat_percent: string;
  vat_amount: string;
};

/** A line's part of an amount for the quantity so far: round(amount × so far / quantity). */
const shareOf = (amount: Decimal.Value, soFar: Decimal.Value, quantity: Decimal.Value) =>
  D(quantity).isZero() ? D(0) : D(toMoney(D(amount).mul(soFar).div(quantity)));

/** The line discount up to a cumulative quantity of the line. */
const discountUpTo = (line: SalesLineRow, soFar: Decimal.Value) =>
  shareOf(line.line_discount_amount, soFar, line.quantity);

/** The net amount (after line discount) up to a cumulative quantity of the line. */
const netUpTo = (line: SalesLineRow, soFar: Decimal.Value) =>
  D(toMoney(D(soFar).mul(line.unit_price))).minus(discountUpTo(line, soFar));

/** One movement of a line: `quantity` more, on top of `before` already moved (shipped, invoiced or credited). */
export type Movement = { line: SalesLineRow; before: string; quantity: string };

/** The posted lines of movements, numbered 1… in order (lineNo overrides, e.g. a credit memo keeps the order's). */
export function postedLinesOf(
  order: SalesOrderRow,
  moves: readonly Movement[],
  lineNo: (m: Movement, i: number) => number = (_m, i) => i + 1,
): PostedLine[] {
  return moves.map((m, i) => {
    const after = D(m.before).plus(m.quantity);
    const discount = discountUpTo(m.line, after).minus(discountUpTo(m.line, m.before));
    const amount = lineAmount({ quantity: m.quantity, unit_price: m.line.unit_price, line_discount_amount: discount });
    return {
      line_no: lineNo(m, i),
      order_line_no: m.line.line_no,
      item_no: m.line.item_no,
      variant_code: m.line.variant_code,
      description: m.line.description,
      unit_of_measure: m.line.unit_of_measure,
      location_code: lineLocation(m.line, order),
      quantity: m.quantity,
      unit_price: m.line.unit_price,
      line_discount_amount: toMoney(discount),
      amount,
      vat_percent: m.line.vat_percent,
      vat_amount: vatContained(amount, m.line.vat_percent),
    };
  });
}

/**
 * The invoice discount a set of movements carries: the order's invoice discount × the share of the order's net
 * amount moved so far, after minus before (cumulative, so all parts add up to the order's discount).
 */
export function invoiceDiscountOf(order: SalesOrderRow, allLines: readonly SalesLineRow[], moves: readonly Movement[]) {
  const discount = headerDiscount({
    invoiceDiscount: order.invoice_discount_amount,
    promotionDiscount: order.promotion_discount_amount,
    pointsDiscount: order.points_discount_amount,
  });
  const net = sum(allLines.map((l) => l.amount));
  if (discount.isZero() || net.isZero()) return '0.00';
  const moved = new Map(moves.map((m) => [m.line.line_no, m]));
  const before = sum(allLines.map((l) => netUpTo(l, moved.get(l.line_no)?.before ?? 0)));
  const after = sum(
    allLines.map((l) => {
      const m = moved.get(l.line_no);
      return m ? netUpTo(l, D(m.before).plus(m.quantity)) : D(0);
    }),
  );
  return toMoney(D(toMoney(discount.mul(after).div(net))).minus(toMoney(discount.mul(before).div(net))));
}

/** The totals of posted lines with their invoice discount (totals.ts: the one money computation). */
export const postedTotals = (
  lines: readonly PostedLine[],
  invoiceDiscount: string,
  fees: readonly FeeAmount[] = [],
): DocumentTotals => documentTotals(lines, { invoiceDiscount, fees });

/** The header fields every posted sales document copies from its order. */
export const postedHeaderOf = (order: SalesOrderRow, postingDate: string, userId: number | null) => ({
  pos_so_no: order.pos_so_no,
  franchise_code: order.franchise_code,
  location_code: order.location_code,
  customer_no: order.sell_to_code,
  customer_name: order.sell_to_name,
  order_date: order.order_date,
  posting_date: postingDate,
  ship_to_address: [order.ship_to_address, order.ship_to_address_2].filter(Boolean).join(', '),
  shipping_agent_code: order.agent_code,
  external_document_no: '',
  created_by: userId,
});

/** Writes a posted shipment and its lines: two INSERTs added to the posting's batch. */
export function writeShipment(
  tx: Tx,
  batch: WriteBatch,
  o: { no: string; header: ReturnType<typeof postedHeaderOf>; lines: readonly PostedLine[] },
) {
  batch.insert(salesShipments, [{ pos_ss_no: o.no, ...o.header }]);
  batch.insert(
    salesShipmentLines,
    o.lines.map((l) => ({ pos_ss_no: o.no, ...l })),
  );
}

/**
 * Writes a posted invoice and its lines and its revenue rows (modules/reports, read from the RETURNING of the two
 * INSERTs), all in the posting's batch; amount = Σ line amounts − invoice discount.
 */
export function writeInvoice(
  tx: Tx,
  batch: WriteBatch,
  o: { no: string; header: ReturnType<typeof postedHeaderOf>; lines: readonly PostedLine[]; totals: DocumentTotals },
) {
  const invoices = batch.insert(
    salesInvoices,
    [
      {
        pos_si_no: o.no,
        ...o.header,
        subtotal: o.totals.subtotal,
        line_discount_amount: o.totals.line_discount_amount,
        invoice_discount_amount: o.totals.invoice_discount_amount,
        fees_amount: o.totals.fees_amount,
        vat_amount: o.totals.vat_amount,
        amount: o.totals.grand_total,
      },
    ],
    { returning: true },
  );
  const lines = batch.insert(
    salesInvoiceLines,
    o.lines.map((l) => ({ pos_si_no: o.no, ...l })),
    { returning: true },
  );
  batchInvoiceValue(batch, { invoices, lines });
}
