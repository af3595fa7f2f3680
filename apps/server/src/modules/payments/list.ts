import type { CashReceipt } from '@fp/contract';
import type { ListSpec } from '../../http/list.js';
import type { ExportColumn } from '../../http/list-route.js';
import { cashReceipts as t } from './schema.js';

// POST /api/cash-receipts/filter (+ export): every answer field filters and sorts; newest first.

const columns = {
  receipt_id: t.receipt_id,
  receipt_no: t.receipt_no,
  franchise_code: t.franchise_code,
  location_code: t.location_code,
  customer_no: t.customer_no,
  customer_name: t.customer_name,
  pos_so_no: t.pos_so_no,
  sales_order_no: t.sales_order_no,
  phone: t.phone,
  amount: t.amount,
  tendered_amount: t.tendered_amount,
  change_amount: t.change_amount,
  receipt_type: t.receipt_type,
  receipt_kind: t.receipt_kind,
  payment_type: t.payment_type,
  contract_no: t.contract_no,
  payment_term: t.payment_term,
  comment: t.comment,
  collect_store_code: t.collect_store_code,
  bank_account_code: t.bank_account_code,
  shift_id: t.shift_id,
  status: t.status,
  posting_date: t.posting_date,
  processed_at: t.processed_at,
  created_at: t.created_at,
  version: t.version,
};

export const cashReceiptList: ListSpec<CashReceipt> = {
  source: (db, extra) =>
    db
      .select({ ...columns, ...extra })
      .from(t)
      .$dynamic(),
  fields: columns,
  filterable: Object.keys(columns),
  sortable: Object.keys(columns),
  defaultSort: { field: 'receipt_id', direction: 'desc' },
  key: t.receipt_id,
};

export const cashReceiptExportColumns: ExportColumn[] = [
  { key: 'receipt_no', header: 'Receipt No', width: 22 },
  { key: 'pos_so_no', header: 'POSSO No', width: 22 },
  { key: 'location_code', header: 'Location' },
  { key: 'customer_no', header: 'Customer No', width: 22 },
  { key: 'customer_name', header: 'Customer Name', width: 28 },
  { key: 'phone', header: 'Phone' },
  { key: 'payment_type', header: 'Payment Method' },
  { key: 'receipt_type', header: 'Receipt Type' },
  { key: 'amount', header: 'Amount', format: 'money', width: 16 },
  { key: 'tendered_amount', header: 'Amount Tendered', format: 'money', width: 16 },
  { key: 'change_amount', header: 'Change', format: 'money', width: 16 },
  { key: 'bank_account_code', header: 'Bank Account', width: 16 },
  { key: 'contract_no', header: 'Contract No' },
  { key: 'payment_term', header: 'Payment Term' },
  { key: 'status', header: 'Status' },
  { key: 'posting_date', header: 'Posting Date', format: 'date' },
  { key: 'comment', header: 'Comment', width: 36 },
];
