import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ecomSalesTypes, storeSalesTypes, type SalesOrder } from '@fp/contract';
import {
  salesOrderClosedStatuses,
  salesOrderMachine,
  salesOrderOpenStatuses,
  salesQuoteMachine,
  salesQuoteStatuses,
} from '@fp/contract/machines';
import { call } from '../../api/client';
import { qk } from '../../api/keys';

export const SALES_AREA = 'salesOrders';
export const ORDER_PAGES = ['/salesOrders/detail', '/salesOrders'] as const;
export const QUOTE_PAGES = ['/salesQuotes/detail', '/salesQuotes'] as const;
export const CLOSED_PAGES = ['/salesOrdersInvoicedCanceled/detail', '/salesOrdersInvoicedCanceled'] as const;
export const CREDIT_MEMO_PAGE = '/salesOrders/creditMemo';
/** The catalogue's entity of every sales document toast (calls.md 8). */
export const SALES_ENTITY = 'Sales Order';

export type DocKind = 'order' | 'quote';
/** The desktop routes of a sales document: quotes, open orders, invoiced/canceled orders (read-only). */
export type SalesRoute = 'order' | 'quote' | 'closed';
export const routeOf = (d: { document_type: string; status: string }): SalesRoute =>
  d.document_type === 'quote'
    ? 'quote'
    : (salesOrderClosedStatuses as readonly string[]).includes(d.status)
      ? 'closed'
      : 'order';
export const machineOf = (kind: DocKind) => (kind === 'quote' ? salesQuoteMachine : salesOrderMachine);
export { salesOrderClosedStatuses, salesOrderOpenStatuses, salesQuoteStatuses };

/** Where a document opens: quotes on /salesQuotes/detail, invoiced/canceled orders read-only on their own route. */
export function detailUrl(d: { pos_so_no: string; document_type?: string; status?: string }) {
  const no = encodeURIComponent(d.pos_so_no);
  if (d.document_type === 'quote') return `/salesQuotes/detail?no=${no}`;
  if (d.status && (salesOrderClosedStatuses as readonly string[]).includes(d.status))
    return `/salesOrdersInvoicedCanceled/detail?no=${no}`;
  return `/salesOrders/detail?no=${no}`;
}

/** Store users sell with the store sales types, head office with the e-commerce ones (issue 8). */
export const salesTypesFor = (franchiseCode: string | null | undefined): readonly string[] =>
  franchiseCode ? storeSalesTypes : ecomSalesTypes;

export const documentKey = (no: string | null) => qk.op('salesOrders.get', { params: { pos_so_no: no ?? '' } });

/** A sales document with its lines, totals, posted documents and ERP state. */
export function useSalesDocument(no: string | null) {
  return useQuery({
    queryKey: documentKey(no),
    queryFn: () => call('salesOrders.get', { params: { pos_so_no: no! } }),
    enabled: Boolean(no),
    retry: false,
  });
}

/** Puts a document a call answered into the cache (the next line sends its new version) and refreshes the lists. */
export function useKeepDocument() {
  const qc = useQueryClient();
  return (d: SalesOrder) => {
    qc.setQueryData(documentKey(d.pos_so_no), d);
    void qc.invalidateQueries({ queryKey: qk.lists(SALES_AREA) }); // the lists show totals and statuses
  };
}

export const statusColor: Record<string, string> = {
  open: 'blue',
  released: 'cyan',
  confirmed: 'geekblue',
  partial_delivered: 'orange',
  shipped: 'gold',
  invoiced: 'green',
  canceled: 'red',
  converted: 'purple',
};

export { statusText } from '../../components/statusText';
