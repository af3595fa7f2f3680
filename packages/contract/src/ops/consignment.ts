import { defineOps } from '../ops/meta.js';
import { CONSIGNMENT_PAGES } from './page-groups.js';

const view = { page: CONSIGNMENT_PAGES, level: 'view' } as const;
const edit = { page: CONSIGNMENT_PAGES, level: 'edit' } as const;

/** transferOrders: consigned stock moving between head office and a franchise (calls.md 7.16; schemas in ../api/consignment.ts). */
export const transferOrdersOps = defineOps('transferOrders', {
  list: {
    method: 'POST',
    path: '/transfer-orders/filter',
    access: view,
    summary: 'Filter transfer orders (bc_to_no) of consigned stock',
    kind: 'list',
  },
  erp: {
    method: 'POST',
    path: '/transfer-orders/erp',
    access: view,
    summary: "The ERP's transfer orders of a franchise (or one, bc_to_no), read through the ERP port",
  },
  get: { method: 'GET', path: '/transfer-orders/:bc_to_no', access: view, summary: 'A transfer order with its lines' },
  postedShipment: {
    method: 'GET',
    path: '/transfer-orders/:bc_to_no/posted-shipment',
    access: view,
    summary: 'The posted warehouse shipments of a transfer order',
  },
  toReceive: {
    method: 'GET',
    path: '/transfer-orders/:bc_to_no/to-receive',
    access: view,
    summary: 'What may be received of a transfer order: per line shipped − received',
  },
  create: {
    method: 'POST',
    path: '/transfer-orders',
    access: edit,
    summary: 'Head office creates a transfer order for a franchise (standalone ERP only)',
    status: 201,
    idempotent: true,
  },
  ship: {
    method: 'POST',
    path: '/transfer-orders/ship',
    access: edit,
    summary:
      'Head office ships a transfer order, fully or in part: a posted warehouse shipment into in-transit (standalone ERP only)',
    idempotent: true,
  },
});

/** consignmentReceipts: the franchise receives a transfer order (calls.md 7.16). */
export const consignmentReceiptsOps = defineOps('consignmentReceipts', {
  receive: {
    method: 'POST',
    path: '/consignment-receipts/receive',
    access: edit,
    summary: 'Receive a transfer order (bc_to_no, franchise_code, lines): stock moves from in-transit to the location',
    status: 201,
    idempotent: true,
  },
  list: {
    method: 'POST',
    path: '/consignment-receipts/filter',
    access: view,
    summary: 'Filter posted consignment receipts',
    kind: 'list',
  },
  get: {
    method: 'GET',
    path: '/consignment-receipts/:no',
    access: view,
    summary: 'One posted consignment receipt with its lines',
  },
});

/** consignmentIssues: the franchise asks for consigned goods (or sends them back) (calls.md 7.16). */
export const consignmentIssuesOps = defineOps('consignmentIssues', {
  list: {
    method: 'POST',
    path: '/consignment-issues/filter',
    access: view,
    summary: 'Filter consignment issues',
    kind: 'list',
  },
  create: {
    method: 'POST',
    path: '/consignment-issues',
    access: edit,
    summary: 'Create a consignment issue (or return) with its lines',
    status: 201,
    idempotent: true,
  },
  update: { method: 'PUT', path: '/consignment-issues', access: edit, summary: 'Update an open consignment issue' },
  get: {
    method: 'GET',
    path: '/consignment-issues/:ci_no',
    access: view,
    summary: 'A consignment issue with its lines',
  },
  lineAdd: {
    method: 'POST',
    path: '/consignment-issues/lines',
    access: edit,
    summary: 'Add lines to an open consignment issue',
    idempotent: true,
  },
  lineUpdate: {
    method: 'PUT',
    path: '/consignment-issues/lines',
    access: edit,
    summary: 'Update a line of an open consignment issue',
  },
  lineRemove: {
    method: 'POST',
    path: '/consignment-issues/lines/remove',
    access: edit,
    summary: 'Remove lines (ci_no, line_nos) of an open consignment issue',
  },
  release: {
    method: 'POST',
    path: '/consignment-issues/release',
    access: edit,
    summary: 'Release to the ERP (ci_no); it answers with a transfer order (standalone: created at once)',
    idempotent: true,
  },
  status: {
    method: 'PUT',
    path: '/consignment-issues/status',
    access: edit,
    summary: 'Reopen (open) or cancel (canceled, with cancel_reason_code) a consignment issue',
  },
});
