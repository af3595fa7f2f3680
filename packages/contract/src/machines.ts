// Status machines as tables (ARCHITECTURE: "A status machine is a table in packages/contract"). The server applies an
// action with `UPDATE … WHERE status IN (from) AND version = $v` (apps/server/src/kernel/status.ts); the web app reads
// the same rows to show, enable and confirm the buttons. Zod-free: the web's document screens import it.
import {
  purchaseOrderStatuses,
  receiptStatuses,
  salesOrderStatuses,
  shiftStatuses,
  type PermissionType,
} from './constants.js';

/** One row of a machine: the action, where it may start, where it ends, what the user confirms, the level it needs. */
export type Transition<S extends string = string> = {
  readonly action: string;
  /** The button's text ("Release"); also the toast's action: "<label> Sales Order Successfully!". */
  readonly label: string;
  readonly from: readonly S[];
  /** The status after the action; `'same'` when the action works on the document and keeps its status. */
  readonly to: S | 'same';
  /** The question the user answers before the action runs (product.md 4: these actions are confirmed). */
  readonly confirm: string;
  readonly level: PermissionType;
  /** The action needs a cancel reason (cancel_reason_code) of this page. */
  readonly reasonPage?: string;
  /** The operation the action is sent with (`<area>.<key>`): a plain status change is the status call. */
  readonly op: string;
  /** A posting may end in one of several statuses (ship now: partial_delivered or shipped); listed for the diagram. */
  readonly ends?: readonly S[];
  /**
   * Applied by a posting of another document (a consignment receipt completes its issue): never a button, so
   * `actionsFrom` leaves it out; the server applies it through the same path as every other action.
   */
  readonly system?: boolean;
  /** Shown only on the tablet screens (confirm). */
  readonly tabletOnly?: boolean;
  /** Head office's side of the document (ship a franchise's purchase order): shown and allowed only to head office. */
  readonly headOfficeOnly?: boolean;
  /**
   * A fact of the document (beyond its status) that rules the action out while it holds: the server refuses it (422)
   * and `actionsFrom` leaves it out when given the same facts (e.g. a purchase order head office has shipped from).
   */
  readonly unless?: keyof DocumentFacts;
};

/** What a document is beyond its status, for the transitions' `unless`; each side computes it with the same function. */
export type DocumentFacts = {
  /** Some line has shipped something (qty_shipped > 0). */
  readonly shipped?: boolean;
};

/** The facts of a purchase order from its lines (the server's refusal and the screen's buttons use this one). */
export const purchaseOrderFacts = (lines: readonly { qty_shipped: string | number }[]): DocumentFacts => ({
  shipped: lines.some((l) => Number(l.qty_shipped) > 0),
});

/** Whether a fact of the document rules the transition out. */
export const ruledOut = (t: Pick<Transition, 'unless'>, facts: DocumentFacts = {}) =>
  t.unless !== undefined && facts[t.unless] === true;

export type Machine<S extends string = string> = {
  readonly name: string;
  readonly entity: string;
  readonly statuses: readonly S[];
  readonly transitions: readonly Transition<S>[];
};

const machine = <const S extends string>(m: Machine<S>): Machine<S> => m;

export { salesOrderStatuses };
export type SalesOrderStatus = (typeof salesOrderStatuses)[number];

/** The statuses of the invoiced/canceled lists (/salesOrdersInvoicedCanceled); the others are the open list's. */
export const salesOrderClosedStatuses = ['invoiced', 'canceled'] as const satisfies readonly SalesOrderStatus[];
export const salesOrderOpenStatuses = salesOrderStatuses.filter(
  (s) => !(salesOrderClosedStatuses as readonly string[]).includes(s),
) as readonly SalesOrderStatus[];

/** issue 8, "The order machine" (diagram in apps/server/src/modules/sales/README.md). */
export const salesOrderMachine = machine<SalesOrderStatus>({
  name: 'sales_order',
  entity: 'Sales Order',
  statuses: salesOrderStatuses,
  transitions: [
    {
      action: 'release',
      label: 'Release',
      from: ['open'],
      to: 'released',
      confirm: 'Do you want to release this sales order?',
      level: 'edit',
      op: 'salesOrders.status',
    },
    {
      action: 'reopen',
      label: 'Reopen',
      from: ['released', 'confirmed'],
      to: 'open',
      confirm: 'Do you want to reopen this sales order?',
      level: 'edit',
      op: 'salesOrders.status',
    },
    {
      action: 'confirm',
      label: 'Confirm',
      from: ['released'],
      to: 'confirmed',
      confirm: 'Do you want to confirm this sales order?',
      level: 'edit',
      op: 'salesOrders.status',
      tabletOnly: true,
    },
    {
      action: 'ship',
      label: 'Ship Now',
      from: ['released', 'confirmed', 'partial_delivered'],
      to: 'same',
      ends: ['partial_delivered', 'shipped', 'invoiced'],
      confirm: 'Do you want to ship this sales order now?',
      level: 'edit',
      op: 'salesOrders.ship',
    },
    {
      action: 'calculate_qty_to_ship',
      label: 'Calculate Qty-To-Ship Pending',
      from: ['released', 'confirmed', 'partial_delivered'],
      to: 'same',
      confirm: 'Do you want to set the quantity to ship to what is outstanding and on hand?',
      level: 'edit',
      op: 'salesOrders.calculateQtyToShip',
    },
    {
      action: 'support_to_ship',
      label: 'Support To Ship',
      from: ['released'],
      to: 'same',
      confirm: 'Do you want head office to ship this sales order?',
      level: 'edit',
      op: 'salesOrders.supportToShip',
    },
    {
      action: 'close',
      label: 'Close',
      from: ['partial_delivered', 'shipped'],
      to: 'invoiced',
      confirm: 'Do you want to close this sales order? What was not shipped will no longer be outstanding.',
      level: 'edit',
      op: 'salesOrders.close',
    },
    {
      action: 'cancel',
      label: 'Cancel',
      from: ['open', 'released', 'confirmed'],
      to: 'canceled',
      confirm: 'Do you want to cancel this sales order?',
      level: 'edit',
      reasonPage: '/salesOrders',
      op: 'salesOrders.status',
    },
    {
      action: 'sync',
      label: 'Sync',
      from: ['open', 'released', 'confirmed', 'partial_delivered', 'shipped', 'invoiced'],
      to: 'same',
      confirm: 'Do you want to sync this sales order with the ERP?',
      level: 'view',
      op: 'salesOrders.sync',
    },
  ],
});

export const salesQuoteStatuses = ['open', 'released', 'converted', 'canceled'] as const;
export type SalesQuoteStatus = (typeof salesQuoteStatuses)[number];

/** Quotes: open → released → converted into an order, or canceled. */
export const salesQuoteMachine = machine<SalesQuoteStatus>({
  name: 'sales_quote',
  entity: 'Sales Quote',
  statuses: salesQuoteStatuses,
  transitions: [
    {
      action: 'release',
      label: 'Release Quote',
      from: ['open'],
      to: 'released',
      confirm: 'Do you want to release this sales quote?',
      level: 'edit',
      op: 'salesOrders.status',
    },
    {
      action: 'reopen',
      label: 'Reopen',
      from: ['released'],
      to: 'open',
      confirm: 'Do you want to reopen this sales quote?',
      level: 'edit',
      op: 'salesOrders.status',
    },
    {
      action: 'convert',
      label: 'Convert To Order',
      from: ['open', 'released'],
      to: 'converted',
      confirm: 'Do you want to convert this sales quote into a sales order?',
      level: 'edit',
      op: 'salesOrders.convertQuote',
    },
    {
      action: 'cancel',
      label: 'Cancel',
      from: ['open', 'released'],
      to: 'canceled',
      confirm: 'Do you want to cancel this sales quote?',
      level: 'edit',
      reasonPage: '/salesQuotes',
      op: 'salesOrders.status',
    },
  ],
});

export { purchaseOrderStatuses };
export type PurchaseOrderStatus = (typeof purchaseOrderStatuses)[number];
/** The statuses of /purchasesOrdersInvoicedCanceled; the others are /purchasesOrders'. */
export const purchaseOrderClosedStatuses = ['invoiced', 'canceled'] as const satisfies readonly PurchaseOrderStatus[];
export const purchaseOrderOpenStatuses = purchaseOrderStatuses.filter(
  (s) => !(purchaseOrderClosedStatuses as readonly string[]).includes(s),
) as readonly PurchaseOrderStatus[];

/**
 * issue 10, purchase orders (diagram in apps/server/src/modules/purchasing/README.md): open → released (to the ERP;
 * standalone: head office's sales order bc_so_no) → partial_received → invoiced, canceled from open or released.
 * Head office ships a released order (standalone) and invoices what it ships; the store receives what was shipped.
 */
export const purchaseOrderMachine = machine<PurchaseOrderStatus>({
  name: 'purchase_order',
  entity: 'Purchase Order',
  statuses: purchaseOrderStatuses,
  transitions: [
    {
      action: 'release',
      label: 'Release',
      from: ['open'],
      to: 'released',
      confirm: 'Do you want to release this purchase order?',
      level: 'edit',
      op: 'purchaseOrders.release',
    },
    {
      action: 'reopen',
      label: 'Reopen',
      from: ['released'],
      to: 'open',
      confirm: 'Do you want to reopen this purchase order?',
      level: 'edit',
      op: 'purchaseOrders.status',
      unless: 'shipped',
    },
    {
      action: 'ship',
      label: 'Ship',
      from: ['released', 'partial_received'],
      to: 'same',
      confirm: 'Do you want to ship these quantities to the franchise and invoice them?',
      level: 'edit',
      op: 'purchaseOrders.ship',
      headOfficeOnly: true,
    },
    {
      action: 'receive',
      label: 'Receive Now',
      from: ['released', 'partial_received'],
      to: 'same',
      ends: ['partial_received', 'invoiced'],
      confirm: 'Do you want to receive these quantities now?',
      level: 'edit',
      op: 'purchaseOrders.receive',
    },
    {
      action: 'credit_memo',
      label: 'Create Credit Memo',
      from: ['partial_received', 'invoiced'],
      to: 'same',
      confirm: 'Do you want to return these quantities to head office with a credit memo?',
      level: 'edit',
      op: 'purchaseOrders.creditMemo',
    },
    {
      action: 'close',
      label: 'Close',
      from: ['partial_received'],
      to: 'invoiced',
      confirm: 'Do you want to close this purchase order? What was not shipped will no longer be outstanding.',
      level: 'edit',
      op: 'purchaseOrders.close',
    },
    {
      action: 'cancel',
      label: 'Cancel',
      from: ['open', 'released'],
      to: 'canceled',
      confirm: 'Do you want to cancel this purchase order?',
      level: 'edit',
      reasonPage: '/purchasesOrders',
      op: 'purchaseOrders.status',
      unless: 'shipped',
    },
  ],
});

export const consignmentIssueStatuses = ['open', 'released', 'completed', 'canceled'] as const;
export type ConsignmentIssueStatus = (typeof consignmentIssueStatuses)[number];

/**
 * issue 10, consignment issues (README in apps/server/src/modules/consignment): open → released (to the ERP, which
 * answers with a transfer order, bc_to_no) → completed once that transfer order is fully received; reopen and cancel
 * while the transfer order has shipped nothing.
 */
export const consignmentIssueMachine = machine<ConsignmentIssueStatus>({
  name: 'consignment_issue',
  entity: 'Consignment',
  statuses: consignmentIssueStatuses,
  transitions: [
    {
      action: 'release',
      label: 'Release',
      from: ['open'],
      to: 'released',
      confirm: 'Do you want to release this consignment issue?',
      level: 'edit',
      op: 'consignmentIssues.release',
    },
    {
      action: 'reopen',
      label: 'Reopen',
      from: ['released'],
      to: 'open',
      confirm: 'Do you want to reopen this consignment issue?',
      level: 'edit',
      op: 'consignmentIssues.status',
    },
    {
      action: 'cancel',
      label: 'Cancel',
      from: ['open', 'released'],
      to: 'canceled',
      confirm: 'Do you want to cancel this consignment issue?',
      level: 'edit',
      reasonPage: '/consignmentIssue',
      op: 'consignmentIssues.status',
    },
    {
      // The consignment receipt that receives the last of the issue's transfer order.
      action: 'complete',
      label: 'Complete',
      from: ['released'],
      to: 'completed',
      confirm: 'Do you want to complete this consignment issue?',
      level: 'edit',
      op: 'consignmentReceipts.receive',
      system: true,
    },
  ],
});

/** released (nothing or part shipped), shipped (all shipped), received (all received), canceled. */
export const transferOrderStatuses = ['released', 'shipped', 'received', 'canceled'] as const;
export type TransferOrderStatus = (typeof transferOrderStatuses)[number];

/**
 * Transfer orders (README in apps/server/src/modules/consignment): created released (by head office, or by a released
 * consignment issue); head office ships them (all shipped: shipped), the franchise receives them (the receipt of the
 * last shipped quantity: received); canceled with their issue while nothing has shipped. No line or header changes.
 */
export const transferOrderMachine = machine<TransferOrderStatus>({
  name: 'transfer_order',
  entity: 'Transfer Order',
  statuses: transferOrderStatuses,
  transitions: [
    {
      action: 'ship',
      label: 'Ship',
      from: ['released'],
      to: 'same',
      ends: ['released', 'shipped'],
      confirm: 'Do you want to ship this transfer order?',
      level: 'edit',
      op: 'transferOrders.ship',
      headOfficeOnly: true,
    },
    {
      action: 'receive',
      label: 'Receive',
      from: ['released', 'shipped'],
      to: 'same',
      confirm: 'Do you want to receive this transfer order?',
      level: 'edit',
      op: 'consignmentReceipts.receive',
    },
    {
      // The receipt that receives the last of a fully shipped order.
      action: 'receive_all',
      label: 'Receive',
      from: ['shipped'],
      to: 'received',
      confirm: 'Do you want to receive this transfer order?',
      level: 'edit',
      op: 'consignmentReceipts.receive',
    },
    {
      // Follows its consignment issue (reopened or canceled).
      action: 'cancel',
      label: 'Cancel',
      from: ['released'],
      to: 'canceled',
      confirm: 'Do you want to cancel this transfer order?',
      level: 'edit',
      op: 'consignmentIssues.status',
      system: true,
    },
  ],
});

export const warehouseEntryStatuses = ['open', 'posted'] as const;
export type WarehouseEntryStatus = (typeof warehouseEntryStatuses)[number];

/** Warehouse entries (apps/server/src/modules/warehouse/README.md): open entries are posted once, under a WE number. */
export const warehouseEntryMachine = machine<WarehouseEntryStatus>({
  name: 'warehouse_entry',
  entity: 'Warehouse Entry',
  statuses: warehouseEntryStatuses,
  transitions: [
    {
      action: 'post',
      label: 'Post',
      from: ['open'],
      to: 'posted',
      confirm: 'Do you want to post these warehouse entries?',
      level: 'edit',
      op: 'warehouseEntries.post',
    },
  ],
});

export { receiptStatuses };
export type CashReceiptStatus = (typeof receiptStatuses)[number];

/**
 * Cash receipts (apps/server/src/modules/payments/README.md): added open, processed (posted to the customer ledger)
 * once, alone or with the other open receipts of their order; an open one may be deleted, a processed one never
 * changes.
 */
export const cashReceiptMachine = machine<CashReceiptStatus>({
  name: 'cash_receipt',
  entity: 'Cash Receipt',
  statuses: receiptStatuses,
  transitions: [
    {
      action: 'process',
      label: 'Process',
      from: ['open'],
      to: 'processed',
      confirm: 'Do you want to process this cash receipt?',
      level: 'edit',
      op: 'cashReceipts.process',
    },
    {
      action: 'process_all',
      label: 'Process All',
      from: ['open'],
      to: 'processed',
      confirm: 'Do you want to process every open receipt of this order?',
      level: 'edit',
      op: 'cashReceipts.processAll',
    },
  ],
});

export { shiftStatuses };
export type ShiftStatus = (typeof shiftStatuses)[number];

/** Shifts (apps/server/src/modules/shifts/README.md): opened at a location, closed once with the counted amounts. */
export const shiftMachine = machine<ShiftStatus>({
  name: 'shift',
  entity: 'Shift',
  statuses: shiftStatuses,
  transitions: [
    {
      action: 'close',
      label: 'Close',
      from: ['open'],
      to: 'closed',
      confirm: 'Do you want to close this shift?',
      level: 'edit',
      op: 'shifts.close',
    },
  ],
});

/** The machine of a sales document type (credit memos are posted at once and have none). */
export const salesMachineOf = (documentType: string): Machine | null =>
  documentType === 'order' ? salesOrderMachine : documentType === 'quote' ? salesQuoteMachine : null;

export const transitionOf = <S extends string>(m: Machine<S>, action: string): Transition<S> | undefined =>
  m.transitions.find((t) => t.action === action);

/** The actions that may start from a status (the buttons a document shows). */
export const actionsFrom = <S extends string>(
  m: Machine<S>,
  status: string,
  o: { tablet?: boolean; headOffice?: boolean; facts?: DocumentFacts } = {},
) =>
  m.transitions.filter(
    (t) =>
      (t.from as readonly string[]).includes(status) &&
      !t.system &&
      (o.tablet || !t.tabletOnly) &&
      (o.headOffice || !t.headOfficeOnly) &&
      !ruledOut(t, o.facts),
  );

/**
 * `PUT …/status` with a target status maps onto the table: the action of this machine sent through the status call
 * that ends in `to`. Undefined when no status-call action ends there (the 422 naming `status`).
 */
export const actionForTarget = <S extends string>(m: Machine<S>, to: string): Transition<S> | undefined =>
  m.transitions.find((t) => t.op.endsWith('.status') && t.to === to);

/** The 422 message of an action the status does not allow (the server's and the tests' one wording). */
export const notAllowedMessage = (m: Machine, action: string, status: string) =>
  `${m.entity} in status ${status} cannot ${transitionOf(m, action)?.label.toLowerCase() ?? action}`;
