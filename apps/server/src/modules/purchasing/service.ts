import { and, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import {
  businessDate,
  DEFAULT_PURCHASE_QTY,
  messages,
  minRequestedReceiptDate,
  requestedReceiptDateTooEarly,
  type purchaseLineAdd,
  type purchaseLineInput,
  type purchaseLineRemove,
  type purchaseLineUpdate,
  type purchaseOrderCreate,
  type purchaseOrderUpdate,
} from '@fp/contract';
import type { Tx } from '../../db/client.js';
import { bump } from '../../db/versioned.js';
import { AppError, badRequest } from '../../http/errors.js';
import { Scope } from '../../http/scope.js';
import { D, sum, toMoney, toQty } from '../../kernel/money.js';
import { takeNextNumber } from '../number-series/service.js';
import { franchises, locations } from '../franchises/schema.js';
import { itemFactsAndPricesOf } from '../items/facts.js';
import { lockPurchaseForChange, type PurchaseLineRow, type PurchaseOrderRow } from './load.js';
import { purchaseOrderLines, purchaseOrders } from './schema.js';

export { getPurchaseOrder, purchaseOrderAnswer, findPurchaseOrder } from './load.js';

// Purchase order documents (README): create filled from the franchise, header update, lines. Every change of lines
// or of the invoice discount recomputes total_lines and grand_total in the same transaction (recomputeTotals).

export const LINE_NO_STEP = 10000;

type CreateIn = z.output<typeof purchaseOrderCreate>;
type UpdateIn = z.output<typeof purchaseOrderUpdate>;
type LineIn = z.output<typeof purchaseLineInput>;
type FranchiseRow = typeof franchises.$inferSelect;
/** The defaults a new order takes from the server's configuration. */
export type PurchaseDefaults = { defaultVendorNo: string; defaultVendorName: string };

const locationNotFound = (code: string, field = 'location_code') =>
  new AppError(404, 'not_found', `Location ${code} not found`, field);

/** 400 naming requested_receipt_date when `date` is before the first allowed date. */
export function assertReceiptDate(date: string | null | undefined, min: string): void {
  if (date && date < min) throw badRequest(requestedReceiptDateTooEarly(min), 'requested_receipt_date');
}

/** The receiving block of a location of the franchise (the main store is the franchise itself). */
async function receivingOf(tx: Tx, f: FranchiseRow, locationCode: string) {
  const [l] = await tx.select().from(locations).where(eq(locations.location_code, locationCode));
  return {
    receiving_code: locationCode,
    receiving_address: l?.address || f.address,
    receiving_contact: f.contact || l?.name || f.name,
    receiving_district_code: l?.district_code || f.district_code,
    receiving_district_name: l?.district_name || f.district_name,
    receiving_post_code: f.post_code,
    receiving_region_code: f.region_code,
  };
}

/** A location of the order's franchise visible to the caller, else 404 naming the field. */
async function assertOrderLocation(tx: Tx, scope: Scope, franchiseCode: string, code: string) {
  await scope.assertLocation(tx, code, () => locationNotFound(code));
  const of = await new Scope(franchiseCode).assertLocation(tx, code, () => locationNotFound(code));
  if (of !== franchiseCode) throw locationNotFound(code);
}

type LineDoc = { pos_po_no: string; franchise_code: string; order_date: string; location_code: string };
type LineDraft = {
  item_no: string;
  variant_code: string;
  unit_of_measure: string;
  purchase_qty: string;
  line_discount_amount: string;
  campaign?: string;
  costcenter?: string;
  gen_bus_posting_group?: string;
  la_so_line_note: string;
};
type NewLine = typeof purchaseOrderLines.$inferInsert;

const draftOf = (l: LineIn): LineDraft => ({
  item_no: l.item_no.toUpperCase(),
  variant_code: l.variant_code ?? '',
  unit_of_measure: l.unit_of_measure ?? '',
  purchase_qty: l.purchase_qty ?? DEFAULT_PURCHASE_QTY,
  line_discount_amount: l.line_discount_amount ?? '0',
  campaign: l.campaign,
  costcenter: l.costcenter,
  gen_bus_posting_group: l.gen_bus_posting_group,
  la_so_line_note: l.la_so_line_note ?? '',
});

/**
 * Checks and prices lines: the item exists and is not blocked (400 `<prefix>item_no`), the variant and unit exist
 * (`<prefix>variant_code`, `<prefix>unit_of_measure`); description, base unit and VAT from the item; the unit price
 * the franchise's price on the order date (pricesOf's rules, read with the facts in one statement:
 * itemFactsAndPricesOf); dimensions default from the franchise's line_* fields; amount = purchase_qty × unit_price −
 * line_discount_amount.
 */
async function buildLines(
  tx: Tx,
  doc: LineDoc,
  f: Pick<FranchiseRow, 'line_campaign' | 'line_costcenter' | 'line_gen_bus_posting_group'>,
  drafts: readonly LineDraft[],
  o: { lineNos: readonly number[]; field: (i: number) => string },
): Promise<NewLine[]> {
  if (!drafts.length) return [];
  // The facts and the prices of the lines in one statement (a line's price error after the facts' checks).
  const { facts, priceAt } = await itemFactsAndPricesOf(
    tx,
    {
      date: doc.order_date,
      franchiseCode: doc.franchise_code,
      lines: drafts.map((d) => ({
        itemNo: d.item_no,
        variantCode: d.variant_code,
        quantity: d.purchase_qty,
        unit: d.unit_of_measure,
      })),
    },
    (i, name) => `${o.field(i)}${name === 'unit' ? 'unit_of_measure' : name === 'quantity' ? 'purchase_qty' : name}`,
  );
  const { itemRows, variantRows, unitRows } = facts;
  const checked = drafts.map((d, i) => {
    const p = o.field(i);
    const item = itemRows.find((r) => r.item_no === d.item_no);
    if (!item) throw badRequest(`Item ${d.item_no} not found`, `${p}item_no`);
    if (item.blocked) throw badRequest(`Item ${d.item_no} is blocked and cannot be purchased`, `${p}item_no`);
    let variant: string | undefined;
    if (d.variant_code) {
      const v = variantRows.find((r) => r.item_no === d.item_no && r.variant_code === d.variant_code);
      if (!v) throw badRequest(`Item ${d.item_no} has no variant ${d.variant_code}`, `${p}variant_code`);
      if (v.blocked)
        throw badRequest(
          `Variant ${d.variant_code} of item ${d.item_no} is blocked and cannot be purchased`,
          `${p}variant_code`,
        );
      variant = v.description;
    }
    const unit = d.unit_of_measure || item.base_unit_of_measure;
    let perUnit = '1';
    if (unit !== item.base_unit_of_measure) {
      const u = unitRows.find((r) => r.item_no === d.item_no && r.code === unit);
      if (!u) throw badRequest(`Item ${d.item_no} has no unit ${unit}`, `${p}unit_of_measure`);
      perUnit = u.qty_per_unit_of_measure;
    }
    return { d: { ...d, unit_of_measure: unit }, item, variant, perUnit };
  });
  const prices = checked.map((_c, i) => priceAt(i));
  return checked.map(({ d, item, variant, perUnit }, i) => {
    const qty = toQty(d.purchase_qty);
    const unitPrice = prices[i].unit_price;
    const discount = toMoney(D(d.line_discount_amount));
    if (D(discount).gt(D(qty).mul(unitPrice)))
      throw badRequest(
        `The line discount ${discount} is more than purchase qty × unit price of item ${d.item_no}`,
        `${o.field(i)}line_discount_amount`,
      );
    return {
      pos_po_no: doc.pos_po_no,
      line_no: o.lineNos[i],
      item_no: d.item_no,
      variant_code: d.variant_code,
      description: variant ? `${item.description} - ${variant}` : item.description,
      unit_of_measure: d.unit_of_measure,
      qty_per_unit_of_measure: perUnit,
      location_code: doc.location_code,
      purchase_qty: qty,
      unit_price: unitPrice,
      line_discount_amount: discount,
      amount: toMoney(D(qty).mul(unitPrice).minus(discount)),
      vat_percent: item.vat_percent,
      campaign: d.campaign || f.line_campaign,
      costcenter: d.costcenter || f.line_costcenter,
      gen_bus_posting_group: d.gen_bus_posting_group || f.line_gen_bus_posting_group,
      la_so_line_note: d.la_so_line_note,
    };
  });
}

/** total_lines = Σ line amounts, grand_total = total_lines − invoice discount (400 when the discount is larger). */
export function purchaseTotals(lineAmounts: readonly string[], invoiceDiscount: string) {
  const total = sum(lineAmounts);
  const discount = D(invoiceDiscount);
  if (discount.gt(total))
    throw badRequest(
      `The invoice discount ${toMoney(discount)} is more than the lines' amount ${toMoney(total)}`,
      'invoice_discount_amount',
    );
  return {
    invoice_discount_amount: toMoney(discount),
    total_lines: toMoney(total),
    grand_total: toMoney(total.minus(discount)),
  };
}

/**
 * After a change of lines or of the header, in the caller's transaction: total_lines and grand_total recomputed from
 * the lines (books verify them) with `set` applied, and the header's version bumped.
 */
export async function recomputeTotals(tx: Tx, posPoNo: string, set: Partial<PurchaseOrderRow> = {}): Promise<void> {
  const [h] = await tx
    .select({ d: purchaseOrders.invoice_discount_amount })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.pos_po_no, posPoNo));
  const lines = await tx
    .select({ amount: purchaseOrderLines.amount })
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.pos_po_no, posPoNo));
  const totals = purchaseTotals(
    lines.map((l) => l.amount),
    set.invoice_discount_amount ?? h.d,
  );
  await tx
    .update(purchaseOrders)
    .set({ ...set, ...totals, ...bump(purchaseOrders.version) })
    .where(eq(purchaseOrders.pos_po_no, posPoNo));
}

async function franchiseOf(tx: Tx, code: string): Promise<FranchiseRow> {
  const [f] = await tx.select().from(franchises).where(eq(franchises.customer_no, code));
  if (!f) throw new AppError(404, 'not_found', 'Franchise not found', 'franchise_code');
  return f;
}

/**
 * POST /api/purchase-orders: an order filled from the franchise (README "Create"), with its lines, in the caller's
 * transaction. Returns the new number (series PO, taken last).
 */
export async function createPurchaseOrder(
  tx: Tx,
  scope: Scope,
  body: CreateIn,
  o: PurchaseDefaults & { createdBy?: number },
): Promise<string> {
  const named = await scope.own(tx, body.franchise_code);
  let franchiseCode = named;
  const location = body.location_code || named || '';
  if (body.location_code) {
    const of = await scope.assertLocation(tx, body.location_code, () => locationNotFound(location));
    if (named && of !== named) throw locationNotFound(body.location_code);
    franchiseCode = of;
  }
  if (!franchiseCode) throw badRequest(messages.required, 'franchise_code');
  const f = await franchiseOf(tx, franchiseCode);
  const orderDate = businessDate();
  const min = minRequestedReceiptDate(orderDate, f.receipt_lead_time);
  assertReceiptDate(body.requested_receipt_date, min);
  const { lines = [], franchise_code: _f, type: _t, ...header } = body;
  const given = Object.fromEntries(Object.entries(header).filter(([, v]) => v !== undefined && v !== ''));
  const vendorNo = f.vendor_no || o.defaultVendorNo;
  const doc: LineDoc = { pos_po_no: '', franchise_code: f.customer_no, order_date: orderDate, location_code: location };
  const rows = await buildLines(tx, doc, f, lines.map(draftOf), {
    lineNos: lines.map((_, i) => (i + 1) * LINE_NO_STEP),
    field: (i) => `lines.${i}.`,
  });
  const totals = purchaseTotals(
    rows.map((r) => r.amount),
    body.invoice_discount_amount ?? '0',
  );
  const receiving = await receivingOf(tx, f, location);
  // The number last: a failure above gives nothing back to the series.
  const no = await takeNextNumber(tx, { franchiseCode: f.customer_no, documentType: 'PO', date: orderDate });
  await tx.insert(purchaseOrders).values({
    pos_po_no: no,
    type: 'Order',
    status: 'open',
    franchise_code: f.customer_no,
    location_code: location,
    vendor_no: vendorNo,
    vendor_name: f.vendor_name || (vendorNo === o.defaultVendorNo ? o.defaultVendorName : ''),
    buy_from_code: f.buy_from_code,
    buy_from_address: f.buy_from_address,
    franchise_name: f.name,
    franchise_address: f.address,
    franchise_district_code: f.district_code,
    franchise_district_name: f.district_name,
    franchise_phone_no: f.phone_no,
    franchise_contact: f.contact,
    franchise_post_code: f.post_code,
    franchise_region_code: f.region_code,
    campaign: f.header_campaign,
    costcenter: f.header_costcenter,
    channel: f.header_channel,
    department: f.header_department,
    factory: f.header_factory,
    ...receiving,
    ...given,
    order_date: orderDate,
    requested_receipt_date: body.requested_receipt_date ?? min,
    ...totals,
    created_by: o.createdBy ?? null,
  });
  if (rows.length) await tx.insert(purchaseOrderLines).values(rows.map((r) => ({ ...r, pos_po_no: no })));
  return no;
}

/**
 * PUT /api/purchase-orders: the header of an open order. An absent field keeps its value; a new location refills
 * the receiving block (fields the body gives win) and moves the lines; a changed requested receipt date must not be
 * before today + the lead time; the invoice discount recomputes the totals.
 */
export async function updatePurchaseOrder(tx: Tx, scope: Scope, body: UpdateIn): Promise<void> {
  const doc = await lockPurchaseForChange(tx, scope, body.pos_po_no, body.version, 'header');
  const { pos_po_no: _no, version: _v, ...fields } = body;
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<
    Record<keyof typeof fields, string | null>
  >;
  let set: Partial<PurchaseOrderRow> = { ...(given as Partial<PurchaseOrderRow>) };
  if (given.requested_receipt_date !== undefined && given.requested_receipt_date !== doc.requested_receipt_date) {
    const f = await franchiseOf(tx, doc.franchise_code);
    assertReceiptDate(given.requested_receipt_date, minRequestedReceiptDate(businessDate(), f.receipt_lead_time));
  }
  const location = given.location_code === '' ? doc.franchise_code : given.location_code;
  if (location && location !== doc.location_code) {
    await assertOrderLocation(tx, scope, doc.franchise_code, location);
    const f = await franchiseOf(tx, doc.franchise_code);
    const receiving = await receivingOf(tx, f, location);
    const keep = Object.fromEntries(Object.entries(given).filter(([k, v]) => k.startsWith('receiving_') && v));
    set = { ...set, ...receiving, ...keep, location_code: location };
    await tx
      .update(purchaseOrderLines)
      .set({ location_code: location, ...bump(purchaseOrderLines.version) })
      .where(eq(purchaseOrderLines.pos_po_no, doc.pos_po_no));
  } else delete set.location_code;
  if (set.invoice_discount_amount !== undefined) set.invoice_discount_amount = toMoney(D(set.invoice_discount_amount));
  await recomputeTotals(tx, doc.pos_po_no, set);
}

async function franchiseLineDefaults(tx: Tx, code: string) {
  const [f] = await tx
    .select({
      line_campaign: franchises.line_campaign,
      line_costcenter: franchises.line_costcenter,
      line_gen_bus_posting_group: franchises.line_gen_bus_posting_group,
    })
    .from(franchises)
    .where(eq(franchises.customer_no, code));
  return f ?? { line_campaign: '', line_costcenter: '', line_gen_bus_posting_group: '' };
}

/** POST /api/purchase-orders/lines: adds lines to an open order (purchase_qty defaults to 1). */
export async function addPurchaseLines(tx: Tx, scope: Scope, body: z.output<typeof purchaseLineAdd>): Promise<void> {
  const doc = await lockPurchaseForChange(tx, scope, body.pos_po_no, body.version, 'lines');
  const [m] = await tx
    .select({ m: max(purchaseOrderLines.line_no) })
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.pos_po_no, doc.pos_po_no));
  const first = (m?.m ?? 0) + LINE_NO_STEP;
  const rows = await buildLines(tx, doc, await franchiseLineDefaults(tx, doc.franchise_code), body.lines.map(draftOf), {
    lineNos: body.lines.map((_, i) => first + i * LINE_NO_STEP),
    field: (i) => `lines.${i}.`,
  });
  await tx.insert(purchaseOrderLines).values(rows);
  await recomputeTotals(tx, doc.pos_po_no);
}

async function lineOf(tx: Tx, posPoNo: string, lineNo: number): Promise<PurchaseLineRow> {
  const [line] = await tx
    .select()
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.pos_po_no, posPoNo), eq(purchaseOrderLines.line_no, lineNo)));
  if (!line) throw badRequest(`Line ${lineNo} not found`, 'line_no');
  return line;
}

/**
 * PUT /api/purchase-orders/lines: one line of an open order. An absent field keeps its value; the price is the
 * franchise's price again (quantity, unit or variant may change it).
 */
export async function updatePurchaseLine(
  tx: Tx,
  scope: Scope,
  body: z.output<typeof purchaseLineUpdate>,
): Promise<void> {
  const doc = await lockPurchaseForChange(tx, scope, body.pos_po_no, body.version, 'lines');
  const line = await lineOf(tx, doc.pos_po_no, body.line_no);
  const draft: LineDraft = {
    item_no: line.item_no,
    variant_code: body.variant_code ?? line.variant_code,
    unit_of_measure: body.unit_of_measure ?? line.unit_of_measure,
    purchase_qty: body.purchase_qty ?? line.purchase_qty,
    line_discount_amount: body.line_discount_amount ?? line.line_discount_amount,
    campaign: body.campaign ?? line.campaign,
    costcenter: body.costcenter ?? line.costcenter,
    gen_bus_posting_group: body.gen_bus_posting_group ?? line.gen_bus_posting_group,
    la_so_line_note: body.la_so_line_note ?? line.la_so_line_note,
  };
  const [row] = await buildLines(tx, doc, await franchiseLineDefaults(tx, doc.franchise_code), [draft], {
    lineNos: [line.line_no],
    field: () => '',
  });
  await tx
    .update(purchaseOrderLines)
    .set({ ...row, ...bump(purchaseOrderLines.version) })
    .where(eq(purchaseOrderLines.id, line.id));
  await recomputeTotals(tx, doc.pos_po_no);
}

/** POST /api/purchase-orders/lines/remove: removes lines of an open order. */
export async function removePurchaseLines(
  tx: Tx,
  scope: Scope,
  body: z.output<typeof purchaseLineRemove>,
): Promise<void> {
  const doc = await lockPurchaseForChange(tx, scope, body.pos_po_no, body.version, 'lines');
  const lineNos = [...new Set(body.line_nos)];
  const found = await tx
    .select({ line_no: purchaseOrderLines.line_no })
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.pos_po_no, doc.pos_po_no), inArray(purchaseOrderLines.line_no, lineNos)));
  const missing = lineNos.find((n) => !found.some((f) => f.line_no === n));
  if (missing !== undefined)
    throw badRequest(`Line ${missing} not found`, `line_nos.${body.line_nos.indexOf(missing)}`);
  await tx
    .delete(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.pos_po_no, doc.pos_po_no), inArray(purchaseOrderLines.line_no, lineNos)));
  await recomputeTotals(tx, doc.pos_po_no);
}
