// The documents, each declared once (DEVELOPING.md "Documents and postings"): its key, the area of the operation table
// it lives in, its status machine, the statuses in which it can still be changed, the changes its operations make and
// the wording of a refusal. The server locks and checks every change and every action of a document through one path
// from these declarations (apps/server/src/kernel/status.ts: lockEditable, lockForAction, applyAction) and refuses with
// one error code, NOT_EDITABLE; the web reads the same declarations to enable a document's fields and buttons.
// Zod-free, like machines.ts: the web's document screens import it.
import {
  cashReceiptMachine,
  consignmentIssueMachine,
  notAllowedMessage,
  purchaseOrderMachine,
  salesOrderMachine,
  salesQuoteMachine,
  shiftMachine,
  transferOrderMachine,
  warehouseEntryMachine,
  type Machine,
} from './machines.js';

/** The one error code (422, field `status` unless the document names another) of a change or an action the status refuses. */
export const NOT_EDITABLE = 'status_not_allowed';

/** What a refusal reads from a document: its status and the fields its wording names (receipt_no, shift_no, …). */
export type DocumentRow = { readonly status: string } & { readonly [field: string]: unknown };

/** One kind of change a document's operations make (lines, fees, the header, …) and the statuses that allow it. */
export type DocumentChange<S extends string = string> = {
  /** The operations (`<area>.<key>`) that make it. */
  readonly ops: readonly string[];
  /** What the refusal says the document cannot do: "change lines" → "Sales Order in status released cannot change lines". */
  readonly what: string;
  /** The statuses that allow this change when they are not the document's `editable` ones (ship quantities, notes). */
  readonly in?: readonly S[];
};

export type DocumentDef<S extends string = string> = {
  readonly key: string;
  /** The area of the operation table (packages/contract/src/ops) its operations are in. */
  readonly area: string;
  readonly machine: Machine<S>;
  /** The statuses in which the document can still be changed (its lines, header, fees, …). */
  readonly editable: readonly S[];
  /** The changes its operations make, by name. */
  readonly changes: { readonly [name: string]: DocumentChange<S> };
  /** Each action of its machine → the operation it is sent with (`<area>.<key>`). */
  readonly operations: { readonly [action: string]: string };
  /** The 422 message of a change the status refuses (default: "<Entity> in status <status> cannot <what>"). */
  readonly refuseChange: (row: DocumentRow, what: string) => string;
  /** The 422 message of an action the status refuses (default: notAllowedMessage of the machine). */
  readonly refuseAction: (row: DocumentRow, action: string) => string;
};

type DocumentInput<S extends string> = Omit<DocumentDef<S>, 'operations' | 'refuseChange' | 'refuseAction'> &
  Partial<Pick<DocumentDef<S>, 'refuseChange' | 'refuseAction'>>;

const document = <const S extends string>(d: DocumentInput<S>): DocumentDef<S> => ({
  ...d,
  operations: Object.fromEntries(d.machine.transitions.map((t) => [t.action, t.op])),
  refuseChange: d.refuseChange ?? ((row, what) => `${d.machine.entity} in status ${row.status} cannot ${what}`),
  refuseAction: d.refuseAction ?? ((row, action) => notAllowedMessage(d.machine, action, row.status)),
});

/** The exact refusals of the documents that word their own (the spec's messages). */
export const documentMessages = {
  receiptProcessed: (receiptNo: string, what: string) =>
    `Cash receipt ${receiptNo} is already processed and cannot ${what}`,
  warehouseEntryPosted: (id: number, documentNo: string) => `Warehouse entry ${id} is already posted (${documentNo})`,
  shiftClosed: (shiftNo: string) => `Shift ${shiftNo} is closed; only an open shift can be closed`,
  purchaseCreditMemoPosted: (no: string, what: string) => `Purchase Credit Memo ${no} is posted and cannot ${what}`,
} as const;

const salesChanges = <S extends string>(live: readonly S[]) =>
  ({
    header: { ops: ['salesOrders.update'], what: 'be changed' },
    /** The notes and the requested delivery date: until the order ships (a quote: while it is alive). */
    lateHeader: { ops: ['salesOrders.update'], what: 'be changed', in: live },
    requestedDeliveryDate: {
      ops: ['salesOrders.requestedDeliveryDate'],
      what: 'change the requested delivery date',
      in: live,
    },
    lines: { ops: ['salesOrders.lineAdd', 'salesOrders.lineUpdate', 'salesOrders.lineRemove'], what: 'change lines' },
    fees: { ops: ['salesFees.add', 'salesFees.update', 'salesFees.remove'], what: 'change fees' },
    promotions: {
      ops: [
        'salesPromotions.autoPromotion',
        'salesPromotions.birthdayPromotion',
        'salesPromotions.couponApply',
        'salesPromotions.couponRemove',
      ],
      what: 'change promotions',
    },
    redeemPoints: { ops: ['redeemablePoints.create'], what: 'redeem points' },
    removePoints: { ops: ['redeemablePoints.remove'], what: 'remove redeemed points' },
  }) satisfies Record<string, DocumentChange<S>>;

/** Statuses in which an order's lines can still ship (ship quantities, the notes, the requested delivery date). */
export const salesOrderUnshippedStatuses = ['open', 'released', 'confirmed', 'partial_delivered'] as const;
/** Statuses of a quote that is still alive. */
export const salesQuoteLiveStatuses = ['open', 'released'] as const;

export const salesOrderDocument = document({
  key: 'salesOrder',
  area: 'salesOrders',
  machine: salesOrderMachine,
  editable: ['open'],
  changes: {
    ...salesChanges(salesOrderUnshippedStatuses),
    qtyToShip: { ops: ['salesOrders.postQty'], what: 'set quantities to ship', in: salesOrderUnshippedStatuses },
  },
});

export const salesQuoteDocument = document({
  key: 'salesQuote',
  area: 'salesOrders',
  machine: salesQuoteMachine,
  editable: ['open'],
  changes: salesChanges(salesQuoteLiveStatuses),
});

/** A sales credit memo is posted when it is written (status invoiced): no action, no change. */
export const salesCreditMemoDocument = document({
  key: 'salesCreditMemo',
  area: 'salesOrders',
  machine: { name: 'sales_credit_memo', entity: 'Sales Credit Memo', statuses: ['invoiced'], transitions: [] },
  editable: [],
  changes: salesChanges([]),
});

export const purchaseOrderDocument = document({
  key: 'purchaseOrder',
  area: 'purchaseOrders',
  machine: purchaseOrderMachine,
  editable: ['open'],
  changes: {
    header: { ops: ['purchaseOrders.update'], what: 'be changed' },
    lines: {
      ops: ['purchaseOrders.lineAdd', 'purchaseOrders.lineUpdate', 'purchaseOrders.lineRemove'],
      what: 'change lines',
    },
  },
});

/** A purchase credit memo is posted when it is written (status invoiced): no action, no change. */
export const purchaseCreditMemoDocument = document({
  key: 'purchaseCreditMemo',
  area: 'purchaseOrders',
  changes: purchaseOrderDocument.changes,
  machine: { name: 'purchase_credit_memo', entity: 'Purchase Credit Memo', statuses: ['invoiced'], transitions: [] },
  editable: [],
  refuseChange: (row, what) => documentMessages.purchaseCreditMemoPosted(String(row.pos_po_no), what),
});

export const consignmentIssueDocument = document({
  key: 'consignmentIssue',
  area: 'consignmentIssues',
  machine: consignmentIssueMachine,
  editable: ['open'],
  changes: {
    header: { ops: ['consignmentIssues.update'], what: 'be changed' },
    lines: {
      ops: ['consignmentIssues.lineAdd', 'consignmentIssues.lineUpdate', 'consignmentIssues.lineRemove'],
      what: 'be changed',
    },
  },
});

/** Head office's transfer orders: created released with their lines, then only shipped, received or canceled. */
export const transferOrderDocument = document({
  key: 'transferOrder',
  area: 'transferOrders',
  machine: transferOrderMachine,
  editable: [],
  changes: {},
});

export const warehouseEntryDocument = document({
  key: 'warehouseEntry',
  area: 'warehouseEntries',
  machine: warehouseEntryMachine,
  editable: ['open'],
  changes: {
    entry: { ops: ['warehouseEntries.update', 'warehouseEntries.remove'], what: 'be changed' },
  },
  refuseChange: (row) => documentMessages.warehouseEntryPosted(Number(row.id), String(row.document_no)),
  refuseAction: (row) => documentMessages.warehouseEntryPosted(Number(row.id), String(row.document_no)),
});

export const cashReceiptDocument = document({
  key: 'cashReceipt',
  area: 'cashReceipts',
  machine: cashReceiptMachine,
  editable: ['open'],
  changes: { delete: { ops: ['cashReceipts.delete'], what: 'be deleted' } },
  refuseChange: (row, what) => documentMessages.receiptProcessed(String(row.receipt_no), what),
  refuseAction: (row) => documentMessages.receiptProcessed(String(row.receipt_no), 'be processed again'),
});

/** A shift has no lines: it is opened (a new row) and closed once with its counts. */
export const shiftDocument = document({
  key: 'shift',
  area: 'shifts',
  machine: shiftMachine,
  editable: ['open'],
  changes: {},
  refuseAction: (row) => documentMessages.shiftClosed(String(row.shift_no)),
});

/** Every declared document by key. */
export const documents = {
  salesOrder: salesOrderDocument,
  salesQuote: salesQuoteDocument,
  salesCreditMemo: salesCreditMemoDocument,
  purchaseOrder: purchaseOrderDocument,
  purchaseCreditMemo: purchaseCreditMemoDocument,
  consignmentIssue: consignmentIssueDocument,
  transferOrder: transferOrderDocument,
  warehouseEntry: warehouseEntryDocument,
  cashReceipt: cashReceiptDocument,
  shift: shiftDocument,
} as const satisfies Record<string, DocumentDef>;
export type DocumentKey = keyof typeof documents;

/** The declaration of a sales document type (order, quote, credit_memo). */
export const salesDocumentOf = (documentType: string): DocumentDef =>
  documentType === 'quote'
    ? salesQuoteDocument
    : documentType === 'credit_memo'
      ? salesCreditMemoDocument
      : salesOrderDocument;

/** The statuses that allow a change (its own `in`, else the document's editable ones). */
export const statusesFor = (d: DocumentDef, change: string): readonly string[] => {
  const c = d.changes[change];
  if (!c) throw new Error(`${d.key} has no change ${change}`);
  return c.in ?? d.editable;
};

/** Whether the document's status allows the change (the server's check; the web's enabled fields). */
export const canChange = (d: DocumentDef, status: string, change: string) => statusesFor(d, change).includes(status);

/** Whether the document can still be changed at all in this status. */
export const isEditable = (d: DocumentDef, status: string) => (d.editable as readonly string[]).includes(status);
