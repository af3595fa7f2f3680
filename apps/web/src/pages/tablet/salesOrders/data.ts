import type { SalesOrder } from '@fp/contract';
import { salesOrderClosedStatuses } from '@fp/contract/machines';
import { call } from '../../../api/client';

// The tablet's sales screens (issue 9): routes, pages whose levels count, and the order the session sells on.

export const TABLET_ORDER_PAGES = ['/tablet/salesOrders/detail', '/tablet/salesOrders'] as const;
export const TABLET_CLOSED_PAGES = [
  '/tablet/salesOrdersInvoicedCanceled/detail',
  '/tablet/salesOrdersInvoicedCanceled',
] as const;
export const TABLET_SCAN_PAGE = '/tablet/scanQR';

/** Where a document opens on the tablet: open orders on /tablet/salesOrders/detail, invoiced/canceled read-only. */
export function tabletDetailUrl(d: { pos_so_no: string; document_type?: string; status?: string }) {
  const no = encodeURIComponent(d.pos_so_no);
  // Quotes have no tablet screen: the desktop one.
  if (d.document_type === 'quote') return `/salesQuotes/detail?no=${no}`;
  if (d.status && (salesOrderClosedStatuses as readonly string[]).includes(d.status))
    return `/tablet/salesOrdersInvoicedCanceled/detail?no=${no}`;
  return `/tablet/salesOrders/detail?no=${no}`;
}

const OPEN_ORDER_KEY = 'fp.tablet.openOrder';

/** The open order the tablet sells on in this browser session (the scanner adds scanned items to it). */
export const openOrder = {
  get(): string | null {
    try {
      return sessionStorage.getItem(OPEN_ORDER_KEY);
    } catch {
      return null;
    }
  },
  set(no: string | null) {
    try {
      if (no) sessionStorage.setItem(OPEN_ORDER_KEY, no);
      else sessionStorage.removeItem(OPEN_ORDER_KEY);
    } catch {
      // private mode: nothing remembered
    }
  },
};

/**
 * Adds one of an item to an order: a line of the same item (no variant) gets one more, otherwise a new line of 1.
 * Answers the document the server answered (its new version).
 */
export function addOneOf(order: SalesOrder, itemNo: string): Promise<SalesOrder> {
  const line = order.lines.find((l) => l.line_type === 'item' && l.item_no === itemNo && !l.variant_code);
  if (line)
    return call('salesOrders.lineUpdate', {
      body: {
        pos_so_no: order.pos_so_no,
        version: order.version,
        line_no: line.line_no,
        quantity: plusOne(line.quantity),
      },
    });
  return call('salesOrders.lineAdd', {
    body: { pos_so_no: order.pos_so_no, version: order.version, lines: [{ item_no: itemNo, quantity: '1' }] },
  });
}

/** Whole-unit steps of a quantity text ("2.50000" + 1 → "3.5"), exact (no floats). */
const step = (q: string, by: 1 | -1) => {
  const [i, f = ''] = q.split('.');
  const frac = f.replace(/0+$/, '');
  const whole = BigInt(i || '0') + BigInt(by);
  return frac ? `${whole}.${frac}` : String(whole);
};
export const plusOne = (q: string) => step(q, 1);
export const minusOne = (q: string) => step(q, -1);
/** A quantity above 1 can lose one unit (the server refuses a quantity ≤ 0). */
export const canDecrease = (q: string) => {
  const [i, f = ''] = q.split('.');
  return BigInt(i || '0') > 1n || (BigInt(i || '0') === 1n && /[1-9]/.test(f));
};
