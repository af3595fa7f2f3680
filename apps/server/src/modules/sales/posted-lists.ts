import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  salesCreditMemo,
  salesCreditMemoListItem,
  salesInvoice,
  salesInvoiceListItem,
  salesShipment,
  salesShipmentListItem,
} from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import type { ExportColumn } from '../../http/list-route.js';
import type { Scope } from '../../http/scope.js';
import { vatContained } from '../../kernel/money.js';
import { briefOfDocument, eInvoiceOn, eInvoices } from '../einvoices/service.js';
import {
  salesInvoiceLines,
  salesInvoices,
  salesOrderLines,
  salesOrders,
  salesShipmentLines,
  salesShipments,
} from './schema.js';

// Posted sales documents (issue 8): shipments (SS), invoices (SI) and credit memos (SCM: sales_orders rows of type
// credit_memo, posted at once). Immutable; filter and get in the caller's franchise scope.

type ShipmentItem = z.infer<typeof salesShipmentListItem>;
type InvoiceItem = z.infer<typeof salesInvoiceListItem>;
type CreditMemoItem = z.infer<typeof salesCreditMemoListItem>;

const { created_by: _sb, ...shipmentColumns } = getTableColumns(salesShipments);
const { created_by: _ib, ...invoiceColumns } = getTableColumns(salesInvoices);

const postedFilterable = [
  'pos_so_no',
  'franchise_code',
  'location_code',
  'customer_no',
  'customer_name',
  'order_date',
  'posting_date',
  'created_at',
] as const;

export const salesShipmentList: ListSpec<ShipmentItem> = {
  source: (db, extra) =>
    db
      .select({ ...shipmentColumns, ...extra })
      .from(salesShipments)
      .$dynamic(),
  fields: { ...shipmentColumns },
  filterable: ['pos_ss_no', ...postedFilterable],
  sortable: ['pos_ss_no', ...postedFilterable],
  defaultSort: { field: 'posting_date', direction: 'desc' },
  key: salesShipments.pos_ss_no,
};

/** The e-invoice's state and number on a posted document's row (issue 21; not_sent when it has none). */
const eInvoiceColumns = {
  e_invoice_state: sql<InvoiceItem['e_invoice_state']>`coalesce(${eInvoices.state}, 'not_sent')`,
  e_invoice_no: sql<string>`coalesce(${eInvoices.invoice_no}, '')`,
};
const eInvoiceFields = ['e_invoice_state', 'e_invoice_no'] as const;

export const salesInvoiceList: ListSpec<InvoiceItem> = {
  source: (db, extra) =>
    db
      .select({ ...invoiceColumns, ...eInvoiceColumns, ...extra })
      .from(salesInvoices)
      .leftJoin(eInvoices, eInvoiceOn(salesInvoices.pos_si_no))
      .$dynamic(),
  fields: { ...invoiceColumns, ...eInvoiceColumns },
  filterable: ['pos_si_no', ...postedFilterable, 'amount', ...eInvoiceFields],
  sortable: ['pos_si_no', ...postedFilterable, 'amount', ...eInvoiceFields],
  defaultSort: { field: 'posting_date', direction: 'desc' },
  key: salesInvoices.pos_si_no,
};

const cm = salesOrders;
const creditMemoColumns = {
  pos_so_no: cm.pos_so_no,
  applies_to_order_no: cm.applies_to_order_no,
  franchise_code: cm.franchise_code,
  location_code: cm.location_code,
  customer_no: cm.sell_to_code,
  customer_name: cm.sell_to_name,
  posting_date: sql<string>`coalesce(${cm.posting_date}::text, '')`,
  amount: cm.grand_total,
  cancel_reason_code: cm.cancel_reason_code,
  created_at: cm.created_at,
};

export const salesCreditMemoList: ListSpec<CreditMemoItem> = {
  source: (db, extra) =>
    db
      .select({ ...creditMemoColumns, ...eInvoiceColumns, ...extra })
      .from(cm)
      .leftJoin(eInvoices, eInvoiceOn(cm.pos_so_no))
      .$dynamic(),
  fields: { ...creditMemoColumns, posting_date: cm.posting_date, ...eInvoiceColumns },
  filterable: [...Object.keys(creditMemoColumns), ...eInvoiceFields],
  sortable: [...Object.keys(creditMemoColumns), ...eInvoiceFields],
  defaultSort: { field: 'posting_date', direction: 'desc' },
  key: cm.pos_so_no,
};
/** The credit memo list's fixed predicate (not franchise scoping): documents of type credit_memo. */
export const creditMemosOnly = () => eq(cm.document_type, 'credit_memo');

const postedColumns: ExportColumn[] = [
  { key: 'pos_so_no', header: 'POSSO No', width: 22 },
  { key: 'location_code', header: 'Location' },
  { key: 'customer_no', header: 'Customer No', width: 22 },
  { key: 'customer_name', header: 'Customer Name', width: 28 },
  { key: 'order_date', header: 'Order Date', format: 'date' },
  { key: 'posting_date', header: 'Posting Date', format: 'date' },
  { key: 'ship_to_address', header: 'Ship-to Address', width: 36 },
];
export const salesShipmentExportColumns: ExportColumn[] = [
  { key: 'pos_ss_no', header: 'Shipment No', width: 22 },
  ...postedColumns,
];
export const salesInvoiceExportColumns: ExportColumn[] = [
  { key: 'pos_si_no', header: 'Invoice No', width: 22 },
  ...postedColumns,
  { key: 'vat_amount', header: 'VAT Amount', format: 'money', width: 16 },
  { key: 'amount', header: 'Amount', format: 'money', width: 16 },
  { key: 'e_invoice_state', header: 'E-Invoice', width: 12 },
  { key: 'e_invoice_no', header: 'E-Invoice No', width: 18 },
];
export const salesCreditMemoExportColumns: ExportColumn[] = [
  { key: 'pos_so_no', header: 'Credit Memo No', width: 22 },
  { key: 'applies_to_order_no', header: 'POSSO No', width: 22 },
  { key: 'location_code', header: 'Location' },
  { key: 'customer_no', header: 'Customer No', width: 22 },
  { key: 'customer_name', header: 'Customer Name', width: 28 },
  { key: 'posting_date', header: 'Posting Date', format: 'date' },
  { key: 'amount', header: 'Amount', format: 'money', width: 16 },
  { key: 'e_invoice_state', header: 'E-Invoice', width: 12 },
  { key: 'e_invoice_no', header: 'E-Invoice No', width: 18 },
];

export async function getSalesShipment(db: DbOrTx, scope: Scope, no: string): Promise<z.infer<typeof salesShipment>> {
  const [h] = await db
    .select(shipmentColumns)
    .from(salesShipments)
    .where(and(eq(salesShipments.pos_ss_no, no), scope.franchise(salesShipments.franchise_code)));
  if (!h) throw notFound('Sales shipment');
  const { pos_ss_no: _no, ...line } = getTableColumns(salesShipmentLines);
  const lines = await db
    .select(line)
    .from(salesShipmentLines)
    .where(eq(salesShipmentLines.pos_ss_no, no))
    .orderBy(asc(salesShipmentLines.line_no));
  return { ...h, lines };
}

export async function getSalesInvoice(db: DbOrTx, scope: Scope, no: string): Promise<z.infer<typeof salesInvoice>> {
  const [h] = await db
    .select({
      ...invoiceColumns,
      ...eInvoiceColumns,
      buyer_tax_code: salesOrders.buyer_tax_code,
      buyer_company_name: salesOrders.buyer_company_name,
      buyer_address: salesOrders.buyer_address,
    })
    .from(salesInvoices)
    .innerJoin(salesOrders, eq(salesOrders.pos_so_no, salesInvoices.pos_so_no))
    .leftJoin(eInvoices, eInvoiceOn(salesInvoices.pos_si_no))
    .where(and(eq(salesInvoices.pos_si_no, no), scope.franchise(salesInvoices.franchise_code)));
  if (!h) throw notFound('Sales invoice');
  const { pos_si_no: _no, ...line } = getTableColumns(salesInvoiceLines);
  const lines = await db
    .select(line)
    .from(salesInvoiceLines)
    .where(eq(salesInvoiceLines.pos_si_no, no))
    .orderBy(asc(salesInvoiceLines.line_no));
  return { ...h, lines, e_invoice: await briefOfDocument(db, no) };
}

/** A credit memo: the sales_orders row of type credit_memo and its lines (order_line_no = its own line number). */
export async function getSalesCreditMemo(
  db: DbOrTx,
  scope: Scope,
  no: string,
): Promise<z.infer<typeof salesCreditMemo>> {
  const [h] = await db
    .select({ ...creditMemoColumns, ...eInvoiceColumns })
    .from(cm)
    .leftJoin(eInvoices, eInvoiceOn(cm.pos_so_no))
    .where(and(eq(cm.pos_so_no, no), creditMemosOnly(), scope.franchise(cm.franchise_code)));
  if (!h) throw notFound('Sales credit memo');
  const lines = await db
    .select()
    .from(salesOrderLines)
    .where(and(eq(salesOrderLines.pos_so_no, no), eq(salesOrderLines.line_type, 'item')))
    .orderBy(asc(salesOrderLines.line_no));
  return {
    ...h,
    e_invoice: await briefOfDocument(db, no),
    lines: lines.map((l) => ({
      line_no: l.line_no,
      order_line_no: l.line_no,
      item_no: l.item_no,
      variant_code: l.variant_code,
      description: l.description,
      unit_of_measure: l.unit_of_measure,
      location_code: l.location_code,
      quantity: l.quantity,
      unit_price: l.unit_price,
      line_discount_amount: l.line_discount_amount,
      amount: l.amount,
      vat_percent: l.vat_percent,
      vat_amount: vatContained(l.amount, l.vat_percent),
    })),
  };
}
