import type { Shift } from '@fp/contract';
import type { ListSpec } from '../../http/list.js';
import type { ExportColumn } from '../../http/list-route.js';
import { D, toMoney } from '../../kernel/money.js';
import { selectShifts, shiftColumns as c } from './service.js';
import { shifts as t } from './schema.js';

// POST /api/shifts/filter (+ export): every answer field filters and sorts; newest first.

export const shiftList: ListSpec<Shift> = {
  source: (db, extra) => selectShifts(db, extra) as never,
  fields: {
    id: t.id,
    shift_no: t.shift_no,
    franchise_code: t.franchise_code,
    location_code: t.location_code,
    status: t.status,
    opening_float: t.opening_float,
    business_date: t.business_date,
    opened_by: t.opened_by,
    opened_by_name: { expr: c.opened_by_name, type: 'text' },
    opened_at: t.opened_at,
    closed_by: t.closed_by,
    closed_by_name: { expr: c.closed_by_name, type: 'text' },
    closed_at: t.closed_at,
    receipt_count: { expr: c.receipt_count, type: 'number' },
    total_amount: { expr: c.total_amount, type: 'number' },
    difference: { expr: c.difference, type: 'number' },
    version: t.version,
    created_at: t.created_at,
    updated_at: t.updated_at,
  },
  filterable: [
    'id',
    'shift_no',
    'franchise_code',
    'location_code',
    'status',
    'opening_float',
    'business_date',
    'opened_by',
    'opened_by_name',
    'opened_at',
    'closed_by',
    'closed_by_name',
    'closed_at',
    'receipt_count',
    'total_amount',
    'difference',
  ],
  sortable: [
    'id',
    'shift_no',
    'franchise_code',
    'location_code',
    'status',
    'opening_float',
    'business_date',
    'opened_by_name',
    'opened_at',
    'closed_by_name',
    'closed_at',
    'receipt_count',
    'total_amount',
    'difference',
  ],
  defaultSort: { field: 'id', direction: 'desc' },
  key: t.id,
  map: (r) => ({ ...r, difference: r.difference === null ? null : toMoney(D(r.difference)) }),
};

export const shiftExportColumns: ExportColumn[] = [
  { key: 'shift_no', header: 'Shift No', width: 22 },
  { key: 'franchise_code', header: 'Franchise' },
  { key: 'location_code', header: 'Location' },
  { key: 'status', header: 'Status' },
  { key: 'business_date', header: 'Business Date', format: 'date' },
  { key: 'opened_by_name', header: 'Opened By', width: 22 },
  { key: 'opened_at', header: 'Opened At', format: 'datetime', width: 18 },
  { key: 'closed_by_name', header: 'Closed By', width: 22 },
  { key: 'closed_at', header: 'Closed At', format: 'datetime', width: 18 },
  { key: 'opening_float', header: 'Opening Float', format: 'money', width: 16 },
  { key: 'receipt_count', header: 'Receipts' },
  { key: 'total_amount', header: 'Receipts Amount', format: 'money', width: 16 },
  { key: 'difference', header: 'Difference', format: 'money', width: 16 },
];
