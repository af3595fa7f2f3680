import { defineOps } from '../ops/meta.js';
import { PAYMENT_PAGES, SHIFT_PAGES } from './page-groups.js';

const view = { page: SHIFT_PAGES, level: 'view' } as const;
const edit = { page: SHIFT_PAGES, level: 'edit' } as const;

/** shifts: a location's cash drawer from open to close, and its X/Z reports (issue 11; schemas in ../api/shifts.ts). */
export const shiftsOps = defineOps('shifts', {
  open: {
    method: 'POST',
    path: '/shifts/open',
    access: edit,
    summary: 'Open a shift at a location with the counted opening float (SH number; one open shift per location)',
    status: 201,
    idempotent: true,
  },
  close: {
    method: 'POST',
    path: '/shifts/close',
    access: edit,
    summary:
      'Close an open shift with the counted amount of cash, card and transfer; records expected, counted and difference per method',
  },
  list: {
    method: 'POST',
    path: '/shifts/filter',
    access: view,
    summary: 'Filter shifts (location, status, business date, cashier)',
    kind: 'list',
  },
  current: {
    method: 'GET',
    path: '/shifts/current',
    access: view,
    summary: 'The open shift of a location (location_code query), or null',
  },
  get: {
    method: 'GET',
    path: '/shifts/:id',
    access: view,
    summary: "One shift with its receipts' totals per method, expected and (once closed) counted and difference",
  },
  report: {
    method: 'POST',
    path: '/shifts/report',
    access: edit,
    summary: "Print the X (open shift) or Z (closed shift) report on the location's printer and answer its figures",
  },
});

/** vietQr: the VietQR of a transfer payment (issue 11). */
export const vietQrOps = defineOps('vietQr', {
  get: {
    method: 'GET',
    path: '/cash-receipts/vietqr',
    // the counter shows the VietQR of its transfer payment (issue 18)
    access: { page: [...PAYMENT_PAGES, '/counter'], level: 'view' },
    summary: "The VietQR payload of a transfer to the franchise's bank account (receipt_id, or pos_so_no and amount)",
  },
});
