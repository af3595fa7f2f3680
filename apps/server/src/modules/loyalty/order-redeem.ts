import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { REDEEMABLE_POINT_SOURCE, type redeemablePointAdd, type redeemablePointRemove } from '@fp/contract';
import type { Tx } from '../../db/client.js';
import { requireButton, type Auth } from '../../http/context.js';
import { businessRule } from '../../http/errors.js';
import { D, sum, toMoney } from '../../kernel/money.js';
import { amountsOf } from '../sales/amounts.js';
import { finishDocumentChange } from '../sales/lines.js';
import { assertSalesEditable, lockSalesOrder, type SalesOrderRow } from '../sales/load.js';
import { salesOrderLines, salesOrders } from '../sales/schema.js';
import { counterSettings } from '../system/settings.js';
import { floorPoints, openOrderUses } from './order-points.js';
import { reverseRedeemablePoints, useRedeemablePoints } from './points.js';
import { redeemablePointEntries } from './schema.js';

// Redeeming points on a sales order of this system (issue 9; README "Loyalty on sales"): POST /api/redeemable-points
// and …/remove stay the calls of 7.13; when the order number names a sales order here, the order is locked (scope:
// another franchise's is 404; version: 409), must be an open order of the customer, the points may not be worth
// more than what is left to pay, and the order's totals follow in the same transaction (finishDocumentChange).

/**
 * The page whose buttons "Redeem Points" / "Remove Points" (page-structures.ts) restrict a cashier: a user whose
 * permissions name buttons of the order screen needs these too (buttons.ts rules).
 */
const POINTS_BUTTON_PAGES = ['/salesOrders/detail'] as const;

/** The sales document a points call names, locked, or null when the number is not one of this system. */
async function lockNamedOrder(tx: Tx, auth: Auth, no: string, version: number | undefined, field: string) {
  const [found] = await tx.select({ no: salesOrders.pos_so_no }).from(salesOrders).where(eq(salesOrders.pos_so_no, no));
  if (!found) return null;
  const order = await lockSalesOrder(tx, auth.scope, no, version);
  if (order.document_type !== 'order')
    throw businessRule(`Points can only be redeemed on a sales order, not on ${no}`, 'not_an_order', field);
  return order;
}

/** What is left to pay on the order before points: min(lines − invoice and promotion discounts, remaining amount). */
async function payableBeforePoints(tx: Tx, order: SalesOrderRow): Promise<Decimal> {
  const lines = await tx
    .select({ amount: salesOrderLines.amount })
    .from(salesOrderLines)
    .where(and(eq(salesOrderLines.pos_so_no, order.pos_so_no), eq(salesOrderLines.line_type, 'item')));
  const payable = sum(lines.map((l) => l.amount))
    .minus(order.invoice_discount_amount)
    .minus(order.promotion_discount_amount);
  const { remaining_amount } = await amountsOf(tx, order.pos_so_no);
  return Decimal.max(0, Decimal.min(payable, remaining_amount));
}

/** POST /api/redeemable-points: records the points used; on an order of this system, within its caps. */
export async function redeemPoints(tx: Tx, auth: Auth, input: z.output<typeof redeemablePointAdd>) {
  const order = await lockNamedOrder(tx, auth, input.pos_so_no, input.version, 'pos_so_no');
  if (!order) return useRedeemablePoints(tx, auth, input);
  requireButton(auth, POINTS_BUTTON_PAGES, 'Redeem Points', 'redeemable_point_used');
  assertSalesEditable(order, 'redeemPoints');
  if (input.source !== REDEEMABLE_POINT_SOURCE)
    throw businessRule(
      `Points redeemed on sales order ${order.pos_so_no} have source ${REDEEMABLE_POINT_SOURCE}`,
      'wrong_source',
      'source',
    );
  const result = await useRedeemablePoints(tx, auth, input, async (c, amount) => {
    if (!order.sell_to_code)
      throw businessRule('Choose a customer before redeeming points', 'no_customer', 'customer_no');
    if (c.customer_no !== order.sell_to_code)
      throw businessRule(
        `Only the order's customer ${order.sell_to_code} can redeem points on sales order ${order.pos_so_no}`,
        'wrong_customer',
        'customer_no',
      );
    const value = D((await counterSettings(tx)).loyalty_point_value);
    if (value.lte(0))
      throw businessRule(
        'Points cannot be redeemed: a point is worth 0',
        'points_without_value',
        'redeemable_point_used',
      );
    const payable = await payableBeforePoints(tx, order);
    const max = floorPoints(payable.div(value));
    if (amount.gt(max))
      throw businessRule(
        `Redeemable points used ${amount.toFixed()} are worth more than the ${toMoney(payable)} left to pay: at most ${max.toFixed()} points`,
        'points_exceed_payable',
        'redeemable_point_used',
      );
  });
  await finishDocumentChange(tx, order.pos_so_no);
  return result;
}

/** POST /api/redeemable-points/remove: reverses the points used; on an open order of this system, its totals follow. */
export async function removeRedeemedPoints(tx: Tx, auth: Auth, input: z.output<typeof redeemablePointRemove>) {
  const order = await lockNamedOrder(tx, auth, input.order_number, input.version, 'order_number');
  if (order) {
    requireButton(auth, POINTS_BUTTON_PAGES, 'Remove Points', 'order_number');
    assertSalesEditable(order, 'removePoints');
  }
  const result = await reverseRedeemablePoints(tx, auth, input);
  if (order) await finishDocumentChange(tx, order.pos_so_no);
  return result;
}

/**
 * An order is canceled (sales/status.ts): the points used on it go back to their customers (reversal entries) and
 * its points discount follows (the order is written again: answers true). Nothing when none are used (false).
 */
export async function releaseOrderPoints(tx: Tx, posSoNo: string, username = ''): Promise<boolean> {
  const uses = await openOrderUses(tx, posSoNo);
  if (uses.length === 0) return false;
  await tx.insert(redeemablePointEntries).values(
    uses.map((u) => ({
      customer_no: u.customer_no,
      franchise_code: u.franchise_code,
      referral_code: u.referral_code,
      pos_so_no: posSoNo,
      source: REDEEMABLE_POINT_SOURCE,
      entry_type: 'reversed',
      points: D(u.points).negated().toFixed(2),
      reverses_id: u.id,
      description: `Sales order ${posSoNo} canceled`,
      created_by: username,
    })),
  );
  await finishDocumentChange(tx, posSoNo);
  return true;
}
