import { z } from 'zod';
import { messages, optionalText, type MaxLength } from './validators.js';
import { int32, version } from './common.js';
import { dateInput, decimalInput, moneyInput } from './catalogue-common.js';
import { documentTypes, ecomSalesTypes, salesOrderStatuses, storeSalesTypes } from './constants.js';
import { salesQuoteStatuses } from './machines.js';
import { appliedPromotion } from './promotions.js';
import { buyerFieldsShape, buyerIssues, eInvoiceBrief, eInvoiceStates } from './einvoices.js';

// Sales documents (product.md 3 Sales order; calls.md 7.12; api.md Sales; issue 8). One model for quotes, orders and
// credit memos. Money is a decimal string with 2 decimals, quantities with up to 5 (DEVELOPING.md "Money").

export const salesTypes = [...new Set([...storeSalesTypes, ...ecomSalesTypes])] as const;
export type SalesType = (typeof storeSalesTypes)[number] | (typeof ecomSalesTypes)[number];
export type SalesDocumentType = (typeof documentTypes)[number];
/** Every status a sales document can have (orders and quotes; a credit memo is posted at once: `invoiced`). */
export const salesDocumentStatuses = [...new Set([...salesOrderStatuses, ...salesQuoteStatuses])] as const;

/** A quantity on a line: more than 0, at most 5 decimals. */
export const quantityInput = (field = 'quantity') =>
  decimalInput(field, { min: 0, max: 1_000_000_000, scale: 5, minExclusive: true });
/** A quantity that may be 0 (qty to ship / to invoice / to credit). */
export const quantityOrZeroInput = (field: string) => decimalInput(field, { min: 0, max: 1_000_000_000, scale: 5 });
/** A percent 0 … 100 with at most 2 decimals. */
export const percentInput = (field: string) => decimalInput(field, { min: 0, max: 100, scale: 2 });

const optionalDate = () => z.union([dateInput(), z.literal('').transform(() => null), z.null()]).optional();
const t = (max: MaxLength) => optionalText(max).optional();
type TextField = (max: MaxLength) => z.ZodOptional<z.ZodType<string | undefined, string | undefined>>;
/** A text field of a change (update): absent stays absent (undefined: unchanged), '' clears it. */
const patchText: TextField = (max) => z.string().trim().max(max, messages.maxLength(max)).optional();

/** The fields of a sell-to / bill-to / ship-to block and their maximum lengths (one list for input, answers, server). */
export const partyFieldLengths = {
  name: 100,
  phone_no: 30,
  contact: 100,
  address: 250,
  address_2: 250,
  district_code: 30,
  district_name: 100,
  post_code: 30,
  city: 100,
  country: 30,
} as const satisfies Record<string, MaxLength>;
export type PartyField = keyof typeof partyFieldLengths;
export const partyFields = Object.keys(partyFieldLengths) as PartyField[];

/** The sell-to / bill-to / ship-to blocks: name, phone_no, contact, code, address, district, post code, city, country. */
const partyOf = <P extends string, F extends TextField>(prefix: P, t: F) =>
  Object.fromEntries(partyFields.map((f) => [`${prefix}_${f}`, t(partyFieldLengths[f])])) as Record<
    `${P}_${PartyField}`,
    ReturnType<F>
  >;

/** Header fields a user may set on create and update (the rest is derived: numbers, totals, statuses, posting). */
const headerFieldsOf = <F extends TextField>(t: F) => ({
  location_code: t(30),
  sales_type: z.enum(salesTypes, { error: `sales_type must be one of ${salesTypes.join(', ')}` }).optional(),
  /** The customer: the customer's number (sell-to code). Sell-to, bill-to and ship-to default from the customer. */
  sell_to_code: t(30),
  ...partyOf('sell_to', t),
  bill_to_code: t(30),
  ...partyOf('bill_to', t),
  ship_to_code: t(30),
  ...partyOf('ship_to', t),
  general_comments: t(250),
  delivery_comments: t(250),
  la_internal_comment: t(250),
  agent_code: t(30),
  agent_service_code: t(30),
  agent_address: t(250),
  requested_delivery_date: optionalDate(),
  campaign: t(30),
  costcenter: t(30),
  loyalty_cust_scheme: t(30),
  loyalty_cust_referral_code: t(30),
  customer_birthday: optionalDate(),
  la_referral_code: t(30),
  la_referral_cust_no: t(30),
  invoice_discount_amount: moneyInput('invoice_discount_amount').optional(),
  order_date: optionalDate(),
  /**
   * A company invoice (issue 21): the buyer's tax code (10 or 13 digits, dash form 0123456789-001), company name and
   * address, carried to the e-invoice's buyerInfo. With a tax code, name and address are required (400 naming them).
   */
  ...buyerFieldsShape,
});
/** On create: an absent text is ''. */
export const salesHeaderFields = headerFieldsOf(t);
/** On update: an absent field is unchanged (undefined), '' clears a text. */
export const salesHeaderPatchFields = headerFieldsOf(patchText);

/** A line as the user enters it: the price comes from the catalogue (product price function) unless overridden. */
export const salesLineInput = z.object({
  item_no: z.string({ error: messages.required }).trim().min(1, messages.required).max(30, messages.maxLength(30)),
  variant_code: t(30),
  unit_of_measure: t(30),
  quantity: quantityInput(),
  /** An override of the catalogue price (needs the price override permission from issue 9). */
  unit_price: moneyInput('unit_price').optional(),
  line_discount_amount: moneyInput('line_discount_amount').optional(),
  line_discount_percent: percentInput('line_discount_percent').optional(),
  location_code: t(30),
  la_so_line_note: t(250),
});
export type SalesLineInput = z.input<typeof salesLineInput>;

/** With a buyer tax code, the company name and address are required (each issue names its field). */
export const buyerRefine = (v: Parameters<typeof buyerIssues>[0], ctx: z.RefinementCtx) => {
  // the tax code's own form is its field's check (buyerTaxCodeInput); here what it makes required
  for (const [field, message] of buyerIssues(v))
    if (field !== 'buyer_tax_code') ctx.addIssue({ code: 'custom', message, path: [field] });
};

export const salesOrderCreate = z
  .object({
    document_type: z
      .enum(['order', 'quote'], { error: 'document_type must be order or quote' })
      .optional()
      .default('order'),
    /** Head office names the franchise (or it follows from location_code); a store user's is their own. */
    franchise_code: t(30),
    ...salesHeaderFields,
    lines: z.array(salesLineInput).max(500, 'At most 500 lines').optional(),
  })
  .superRefine(buyerRefine);
export type SalesOrderCreate = z.input<typeof salesOrderCreate>;

export const salesOrderUpdate = z.object({
  pos_so_no: z.string({ error: messages.required }).trim().min(1, messages.required),
  version,
  ...salesHeaderPatchFields,
});
export type SalesOrderUpdate = z.input<typeof salesOrderUpdate>;

export const posSoNoParam = z.object({ pos_so_no: z.string().trim().min(1, messages.required).max(40) });
const docRef = { pos_so_no: z.string({ error: messages.required }).trim().min(1, messages.required), version };

export const salesLineAdd = z.object({
  ...docRef,
  lines: z.array(salesLineInput).min(1, 'lines must not be empty').max(500),
});
export const salesLineUpdate = z.object({
  ...docRef,
  line_no: int32().positive(),
  variant_code: patchText(30),
  unit_of_measure: patchText(30),
  quantity: quantityInput().optional(),
  unit_price: moneyInput('unit_price').optional(),
  line_discount_amount: moneyInput('line_discount_amount').optional(),
  line_discount_percent: percentInput('line_discount_percent').optional(),
  location_code: patchText(30),
  la_so_line_note: patchText(250),
});
export const salesLineRemove = z.object({
  ...docRef,
  line_nos: z.array(int32().positive()).min(1, 'line_nos must not be empty').max(500),
});

/** PUT …/status: the target status; cancel needs a cancel reason of the document's page. */
export const salesStatusChange = z.object({
  ...docRef,
  status: z.enum(salesDocumentStatuses, { error: `status must be one of ${salesDocumentStatuses.join(', ')}` }),
  cancel_reason_code: t(30),
});
export const salesRequestedDeliveryDate = z.object({ ...docRef, requested_delivery_date: dateInput() });

/** PUT …/lines/post-qty: what the next "ship now" posts per line (defaults: everything outstanding). */
export const salesPostQty = z.object({
  ...docRef,
  lines: z
    .array(
      z.object({
        line_no: int32().positive(),
        qty_to_ship: quantityOrZeroInput('qty_to_ship').optional(),
        qty_to_invoice: quantityOrZeroInput('qty_to_invoice').optional(),
      }),
    )
    .min(1, 'lines must not be empty')
    .max(500),
});

/** Actions of the machine that take only the document (ship now, calculate, support to ship, sync, close, convert). */
export const salesDocumentAction = z.object(docRef);

/**
 * Ship Now (POST /api/sales-orders/ship): an order with money still due ships only with `sell_on_credit: true` by a
 * user holding the Sell On Credit button (issue 17), else a 422 naming remaining_amount.
 */
export const salesShip = z.object({
  ...docRef,
  sell_on_credit: z.boolean({ error: 'sell_on_credit must be true or false' }).optional(),
});
export type SalesShip = z.input<typeof salesShip>;

/** Credit memo for lines: quantities ≤ invoiced − credited per line. */
export const salesCreditMemoLines = z.object({
  ...docRef,
  lines: z
    .array(z.object({ line_no: int32().positive(), quantity: quantityInput() }))
    .min(1, 'lines must not be empty')
    .max(500),
  cancel_reason_code: t(30),
});
export const salesCreditMemoAll = z.object({ ...docRef, cancel_reason_code: t(30) });

// ---------- answers ----------

const money = z.string();
const qty = z.string();

export const salesLine = z.object({
  line_no: int32(),
  line_type: z.enum(['item', 'fee']),
  item_no: z.string(),
  variant_code: z.string(),
  description: z.string(),
  unit_of_measure: z.string(),
  /** Base units per unit of measure: the stock a line takes is quantity × this (issue 17: available on the line). */
  qty_per_unit_of_measure: qty,
  location_code: z.string(),
  quantity: qty,
  unit_price: money,
  /** Where the price came from (item_price, price_rate, list_price, manual). */
  price_source: z.string(),
  line_discount_percent: z.string(),
  line_discount_amount: money,
  /** quantity × unit price − line discount; VAT included (retail prices include VAT). */
  amount: money,
  vat_percent: z.string(),
  /** The VAT contained in amount: amount × vat / (100 + vat), rounded to 2 decimals. */
  vat_amount: money,
  qty_to_ship: qty,
  qty_shipped: qty,
  qty_to_invoice: qty,
  qty_invoiced: qty,
  qty_credited: qty,
  la_so_line_note: z.string(),
  version: int32(),
});
export type SalesLine = z.infer<typeof salesLine>;

export const erpSyncState = z.object({
  state: z.string(),
  external_no: z.string().nullable(),
  etag: z.string().nullable(),
  last_error: z.string().nullable(),
  synced_at: z.string().nullable(),
});

export const salesTotals = z.object({
  subtotal: money,
  line_discount_amount: money,
  /** The discount typed on the header. */
  invoice_discount_amount: money,
  /** What the auto promotions, the coupon and the birthday promotion take off (computed). */
  promotion_discount_amount: money,
  /** What the points redeemed on the order are worth (computed). */
  points_discount_amount: money,
  fees_amount: money,
  vat_amount: money,
  /** subtotal − line discounts − invoice, promotion and points discounts + fees. */
  grand_total: money,
  /** What the customer still owes: amount due − processed receipts − recorded adjustments (never stored). */
  remaining_amount: money,
  /** What credit memos of this order owe the customer back. */
  credited_amount: money,
});

const partyOut = <P extends string>(prefix: P) =>
  Object.fromEntries(partyFields.map((f) => [`${prefix}_${f}`, z.string()])) as Record<
    `${P}_${PartyField}`,
    z.ZodString
  >;

/** One row of the list (the /salesOrders columns and more). */
export const salesOrderListItem = z.object({
  pos_so_no: z.string(),
  document_type: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  status: z.string(),
  sales_type: z.string(),
  customer_no: z.string(),
  customer_name: z.string(),
  shipping_address: z.string(),
  sell_to_phone_no: z.string(),
  remaining_amount: money,
  grand_total: money,
  order_date: z.string(),
  requested_delivery_date: z.string().nullable(),
  posting_date: z.string().nullable(),
  general_comments: z.string(),
  delivery_comments: z.string(),
  cancel_reason_description: z.string(),
  quote_no: z.string(),
  shipping_by: z.string(),
  /**
   * The e-invoices of the order's invoices (issue 21): the least advanced state — failed, else pending, else issued,
   * else not_sent — or '' when nothing is invoiced. Filterable (eq / in) and sortable.
   */
  e_invoice_state: z.enum([...eInvoiceStates, '']),
  version: int32(),
});

export const salesOrder = z.object({
  pos_so_no: z.string(),
  document_type: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  sales_type: z.string(),
  status: z.string(),
  sell_to_code: z.string(),
  ...partyOut('sell_to'),
  bill_to_code: z.string(),
  ...partyOut('bill_to'),
  ship_to_code: z.string(),
  ...partyOut('ship_to'),
  general_comments: z.string(),
  delivery_comments: z.string(),
  la_internal_comment: z.string(),
  agent_code: z.string(),
  agent_service_code: z.string(),
  agent_address: z.string(),
  requested_delivery_date: z.string().nullable(),
  coupon_code: z.string(),
  /** The automatic promotions apply to this order (PUT …/auto-promotion). */
  auto_promotion: z.boolean(),
  campaign: z.string(),
  costcenter: z.string(),
  loyalty_cust_scheme: z.string(),
  loyalty_cust_referral_code: z.string(),
  loyalty_redeemable_points: z.string(),
  loyalty_ranking_points: z.string(),
  loyalty_birthday_used: z.boolean(),
  customer_birthday: z.string().nullable(),
  la_exchange_points: z.string(),
  la_referral_code: z.string(),
  la_referral_cust_no: z.string(),
  invoice_discount_amount: money,
  quote_no: z.string(),
  /** A quote converted into an order: the order's number. */
  converted_order_no: z.string(),
  /** A credit memo: the order it credits. */
  applies_to_order_no: z.string(),
  /** Who ships: the store, or head office after "support to ship". */
  shipping_by: z.enum(['store', 'head_office']),
  /** A company invoice (issue 21): the buyer's tax code, company name and address ('' for a consumer). */
  buyer_tax_code: z.string(),
  buyer_company_name: z.string(),
  buyer_address: z.string(),
  order_date: z.string(),
  posting_date: z.string().nullable(),
  cancel_reason_code: z.string(),
  cancel_reason_description: z.string(),
  totals: salesTotals,
  remaining_amount: money,
  grand_total: money,
  lines: z.array(salesLine),
  /** Fees on the order (product.md 3 "Fee record on an order"); they count in the grand total. */
  fees: z.array(
    z.object({
      line_no: int32(),
      fee_code: z.string(),
      description: z.string(),
      amount: money,
      vat_percent: z.string(),
      version: int32(),
    }),
  ),
  /** The promotions that make up promotion_discount_amount (issue 9: auto, coupon, birthday). */
  applied_promotions: z.array(appliedPromotion),
  shipments: z.array(z.object({ pos_ss_no: z.string(), posting_date: z.string() })),
  /** Each posted invoice and credit memo with its e-invoice (issue 21). */
  invoices: z.array(
    z.object({ pos_si_no: z.string(), posting_date: z.string(), amount: money, e_invoice: eInvoiceBrief }),
  ),
  credit_memos: z.array(
    z.object({ pos_so_no: z.string(), posting_date: z.string(), amount: money, e_invoice: eInvoiceBrief }),
  ),
  erp: erpSyncState,
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SalesOrder = z.infer<typeof salesOrder>;

/** An action's answer: the document as it now is, and a message where the action has something to say (sync). */
export const salesActionResult = z.object({ order: salesOrder, message: z.string() });

// ---------- posted documents ----------

export const postedSalesLine = z.object({
  line_no: int32(),
  order_line_no: int32(),
  item_no: z.string(),
  variant_code: z.string(),
  description: z.string(),
  unit_of_measure: z.string(),
  location_code: z.string(),
  quantity: qty,
  unit_price: money,
  line_discount_amount: money,
  amount: money,
  vat_percent: z.string(),
  vat_amount: money,
});

const postedHeader = {
  pos_so_no: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  customer_no: z.string(),
  customer_name: z.string(),
  order_date: z.string(),
  posting_date: z.string(),
  ship_to_address: z.string(),
  shipping_agent_code: z.string(),
  external_document_no: z.string(),
  created_at: z.string(),
};
export const salesShipmentListItem = z.object({ pos_ss_no: z.string(), ...postedHeader });
export const salesShipment = salesShipmentListItem.extend({ lines: z.array(postedSalesLine) });
export const salesInvoiceListItem = z.object({
  pos_si_no: z.string(),
  ...postedHeader,
  subtotal: money,
  line_discount_amount: money,
  invoice_discount_amount: money,
  fees_amount: money,
  vat_amount: money,
  amount: money,
  /** Its e-invoice's state and provider number (issue 21; filterable: e_invoice_state eq / in, e_invoice_no). */
  e_invoice_state: z.enum(eInvoiceStates),
  e_invoice_no: z.string(),
});
export const salesInvoice = salesInvoiceListItem.extend({
  lines: z.array(postedSalesLine),
  /** The order's company buyer, as sent in the e-invoice's buyerInfo. */
  buyer_tax_code: z.string(),
  buyer_company_name: z.string(),
  buyer_address: z.string(),
  e_invoice: eInvoiceBrief,
});
export const salesCreditMemoListItem = z.object({
  pos_so_no: z.string(),
  applies_to_order_no: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  customer_no: z.string(),
  customer_name: z.string(),
  posting_date: z.string(),
  amount: money,
  cancel_reason_code: z.string(),
  created_at: z.string(),
  /** Its adjusting e-invoice's state and provider number (issue 21; filterable like the invoices'). */
  e_invoice_state: z.enum(eInvoiceStates),
  e_invoice_no: z.string(),
});
export const salesCreditMemo = salesCreditMemoListItem.extend({
  lines: z.array(postedSalesLine),
  e_invoice: eInvoiceBrief,
});
export const posSsNoParam = z.object({ pos_ss_no: z.string().trim().min(1).max(40) });
export const posSiNoParam = z.object({ pos_si_no: z.string().trim().min(1).max(40) });
