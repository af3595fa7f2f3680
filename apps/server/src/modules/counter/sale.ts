import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  cashReceiptAdd,
  formatNumber,
  normalizePhone,
  redeemablePointAdd,
  salesAutoPromotion,
  salesBirthdayPromotion,
  salesCouponApply,
  salesFeeAdd,
  salesOrderCreate,
  salesStatusChange,
  type counterSaleCreate,
  type CounterSaleResult,
} from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { AppError, businessRule } from '../../http/errors.js';
import type { Scope } from '../../http/scope.js';
import { D, sum, toMoney } from '../../kernel/money.js';
import { customers } from '../customers/schema.js';
import { createTemporaryCustomer } from '../customers/service.js';
import { assertStock } from '../ledger/service.js';
import { redeemPoints } from '../loyalty/order-redeem.js';
import { processAllCashReceipts, type ChannelAccounts } from '../payments/process.js';
import { addCashReceipt } from '../payments/receipts.js';
import { applyCoupon, setAutoPromotion, setBirthdayPromotion } from '../promotions/service.js';
import { createSalesDocument } from '../sales/documents.js';
import { addFee } from '../sales/fees.js';
import { lineLimitsOf } from '../sales/lines.js';
import { requireAction } from '../sales/limits.js';
import { findSalesOrder, getSalesOrder } from '../sales/load.js';
import { baseQty, itemLinesOf, lineLocation } from '../sales/posting/order.js';
import { shipOrder } from '../sales/posting/ship.js';
import { changeSalesStatus } from '../sales/status.js';
import { enqueuePrint } from '../devices/print-queue.js';
import { briefOf } from '../einvoices/service.js';

// A counter sale (issue 18 "One operation for a sale"; README.md here): the order screen's steps in one posting
// transaction, each through the function its own call uses — create with the lines (price list, cashier limits),
// automatic promotions, fees, birthday, coupon, points (each ends in finishDocumentChange, which prices the order), the stock of every line, the payments
// as processed receipts, release, Ship Now (shipment, invoice, points earned, ERP jobs), the print job.

export type CounterSaleIn = z.output<typeof counterSaleCreate>;

const locationNotFound = (code: string) =>
  new AppError(404, 'not_found', `Location ${code} not found`, 'location_code');

/** The franchise selling: the location's (a location of another franchise, or none, is 404 naming location_code). */
export async function counterFranchiseOf(db: DbOrTx, scope: Scope, locationCode: string): Promise<string> {
  return scope.assertLocation(db, locationCode, locationNotFound(locationCode));
}

/**
 * Runs a step whose refusals name the fields of its own call (`amount`, `fee_code`, `redeemable_point_used`) and
 * renames them to the counter body's (`payments.0.amount`, `fees.1.fee_code`, `redeem_points`).
 */
async function naming<T>(rename: (field: string) => string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof AppError && err.field)
      throw new AppError(err.status, err.code, err.message, rename(err.field), err.extra);
    throw err;
  }
}

const versionOf = async (tx: Tx, scope: Scope, no: string) => (await findSalesOrder(tx, scope, no)).version;

/**
 * The customer of the sale: `sell_to_code`, or the franchise's customer with the temporary customer's phone, or a
 * new temporary customer (customers module, its CUS number) of the selling franchise and location.
 */
async function customerOfSale(tx: Tx, auth: Auth, franchise: string, body: CounterSaleIn): Promise<string> {
  const given = body.temporary_customer;
  if (!given) return body.sell_to_code;
  const [known] = await tx
    .select({ no: customers.customer_no })
    .from(customers)
    .where(and(eq(customers.franchise_code, franchise), eq(customers.phone_no, normalizePhone(given.phone_no))));
  if (known) return known.no;
  const created = await naming(
    (f) => `temporary_customer.${f}`,
    () =>
      createTemporaryCustomer(tx, auth, {
        ...given,
        franchise_code: auth.scope.all ? franchise : '',
        location_code: body.location_code,
      }),
  );
  return created.customer_no;
}

/**
 * The payments must pay the sale: more is refused (cash hands over more through `tendered`), less only when the user
 * sells on credit (Ship Now's own check then asks for the Sell On Credit button). Before any receipt is written.
 */
function assertPaymentsCover(due: string, body: CounterSaleIn) {
  const paid = sum(body.payments.map((p) => p.amount));
  if (paid.gt(due))
    throw businessRule(
      `The payments ${formatNumber(toMoney(paid))} are more than the amount due ${formatNumber(toMoney(due))}: cash handed over goes in tendered`,
      'overpayment',
      'payments',
    );
  if (paid.lt(due) && !body.sell_on_credit)
    throw businessRule(
      `${formatNumber(toMoney(D(due).minus(paid)))} is still unpaid: add a payment or sell on credit`,
      'remaining_amount',
      'payments',
    );
}

/**
 * The sale's order, created and priced (the steps up to the payments): the sale continues from it, the price call
 * (POST /api/counter-sales/price) answers it and rolls back.
 */
export async function priceCounterSale(tx: Tx, auth: Auth, franchise: string, body: CounterSaleIn): Promise<string> {
  const scope = auth.scope;
  // The buttons of the whole sale first: a refusal comes before anything is written.
  requireAction(auth, 'order', 'release');
  requireAction(auth, 'order', 'ship');
  const sellTo = await customerOfSale(tx, auth, franchise, body);
  const no = await createSalesDocument(
    tx,
    scope,
    salesOrderCreate.parse({
      document_type: 'order',
      location_code: body.location_code,
      sales_type: body.sales_type,
      sell_to_code: sellTo,
      general_comments: body.general_comments,
      // a company invoice (issue 21): carried to the e-invoice's buyerInfo
      buyer_tax_code: body.buyer_tax_code,
      buyer_company_name: body.buyer_company_name,
      buyer_address: body.buyer_address,
      lines: body.lines,
    }),
    { createdBy: auth.userId || undefined, limits: await lineLimitsOf(tx, auth) },
  );
  if (body.auto_promotion) {
    const input = salesAutoPromotion.parse({
      pos_so_no: no,
      version: await versionOf(tx, scope, no),
      auto_promotion: true,
    });
    await setAutoPromotion(tx, scope, input);
  }
  for (const [i, fee] of body.fees.entries()) {
    const input = salesFeeAdd.parse({ pos_so_no: no, version: await versionOf(tx, scope, no), ...fee });
    await naming(
      (f) => `fees.${i}.${f}`,
      () => addFee(tx, scope, input),
    );
  }
  if (body.loyalty_birthday_used) {
    const input = salesBirthdayPromotion.parse({
      pos_so_no: no,
      version: await versionOf(tx, scope, no),
      loyalty_birthday_used: true,
    });
    await naming(
      () => 'loyalty_birthday_used',
      () => setBirthdayPromotion(tx, scope, input),
    );
  }
  if (body.coupon_code) {
    const input = salesCouponApply.parse({
      pos_so_no: no,
      version: await versionOf(tx, scope, no),
      coupon_code: body.coupon_code,
    });
    await applyCoupon(tx, scope, input);
  }
  if (body.redeem_points) {
    const input = redeemablePointAdd.parse({
      pos_so_no: no,
      version: await versionOf(tx, scope, no),
      customer_no: sellTo,
      redeemable_point_used: body.redeem_points,
    });
    await naming(
      (f) => (f === 'redeemable_point_used' ? 'redeem_points' : f === 'customer_no' ? 'sell_to_code' : f),
      () => redeemPoints(tx, auth, input),
    );
  }

  return no;
}

/** POST /api/counter-sales, inside the transaction that claimed the client_id (route.ts). */
export async function postCounterSale(
  tx: Tx,
  auth: Auth,
  accounts: ChannelAccounts,
  franchise: string,
  body: CounterSaleIn,
): Promise<CounterSaleResult> {
  const scope = auth.scope;
  const no = await priceCounterSale(tx, auth, franchise, body);
  // Every line's stock at once, before any payment (the same rule and lock as Ship Now's, which checks again).
  const order = await findSalesOrder(tx, scope, no);
  const lines = await itemLinesOf(tx, no);
  await assertStock(
    tx,
    order.franchise_code,
    lines.map((l, i) => ({
      locationCode: lineLocation(l, order),
      itemNo: l.item_no,
      variantCode: l.variant_code,
      quantity: baseQty(l, l.quantity),
      field: `lines.${i}.quantity`,
    })),
  );

  assertPaymentsCover(order.grand_total, body);
  for (const [i, p] of body.payments.entries()) {
    const input = cashReceiptAdd.parse({
      pos_so_no: no,
      payment_type: p.payment_type,
      amount: p.amount,
      tendered_amount: p.tendered,
      contract_no: p.contract_no,
      payment_term: p.payment_term,
    });
    await naming(
      (f) => `payments.${i}.${f === 'tendered_amount' ? 'tendered' : f}`,
      () => addCashReceipt(tx, auth, input),
    );
  }
  const receipts = body.payments.length ? await processAllCashReceipts(tx, auth, accounts, no) : [];

  await changeToReleased(tx, auth, no);
  // sell_on_credit goes to Ship Now's check of the remaining amount (the Sell On Credit button).
  const ship = { pos_so_no: no, version: await versionOf(tx, scope, no), sell_on_credit: body.sell_on_credit };
  await shipOrder(tx, auth, ship);

  const answer = await getSalesOrder(tx, scope, no);
  const posSiNo = answer.invoices[0]?.pos_si_no ?? '';
  if (posSiNo)
    await enqueuePrint(tx, auth, { document_type: 'invoice', document_no: posSiNo, franchise_code: franchise });
  return {
    client_id: body.client_id,
    order: answer,
    pos_so_no: no,
    pos_si_no: posSiNo,
    receipts: receipts.map((r) => ({ receipt_id: r.receipt_id, payment_type: r.payment_type, amount: r.amount })),
    change: toMoney(sum(receipts.map((r) => r.change_amount ?? '0'))),
    // pending: it is sent after the sale commits (the receipt says so until the provider issues it)
    e_invoice: answer.invoices[0]?.e_invoice ?? briefOf(null),
  };
}

async function changeToReleased(tx: Tx, auth: Auth, no: string) {
  const input = salesStatusChange.parse({
    pos_so_no: no,
    version: await versionOf(tx, auth.scope, no),
    status: 'released',
  });
  await changeSalesStatus(tx, auth.scope, input, auth);
}
