import { useQuery } from '@tanstack/react-query';
import { decimalIssue, messages, parseDecimalText, purchaseCapMessages, purchaseOrderStatuses } from '@fp/contract';
import { purchaseOrderMachine } from '@fp/contract/machines';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useSession } from '../../auth/session';
import { qtyMinus } from '../salesOrders/lines';

export const PURCHASE_AREA = 'purchaseOrders';
export const OPEN_PAGES = ['/purchasesOrders/detail', '/purchasesOrders'] as const;
export const CLOSED_PAGES = ['/purchasesOrdersInvoicedCanceled/detail', '/purchasesOrdersInvoicedCanceled'] as const;
export const TABLET_PAGES = ['/tablet/purchasesOrders/detail', '/tablet/purchasesOrders'] as const;
export const CREDIT_MEMO_PAGE = '/purchasesOrders/creditMemo';
/** The catalogue's entity of every purchase order toast (calls.md 8). */
export const PURCHASE_ENTITY = 'Purchase Order';
export { purchaseOrderMachine, qtyMinus };

/** Invoiced and canceled orders (and the credit memos, posted as invoiced) are listed on their own route. */
export const purchaseClosedStatuses = ['invoiced', 'canceled'] as const;
export const purchaseOpenStatuses = purchaseOrderStatuses.filter(
  (s) => !(purchaseClosedStatuses as readonly string[]).includes(s),
);
export const isClosed = (status: string) => (purchaseClosedStatuses as readonly string[]).includes(status);

/** Where a document opens: a credit memo on its view, invoiced/canceled orders read-only, the rest in the editor. */
export function detailUrl(d: { pos_po_no: string; type?: string; status?: string }, tablet = false) {
  const no = encodeURIComponent(d.pos_po_no);
  if (d.type === 'Credit Memo') return `${CREDIT_MEMO_PAGE}?no=${no}`;
  if (tablet) return `/tablet/purchasesOrders/detail?no=${no}`;
  if (d.status && isClosed(d.status)) return `/purchasesOrdersInvoicedCanceled/detail?no=${no}`;
  return `/purchasesOrders/detail?no=${no}`;
}

export const documentKey = (no: string | null) => qk.op('purchaseOrders.get', { params: { pos_po_no: no ?? '' } });

/** A purchase order (or credit memo) with its lines, totals, shipments, receipts and credit memos. */
export function usePurchaseOrder(no: string | null) {
  return useQuery({
    queryKey: documentKey(no),
    queryFn: () => call('purchaseOrders.get', { params: { pos_po_no: no! } }),
    enabled: Boolean(no),
    retry: false,
  });
}

/** Head office (every franchise in scope) ships; a store user belongs to a franchise. */
export function useHeadOffice(): boolean {
  const { me } = useSession();
  return Boolean(me && !me.franchise_code);
}

export const statusColor: Record<string, string> = {
  open: 'blue',
  released: 'cyan',
  partial_received: 'orange',
  invoiced: 'green',
  canceled: 'red',
};

export { statusText } from '../../components/statusText';

const QUANTITY_RULE = { min: 0, max: 1_000_000_000, scale: 5, minExclusive: true };
export const MONEY_RULE = { min: 0, max: 999_999_999_999, scale: 2 };

/** The purchase qty rule of the contract (quantityInput) and its conversion to the sent text. */
export const purchaseQtyEdit = {
  check: (t: string) => (t.trim() ? decimalIssue(t, QUANTITY_RULE) : messages.required),
  toValue: (t: string) => parseDecimalText(t) ?? t,
};

/** A stored quantity as text: "2.50000" → "2". */
export const qtyText = (v: string) => qtyMinus(v, '0');

/** The server's refusal of a quantity past its cap (modules/purchasing posting), shown in the cell before sending. */
export const receiveCapMessage = (line: { line_no: number; item_no: string }, qty: string, cap: string) =>
  purchaseCapMessages.receive(line, qtyText(qty), qtyText(cap));
export const creditCapMessage = (line: { line_no: number; item_no: string }, qty: string, cap: string) =>
  purchaseCapMessages.credit(line, qtyText(qty), qtyText(cap));
export const shipCapMessage = (line: { line_no: number; item_no: string }, qty: string, cap: string) =>
  purchaseCapMessages.ship(line, qtyText(qty), qtyText(cap));

/**
 * The message for a typed quantity of a posting column (0 allowed, at most `cap`): the number's own rule first, then
 * the cap with the server's wording; null when fine.
 */
export function capIssue(text: string, cap: string, capMessage: (qty: string) => string): string | null {
  if (!text.trim()) return null;
  const issue = decimalIssue(text, { min: 0, max: 1_000_000_000, scale: 5 });
  if (issue) return issue;
  const v = parseDecimalText(text) ?? '0';
  return qtyMinus(cap, v).startsWith('-') ? capMessage(v) : null;
}

/** A typed posting quantity as sent ("" → "0"). */
export const sentQty = (text: string) => (text.trim() ? (parseDecimalText(text) ?? text) : '0');
