import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListRequest, salesOrderListItem } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { DynamicQuery, ListSpec } from '../../http/list.js';
import type { ExportColumn } from '../../http/list-route.js';
import { remainingAmountSql } from './amounts.js';
import { salesOrders } from './schema.js';
import { orderEInvoiceStateSql } from '../einvoices/service.js';

// The sales document list (/salesOrders, /salesOrdersInvoicedCanceled, /salesQuotes): exactly the screen's columns
// and a few the screens need (document_type, franchise, phone, shipping_by, version). Orders unless the request
// filters document_type (quotes: document_type eq quote).

type Item = z.infer<typeof salesOrderListItem>;

const t = salesOrders;
const columns = {
  pos_so_no: t.pos_so_no,
  document_type: t.document_type,
  franchise_code: t.franchise_code,
  location_code: t.location_code,
  status: t.status,
  sales_type: t.sales_type,
  customer_no: t.sell_to_code,
  customer_name: t.sell_to_name,
  shipping_address: t.ship_to_address,
  sell_to_phone_no: t.sell_to_phone_no,
  grand_total: t.grand_total,
  order_date: t.order_date,
  requested_delivery_date: t.requested_delivery_date,
  posting_date: t.posting_date,
  general_comments: t.general_comments,
  delivery_comments: t.delivery_comments,
  cancel_reason_description: t.cancel_reason_description,
  quote_no: t.quote_no,
  shipping_by: t.shipping_by,
  sold_at: t.sold_at,
  offline_device: t.offline_device,
  device_doc_no: t.device_doc_no,
  flags: t.flags,
  version: t.version,
};

const eInvoiceState = orderEInvoiceStateSql(t.pos_so_no);
// flags (a list) is answered as a list and filtered as its text (`flags like price` finds the sales that hold it), and
// `flagged` (a sale the server flagged when it came back from offline: issue 19) is a boolean filter (eq true / false).
const { flags: _flags, ...scalarColumns } = columns;
const fields = {
  ...scalarColumns,
  flags: { expr: sql`array_to_string(${t.flags}, ',')`, type: 'text' as const },
  flagged: { expr: sql`(cardinality(${t.flags}) > 0)`, type: 'boolean' as const },
  remaining_amount: { expr: remainingAmountSql(), type: 'decimal' as const },
  // issue 21: the least advanced state of the order's e-invoices ('' before any invoice)
  e_invoice_state: { expr: eInvoiceState, type: 'text' as const },
};

const hasTypeFilter = (req: ListRequest) => req.filters.some((f) => f.field === 'document_type');

/** The list spec of a request: without a document_type filter, orders only. */
export function salesOrderList(req: ListRequest): ListSpec<Item, Item> {
  const fixed: SQL | undefined = hasTypeFilter(req) ? undefined : eq(t.document_type, 'order');
  return {
    source: (db: DbOrTx, extra) => {
      const q = db
        .select({ ...columns, remaining_amount: remainingAmountSql(), e_invoice_state: eInvoiceState, ...extra })
        .from(t)
        .$dynamic();
      // The default type is one more condition of every where the list runs.
      const where = q.where.bind(q);
      return Object.assign(q, { where: (w: SQL | undefined) => where(and(fixed, w)) }) as unknown as DynamicQuery<
        Item & { __total: number }
      >;
    },
    fields,
    filterable: Object.keys(fields),
    sortable: Object.keys(fields),
    defaultSort: { field: 'order_date', direction: 'desc' },
    key: t.pos_so_no,
    map: (r) => ({ ...r, remaining_amount: String(r.remaining_amount), e_invoice_state: r.e_invoice_state }),
  };
}

/** The Excel export: the /salesOrders columns with the screen's headers. */
export const salesOrderExportColumns: ExportColumn[] = [
  { key: 'pos_so_no', header: 'POSSO No', width: 22 },
  { key: 'location_code', header: 'Location' },
  { key: 'status', header: 'Status' },
  { key: 'customer_no', header: 'Customer No', width: 22 },
  { key: 'customer_name', header: 'Customer Name', width: 28 },
  { key: 'shipping_address', header: 'Shipping Address', width: 36 },
  { key: 'remaining_amount', header: 'Remaining Amount', format: 'money', width: 18 },
  { key: 'grand_total', header: 'Grand Total', format: 'money', width: 16 },
  { key: 'order_date', header: 'Order Date', format: 'date' },
  { key: 'requested_delivery_date', header: 'Requested Delivery Date', format: 'date' },
  { key: 'posting_date', header: 'Posting Date', format: 'date' },
  { key: 'general_comments', header: 'General Note', width: 30 },
  { key: 'delivery_comments', header: 'Delivery Note', width: 30 },
  { key: 'sales_type', header: 'Sales Type', width: 16 },
  { key: 'cancel_reason_description', header: 'Reason Canceled', width: 24 },
  { key: 'quote_no', header: 'Sales Quote No', width: 22 },
  { key: 'e_invoice_state', header: 'E-Invoice', width: 12 },
  { key: 'device_doc_no', header: 'Device No', width: 22 },
];
