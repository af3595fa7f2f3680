import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { businessDate, salesQuoteDocument, type salesDocumentAction } from '@fp/contract';
import type { Tx } from '../../db/client.js';
import { businessRule } from '../../http/errors.js';
import type { Scope } from '../../http/scope.js';
import { applyAction, lockForAction } from '../../kernel/status.js';
import { takeNextNumber } from '../number-series/service.js';
import { findSalesOrder, SALES_ORDER_NOT_FOUND, type SalesOrderRow } from './load.js';
import { salesOrderLines, salesOrders } from './schema.js';

// Convert a quote into an order (issue 8): from open or released, header and lines copied with the quote's prices,
// the order's quote_no = the quote's number, the quote `converted` with converted_order_no (read-only from then on).

/** POST /api/sales-orders/convert-quote: returns the new order's number. */
export async function convertQuote(
  tx: Tx,
  scope: Scope,
  body: z.output<typeof salesDocumentAction>,
  o: { createdBy?: number } = {},
): Promise<string> {
  const found = await findSalesOrder(tx, scope, body.pos_so_no);
  if (found.document_type !== 'quote')
    throw businessRule(`${found.pos_so_no} is not a sales quote`, 'not_a_quote', 'pos_so_no');
  const common = {
    table: salesOrders,
    document: salesQuoteDocument,
    action: 'convert',
    key: [salesOrders.pos_so_no, found.pos_so_no] as [typeof salesOrders.pos_so_no, string],
    statusColumn: salesOrders.status,
    versionColumn: salesOrders.version,
    version: body.version,
    where: scope.franchise(salesOrders.franchise_code),
    notFoundAs: SALES_ORDER_NOT_FOUND,
  };
  const quote = await lockForAction<typeof salesOrders, SalesOrderRow>(tx, common);
  const lines = await tx
    .select()
    .from(salesOrderLines)
    .where(eq(salesOrderLines.pos_so_no, quote.pos_so_no))
    .orderBy(asc(salesOrderLines.line_no));
  const orderDate = businessDate();
  const no = await takeNextNumber(tx, { franchiseCode: quote.franchise_code, documentType: 'SO', date: orderDate });
  const {
    pos_so_no: _no,
    version: _v,
    created_at: _c,
    updated_at: _u,
    converted_order_no: _conv,
    cancel_reason_code: _cr,
    cancel_reason_description: _crd,
    posting_date: _pd,
    ...header
  } = quote;
  await tx.insert(salesOrders).values({
    ...header,
    pos_so_no: no,
    document_type: 'order',
    status: 'open',
    quote_no: quote.pos_so_no,
    order_date: orderDate,
    requested_delivery_date:
      quote.requested_delivery_date && quote.requested_delivery_date >= orderDate
        ? quote.requested_delivery_date
        : null,
    created_by: o.createdBy ?? quote.created_by,
  });
  if (lines.length)
    await tx.insert(salesOrderLines).values(
      lines.map(({ id: _id, version: _lv, created_at: _lc, updated_at: _lu, ...l }) => ({
        ...l,
        pos_so_no: no,
        qty_to_ship: l.quantity,
        qty_to_invoice: l.quantity,
        qty_shipped: '0',
        qty_invoiced: '0',
        qty_credited: '0',
      })),
    );
  await applyAction(tx, { ...common, set: { converted_order_no: no } });
  return no;
}
