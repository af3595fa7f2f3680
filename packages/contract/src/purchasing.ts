import { z } from 'zod';
import { messages, optionalText, type MaxLength } from './validators.js';
import { int32, version } from './common.js';
import { dateInput, moneyInput } from './catalogue-common.js';
import { purchaseOrderStatuses, purchaseOrderTypes } from './constants.js';
import { erpSyncState, quantityInput, quantityOrZeroInput } from './sales.js';
import { formatDate } from './format.js';

// Purchase orders (product.md 2 /purchasesOrders, 3 Purchase order and line, 4; calls.md 7.9; api.md Purchasing;
// issue 10). A franchise buys from head office: an Order is released to the ERP (standalone: head office's sales order
// `bc_so_no`), head office ships and invoices it, the store receives what was shipped and may return received goods
// with a credit memo (a document of type 'Credit Memo', posted at once). Money: decimal strings with 2 decimals.

export { purchaseOrderStatuses, purchaseOrderTypes };
export type PurchaseOrderType = (typeof purchaseOrderTypes)[number];

/** Line quantity when none is given (calls.md 9 "Default purchase order line quantity"). */
export const DEFAULT_PURCHASE_QTY = '1';

/** A date (YYYY-MM-DD) plus whole days. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first requested receipt date allowed: the business date + the franchise's receipt_lead_time (days). */
export const minRequestedReceiptDate = (today: string, receiptLeadTime: number) =>
  addDays(today, Math.max(0, receiptLeadTime));

/** The 400 of a requested receipt date before the minimum (field requested_receipt_date); the web shows the same. */
export const requestedReceiptDateTooEarly = (minDate: string) =>
  `The requested receipt date cannot be before ${formatDate(minDate)}`;

const optionalDate = () => z.union([dateInput(), z.literal('').transform(() => null), z.null()]).optional();
const t = (max: MaxLength) => optionalText(max).optional();
type TextField = (max: MaxLength) => z.ZodOptional<z.ZodType<string | undefined, string | undefined>>;
/** A text field of a change: absent stays unchanged, '' clears it. */
const patchText: TextField = (max) => z.string().trim().max(max, messages.maxLength(max)).optional();
const requiredText = (max: MaxLength) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.maxLength(max));

/** The receiving block (where the goods arrive): code (the location's address code), address, contact, district, post code, region. */
export const receivingFieldLengths = {
  receiving_code: 30,
  receiving_address: 250,
  receiving_contact: 100,
  receiving_district_code: 30,
  receiving_district_name: 100,
  receiving_post_code: 30,
  receiving_region_code: 30,
} as const satisfies Record<string, MaxLength>;
/** The franchise block, copied from the franchise when the order is created (read-only afterwards). */
export const franchiseBlockFields = [
  'franchise_code',
  'franchise_name',
  'franchise_address',
  'franchise_district_code',
  'franchise_district_name',
  'franchise_phone_no',
  'franchise_contact',
  'franchise_post_code',
  'franchise_region_code',
] as const;

const receivingOf = <F extends TextField>(t: F) =>
  Object.fromEntries(Object.entries(receivingFieldLengths).map(([k, max]) => [k, t(max)])) as Record<
    keyof typeof receivingFieldLengths,
    ReturnType<F>
  >;

/** Header fields a user sets (the vendor, buy-from and franchise blocks come from the franchise; totals are derived). */
const headerFieldsOf = <F extends TextField>(t: F) => ({
  /** The franchise's location that receives the goods (default: the user's store, else the franchise's main store). */
  location_code: t(30),
  /** Not before today + the franchise's receipt_lead_time (400 naming the field, with the first allowed date). */
  requested_receipt_date: optionalDate(),
  ...receivingOf(t),
  agent_code: t(30),
  agent_service_code: t(30),
  warehouse_code: t(30),
  /** The general note and the delivery note. */
  nwv_general_comments: t(250),
  nwv_delivery_comments: t(250),
  campaign: t(30),
  costcenter: t(30),
  channel: t(30),
  department: t(30),
  factory: t(30),
  invoice_discount_amount: moneyInput('invoice_discount_amount').optional(),
});
export const purchaseHeaderFields = headerFieldsOf(t);
export const purchaseHeaderPatchFields = headerFieldsOf(patchText);

/** A line as the store enters it; the unit price is the franchise's price of the item (pricesOf). */
export const purchaseLineInput = z.object({
  item_no: requiredText(30),
  variant_code: t(30),
  unit_of_measure: t(30),
  /** Default 1 (calls.md 9). */
  purchase_qty: quantityInput('purchase_qty').optional(),
  line_discount_amount: moneyInput('line_discount_amount').optional(),
  campaign: t(30),
  costcenter: t(30),
  gen_bus_posting_group: t(30),
  la_so_line_note: t(250),
});
export type PurchaseLineInput = z.input<typeof purchaseLineInput>;

export const purchaseOrderCreate = z.object({
  /** Only orders are created here; a credit memo comes from received goods (POST …/credit-memo). */
  type: z.enum(['Order'], { error: 'type must be Order (a credit memo is created from received goods)' }).optional(),
  /** Head office names the franchise; a store user's is their own. */
  franchise_code: t(30),
  ...purchaseHeaderFields,
  lines: z.array(purchaseLineInput).max(500, 'At most 500 lines').optional(),
});
export type PurchaseOrderCreate = z.input<typeof purchaseOrderCreate>;

const poRef = { pos_po_no: requiredText(40), version };
export const posPoNoParam = z.object({ pos_po_no: z.string().trim().min(1, messages.required).max(40) });

export const purchaseOrderUpdate = z.object({ ...poRef, ...purchaseHeaderPatchFields });
export type PurchaseOrderUpdate = z.input<typeof purchaseOrderUpdate>;

export const purchaseLineAdd = z.object({
  ...poRef,
  lines: z.array(purchaseLineInput).min(1, 'lines must not be empty').max(500),
});
export const purchaseLineUpdate = z.object({
  ...poRef,
  line_no: int32().positive(),
  variant_code: patchText(30),
  unit_of_measure: patchText(30),
  purchase_qty: quantityInput('purchase_qty').optional(),
  line_discount_amount: moneyInput('line_discount_amount').optional(),
  campaign: patchText(30),
  costcenter: patchText(30),
  gen_bus_posting_group: patchText(30),
  la_so_line_note: patchText(250),
});
export const purchaseLineRemove = z.object({
  ...poRef,
  line_nos: z.array(int32().positive()).min(1, 'line_nos must not be empty').max(500),
});

/** PUT …/status: reopen (open) or cancel (canceled, with a cancel reason of page /purchasesOrders). */
export const purchaseStatusChange = z.object({
  ...poRef,
  status: z.enum(purchaseOrderStatuses, { error: `status must be one of ${purchaseOrderStatuses.join(', ')}` }),
  cancel_reason_code: t(30),
});

/** Release and close name the order by `po_no` (calls.md 7.9): our number (pos_po_no) or the ERP's (po_no). */
export const purchaseOrderByPoNo = z.object({ po_no: requiredText(40), version });

/** Head office ships (standalone ERP): per line a quantity ≤ ordered − shipped; no lines = everything outstanding. */
export const purchaseShip = z.object({
  ...poRef,
  lines: z
    .array(z.object({ line_no: int32().positive(), quantity: quantityOrZeroInput('quantity') }))
    .max(500)
    .optional(),
  /** Default: the business date. */
  shipment_date: optionalDate(),
  shipping_agent_code: t(30),
  external_document_no: t(40),
});

/** The store receives: per line a qty to receive ≤ shipped − received (a 422 naming the line past it). */
export const purchaseReceive = z.object({
  ...poRef,
  lines: z
    .array(
      z.object({
        line_no: int32().positive(),
        qty_to_receive: quantityOrZeroInput('qty_to_receive'),
        /** The line note (editable in the shipment line table). */
        la_so_line_note: patchText(250),
      }),
    )
    .min(1, 'lines must not be empty')
    .max(500),
});

/** Return received goods: per line a quantity ≤ received − credited (a 422 naming the line past it). */
export const purchaseCreditMemoLines = z.object({
  ...poRef,
  lines: z
    .array(z.object({ line_no: int32().positive(), quantity: quantityOrZeroInput('quantity') }))
    .min(1, 'lines must not be empty')
    .max(500),
  cancel_reason_code: t(30),
});

// ---------- answers ----------

const money = z.string();
const qty = z.string();

export const purchaseOrderLine = z.object({
  line_no: int32(),
  item_no: z.string(),
  variant_code: z.string(),
  description: z.string(),
  unit_of_measure: z.string(),
  location_code: z.string(),
  purchase_qty: qty,
  unit_price: money,
  line_discount_amount: money,
  /** purchase_qty × unit_price − line_discount_amount (VAT included). */
  amount: money,
  vat_percent: z.string(),
  qty_shipped: qty,
  /** What may be received now: shipped − received (the default and the cap of "qty to receive"). */
  qty_to_receive: qty,
  qty_received: qty,
  /** What head office invoiced (it invoices what it ships). */
  qty_invoiced: qty,
  /** What may be returned now: received − credited (the default and the cap of "qty credit memo"). */
  qty_credit_memo: qty,
  /** What credit memos returned so far ("qty credited memo"). */
  qty_credited_memo: qty,
  /** The posting date of the last receipt of this line, and the shipment date of its last shipment. */
  posting_date: z.string().nullable(),
  shipment_date: z.string().nullable(),
  campaign: z.string(),
  costcenter: z.string(),
  gen_bus_posting_group: z.string(),
  la_so_line_note: z.string(),
  version: int32(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLine>;

/** GET …/remaining-amount: every figure from the vendor ledger and the order's lines. */
export const purchaseRemainingAmount = z.object({
  pos_po_no: z.string(),
  grand_total: money,
  /** Σ head office invoices of the order (vendor ledger). */
  invoiced_amount: money,
  /** Σ credit memos of the order (vendor ledger, as a positive amount). */
  credited_amount: money,
  /** Σ payments against the order (vendor ledger, as a positive amount). */
  paid_amount: money,
  /** What is still to be invoiced: grand total − invoiced (0 once invoiced in full, closed or canceled). */
  remaining_amount: money,
  /** What the franchise owes head office for this order: Σ its vendor ledger entries. */
  payable: money,
});

export const purchaseOrderListItem = z.object({
  pos_po_no: z.string(),
  po_no: z.string(),
  /** Head office's sales order for this purchase order ("SO No"). */
  bc_so_no: z.string(),
  type: z.string(),
  franchise_code: z.string(),
  vendor_no: z.string(),
  vendor_name: z.string(),
  buy_from_code: z.string(),
  buy_from_address: z.string(),
  location_code: z.string(),
  status: z.string(),
  la_status: z.string(),
  order_date: z.string(),
  requested_receipt_date: z.string().nullable(),
  /** Σ line amounts. */
  total_lines: money,
  /** total_lines − invoice discount ("Purch Amount"). */
  grand_total: money,
  remaining_amount: money,
  payable: money,
  cancel_reason_description: z.string(),
  applies_to_order_no: z.string(),
  version: int32(),
});

export const purchaseOrder = z.object({
  pos_po_no: z.string(),
  po_no: z.string(),
  bc_so_no: z.string(),
  type: z.string(),
  /** The status (also as `la_status`, the entity's name for it). */
  status: z.string(),
  la_status: z.string(),
  vendor_no: z.string(),
  vendor_name: z.string(),
  buy_from_code: z.string(),
  buy_from_address: z.string(),
  warehouse_code: z.string(),
  nwv_general_comments: z.string(),
  nwv_delivery_comments: z.string(),
  franchise_code: z.string(),
  franchise_name: z.string(),
  franchise_address: z.string(),
  franchise_district_code: z.string(),
  franchise_district_name: z.string(),
  franchise_phone_no: z.string(),
  franchise_contact: z.string(),
  franchise_post_code: z.string(),
  franchise_region_code: z.string(),
  location_code: z.string(),
  receiving_code: z.string(),
  receiving_address: z.string(),
  receiving_contact: z.string(),
  receiving_district_code: z.string(),
  receiving_district_name: z.string(),
  receiving_post_code: z.string(),
  receiving_region_code: z.string(),
  agent_code: z.string(),
  agent_service_code: z.string(),
  order_date: z.string(),
  requested_receipt_date: z.string().nullable(),
  /** The first requested receipt date allowed: today + the franchise's receipt_lead_time. */
  min_requested_receipt_date: z.string(),
  posting_date: z.string().nullable(),
  campaign: z.string(),
  costcenter: z.string(),
  channel: z.string(),
  department: z.string(),
  factory: z.string(),
  /** Summary (disabled on the screen): subtotal = total_lines, the invoice discount and its percent of the subtotal. */
  subtotal: money,
  invoice_discount_amount: money,
  invoice_discount_percent: z.string(),
  total_lines: money,
  grand_total: money,
  remaining_amount: money,
  payable: money,
  cancel_reason_code: z.string(),
  cancel_reason_description: z.string(),
  /** A credit memo: the order whose received goods it returns. */
  applies_to_order_no: z.string(),
  lines: z.array(purchaseOrderLine),
  /** Head office's posted shipments of this order, the store's receipts and the credit memos. */
  shipments: z.array(z.object({ no: z.string(), posting_date: z.string(), shipment_date: z.string() })),
  receipts: z.array(z.object({ pos_pr_no: z.string(), posting_date: z.string() })),
  credit_memos: z.array(z.object({ pos_po_no: z.string(), posting_date: z.string(), amount: money })),
  erp: erpSyncState,
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrder>;

// ---------- posted documents ----------

export const postedPurchaseLine = z.object({
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
});

/** Head office's posted shipment (product.md 2 "Posted shipment view fields"), with its invoice to the franchise. */
export const purchaseShipmentListItem = z.object({
  no: z.string(),
  /** Head office's sales order (bc_so_no). */
  order_no: z.string(),
  pos_po_no: z.string(),
  franchise_code: z.string(),
  /** The franchise (head office's customer): name and number. */
  customer: z.string(),
  customer_no: z.string(),
  order_date: z.string(),
  posting_date: z.string(),
  shipment_date: z.string(),
  ship_to_address: z.string(),
  shipping_agent_code: z.string(),
  external_document_no: z.string(),
  /** The head office invoice posted with it, and its amount (the franchise's payable grows by it). */
  invoice_no: z.string(),
  amount: money,
  created_at: z.string(),
});
export const purchaseShipment = purchaseShipmentListItem.extend({ lines: z.array(postedPurchaseLine) });
export const shipmentNoParam = z.object({ no: z.string().trim().min(1, messages.required).max(40) });

/** A purchase credit memo (type 'Credit Memo'): the goods returned, posted at once. */
export const purchaseCreditMemo = purchaseOrder;

type CapLine = { line_no: number; item_no: string };
/** The refusals of a posted quantity past its cap, named by line (server 422 and the cell's message before sending). */
export const purchaseCapMessages = {
  receive: (line: CapLine, qty: string, cap: string) =>
    `Line ${line.line_no} (${line.item_no}): qty to receive ${qty} is more than the ${cap} shipped and not received`,
  credit: (line: CapLine, qty: string, cap: string) =>
    `Line ${line.line_no} (${line.item_no}): quantity ${qty} is more than the ${cap} received and not credited`,
  ship: (line: CapLine, qty: string, cap: string) =>
    `Line ${line.line_no} (${line.item_no}): quantity ${qty} is more than the ${cap} outstanding`,
} as const;
