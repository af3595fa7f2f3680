import { defineOps } from '../ops/meta.js';
import { PURCHASE_PAGES } from './page-groups.js';

const view = { page: PURCHASE_PAGES, level: 'view' } as const;
const edit = { page: PURCHASE_PAGES, level: 'edit' } as const;

/** purchaseOrders: purchase orders, their machine and postings (calls.md 7.9, api.md Purchasing; schemas in ../api/purchasing.ts). */
export const purchaseOrdersOps = defineOps('purchaseOrders', {
  list: {
    method: 'POST',
    path: '/purchase-orders/filter',
    access: view,
    summary: 'Filter purchase orders and purchase credit memos (the /purchasesOrders columns)',
    kind: 'list',
  },
  create: {
    method: 'POST',
    path: '/purchase-orders',
    access: edit,
    summary:
      'Create a purchase order, filled from the franchise (vendor, buy-from, dimensions, addresses), with its lines',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/purchase-orders',
    access: edit,
    summary: 'Update the header of an open purchase order',
  },
  get: {
    method: 'GET',
    path: '/purchase-orders/:pos_po_no',
    access: view,
    summary: 'A purchase order with its lines, totals, shipments, receipts, credit memos and ERP sync state',
  },
  lines: {
    method: 'GET',
    path: '/purchase-orders/:pos_po_no/lines',
    access: view,
    summary: 'The lines of a purchase order with what was shipped, received, invoiced and credited',
  },
  status: {
    method: 'PUT',
    path: '/purchase-orders/status',
    access: edit,
    summary: 'Reopen (open) or cancel (canceled, with cancel_reason_code) a purchase order, from the status machine',
  },
  lineAdd: {
    method: 'POST',
    path: '/purchase-orders/lines',
    access: edit,
    summary: 'Add lines to an open purchase order (purchase_qty defaults to 1)',
    idempotent: true,
  },
  lineUpdate: {
    method: 'PUT',
    path: '/purchase-orders/lines',
    access: edit,
    summary: 'Update a line of an open purchase order',
  },
  lineRemove: {
    method: 'POST',
    path: '/purchase-orders/lines/remove',
    access: edit,
    summary: 'Remove lines (line_nos) of an open purchase order',
  },
  release: {
    method: 'POST',
    path: '/purchase-orders/release',
    access: edit,
    summary: "Release to the ERP (po_no); standalone: creates head office's sales order for it (bc_so_no)",
    idempotent: true,
  },
  close: {
    method: 'POST',
    path: '/purchase-orders/close',
    access: edit,
    summary: 'Close a partially received order (po_no): what was not shipped is no longer outstanding',
  },
  ship: {
    method: 'POST',
    path: '/purchase-orders/ship',
    access: edit,
    summary: 'Head office ships a released order, fully or in part, and invoices what it ships (standalone ERP only)',
    idempotent: true,
  },
  receive: {
    method: 'POST',
    path: '/purchase-orders/receive',
    access: edit,
    summary: 'Receive what head office shipped: a purchase receipt (PR) and item ledger entries at the location',
    idempotent: true,
  },
  creditMemo: {
    method: 'POST',
    path: '/purchase-orders/credit-memo',
    access: edit,
    summary: 'Return received goods to head office: a purchase credit memo (PCM), item and vendor ledger entries',
    status: 201,
    idempotent: true,
  },
  remainingAmount: {
    method: 'GET',
    path: '/purchase-orders/:pos_po_no/remaining-amount',
    access: view,
    summary: 'Remaining amount and payable of a purchase order, from the vendor ledger',
  },
});

/** purchaseShipments: head office's posted shipments of purchase orders (api.md Purchasing). */
export const purchaseShipmentsOps = defineOps('purchaseShipments', {
  list: {
    method: 'POST',
    path: '/purchase-orders/shipments/filter',
    access: view,
    summary: "Filter head office's posted shipments of purchase orders",
    kind: 'list',
  },
  get: {
    method: 'GET',
    path: '/purchase-orders/shipments/:no',
    access: view,
    summary: 'One posted shipment with its lines (the posted shipment view)',
  },
});
