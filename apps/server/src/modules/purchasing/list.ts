import type { z } from 'zod';
import type { purchaseOrderListItem } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { DynamicQuery, ListSpec } from '../../http/list.js';
import type { ExportColumn } from '../../http/list-route.js';
import { payableSql, remainingAmountSql } from './amounts.js';
import { purchaseOrders } from './schema.js';

// The purchase order list (/purchasesOrders and its invoiced/canceled variant): orders and credit memos (Type
// column), the screen's columns and the few the screens need (franchise, applies-to, version). remaining_amount and
// payable are the expressions of amounts.ts, filterable and sortable like the stored columns.

type Item = z.infer<typeof purchaseOrderListItem>;
const t = purchaseOrders;

const columns = {
  pos_po_no: t.pos_po_no,
  po_no: t.po_no,
  bc_so_no: t.bc_so_no,
  type: t.type,
  franchise_code: t.franchise_code,
  vendor_no: t.vendor_no,
  vendor_name: t.vendor_name,
  buy_from_code: t.buy_from_code,
  buy_from_address: t.buy_from_address,
  location_code: t.location_code,
  status: t.status,
  la_status: t.status,
  order_date: t.order_date,
  requested_receipt_date: t.requested_receipt_date,
  total_lines: t.total_lines,
  grand_total: t.grand_total,
  cancel_reason_description: t.cancel_reason_description,
  applies_to_order_no: t.applies_to_order_no,
  version: t.version,
};

const fields = {
  ...columns,
  remaining_amount: { expr: remainingAmountSql(), type: 'decimal' as const },
  payable: { expr: payableSql(), type: 'decimal' as const },
};

export const purchaseOrderList: ListSpec<Item, Item> = {
  source: (db: DbOrTx, extra) =>
    db
      .select({ ...columns, remaining_amount: remainingAmountSql(), payable: payableSql(), ...extra })
      .from(t)
      .$dynamic() as unknown as DynamicQuery<Item & { __total: number }>,
  fields,
  filterable: Object.keys(fields),
  sortable: Object.keys(fields),
  defaultSort: { field: 'order_date', direction: 'desc' },
  key: t.pos_po_no,
  map: (r) => ({ ...r, remaining_amount: String(r.remaining_amount), payable: String(r.payable) }),
};

/** The Excel export: the /purchasesOrders columns with the screen's headers. */
export const purchaseOrderExportColumns: ExportColumn[] = [
  { key: 'pos_po_no', header: 'No.', width: 22 },
  { key: 'bc_so_no', header: 'SO No', width: 22 },
  { key: 'type', header: 'Type', width: 14 },
  { key: 'vendor_name', header: 'Vendor Name', width: 28 },
  { key: 'buy_from_address', header: 'Buy From', width: 30 },
  { key: 'location_code', header: 'Location' },
  { key: 'status', header: 'Status', width: 16 },
  { key: 'order_date', header: 'Order Date', format: 'date' },
  { key: 'requested_receipt_date', header: 'Requested Receipt Date', format: 'date' },
  { key: 'total_lines', header: 'Total Lines', format: 'money', width: 16 },
  { key: 'grand_total', header: 'Purch Amount', format: 'money', width: 16 },
  { key: 'remaining_amount', header: 'Remaining Amount', format: 'money', width: 18 },
  { key: 'payable', header: 'Payable', format: 'money', width: 16 },
  { key: 'cancel_reason_description', header: 'Reason Canceled', width: 24 },
];
