import { formatNumber, GUARDED, SALES_DOCUMENT_PAGES, buttonAllowedOnAny } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { businessRule } from '../../http/errors.js';
import { D } from '../../kernel/money.js';
import { amountsOf } from './amounts.js';

// Selling on credit (issue 17, "Traps at the counter"): Ship Now of an order with money still due invoices it without
// a word unless the caller says so. The ship posting (and any posting that ships an order, e.g. the counter sale)
// calls assertPaidOrSellOnCredit in its check step, after the order is locked, so no receipt can change the
// remaining amount in between.

/** "1.234.567,5 is still unpaid: take the payment or sell on credit" (amount German-style). */
export const unpaidMessage = (amount: string) =>
  `${formatNumber(amount)} is still unpaid: take the payment or sell on credit`;
/** The same for a caller without the Sell On Credit button. */
export const unpaidNoCreditMessage = (amount: string) =>
  `${formatNumber(amount)} is still unpaid: take the payment first (you are not allowed to ${GUARDED.sellOnCredit})`;

/** Whether the caller holds the guarded Sell On Credit button on a sales document page (Administrators do). */
export const maySellOnCredit = (auth: Auth) => buttonAllowedOnAny(auth, SALES_DOCUMENT_PAGES, GUARDED.sellOnCredit);

/**
 * Refuses to ship an order whose remaining amount (amounts.ts) is above 0 unless `sellOnCredit` is true and the caller
 * may Sell On Credit: a 422 naming `remaining_amount` (`unpaid`, or `sell_on_credit_not_allowed` with the flag but
 * without the button). A paid (or overpaid) order ships without the flag.
 */
export async function assertPaidOrSellOnCredit(
  db: DbOrTx,
  auth: Auth,
  order: { pos_so_no: string },
  sellOnCredit: boolean | undefined,
  /** The remaining amount when the caller read it with the locked order (else it is read here). */
  known?: string,
): Promise<void> {
  const remaining_amount = known ?? (await amountsOf(db, order.pos_so_no)).remaining_amount;
  if (!D(remaining_amount).gt(0)) return;
  if (!sellOnCredit) throw businessRule(unpaidMessage(remaining_amount), 'unpaid', 'remaining_amount');
  if (!maySellOnCredit(auth))
    throw businessRule(unpaidNoCreditMessage(remaining_amount), 'sell_on_credit_not_allowed', 'remaining_amount');
}
