import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { GUARDED, SALES_DOCUMENT_PAGES, businessDate, type salesRemainingAmount } from '@fp/contract';
import type { Tx } from '../../db/client.js';
import { requireButton, type Auth } from '../../http/context.js';
import { businessRule, staleVersion } from '../../http/errors.js';
import { D, toMoney } from '../../kernel/money.js';
import { postCustomerEntries } from '../ledger/service.js';
import { amountsOf } from '../sales/amounts.js';
import { salesOrders } from '../sales/schema.js';
import { lockOrderForPayment } from './receipts.js';
import { ADJUSTMENT_DOC } from './documents.js';
import { remainingAmountAdjustments } from './schema.js';
import { stampNow } from '../../db/clock.js';

// PUT /api/sales-orders/remaining-amount (calls.md 7.12; issue 9 "kept, and honest"): the remaining amount is never
// overwritten; the call records an adjustment (who, when, why, how much) and a customer ledger entry 'adjustment',
// and the remaining amount is recomputed from the ledger like every other time.

type Body = z.output<typeof salesRemainingAmount>;

export async function adjustRemainingAmount(tx: Tx, auth: Auth, body: Body): Promise<void> {
  // The guarded button first: a refusal (403) changes nothing and tells nothing about the order.
  requireButton(auth, SALES_DOCUMENT_PAGES, GUARDED.adjustRemainingAmount, 'remaining_amount');
  const order = await lockOrderForPayment(tx, auth.scope, body.pos_so_no);
  if (order.version !== body.version) throw staleVersion();
  if (!body.is_update_remaining_amount) return;
  const before = D((await amountsOf(tx, order.pos_so_no)).remaining_amount);
  const amount = before.minus(body.remaining_amount);
  if (amount.isZero())
    throw businessRule(`The remaining amount is already ${toMoney(before)}`, 'nothing_to_adjust', 'remaining_amount');
  const by = auth.userId || null;
  const [row] = await tx
    .insert(remainingAmountAdjustments)
    .values({
      pos_so_no: order.pos_so_no,
      franchise_code: order.franchise_code,
      amount: toMoney(amount),
      remaining_before: toMoney(before),
      remaining_after: toMoney(body.remaining_amount),
      reason: body.reason,
      created_by: by,
    })
    .returning({ id: remainingAmountAdjustments.id });
  await postCustomerEntries(tx, [
    {
      entry_type: 'adjustment',
      franchise_code: order.franchise_code,
      customer_no: order.sell_to_code,
      amount: toMoney(amount.neg()),
      document_type: ADJUSTMENT_DOC,
      document_no: String(row!.id),
      order_no: order.pos_so_no,
      posting_date: businessDate(),
      created_by: by,
    },
  ]);
  // The order's remaining amount changed: its version moves on (the client sent the one it read).
  await tx
    .update(salesOrders)
    .set({ version: sql`${salesOrders.version} + 1`, updated_at: stampNow() })
    .where(eq(salesOrders.pos_so_no, order.pos_so_no));
}
