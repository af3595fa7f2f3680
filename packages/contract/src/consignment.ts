import { z } from 'zod';
import { messages, optionalText, type MaxLength } from './validators.js';
import { int32, version } from './common.js';
import { dateInput } from './catalogue-common.js';
import { consignmentIssueStatuses, transferOrderStatuses } from './machines.js';
import { erpSyncState, quantityInput, quantityOrZeroInput } from './sales.js';
import { receivingFieldLengths } from './purchasing.js';

// Consignment (product.md 2 /consignmentIssue, /consignmentReceipt; 3 Consignment issue, line, receipt; calls.md 7.16;
// api.md Consignment; issue 10). Head office owns consigned stock. A transfer order (bc_to_no) moves it from head
// office's consignment warehouse through the franchise's in-transit code to the franchise's consignment location (or
// back, direction 'return'); the franchise asks for one with a consignment issue and receives it with a consignment
// receipt. Quantities are decimal strings.

export { consignmentIssueStatuses, transferOrderStatuses };

/** 'issue': head office's consignment warehouse → the franchise's consignment location; 'return': the other way. */
export const consignmentDirections = ['issue', 'return'] as const;
export type ConsignmentDirection = (typeof consignmentDirections)[number];

const optionalDate = () => z.union([dateInput(), z.literal('').transform(() => null), z.null()]).optional();
const t = (max: MaxLength) => optionalText(max).optional();
type TextField = (max: MaxLength) => z.ZodOptional<z.ZodType<string | undefined, string | undefined>>;
const patchText: TextField = (max) => z.string().trim().max(max, messages.maxLength(max)).optional();
const requiredText = (max: MaxLength) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.maxLength(max));
const direction = z
  .enum(consignmentDirections, { error: `direction must be one of ${consignmentDirections.join(', ')}` })
  .optional();

const receivingOf = <F extends TextField>(t: F) =>
  Object.fromEntries(Object.entries(receivingFieldLengths).map(([k, max]) => [k, t(max)])) as Record<
    keyof typeof receivingFieldLengths,
    ReturnType<F>
  >;

// ---------- consignment issues ----------

const issueHeaderOf = <F extends TextField>(t: F) => ({
  la_external_doc: t(40),
  la_notes: t(250),
  la_internal_comment: t(250),
  la_request_delivery_date: optionalDate(),
  /** Paid through a sales order (la_so_payment) and shipped with a card (la_ship_card): flags head office reads. */
  la_so_payment: z.boolean().optional(),
  la_ship_card: z.boolean().optional(),
  ...receivingOf(t),
});

export const consignmentLineInput = z.object({
  item_no: requiredText(30),
  variant_code: t(30),
  unit_of_measure: t(30),
  ci_qty: quantityInput('ci_qty'),
  la_to_line_note: t(250),
});

export const consignmentIssueCreate = z.object({
  /** Head office names the franchise; a store user's is their own. */
  franchise_code: t(30),
  /** Default 'issue'. transfer_from_code, transfer_to_code and intransit_code follow from it and the franchise. */
  direction,
  ...issueHeaderOf(t),
  lines: z.array(consignmentLineInput).max(500, 'At most 500 lines').optional(),
});
const ciRef = { ci_no: requiredText(40), version };
export const ciNoParam = z.object({ ci_no: z.string().trim().min(1, messages.required).max(40) });
export const consignmentIssueUpdate = z.object({ ...ciRef, ...issueHeaderOf(patchText) });
export const consignmentLineAdd = z.object({
  ...ciRef,
  lines: z.array(consignmentLineInput).min(1, 'lines must not be empty').max(500),
});
export const consignmentLineUpdate = z.object({
  ...ciRef,
  line_no: int32().positive(),
  variant_code: patchText(30),
  unit_of_measure: patchText(30),
  ci_qty: quantityInput('ci_qty').optional(),
  la_to_line_note: patchText(250),
});
export const consignmentLineRemove = z.object({
  ...ciRef,
  line_nos: z.array(int32().positive()).min(1, 'line_nos must not be empty').max(500),
});
export const consignmentIssueRelease = z.object(ciRef);
export const consignmentIssueStatusChange = z.object({
  ...ciRef,
  status: z.enum(consignmentIssueStatuses, {
    error: `status must be one of ${consignmentIssueStatuses.join(', ')}`,
  }),
  cancel_reason_code: t(30),
});

const qty = z.string();

export const consignmentIssueLine = z.object({
  line_no: int32(),
  item_no: z.string(),
  variant_code: z.string(),
  description: z.string(),
  unit_of_measure: z.string(),
  ci_qty: qty,
  la_to_line_note: z.string(),
  /** From the transfer order once released: what head office shipped and the store received. */
  qty_shipped: qty,
  qty_received: qty,
  version: int32(),
});

export const consignmentIssueListItem = z.object({
  ci_no: z.string(),
  franchise_code: z.string(),
  franchise_name: z.string(),
  direction: z.string(),
  status: z.string(),
  la_status: z.string(),
  la_external_doc: z.string(),
  la_request_delivery_date: z.string().nullable(),
  transfer_from_code: z.string(),
  transfer_to_code: z.string(),
  intransit_code: z.string(),
  /** The transfer order the ERP answered the release with. */
  bc_to_no: z.string(),
  total_qty: qty,
  order_date: z.string(),
  cancel_reason_description: z.string(),
  version: int32(),
});

export const consignmentIssue = z.object({
  ci_no: z.string(),
  status: z.string(),
  la_status: z.string(),
  direction: z.string(),
  la_external_doc: z.string(),
  la_notes: z.string(),
  la_internal_comment: z.string(),
  la_request_delivery_date: z.string().nullable(),
  la_so_payment: z.boolean(),
  la_ship_card: z.boolean(),
  franchise_code: z.string(),
  franchise_name: z.string(),
  franchise_address: z.string(),
  franchise_district_code: z.string(),
  franchise_district_name: z.string(),
  franchise_phone_no: z.string(),
  franchise_contact: z.string(),
  franchise_post_code: z.string(),
  franchise_region_code: z.string(),
  transfer_from_code: z.string(),
  transfer_to_code: z.string(),
  intransit_code: z.string(),
  receiving_code: z.string(),
  receiving_address: z.string(),
  receiving_contact: z.string(),
  receiving_district_code: z.string(),
  receiving_district_name: z.string(),
  receiving_post_code: z.string(),
  receiving_region_code: z.string(),
  bc_to_no: z.string(),
  order_date: z.string(),
  cancel_reason_code: z.string(),
  cancel_reason_description: z.string(),
  lines: z.array(consignmentIssueLine),
  erp: erpSyncState,
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConsignmentIssue = z.infer<typeof consignmentIssue>;

// ---------- transfer orders ----------

export const bcToNoParam = z.object({ bc_to_no: z.string().trim().min(1, messages.required).max(40) });

/** Head office creates a transfer order (standalone ERP; a released consignment issue creates its own). */
export const transferOrderCreate = z.object({
  franchise_code: requiredText(30),
  direction,
  shipment_date: optionalDate(),
  external_document_no: t(40),
  lines: z
    .array(
      z.object({
        item_no: requiredText(30),
        variant_code: t(30),
        unit_of_measure: t(30),
        quantity: quantityInput('quantity'),
        la_to_line_note: t(250),
      }),
    )
    .min(1, 'lines must not be empty')
    .max(500),
});
/** Head office ships (a posted warehouse shipment): per line ≤ quantity − shipped; no lines = everything outstanding. */
export const transferOrderShip = z.object({
  bc_to_no: requiredText(40),
  version,
  lines: z
    .array(z.object({ line_no: int32().positive(), quantity: quantityOrZeroInput('quantity') }))
    .max(500)
    .optional(),
  shipment_date: optionalDate(),
});
/** POST /transfer-orders/erp: the ERP's transfer orders of a franchise (or one by bc_to_no), read through the port. */
export const transferOrdersFromErp = z.object({ franchise_code: t(30), bc_to_no: t(40) });

export const transferOrderLine = z.object({
  line_no: int32(),
  item_no: z.string(),
  variant_code: z.string(),
  description: z.string(),
  unit_of_measure: z.string(),
  quantity: qty,
  qty_shipped: qty,
  qty_received: qty,
  /** shipped − received: what the store may receive now. */
  qty_to_receive: qty,
  la_to_line_note: z.string(),
});
export const transferOrderListItem = z.object({
  bc_to_no: z.string(),
  franchise_code: z.string(),
  franchise_name: z.string(),
  direction: z.string(),
  status: z.string(),
  transfer_from_code: z.string(),
  transfer_to_code: z.string(),
  intransit_code: z.string(),
  ci_no: z.string(),
  external_document_no: z.string(),
  order_date: z.string(),
  shipment_date: z.string().nullable(),
  receipt_date: z.string().nullable(),
  total_qty: qty,
  qty_shipped: qty,
  qty_received: qty,
  version: int32(),
});
export const transferOrder = transferOrderListItem.extend({
  lines: z.array(transferOrderLine),
  shipments: z.array(z.object({ no: z.string(), posting_date: z.string(), shipment_date: z.string() })),
  receipts: z.array(z.object({ no: z.string(), posting_date: z.string() })),
});
export type TransferOrder = z.infer<typeof transferOrder>;

export const postedTransferLine = z.object({
  line_no: int32(),
  order_line_no: int32(),
  item_no: z.string(),
  variant_code: z.string(),
  description: z.string(),
  unit_of_measure: z.string(),
  quantity: qty,
});
/** A posted warehouse shipment of a transfer order. */
export const transferShipment = z.object({
  no: z.string(),
  bc_to_no: z.string(),
  franchise_code: z.string(),
  transfer_from_code: z.string(),
  transfer_to_code: z.string(),
  intransit_code: z.string(),
  posting_date: z.string(),
  shipment_date: z.string(),
  created_at: z.string(),
  lines: z.array(postedTransferLine),
});
export const transferOrderPostedShipment = z.object({ bc_to_no: z.string(), shipments: z.array(transferShipment) });
export const transferOrderToReceive = z.object({
  bc_to_no: z.string(),
  franchise_code: z.string(),
  transfer_to_code: z.string(),
  intransit_code: z.string(),
  version: int32(),
  lines: z.array(transferOrderLine),
});
/** A transfer order as the ERP port answers it. */
export const erpTransferOrder = z.object({
  bc_to_no: z.string(),
  franchise_code: z.string(),
  transfer_from_code: z.string(),
  transfer_to_code: z.string(),
  intransit_code: z.string(),
  status: z.string(),
  shipment_date: z.string().nullable(),
  lines: z.array(
    z.object({
      line_no: int32(),
      item_no: z.string(),
      variant_code: z.string(),
      quantity: qty,
      qty_shipped: qty,
      qty_received: qty,
    }),
  ),
});
export const transferOrdersFromErpResult = z.object({ items: z.array(erpTransferOrder) });

// ---------- consignment receipts ----------

/** Receive against a transfer order: per line ≤ shipped − received; `version` of the transfer order when sent is checked. */
export const consignmentReceive = z.object({
  bc_to_no: requiredText(40),
  franchise_code: t(30),
  version: version.optional(),
  lines: z
    .array(z.object({ line_no: int32().positive(), qty_to_receive: quantityOrZeroInput('qty_to_receive') }))
    .min(1, 'lines must not be empty')
    .max(500),
});
export const consignmentReceiptListItem = z.object({
  no: z.string(),
  bc_to_no: z.string(),
  ci_no: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  intransit_code: z.string(),
  posting_date: z.string(),
  total_qty: qty,
  created_at: z.string(),
});
export const consignmentReceipt = consignmentReceiptListItem.extend({ lines: z.array(postedTransferLine) });
export const receiptNoParam = z.object({ no: z.string().trim().min(1, messages.required).max(40) });

// ---------- messages (the server's refusals; the screens show the same words) ----------

export const consignmentMessages = {
  transferOrderNotFound: 'Transfer order',
  consignmentIssueNotFound: 'Consignment issue',
  consignmentReceiptNotFound: 'Consignment receipt',
  onlyHeadOfficeCreates: 'Only head office can create a transfer order',
  onlyHeadOfficeShips: 'Only head office can ship a transfer order',
  shipsInErp: 'Head office ships in the ERP',
  missingCodes: (franchise: string) =>
    `Franchise ${franchise} has no consignment warehouse, location and in-transit codes`,
  nothingToShip: 'Nothing to ship',
  nothingToReceive: 'Nothing to receive',
  shipExceeds: (lineNo: number, qty: string, outstanding: string) =>
    `Line ${lineNo}: quantity ${qty} is more than the ${outstanding} outstanding`,
  receiveExceeds: (lineNo: number, qty: string, open: string) =>
    `Line ${lineNo}: qty to receive ${qty} is more than the ${open} shipped and not received`,
  lineNotFound: (lineNo: number) => `Line ${lineNo} not found`,
  franchiseMismatch: (bcToNo: string) => `Transfer order ${bcToNo} is not for this franchise`,
  releaseNeedsLine: 'Add at least one line before releasing the consignment issue',
  alreadyShipped: 'Its transfer order has shipped goods: the consignment issue can no longer change',
} as const;
