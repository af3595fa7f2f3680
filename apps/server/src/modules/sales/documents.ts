import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  buyerIssues,
  businessDate,
  ecomSalesTypes,
  formatDate,
  messages,
  partyFields,
  type PartyField,
  storeSalesTypes,
  type salesOrderCreate,
  type salesOrderUpdate,
  type salesRequestedDeliveryDate,
} from '@fp/contract';
import type { Tx } from '../../db/client.js';
import { AppError, badRequest } from '../../http/errors.js';
import { Scope } from '../../http/scope.js';
import { takeNextNumber } from '../number-series/service.js';
import { customers } from '../customers/schema.js';
import { assertSalesEditable, lockSalesOrder, type SalesLineRow, type SalesOrderRow } from './load.js';
import type { LineLimits } from './limits.js';
import { buildLines, draftOf, finishDocumentChange, LINE_NO_STEP, totalsOrThrow } from './lines.js';
import { salesOrderLines, salesOrders } from './schema.js';
import { bump } from '../../db/versioned.js';
import { insertWithLines, rowByKey } from '../../db/prepared.js';

// Create and update of a sales document's header (issue 8; calls.md 7.12). Quotes (SQ) and orders (SO) share one
// table; the number is taken last in the transaction, right before the rows are written.

export type SalesOrderCreateIn = z.output<typeof salesOrderCreate>;
export type SalesOrderUpdateIn = z.output<typeof salesOrderUpdate>;

/** The default sales type: a store sells over the counter; head office enters e-commerce orders (HOTLINE). */
export const defaultSalesType = (scope: Scope) => (scope.all ? ecomSalesTypes[0] : 'STEP IN STORE');

/**
 * Store users sell with the store types (STEP IN STORE, FACEBOOK STORE, …), head office enters e-commerce types
 * (HOTLINE, ZALO, …); another one is a 400 naming `sales_type`.
 */
export function assertSalesType(scope: Scope, salesType: string): void {
  const allowed: readonly string[] = scope.all ? ecomSalesTypes : storeSalesTypes;
  if (allowed.includes(salesType)) return;
  throw badRequest(
    scope.all
      ? `Sales type ${salesType} is a store's; head office enters ${ecomSalesTypes.join(', ')}`
      : `Sales type ${salesType} is for head office; a store sells with ${storeSalesTypes.join(', ')}`,
    'sales_type',
  );
}

const locationNotFound = (code: string, field = 'location_code') =>
  new AppError(404, 'not_found', `Location ${code} not found`, field);

/** A location of the document's franchise (and visible to the caller), else 404 naming `location_code`. */
async function assertDocumentLocation(tx: Tx, scope: Scope, franchiseCode: string, code: string) {
  await scope.assertLocation(tx, code, () => locationNotFound(code));
  await new Scope(franchiseCode).assertLocation(tx, code, () => locationNotFound(code));
}

type CustomerRow = typeof customers.$inferSelect;
const customerByNo = rowByKey(customers, customers.customer_no);

/** The customer of the document's franchise (a customer of another franchise is "Customer not found", 404). */
async function customerOf(tx: Tx, scope: Scope, franchiseCode: string, customerNo: string): Promise<CustomerRow> {
  const no = customerNo.trim().toUpperCase();
  // One read: a customer of another franchise (the caller's or the document's) is answered as a missing one.
  const c = await customerByNo(tx, no);
  if (!c || !scope.sees(c.franchise_code) || c.franchise_code !== franchiseCode)
    throw new AppError(404, 'not_found', 'Customer not found', 'sell_to_code');
  return c;
}

const PARTY = partyFields;
type Party = Record<PartyField, string>;

const sellToOfCustomer = (c: CustomerRow): Partial<Party> => ({
  name: c.name,
  phone_no: c.phone_no,
  address: c.address,
  address_2: c.address_2,
  district_code: c.district_code,
  post_code: c.post_code,
  country: c.country_region_code,
});

type HeaderValues = Record<string, unknown>;
const partyOf = (v: HeaderValues, prefix: string): Partial<Party> =>
  Object.fromEntries(PARTY.map((f) => [f, v[`${prefix}_${f}`] as string | undefined])) as Partial<Party>;
const withPrefix = (p: Partial<Party>, prefix: string) =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [`${prefix}_${k}`, v]));

/**
 * Sell-to from the customer (the body's non-empty values win), then bill-to and ship-to: each field the body leaves
 * empty defaults from sell-to. `given` is what the caller sent; `base` what the document holds (on update).
 */
function parties(given: HeaderValues, customer: CustomerRow | undefined, base: HeaderValues = {}) {
  const pick = (a: string | undefined, b: string | undefined) => (a !== undefined && a !== '' ? a : (b ?? ''));
  const fromCustomer = customer ? sellToOfCustomer(customer) : {};
  const sell = Object.fromEntries(
    PARTY.map((f) => [
      f,
      pick(partyOf(given, 'sell_to')[f], customer ? fromCustomer[f] : (base[`sell_to_${f}`] as string | undefined)),
    ]),
  ) as Party;
  const follow = (prefix: string) =>
    Object.fromEntries(
      PARTY.map((f) => [
        f,
        pick(partyOf(given, prefix)[f], customer ? sell[f] : ((base[`${prefix}_${f}`] as string) ?? sell[f])),
      ]),
    ) as Party;
  for (const f of ['country'] as const) if (!sell[f]) sell[f] = 'VNM';
  return {
    ...withPrefix(sell, 'sell_to'),
    ...withPrefix(follow('bill_to'), 'bill_to'),
    ...withPrefix(follow('ship_to'), 'ship_to'),
  };
}

function assertDeliveryDate(requested: string | null | undefined, orderDate: string) {
  if (requested && requested < orderDate)
    throw badRequest(
      `The requested delivery date cannot be before the order date ${formatDate(orderDate)}`,
      'requested_delivery_date',
    );
}

/** The franchise and location of a new document, from the caller and the body (see README "Create"). */
async function franchiseAndLocation(tx: Tx, scope: Scope, body: SalesOrderCreateIn, checked?: string) {
  const named = await scope.own(tx, body.franchise_code);
  const location = body.location_code ?? '';
  let franchise = named;
  if (location) {
    const of = checked ?? (await scope.assertLocation(tx, location, () => locationNotFound(location)));
    if (named && of !== named) throw locationNotFound(location);
    franchise = of;
  }
  if (!franchise) throw badRequest(messages.required, 'franchise_code');
  return { franchise, location };
}

/**
 * POST /api/sales-orders: a quote (SQ) or an order (SO) with its lines, in the caller's transaction. Returns the
 * new document's number.
 */
export async function createSalesDocument(
  tx: Tx,
  scope: Scope,
  body: SalesOrderCreateIn,
  o: {
    createdBy?: number;
    limits?: LineLimits;
    /**
     * An offline counter sale (issue 19, modules/counter): the number its device gave it (from the device's range
     * of this series, checked by the caller) instead of the series' next, and when the customer paid.
     */
    offline?: { sold_at: string; offline_device: string; device_doc_no: string };
    /**
     * The franchise of `body.location_code`, which the caller checked in the same scope (Scope.assertLocation) in
     * this call (the counter sale, issue 22): not read again.
     */
    locationOf?: string;
  } = {},
  /** Told the rows as written (the create call answers from them instead of reading them back). */
  created?: (header: SalesOrderRow, lines: SalesLineRow[]) => void,
): Promise<string> {
  const { franchise, location } = await franchiseAndLocation(tx, scope, body, o.locationOf);
  const salesType = body.sales_type ?? defaultSalesType(scope);
  assertSalesType(scope, salesType);
  const customer = body.sell_to_code ? await customerOf(tx, scope, franchise, body.sell_to_code) : undefined;
  const orderDate = body.order_date ?? businessDate();
  assertDeliveryDate(body.requested_delivery_date, orderDate);
  const { lines = [], document_type: documentType, franchise_code: _f, ...header } = body;
  const doc = {
    pos_so_no: '',
    franchise_code: franchise,
    location_code: location,
    order_date: orderDate,
    document_type: documentType,
  };
  const rows = await buildLines(tx, doc, lines.map(draftOf), {
    firstLineNo: LINE_NO_STEP,
    field: (i) => `lines.${i}.`,
    limits: o.limits,
  });
  const totals = totalsOrThrow(rows, { invoiceDiscount: body.invoice_discount_amount ?? '0' });
  // The number last: a failure above gives nothing back to the series.
  const no =
    o.offline?.device_doc_no ||
    (await takeNextNumber(tx, {
      franchiseCode: franchise,
      documentType: documentType === 'quote' ? 'SQ' : 'SO',
      date: orderDate,
    }));
  // The order and its lines in one statement.
  const { header: written, lines: writtenLines } = await insertWithLines(
    tx,
    {
      table: salesOrders,
      row: {
        ...header,
        ...parties(header, customer),
        pos_so_no: no,
        document_type: documentType,
        franchise_code: franchise,
        location_code: location,
        sales_type: salesType,
        status: 'open',
        sell_to_code: customer?.customer_no ?? '',
        bill_to_code: header.bill_to_code || customer?.customer_no || '',
        loyalty_cust_scheme: header.loyalty_cust_scheme || 'Silver',
        order_date: orderDate,
        requested_delivery_date: body.requested_delivery_date ?? null,
        customer_birthday: body.customer_birthday ?? null,
        invoice_discount_amount: totals.invoice_discount_amount,
        grand_total: totals.grand_total,
        created_by: o.createdBy ?? null,
        ...(o.offline ?? {}),
      },
    },
    { table: salesOrderLines, rows: rows.map((r) => ({ ...r, pos_so_no: no })), orderBy: salesOrderLines.line_no },
  );
  created?.(written, writtenLines);
  return no;
}

/** Header fields that may change after release, until the order has shipped: the notes and the delivery date. */
export const LATE_HEADER_FIELDS = [
  'general_comments',
  'delivery_comments',
  'requested_delivery_date',
  // issue 21: a buyer may ask for a company invoice until the order is invoiced (the e-invoice carries it)
  'buyer_tax_code',
  'buyer_company_name',
  'buyer_address',
] as const;

/**
 * PUT /api/sales-orders: changes the header. Everything while the document is open; after release (until shipped,
 * or while a quote is alive) only the notes and the requested delivery date (LATE_HEADER_FIELDS). An absent field
 * keeps its value.
 */
export async function updateSalesDocument(tx: Tx, scope: Scope, body: SalesOrderUpdateIn): Promise<void> {
  const doc = await lockSalesOrder(tx, scope, body.pos_so_no, body.version);
  const { pos_so_no: _no, version: _v, ...fields } = body;
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as HeaderValues;
  // Customer numbers are upper-case (customers module): "kh…" names the same customer.
  if (typeof given.sell_to_code === 'string') given.sell_to_code = given.sell_to_code.toUpperCase();
  const current = doc as unknown as HeaderValues;
  const changed = Object.keys(given).filter((k) => String(given[k] ?? '') !== String(current[k] ?? ''));
  const late = changed.every((k) => (LATE_HEADER_FIELDS as readonly string[]).includes(k));
  assertSalesEditable(doc, late ? 'lateHeader' : 'header');
  const set: Partial<SalesOrderRow> = { ...(given as Partial<SalesOrderRow>) };
  if (given.location_code !== undefined && given.location_code !== doc.location_code) {
    if (given.location_code) await assertDocumentLocation(tx, scope, doc.franchise_code, given.location_code as string);
  }
  if (given.sales_type !== undefined && given.sales_type !== doc.sales_type)
    assertSalesType(scope, given.sales_type as string);
  const newCustomer =
    given.sell_to_code !== undefined && String(given.sell_to_code).toUpperCase() !== doc.sell_to_code
      ? given.sell_to_code
        ? await customerOf(tx, scope, doc.franchise_code, given.sell_to_code as string)
        : undefined
      : undefined;
  if (newCustomer) {
    Object.assign(set, parties(given, newCustomer), {
      sell_to_code: newCustomer.customer_no,
      bill_to_code: (given.bill_to_code as string) || newCustomer.customer_no,
    });
  }
  if (set.loyalty_cust_scheme === '') set.loyalty_cust_scheme = 'Silver';
  // A company buyer as the document will hold it: with a tax code, its name and address (400 naming the field).
  const [buyerIssue] = buyerIssues({ ...doc, ...set });
  if (buyerIssue) throw badRequest(buyerIssue[1], buyerIssue[0]);
  assertDeliveryDate(
    set.requested_delivery_date === undefined ? doc.requested_delivery_date : set.requested_delivery_date,
    set.order_date ?? doc.order_date,
  );
  await finishDocumentChange(tx, doc.pos_so_no, set);
  if (set.location_code) {
    // Lines without a location take the header's.
    await tx
      .update(salesOrderLines)
      .set({ location_code: set.location_code, ...bump(salesOrderLines.version) })
      .where(and(eq(salesOrderLines.pos_so_no, doc.pos_so_no), eq(salesOrderLines.location_code, '')));
  }
}

/** PUT /api/sales-orders/requested-delivery-date: not before the order date; until the order has shipped. */
export async function setRequestedDeliveryDate(
  tx: Tx,
  scope: Scope,
  body: z.output<typeof salesRequestedDeliveryDate>,
): Promise<void> {
  const doc = await lockSalesOrder(tx, scope, body.pos_so_no, body.version);
  assertSalesEditable(doc, 'requestedDeliveryDate');
  assertDeliveryDate(body.requested_delivery_date, doc.order_date);
  await tx
    .update(salesOrders)
    .set({ requested_delivery_date: body.requested_delivery_date, ...bump(salesOrders.version) })
    .where(eq(salesOrders.pos_so_no, doc.pos_so_no));
}
