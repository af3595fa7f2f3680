import Decimal from 'decimal.js';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { salesLineAdd, salesLineInput, salesLineRemove, salesLineUpdate, salesPostQty } from '@fp/contract';
import type { Tx } from '../../db/client.js';
import { AppError, badRequest, businessRule } from '../../http/errors.js';
import { Scope } from '../../http/scope.js';
import { D, sum, toMoney, toQty } from '../../kernel/money.js';
import { bump } from '../../db/versioned.js';
import { pricesOf, type PriceOf } from '../items/price.js';
import { itemFactsAndPricesOf } from '../items/facts.js';
import {
  assertSalesEditable,
  lockSalesForChange,
  lockSalesOrder,
  type SalesLineRow,
  type SalesOrderRow,
} from './load.js';
import { salesOrderLines, salesOrders } from './schema.js';
import { discountOfPercent, documentTotals, lineAmount, type FeeAmount, type HeaderTerms } from './totals.js';
import { feesOf } from './fees.js';
import { promotionDiscountOf, type KeptPromotions } from '../promotions/apply.js';
import { pointsDiscountOf } from '../loyalty/order-points.js';
import type { Auth } from '../../http/context.js';
import { GUARDED } from '@fp/contract';
import { counterSettings } from '../system/settings.js';
import { discountAboveLimit } from '@fp/contract/pricing';
import { mayDiscountAboveLimit, mayOverridePrice, refuseButton, type LineLimits } from './limits.js';

// Lines of a sales document (issue 8): item, variant, unit, quantity, the catalogue's price on the order's date for
// its franchise, discount, amount (VAT included), VAT rate, location, quantities to ship and invoice.
// Line numbers step by 10000 (BC style: 10000, 20000, …), so a line can later be put between two others.

export const LINE_NO_STEP = 10000;

export type SalesLineIn = z.output<typeof salesLineInput>;
export type NewSalesLine = typeof salesOrderLines.$inferInsert & {
  quantity: string;
  unit_price: string;
  line_discount_amount: string;
  vat_percent: string;
};
/** What a line is priced from. */
export type PriceRequest = { item_no: string; variant_code: string; unit_of_measure: string; quantity: string };
/** The document a line belongs to (its franchise and date price it; its location is the line's default). */
export type LineDoc = Pick<
  SalesOrderRow,
  'pos_so_no' | 'franchise_code' | 'location_code' | 'order_date' | 'document_type'
>;

/**
 * The catalogue prices of a document's lines in one round of queries (`pricesOf`): the price date is the order date,
 * the franchise the document's. An error names the line (`lines.<i>.item_no`).
 */
export async function priceLines(tx: Tx, doc: LineDoc, lines: readonly PriceRequest[]): Promise<PriceOf[]> {
  if (lines.length === 0) return [];
  return pricesOf(tx, {
    date: doc.order_date,
    franchiseCode: doc.franchise_code,
    lines: lines.map((l) => ({
      itemNo: l.item_no,
      variantCode: l.variant_code,
      quantity: l.quantity,
      unit: l.unit_of_measure,
    })),
  });
}

/** A line as entered, after defaults: what `buildLines` prices and checks. */
export type LineDraft = {
  item_no: string;
  variant_code: string;
  unit_of_measure: string;
  quantity: string;
  /** A price given by the user (manual) or kept from elsewhere (a converted quote); absent = the catalogue's. */
  unit_price?: string;
  price_source?: string;
  /** The user gave `unit_price` in this call (a price override unless it is the catalogue's or the line's own). */
  price_given?: boolean;
  line_discount_amount?: string;
  line_discount_percent?: string;
  location_code: string;
  la_so_line_note: string;
};

export const draftOf = (l: SalesLineIn): LineDraft => ({
  item_no: l.item_no,
  variant_code: l.variant_code ?? '',
  unit_of_measure: l.unit_of_measure ?? '',
  quantity: l.quantity,
  unit_price: l.unit_price,
  price_source: l.unit_price !== undefined ? 'manual' : undefined,
  price_given: l.unit_price !== undefined,
  line_discount_amount: l.line_discount_amount,
  line_discount_percent: l.line_discount_percent,
  location_code: l.location_code ?? '',
  la_so_line_note: l.la_so_line_note ?? '',
});

/**
 * Checks and prices lines for a document: the item exists and is not blocked (400 naming `<prefix>item_no`), the
 * variant and unit exist, the location is one of the document's franchise's stores; description from the item (and
 * variant), VAT rate from the item, unit default the item's base unit, price from the catalogue unless given, the
 * discount from a percent or an amount, amount = quantity × price − discount; on an order qty to ship and to
 * invoice default to the whole quantity. `field(i)` is the prefix of line i's fields ("lines.0.").
 */
export async function buildLines(
  tx: Tx,
  doc: LineDoc,
  drafts: readonly LineDraft[],
  o: {
    firstLineNo: number;
    field: (i: number) => string;
    lineNos?: readonly number[];
    /** The cashier limits of the user changing the lines (absent: the system, not checked). */
    limits?: LineLimits;
    /** Per draft, the line it replaces (an update): keeping its price or its discount needs no button. */
    kept?: readonly (Pick<NewSalesLine, 'unit_price' | 'quantity' | 'line_discount_amount'> & {
      line_discount_percent: string;
    })[];
  },
): Promise<NewSalesLine[]> {
  if (drafts.length === 0) return [];
  // The facts and the catalogue price of every line in one statement; a line's price (and its error) is taken only
  // when it is used: a line without a given price, or a given price to check against the catalogue's.
  const { facts, priceAt } = await itemFactsAndPricesOf(
    tx,
    {
      date: doc.order_date,
      franchiseCode: doc.franchise_code,
      lines: drafts.map((d) => ({
        itemNo: d.item_no,
        variantCode: d.variant_code,
        quantity: d.quantity,
        unit: d.unit_of_measure,
      })),
    },
    (i, name) => `${o.field(i)}${name === 'unit' ? 'unit_of_measure' : name}`,
  );
  const { variantRows, unitRows } = facts;
  const itemRows = facts.itemRows.map((r) => ({ ...r, base: r.base_unit_of_measure }));
  const itemOf = new Map(itemRows.map((r) => [r.item_no, r]));
  const franchiseScope = new Scope(doc.franchise_code);
  const checked: { draft: LineDraft; item: (typeof itemRows)[number]; variant?: string; perUnit: string }[] = [];
  for (const [i, d] of drafts.entries()) {
    const f = o.field(i);
    const item = itemOf.get(d.item_no);
    if (!item) throw badRequest(`Item ${d.item_no} not found`, `${f}item_no`);
    if (item.blocked) throw badRequest(`Item ${d.item_no} is blocked and cannot be sold`, `${f}item_no`);
    let variantDescription: string | undefined;
    if (d.variant_code) {
      const v = variantRows.find((r) => r.item_no === d.item_no && r.variant_code === d.variant_code);
      if (!v) throw badRequest(`Item ${d.item_no} has no variant ${d.variant_code}`, `${f}variant_code`);
      if (v.blocked)
        throw badRequest(
          `Variant ${d.variant_code} of item ${d.item_no} is blocked and cannot be sold`,
          `${f}variant_code`,
        );
      variantDescription = v.description;
    }
    const unit = d.unit_of_measure || item.base;
    let perUnit = '1';
    if (unit !== item.base) {
      const u = unitRows.find((r) => r.item_no === d.item_no && r.code === unit);
      if (!u) throw badRequest(`Item ${d.item_no} has no unit ${unit}`, `${f}unit_of_measure`);
      perUnit = u.qty_per_unit_of_measure;
    }
    const location = d.location_code || doc.location_code;
    checked.push({
      draft: { ...d, unit_of_measure: unit, location_code: location },
      item,
      variant: variantDescription,
      perUnit,
    });
  }
  // The lines' own locations in one query; the document's location was checked when it was set on the document.
  const lineLocations = checked.map((c) => c.draft.location_code).filter((l) => l && l !== doc.location_code);
  await franchiseScope.assertLocations(tx, lineLocations, (code) => {
    const i = checked.findIndex((c) => c.draft.location_code === code);
    return new AppError(404, 'not_found', `Location ${code} not found`, `${o.field(i)}location_code`);
  });
  if (o.limits) checkPriceOverrides(checked, priceAt, o);
  const overLimitAllowed = !o.limits || mayDiscountAboveLimit(o.limits.who);
  const discounted = drafts.some(
    (d) => !D(d.line_discount_percent ?? 0).isZero() || !D(d.line_discount_amount ?? 0).isZero(),
  );
  const maxDiscountPercent = !overLimitAllowed && discounted ? await o.limits!.maxDiscountPercent() : '100';
  return checked.map(({ draft: d, item, variant, perUnit }, i) => {
    const f = o.field(i);
    const priced = d.unit_price === undefined ? priceAt(i) : undefined;
    const unitPrice = priced ? priced.unit_price : toMoney(d.unit_price!);
    const quantity = toQty(d.quantity);
    let percent = '0';
    let discount = '0.00';
    if (d.line_discount_percent !== undefined && !D(d.line_discount_percent).isZero()) {
      percent = D(d.line_discount_percent).toFixed(2);
      discount = discountOfPercent(quantity, unitPrice, percent);
    } else if (d.line_discount_amount !== undefined) discount = toMoney(d.line_discount_amount);
    if (D(discount).gt(D(quantity).mul(unitPrice)))
      throw badRequest(
        `The line discount ${discount} is more than quantity × unit price of item ${d.item_no}`,
        `${f}line_discount_amount`,
      );
    if (!overLimitAllowed) {
      // The contract's rule (shared with the offline counter): beyond the limit and more than the line had before.
      const line = {
        quantity,
        unit_price: unitPrice,
        line_discount_percent: percent,
        line_discount_amount: discount,
      };
      const limits = { maxDiscountPercent, mayDiscountAboveLimit: false };
      if (discountAboveLimit(line, limits, o.kept?.[i]))
        throw refuseButton(
          GUARDED.discountAboveLimit,
          percent !== '0' ? `${f}line_discount_percent` : `${f}line_discount_amount`,
        );
    }
    const order = doc.document_type === 'order';
    return {
      pos_so_no: doc.pos_so_no,
      line_no: o.lineNos?.[i] ?? o.firstLineNo + i * LINE_NO_STEP,
      line_type: 'item' as const,
      item_no: d.item_no,
      variant_code: d.variant_code,
      description: variant ? `${item.description} - ${variant}` : item.description,
      unit_of_measure: d.unit_of_measure,
      qty_per_unit_of_measure: perUnit,
      location_code: d.location_code,
      quantity,
      unit_price: unitPrice,
      price_source: priced ? priced.source : (d.price_source ?? 'manual'),
      line_discount_percent: percent,
      line_discount_amount: discount,
      amount: lineAmount({ quantity, unit_price: unitPrice, line_discount_amount: discount }),
      vat_percent: item.vat_percent,
      qty_to_ship: order ? quantity : '0',
      qty_to_invoice: order ? quantity : '0',
      la_so_line_note: d.la_so_line_note,
    };
  });
}

/**
 * Override Price (issue 9): a price the user gives that is neither the catalogue's for the line nor the line's own
 * (an update keeping it) needs the guarded button; 403 naming `<prefix>unit_price`.
 */
function checkPriceOverrides(
  checked: readonly { draft: LineDraft }[],
  catalogue: (i: number) => PriceOf,
  o: { field: (i: number) => string; limits?: LineLimits; kept?: readonly { unit_price: string }[] },
) {
  if (!o.limits || mayOverridePrice(o.limits.who)) return;
  checked.forEach(({ draft: d }, i) => {
    if (!d.price_given || d.unit_price === undefined) return;
    const kept = o.kept?.[i];
    if (kept && D(kept.unit_price).eq(D(d.unit_price))) return;
    if (!D(d.unit_price).eq(catalogue(i).unit_price))
      throw refuseButton(GUARDED.overridePrice, `${o.field(i)}unit_price`);
  });
}

/** The limits of a user changing lines: who, and the line discount limit (counter settings). */
export async function lineLimitsOf(tx: Tx, who: Auth): Promise<LineLimits | undefined> {
  if (who.isAdmin) return undefined;
  let max: Promise<string> | undefined;
  return { who, maxDiscountPercent: () => (max ??= counterSettings(tx).then((s) => s.max_line_discount_percent)) };
}

/** The next free line number of a document (the highest + 10000). */
export async function nextLineNo(tx: Tx, posSoNo: string): Promise<number> {
  const [r] = await tx
    .select({ m: max(salesOrderLines.line_no) })
    .from(salesOrderLines)
    .where(eq(salesOrderLines.pos_so_no, posSoNo));
  return (r?.m ?? 0) + LINE_NO_STEP;
}

/** The totals of lines and header terms; discounts larger than the lines are a 400 naming the invoice discount. */
export function totalsOrThrow(lines: Parameters<typeof documentTotals>[0], terms: HeaderTerms) {
  const totals = documentTotals(lines, terms);
  if (D(totals.grand_total).minus(totals.fees_amount).isNegative())
    throw badRequest(
      `The invoice discount ${toMoney(D(terms.invoiceDiscount))} is more than the lines' amount ${toMoney(D(totals.subtotal).minus(totals.line_discount_amount).minus(totals.promotion_discount_amount).minus(totals.points_discount_amount))}`,
      'invoice_discount_amount',
    );
  return totals;
}

/**
 * A document the caller holds as it now is, locked (or created) in this transaction: finishDocumentChange takes it
 * instead of reading it again. `fresh`: created in this transaction, so no promotion is recorded on it and no points
 * are redeemed on it yet (nothing to read or rewrite before the first change; the counter sale, issue 22).
 */
export type KnownDocument = {
  header: SalesOrderRow;
  lines: readonly SalesLineRow[];
  fees: readonly FeeAmount[];
  fresh?: boolean;
};

/**
 * After a change of lines or header, in the caller's transaction: the computed header terms (promotion discount,
 * points discount, fees; issue 9) and the grand total recomputed from the lines (documentTotals), and the header's
 * version bumped (one version per document). Order of the terms: lines' net − invoice discount − promotions −
 * points (capped by what is left) + fees. Answers the header as written.
 */
export async function finishDocumentChange(
  tx: Tx,
  posSoNo: string,
  set: Partial<SalesOrderRow> = {},
  o: { keptPromotions?: KeptPromotions; known?: KnownDocument } = {},
): Promise<SalesOrderRow> {
  const h = o.known?.header ?? (await tx.select().from(salesOrders).where(eq(salesOrders.pos_so_no, posSoNo)))[0];
  const order = { ...h, ...set };
  const lines = o.known
    ? o.known.lines.filter((l) => l.line_type === 'item')
    : await tx
        .select()
        .from(salesOrderLines)
        .where(and(eq(salesOrderLines.pos_so_no, posSoNo), eq(salesOrderLines.line_type, 'item')));
  const fees = o.known?.fees ?? (await feesOf(tx, posSoNo));
  const fresh = o.known?.fresh === true;
  const net = sum(lines.map((l) => l.amount));
  const promotion = await promotionDiscountOf(tx, order, lines, o.keptPromotions, { fresh });
  const payable = Decimal.max(0, net.minus(order.invoice_discount_amount).minus(promotion));
  const points = await pointsDiscountOf(tx, { ...order, promotion_discount_amount: promotion }, payable, { fresh });
  const totals = totalsOrThrow(lines, {
    invoiceDiscount: order.invoice_discount_amount,
    promotionDiscount: promotion,
    pointsDiscount: points.amount,
    fees,
  });
  const [written] = await tx
    .update(salesOrders)
    .set({
      ...set,
      promotion_discount_amount: totals.promotion_discount_amount,
      points_discount_amount: totals.points_discount_amount,
      la_exchange_points: points.points,
      fees_amount: totals.fees_amount,
      grand_total: totals.grand_total,
      ...bump(salesOrders.version),
    })
    .where(eq(salesOrders.pos_so_no, posSoNo))
    .returning();
  return written!;
}

/** POST /api/sales-orders/lines: adds lines to an open document. */
export async function addLines(tx: Tx, auth: Auth, body: z.output<typeof salesLineAdd>) {
  const doc = await lockSalesForChange(tx, auth.scope, body.pos_so_no, body.version, 'lines');
  const first = await nextLineNo(tx, doc.pos_so_no);
  const rows = await buildLines(tx, doc, body.lines.map(draftOf), {
    firstLineNo: first,
    field: (i) => `lines.${i}.`,
    limits: await lineLimitsOf(tx, auth),
  });
  await tx.insert(salesOrderLines).values(rows);
  await finishDocumentChange(tx, doc.pos_so_no);
}

async function lineOf(tx: Tx, posSoNo: string, lineNo: number, field: string): Promise<SalesLineRow> {
  const [line] = await tx
    .select()
    .from(salesOrderLines)
    .where(
      and(
        eq(salesOrderLines.pos_so_no, posSoNo),
        eq(salesOrderLines.line_no, lineNo),
        eq(salesOrderLines.line_type, 'item'),
      ),
    );
  if (!line) throw badRequest(`Line ${lineNo} not found`, field);
  return line;
}

/**
 * PUT /api/sales-orders/lines: changes one line of an open document. An absent field keeps its value; the price is
 * the catalogue's again for the new quantity, unit or variant unless the line's price was given (manual) or a new
 * one is; a kept discount percent is applied to the new quantity and price.
 */
export async function updateLine(tx: Tx, auth: Auth, body: z.output<typeof salesLineUpdate>) {
  const doc = await lockSalesForChange(tx, auth.scope, body.pos_so_no, body.version, 'lines');
  const line = await lineOf(tx, doc.pos_so_no, body.line_no, 'line_no');
  const changesItem =
    (body.variant_code !== undefined && body.variant_code !== line.variant_code) ||
    (body.unit_of_measure !== undefined && body.unit_of_measure !== line.unit_of_measure) ||
    (body.quantity !== undefined && !D(body.quantity).eq(line.quantity));
  const keepPrice = body.unit_price === undefined && (line.price_source === 'manual' || !changesItem);
  const percentGiven = body.line_discount_percent !== undefined;
  const amountGiven = body.line_discount_amount !== undefined;
  const draft: LineDraft = {
    item_no: line.item_no,
    variant_code: body.variant_code ?? line.variant_code,
    unit_of_measure: body.unit_of_measure ?? line.unit_of_measure,
    quantity: body.quantity ?? line.quantity,
    unit_price: body.unit_price ?? (keepPrice ? line.unit_price : undefined),
    price_source: body.unit_price !== undefined ? 'manual' : keepPrice ? line.price_source : undefined,
    price_given: body.unit_price !== undefined,
    line_discount_percent: percentGiven
      ? body.line_discount_percent
      : amountGiven
        ? undefined
        : line.line_discount_percent,
    line_discount_amount: amountGiven ? body.line_discount_amount : line.line_discount_amount,
    location_code: body.location_code ?? line.location_code,
    la_so_line_note: body.la_so_line_note ?? line.la_so_line_note,
  };
  const [row] = await buildLines(tx, doc, [draft], {
    firstLineNo: line.line_no,
    field: () => '',
    limits: await lineLimitsOf(tx, auth),
    kept: [line],
  });
  await tx
    .update(salesOrderLines)
    .set({ ...row, ...bump(salesOrderLines.version) })
    .where(eq(salesOrderLines.id, line.id));
  await finishDocumentChange(tx, doc.pos_so_no);
}

/** POST /api/sales-orders/lines/remove: removes lines of an open document. */
export async function removeLines(tx: Tx, scope: Scope, body: z.output<typeof salesLineRemove>) {
  const doc = await lockSalesForChange(tx, scope, body.pos_so_no, body.version, 'lines');
  const lineNos = [...new Set(body.line_nos)];
  const found = await tx
    .select({ line_no: salesOrderLines.line_no })
    .from(salesOrderLines)
    .where(and(eq(salesOrderLines.pos_so_no, doc.pos_so_no), inArray(salesOrderLines.line_no, lineNos)));
  const missing = lineNos.find((n) => !found.some((f) => f.line_no === n));
  if (missing !== undefined)
    throw badRequest(`Line ${missing} not found`, `line_nos.${body.line_nos.indexOf(missing)}`);
  await tx
    .delete(salesOrderLines)
    .where(and(eq(salesOrderLines.pos_so_no, doc.pos_so_no), inArray(salesOrderLines.line_no, lineNos)));
  await finishDocumentChange(tx, doc.pos_so_no);
}

/**
 * PUT /api/sales-orders/lines/post-qty: what the next "ship now" posts per line. qty to ship ≤ quantity − shipped;
 * qty to invoice ≤ shipped + to ship − invoiced (422 naming `lines.<i>.qty_to_ship` / `qty_to_invoice`); a qty to
 * invoice not given follows a smaller qty to ship down. Orders in open, released, confirmed or partial_delivered.
 */
export async function setPostQty(tx: Tx, scope: Scope, body: z.output<typeof salesPostQty>) {
  const doc = await lockSalesOrder(tx, scope, body.pos_so_no, body.version);
  if (doc.document_type !== 'order')
    throw businessRule('Quantities to ship and invoice are set on sales orders only', 'not_an_order', 'pos_so_no');
  assertSalesEditable(doc, 'qtyToShip');
  const lines = await tx
    .select()
    .from(salesOrderLines)
    .where(and(eq(salesOrderLines.pos_so_no, doc.pos_so_no), eq(salesOrderLines.line_type, 'item')))
    .orderBy(asc(salesOrderLines.line_no));
  for (const [i, l] of body.lines.entries()) {
    const line = lines.find((x) => x.line_no === l.line_no);
    if (!line) throw badRequest(`Line ${l.line_no} not found`, `lines.${i}.line_no`);
    const toShip = l.qty_to_ship !== undefined ? D(l.qty_to_ship) : D(line.qty_to_ship);
    const shipCap = D(line.quantity).minus(line.qty_shipped);
    if (toShip.gt(shipCap))
      throw businessRule(
        `Line ${line.line_no} (${line.item_no}): qty to ship ${toQty(toShip)} is more than the outstanding ${toQty(shipCap)}`,
        'qty_exceeds_outstanding',
        `lines.${i}.qty_to_ship`,
      );
    const invoiceCap = D(line.qty_shipped).plus(toShip).minus(line.qty_invoiced);
    // A kept qty to invoice follows a smaller qty to ship down to its cap; only a given one is refused past it.
    const toInvoice =
      l.qty_to_invoice !== undefined ? D(l.qty_to_invoice) : Decimal.min(D(line.qty_to_invoice), invoiceCap);
    if (toInvoice.gt(invoiceCap))
      throw businessRule(
        `Line ${line.line_no} (${line.item_no}): qty to invoice ${toQty(toInvoice)} is more than shipped and to ship, not yet invoiced: ${toQty(invoiceCap)}`,
        'qty_exceeds_outstanding',
        `lines.${i}.qty_to_invoice`,
      );
    await tx
      .update(salesOrderLines)
      .set({ qty_to_ship: toQty(toShip), qty_to_invoice: toQty(toInvoice), ...bump(salesOrderLines.version) })
      .where(eq(salesOrderLines.id, line.id));
  }
  await finishDocumentChange(tx, doc.pos_so_no);
}
