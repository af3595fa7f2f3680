import { and, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BIRTHDAY_PROMOTION_CODE,
  discountAboveLimit,
  priceOverrideRefused,
  type AppliedPromotionAmount,
} from '@fp/contract/pricing';
import {
  businessDate,
  cashReceiptAdd,
  counterSaleFlags,
  type CounterSaleFlag,
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
import { franchises } from '../franchises/schema.js';
import { jsonOf } from '../../db/rows.js';
import { allowNegativeStock, settingsFrom, settingsJsonSql } from '../system/settings.js';
import { assertStock, stockShortages } from '../ledger/service.js';
import { promotions } from '../promotions/schema.js';
import { salesOrders } from '../sales/schema.js';
import { missingCashShift } from '../shifts/service.js';
import { assertDeviceNumber } from './ranges.js';
import { redeemPoints } from '../loyalty/order-redeem.js';
import { processAllCashReceipts, type ChannelAccounts } from '../payments/process.js';
import { addCashReceipt, type CashReceiptRow } from '../payments/receipts.js';
import { applyCoupon, setAutoPromotion, setBirthdayPromotion } from '../promotions/service.js';
import { createSalesDocument } from '../sales/documents.js';
import { addFee } from '../sales/fees.js';
import { finishDocumentChange, lineLimitsOf, priceLines } from '../sales/lines.js';
import { mayDiscountAboveLimit, mayOverridePrice, requireAction } from '../sales/limits.js';
import { appliedPromotionsOf } from '../promotions/apply.js';
import { findSalesOrder, getSalesOrder, type SalesLineRow, type SalesOrderRow } from '../sales/load.js';
import { baseQty, lineLocation } from '../sales/posting/order.js';
import { shipLockColumns, shipOrder } from '../sales/posting/ship.js';
import { changeSalesStatus } from '../sales/status.js';
import { batchPrint } from '../devices/print-queue.js';
import { briefOf } from '../einvoices/service.js';

// A counter sale (issue 18 "One operation for a sale"; README.md here): the order screen's steps in one posting
// transaction, each through the function its own call uses — create with the lines (price list, cashier limits),
// automatic promotions, fees, birthday, coupon, points (each ends in finishDocumentChange, which prices the order), the stock of every line, the payments
// as processed receipts, release, Ship Now (shipment, invoice, points earned, ERP jobs), the print job.

export type CounterSaleIn = z.output<typeof counterSaleCreate>;

const locationNotFound = (code: string) =>
  new AppError(404, 'not_found', `Location ${code} not found`, 'location_code');

/**
 * The franchise selling: the location's (a location of another franchise, or none, is 404 naming location_code); a
 * closed franchise (is_active off) sells nothing, online or offline (422 naming location_code).
 */
export async function counterFranchiseOf(db: DbOrTx, scope: Scope, locationCode: string): Promise<string> {
  return (await counterFranchise(db, scope, locationCode)).franchise;
}

/** The seller of a counter sale: its franchise, and the rules the sale needs of it, read before the sale. */
export type CounterSeller = { franchise: string; cashNeedsOpenShift: boolean; allowNegativeStock: boolean };

/**
 * The selling franchise (counterFranchiseOf), whether its cash needs an open shift and whether stock may go negative
 * (the setting), read in the franchise's statement: the sale does not read them again (README "Statements").
 */
export async function counterFranchise(db: DbOrTx, scope: Scope, locationCode: string): Promise<CounterSeller> {
  const franchise = await scope.assertLocation(db, locationCode, () => locationNotFound(locationCode));
  const [f] = await db
    .select({ active: franchises.is_active, cash: franchises.cash_needs_open_shift, settings: settingsJsonSql() })
    .from(franchises)
    .where(eq(franchises.customer_no, franchise));
  if (f && !f.active)
    throw businessRule(`Franchise ${franchise} is closed: it cannot sell`, 'franchise_closed', 'location_code');
  return {
    franchise,
    cashNeedsOpenShift: f?.cash ?? false,
    allowNegativeStock: f
      ? settingsFrom(jsonOf<Record<string, unknown>>(f.settings)).allow_negative_stock === true
      : await allowNegativeStock(db),
  };
}

/** A sale that carries sold_at was already handed over (issue 19): what the server notices is flagged, not refused. */
export const isOffline = (body: CounterSaleIn) => body.sold_at !== undefined;

/**
 * An offline sale's refusals are 422 naming the field (the sale stays on the device with the message for the
 * manager): an unknown item, a customer not of the franchise. Other errors pass as they are.
 */
async function offlineRefusal<T>(offline: boolean, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (offline && err instanceof AppError && (err.status === 400 || err.status === 404) && err.field)
      throw new AppError(422, err.code, err.message, err.field, err.extra);
    throw err;
  }
}

/**
 * The lines of an offline sale as the cashier saw them: each line's price (the catalogue's where the device sent
 * none) and discount, kept without the cashier limits' buttons (it was handed over); `price_changed` when a price
 * differs from the catalogue's and the user may not override it, or a discount goes beyond the user's limit.
 */
async function seenLines(tx: Tx, auth: Auth, franchise: string, orderDate: string, body: CounterSaleIn) {
  const doc = {
    pos_so_no: '',
    franchise_code: franchise,
    location_code: body.location_code,
    order_date: orderDate,
    document_type: 'order' as const,
  };
  const catalogue = await offlineRefusal(true, () =>
    priceLines(
      tx,
      doc,
      body.lines.map((l) => ({
        item_no: l.item_no,
        variant_code: l.variant_code ?? '',
        unit_of_measure: '',
        quantity: l.quantity,
      })),
    ),
  );
  // Administrators have no limits (lineLimitsOf answers none).
  const limits = await lineLimitsOf(tx, auth);
  const mayOverride = !limits || mayOverridePrice(limits.who);
  const aboveLimit = {
    maxDiscountPercent: limits ? await limits.maxDiscountPercent() : '100',
    mayDiscountAboveLimit: !limits || mayDiscountAboveLimit(limits.who),
  };
  let changed = false;
  const lines = body.lines.map((l, i) => {
    const listPrice = catalogue[i]!.unit_price;
    const unitPrice = l.unit_price ?? listPrice;
    if (priceOverrideRefused(unitPrice, listPrice, mayOverride)) changed = true;
    const percent = l.line_discount_percent ?? '0';
    const amount = l.line_discount_amount ?? '0';
    const discount = D(percent).isZero() ? D(amount) : D(l.quantity).mul(unitPrice).mul(percent).div(100);
    const line = {
      quantity: l.quantity,
      unit_price: unitPrice,
      line_discount_percent: percent,
      line_discount_amount: discount,
    };
    if (discountAboveLimit(line, aboveLimit)) changed = true;
    return { ...l, unit_price: unitPrice };
  });
  return { lines, changed };
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
 * The sale's order as priced: its number, its header as written (null when a step changed it without answering it:
 * the caller reads it), and its lines as written (no pricing step changes them).
 */
export type PricedSale = { no: string; order: SalesOrderRow | null; lines: SalesLineRow[] };

/**
 * The sale's order, created and priced (the steps up to the payments): the sale continues from it, the price call
 * (POST /api/counter-sales/price) answers it and rolls back. Each step is the order screen's own function, handed the
 * order this transaction has just written where it takes it (issue 22), so the order is not read again.
 */
export async function priceCounterSale(
  tx: Tx,
  auth: Auth,
  franchise: string,
  body: CounterSaleIn,
  flags: Set<CounterSaleFlag> = new Set(),
): Promise<PricedSale> {
  const scope = auth.scope;
  const offline = isOffline(body);
  // The buttons of the whole sale first: a refusal comes before anything is written.
  requireAction(auth, 'order', 'release');
  requireAction(auth, 'order', 'ship');
  // An offline sale's number is its device's (checked before anything is written); its date the day it was sold.
  const deviceNo =
    offline && body.offline_device
      ? await assertDeviceNumber(tx, franchise, body.offline_device, body.device_doc_no)
      : '';
  const orderDate = offline ? businessDate(new Date(body.sold_at!)) : undefined;
  const sellTo = await offlineRefusal(offline, () => customerOfSale(tx, auth, franchise, body));
  const seen = offline ? await seenLines(tx, auth, franchise, orderDate!, body) : null;
  if (seen?.changed) flags.add('price_changed');
  // An offline sale keeps what the cashier saw (flagged above where the limits would have refused it).
  const limits = offline ? undefined : await lineLimitsOf(tx, auth);
  let current: SalesOrderRow | null = null;
  let lines: SalesLineRow[] = [];
  const no = await offlineRefusal(offline, () =>
    createSalesDocument(
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
        lines: seen ? seen.lines : body.lines,
        ...(orderDate ? { order_date: orderDate } : {}),
      }),
      {
        createdBy: auth.userId || undefined,
        limits,
        offline: offline
          ? { sold_at: body.sold_at!, offline_device: body.offline_device ?? '', device_doc_no: deviceNo }
          : undefined,
        // the route checked the location in the caller's scope (counterFranchise)
        locationOf: franchise,
      },
      (header, written) => {
        current = header;
        lines = written;
      },
    ),
  );
  // The order's version for the next step: the header in hand, else read (a step that does not answer it).
  const version = async () => (current ? current.version : await versionOf(tx, scope, no));
  if (body.auto_promotion) {
    const input = salesAutoPromotion.parse({ pos_so_no: no, version: await version(), auto_promotion: true });
    // The first change of the order just written: nothing applied or redeemed on it yet (fresh).
    const known = current ? { header: current, lines, fees: [], fresh: true } : undefined;
    current = await setAutoPromotion(tx, scope, input, known);
  }
  for (const [i, fee] of body.fees.entries()) {
    const input = salesFeeAdd.parse({ pos_so_no: no, version: await version(), ...fee });
    current = null;
    await naming(
      (f) => `fees.${i}.${f}`,
      () => addFee(tx, scope, input),
    );
  }
  if (body.loyalty_birthday_used) {
    const input = salesBirthdayPromotion.parse({
      pos_so_no: no,
      version: await version(),
      loyalty_birthday_used: true,
    });
    current = null;
    await promotionStep(offline, flags, () =>
      naming(
        () => 'loyalty_birthday_used',
        () => setBirthdayPromotion(tx, scope, input),
      ),
    );
  }
  if (body.coupon_code) {
    const input = salesCouponApply.parse({
      pos_so_no: no,
      version: await version(),
      coupon_code: body.coupon_code,
    });
    current = null;
    await promotionStep(offline, flags, () => applyCoupon(tx, scope, input));
  }
  if (body.redeem_points) {
    const input = redeemablePointAdd.parse({
      pos_so_no: no,
      version: await version(),
      customer_no: sellTo,
      redeemable_point_used: body.redeem_points,
    });
    current = null;
    await naming(
      (f) => (f === 'redeemable_point_used' ? 'redeem_points' : f === 'customer_no' ? 'sell_to_code' : f),
      () => redeemPoints(tx, auth, input),
    );
  }
  if (offline) current = await keepSeenPromotions(tx, no, body, flags, current);
  return { no, order: current, lines };
}

/**
 * A promotion step of an offline sale (coupon, birthday) that the server refuses now (the coupon reached its limit
 * meanwhile, the birthday promotion was used elsewhere): the sale goes on without it and keeps what the cashier saw
 * (keepSeenPromotions), flagged promotion_changed. Online, the refusal stands.
 */
async function promotionStep(offline: boolean, flags: Set<CounterSaleFlag>, step: () => Promise<void>) {
  if (!offline) return step();
  try {
    await step();
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    flags.add('promotion_changed');
  }
}

/**
 * An offline sale that sent what its cashier saw (promotion_discount_amount, applied_promotions): where the server's
 * promotions differ (total or codes), the cashier's are kept as handed over and the sale is flagged.
 */
async function keepSeenPromotions(
  tx: Tx,
  no: string,
  body: CounterSaleIn,
  flags: Set<CounterSaleFlag>,
  current: SalesOrderRow | null,
): Promise<SalesOrderRow | null> {
  if (body.promotion_discount_amount === undefined && body.applied_promotions === undefined) return current;
  const order = current ?? (await getSalesOrderRow(tx, no));
  const seenTotal = D(body.promotion_discount_amount ?? sum((body.applied_promotions ?? []).map((a) => a.amount)));
  const seenCodes = (body.applied_promotions ?? []).map((a) => a.code.toUpperCase()).sort();
  const serverApplied = await appliedPromotionsOf(tx, no);
  const serverCodes = serverApplied.map((a) => a.code.toUpperCase()).sort();
  const same = seenTotal.eq(D(order.promotion_discount_amount)) && seenCodes.join('|') === serverCodes.join('|');
  if (same) return order;
  flags.add('promotion_changed');
  const codes = (body.applied_promotions ?? []).map((a) => a.code);
  const known = codes.length
    ? await tx
        .select()
        .from(promotions)
        .where(or(inArray(promotions.code, codes), inArray(promotions.coupon_code, codes)))
    : [];
  const applied: AppliedPromotionAmount[] = (body.applied_promotions ?? []).map((a) => {
    if (a.code.toUpperCase() === BIRTHDAY_PROMOTION_CODE)
      return {
        kind: 'birthday',
        promotion_id: null,
        code: BIRTHDAY_PROMOTION_CODE,
        description: 'Birthday promotion',
        amount: toMoney(a.amount),
      };
    const p =
      known.find((k) => (k.kind === 'coupon' ? k.coupon_code : k.code) === a.code) ??
      known.find((k) => k.code === a.code || k.coupon_code === a.code);
    return {
      kind: p?.kind ?? 'auto',
      promotion_id: p?.id ?? null,
      code: a.code,
      description: p?.description ?? `${a.code} (as sold offline)`,
      amount: toMoney(a.amount),
    };
  });
  return finishDocumentChange(tx, no, {}, { keptPromotions: { total: toMoney(seenTotal), applied } });
}

const getSalesOrderRow = async (tx: Tx, no: string) => {
  const [row] = await tx.select().from(salesOrders).where(eq(salesOrders.pos_so_no, no));
  return row!;
};

/**
 * POST /api/counter-sales, inside the transaction that claimed the client_id (route.ts). The order is read once, when
 * it is answered: every step before takes it (and its lines) as this transaction wrote it (README "Statements").
 */
export async function postCounterSale(
  tx: Tx,
  auth: Auth,
  accounts: ChannelAccounts,
  seller: CounterSeller,
  body: CounterSaleIn,
): Promise<CounterSaleResult> {
  const { franchise } = seller;
  const scope = auth.scope;
  const offline = isOffline(body);
  const flags = new Set<CounterSaleFlag>();
  const priced = await priceCounterSale(tx, auth, franchise, body, flags);
  const { no, lines } = priced;
  const order = priced.order ?? (await findSalesOrder(tx, scope, no));
  // Every line's stock at once, before any payment (the same rule and lock as Ship Now's; the stock locks are held
  // until the commit, so Ship Now below does not check again). An offline sale was handed over: a short line is
  // flagged and the item ledger goes below zero.
  const needs = lines.map((l, i) => ({
    locationCode: lineLocation(l, order),
    itemNo: l.item_no,
    variantCode: l.variant_code,
    quantity: baseQty(l, l.quantity),
    field: `lines.${i}.quantity`,
  }));
  const allowNegative = seller.allowNegativeStock;
  if (!offline) await assertStock(tx, order.franchise_code, needs, { allowNegative });
  else if ((await stockShortages(tx, needs, { allowNegative })).length) flags.add('stock_short');
  // Cash taken offline where the franchise needs an open shift and none is open: accepted, flagged.
  const cash = body.payments.some((p) => p.payment_type === 'cash');
  const cashNeedsOpenShift = { [franchise]: seller.cashNeedsOpenShift };
  const shiftRule = { takenWithoutShift: false, cashNeedsOpenShift };
  if (offline && cash) {
    const missing = await missingCashShift(
      tx,
      [{ franchise_code: franchise, location_code: body.location_code, payment_type: 'cash' }],
      shiftRule,
    );
    if (missing !== null) {
      flags.add('no_open_shift');
      shiftRule.takenWithoutShift = true;
    }
  }

  assertPaymentsCover(order.grand_total, body);
  // The order was written by this transaction: nothing is paid, credited or received on it yet, so what remains is
  // its grand total less the receipts added before each one.
  let cap = D(order.grand_total);
  const added: CashReceiptRow[] = [];
  for (const [i, p] of body.payments.entries()) {
    const input = cashReceiptAdd.parse({
      pos_so_no: no,
      payment_type: p.payment_type,
      amount: p.amount,
      tendered_amount: p.tendered,
      contract_no: p.contract_no,
      payment_term: p.payment_term,
    });
    const locked = { order, cap: toMoney(cap) };
    added.push(
      await naming(
        (f) => `payments.${i}.${f === 'tendered_amount' ? 'tendered' : f}`,
        () => addCashReceipt(tx, auth, input, { ...shiftRule, locked }),
      ),
    );
    cap = cap.minus(p.amount);
  }
  const receipts = added.length
    ? await processAllCashReceipts(tx, auth, accounts, no, {
        ...shiftRule,
        locked: { order, receipts: added, remaining: order.grand_total },
      })
    : [];

  // Released: its UPDATE answers the order with what Ship Now reads with its lock, so Ship Now does not lock it again.
  let released: (SalesOrderRow & Record<string, unknown>) | undefined;
  await changeSalesStatus(
    tx,
    scope,
    salesStatusChange.parse({ pos_so_no: no, version: order.version, status: 'released' }),
    auth,
    { known: { doc: order, lines }, answer: { columns: shipLockColumns(), changed: (row) => (released = row) } },
  );
  // sell_on_credit goes to Ship Now's check of the remaining amount (the Sell On Credit button). The print of the
  // invoice is written with the posting (its number is the posting's).
  const ship = { pos_so_no: no, version: order.version + 1, sell_on_credit: body.sell_on_credit };
  const shipped = await shipOrder(tx, auth, ship, {
    shortStockPosts: offline,
    lines,
    stockChecked: !offline,
    locked: released,
    enqueue: (n, batch) => {
      if (n.si) batchPrint(tx, batch, auth, { document_type: 'invoice', document_no: n.si, franchise_code: franchise });
    },
  });
  if (flags.size)
    await tx
      .update(salesOrders)
      .set({ flags: FLAG_ORDER.filter((f) => flags.has(f)) })
      .where(eq(salesOrders.pos_so_no, no));

  const answer = await getSalesOrder(tx, scope, no, { lines: shipped.lines });
  const posSiNo = answer.invoices[0]?.pos_si_no ?? '';
  return {
    client_id: body.client_id,
    order: answer,
    pos_so_no: no,
    pos_si_no: posSiNo,
    receipts: receipts.map((r) => ({ receipt_id: r.receipt_id, payment_type: r.payment_type, amount: r.amount })),
    change: toMoney(sum(receipts.map((r) => r.change_amount ?? '0'))),
    // pending: it is sent after the sale commits (the receipt says so until the provider issues it)
    e_invoice: answer.invoices[0]?.e_invoice ?? briefOf(null),
    flags: answer.flags,
    sold_at: answer.sold_at,
    offline_device: answer.offline_device,
    device_doc_no: answer.device_doc_no,
  };
}

/** Flags in the contract's order (stable answers). */
const FLAG_ORDER = counterSaleFlags;
