import type { SalesOrder } from '@fp/contract';

/** Points are kept with 2 decimals; the most one may redeem is rounded down (as the server caps it). */
const floor2 = (v: number) => Math.floor(v * 100 + 1e-9) / 100;

/**
 * What the points panel shows of an order (the server decides, this only guides the input): the points redeemed, the
 * most that may be redeemed now = min(available, what is left to pay ÷ point value), and whether the discount is
 * capped below what the redeemed points are worth (the order shrank after redeeming).
 */
export function orderPoints(order: SalesOrder, pointValue: string, available: string) {
  const value = Number(pointValue);
  const t = order.totals;
  const redeemed = Number(order.la_exchange_points);
  const payable =
    Number(t.subtotal) -
    Number(t.line_discount_amount) -
    Number(t.invoice_discount_amount) -
    Number(t.promotion_discount_amount);
  const left = Math.max(0, Math.min(payable, Number(t.remaining_amount)));
  const max = value > 0 ? Math.max(0, floor2(Math.min(Number(available), left / value))) : 0;
  return {
    pointValue: value,
    redeemed,
    max,
    worth: (points: number) => Math.round(points * value * 100) / 100,
    capped: redeemed > 0 && redeemed * value - Number(order.totals.points_discount_amount) > 0.005,
  };
}
