import { defineOps } from '../ops/meta.js';
import { SALES_PAGES } from './page-groups.js';

const view = { page: SALES_PAGES, level: 'view' } as const;
const edit = { page: SALES_PAGES, level: 'edit' } as const;

/** salesOrders: quotes, orders and the actions of their machines (calls.md 7.12, api.md Sales; schemas in ../api/sales.ts). */
export const salesOrdersOps = defineOps('salesOrders', {
  list: {
    method: 'POST',
    path: '/sales-orders/filter',
    access: view,
    summary: 'Filter sales documents (orders unless a document_type filter asks for quotes)',
    kind: 'list',
  },
  create: {
    method: 'POST',
    path: '/sales-orders',
    access: edit,
    summary: 'Create a sales order or quote, with its lines (document_type order or quote)',
    status: 201,
    idempotent: true,
  },
  update: { method: 'PUT', path: '/sales-orders', access: edit, summary: 'Update the header of an open document' },
  get: {
    method: 'GET',
    path: '/sales-orders/:pos_so_no',
    // /payment looks an order up by number to take a payment for it (issue 11)
    access: { page: [...SALES_PAGES, '/payment'], level: 'view' },
    summary: 'A sales document with its lines, fees, totals, posted documents and ERP sync state',
  },
  status: {
    method: 'PUT',
    path: '/sales-orders/status',
    access: edit,
    summary: 'Release, reopen, confirm or cancel (with cancel_reason_code) an order or quote, from the status machine',
  },
  requestedDeliveryDate: {
    method: 'PUT',
    path: '/sales-orders/requested-delivery-date',
    access: edit,
    summary: 'Set the requested delivery date',
  },
  postQty: {
    method: 'PUT',
    path: '/sales-orders/lines/post-qty',
    access: edit,
    summary: 'Set the quantities to ship and to invoice that the next ship now posts',
  },
  lineAdd: {
    method: 'POST',
    path: '/sales-orders/lines',
    access: edit,
    summary: 'Add lines to an open document',
    idempotent: true,
  },
  lineUpdate: {
    method: 'PUT',
    path: '/sales-orders/lines',
    access: edit,
    summary: 'Update a line of an open document',
  },
  lineRemove: {
    method: 'POST',
    path: '/sales-orders/lines/remove',
    access: edit,
    summary: 'Remove lines (line_nos) of an open document',
  },
  ship: {
    method: 'POST',
    path: '/sales-orders/ship',
    access: edit,
    summary: "Ship now: post a shipment of each line's qty to ship and an invoice of its qty to invoice",
    idempotent: true,
  },
  calculateQtyToShip: {
    method: 'POST',
    path: '/sales-orders/calculate-qty-to-ship',
    access: edit,
    summary: "Set each line's qty to ship to what is outstanding and on hand at its location",
  },
  supportToShip: {
    method: 'POST',
    path: '/sales-orders/support-to-ship',
    access: edit,
    summary: 'Hand shipping of a released order to head office',
  },
  sync: {
    method: 'POST',
    path: '/sales-orders/sync',
    access: view,
    summary: "Bring the ERP's state of the order back",
  },
  close: {
    method: 'POST',
    path: '/sales-orders/close',
    access: edit,
    summary: 'Close: invoice what was shipped and not invoiced; what was never shipped is no longer outstanding',
    idempotent: true,
  },
  creditMemo: {
    method: 'POST',
    path: '/sales-orders/credit-memo',
    access: edit,
    summary: 'Post a credit memo for lines (quantity ≤ invoiced − credited)',
    status: 201,
    idempotent: true,
  },
  creditMemoAll: {
    method: 'POST',
    path: '/sales-orders/credit-memo-all',
    access: edit,
    summary: 'Post a credit memo for everything invoiced and not yet credited',
    status: 201,
    idempotent: true,
  },
  convertQuote: {
    method: 'POST',
    path: '/sales-orders/convert-quote',
    access: edit,
    summary: 'Convert a quote into an order (header and lines copied, quote_no kept)',
    status: 201,
    idempotent: true,
  },
});

/** salesShipments: posted shipments (pos_ss_no). */
export const salesShipmentsOps = defineOps('salesShipments', {
  list: {
    method: 'POST',
    path: '/sales-shipments/filter',
    access: view,
    summary: 'Filter posted sales shipments',
    kind: 'list',
  },
  get: {
    method: 'GET',
    path: '/sales-shipments/:pos_ss_no',
    access: view,
    summary: 'A posted sales shipment with its lines',
  },
});

/** salesInvoices: posted invoices (pos_si_no). */
export const salesInvoicesOps = defineOps('salesInvoices', {
  list: {
    method: 'POST',
    path: '/sales-invoices/filter',
    access: view,
    summary: 'Filter posted sales invoices',
    kind: 'list',
  },
  get: {
    method: 'GET',
    path: '/sales-invoices/:pos_si_no',
    access: view,
    summary: 'A posted sales invoice with its lines',
  },
});

/** salesCreditMemos: posted credit memos (documents of type credit_memo, SCM numbers). */
export const salesCreditMemosOps = defineOps('salesCreditMemos', {
  list: {
    method: 'POST',
    path: '/sales-credit-memos/filter',
    access: view,
    summary: 'Filter posted sales credit memos',
    kind: 'list',
  },
  get: {
    method: 'GET',
    path: '/sales-credit-memos/:pos_so_no',
    access: view,
    summary: 'A posted sales credit memo with its lines',
  },
});
