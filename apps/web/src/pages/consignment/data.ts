import { useQuery } from '@tanstack/react-query';
import { consignmentMessages, decimalIssue, messages, parseDecimalText, type Me } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import i18n from '../../i18n';

// What the consignment screens share (/consignmentIssue, /consignmentReceipt, /transferOrders): pages, keys, the
// quantity rules of the contract and status texts.

export const ISSUE_AREA = 'consignmentIssues';
export const TO_AREA = 'transferOrders';
export const RECEIPT_AREA = 'consignmentReceipts';
export const ISSUE_PAGES = ['/consignmentIssue/detail', '/consignmentIssue'] as const;
export const RECEIPT_PAGES = ['/consignmentReceipt/detail', '/consignmentReceipt'] as const;
export const TO_PAGES = ['/transferOrders/detail', '/transferOrders'] as const;
/** The catalogue's entity of the consignment toasts ("Release Consignment Successfully!"). */
export const CONSIGNMENT_ENTITY = 'Consignment';
export const TRANSFER_ORDER_ENTITY = 'Transfer Order';

export const issueUrl = (ciNo: string) => `/consignmentIssue/detail?ci_no=${encodeURIComponent(ciNo)}`;
export const receiveUrl = (toNo: string) => `/consignmentReceipt/detail?bc_to_no=${encodeURIComponent(toNo)}`;
export const transferOrderUrl = (toNo: string) => `/transferOrders/detail?bc_to_no=${encodeURIComponent(toNo)}`;

/** Head office: a user of no franchise (sees every franchise; creates and ships transfer orders). */
export const isHeadOffice = (me: Me | null) => Boolean(me) && !me?.franchise_code;

export const transferOrderKey = (toNo: string | null) =>
  qk.op('transferOrders.get', { params: { bc_to_no: toNo ?? '' } });
export const toReceiveKey = (toNo: string | null) =>
  qk.op('transferOrders.toReceive', { params: { bc_to_no: toNo ?? '' } });

export function useTransferOrder(toNo: string | null) {
  return useQuery({
    queryKey: transferOrderKey(toNo),
    queryFn: () => call('transferOrders.get', { params: { bc_to_no: toNo! } }),
    enabled: Boolean(toNo),
    retry: false,
  });
}

export const statusColor: Record<string, string> = {
  open: 'blue',
  released: 'cyan',
  shipped: 'gold',
  received: 'green',
  completed: 'green',
  canceled: 'red',
};

export { statusText } from '../../components/statusText';

/** An issue or a return, in the interface's language at the time it is shown (any other value as it is stored). */
export const directionText = (d: string) =>
  d === 'return' || d === 'issue' ? i18n.t(`consignment.direction.${d}`) : d;
/** The directions as Select options; each label is read when shown, so it follows a language switch. */
export const directionOptions = (['issue', 'return'] as const).map((value) => ({
  value,
  get label() {
    return directionText(value);
  },
}));

const QUANTITY_RULE = { min: 0, max: 1_000_000_000, scale: 5, minExclusive: true };
const QUANTITY_OR_ZERO_RULE = { min: 0, max: 1_000_000_000, scale: 5 };

/** The message of a quantity the server would refuse (contract quantityInput / quantityOrZeroInput), or null. */
export const quantityIssue = (text: string, zero = false) =>
  text.trim() ? decimalIssue(text, zero ? QUANTITY_OR_ZERO_RULE : QUANTITY_RULE) : messages.required;
/** The typed quantity as sent: German "1,5" → "1.5". */
export const quantityValue = (text: string) => parseDecimalText(text) ?? text.trim();

/** Quantities (≤ 5 decimals) as whole hundred-thousandths, so comparisons and differences are exact. */
const units = (s: string) => {
  const [i, f = ''] = s.split('.');
  const neg = i.startsWith('-');
  const n = BigInt(i.replace('-', '') || '0') * 100000n + BigInt((f + '00000').slice(0, 5));
  return neg ? -n : n;
};
const fromUnits = (n: bigint) => {
  const neg = n < 0n;
  const a = neg ? -n : n;
  const f = String(a % 100000n)
    .padStart(5, '0')
    .replace(/0+$/, '');
  return `${neg ? '-' : ''}${a / 100000n}${f ? `.${f}` : ''}`;
};
/** a − b of two quantities, exact. */
export const qtyMinus = (a: string, b: string) => fromUnits(units(a) - units(b));
/** a > b of two quantities. */
export const qtyAbove = (a: string, b: string) => units(a) > units(b);
export const qtyPositive = (a: string) => units(a) > 0n;

/** A stored decimal as typed in a field: "2.50000" → "2,5". */
export const editDecimal = (v: unknown) => {
  const s = String(v ?? '');
  return (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s).replace('.', ',');
};

/** A quantity as the server writes it in its messages ("3", "2.5"). */
export const qtyText = (a: string) => fromUnits(units(a));
/** The server's refusal of a quantity to receive past shipped − received (consignmentMessages), shown in the cell. */
export const receiveCapMessage = (lineNo: number, qty: string, open: string) =>
  consignmentMessages.receiveExceeds(lineNo, qtyText(qty), qtyText(open));
/** The server's refusal of a quantity to ship past quantity − shipped. */
export const shipCapMessage = (lineNo: number, qty: string, outstanding: string) =>
  consignmentMessages.shipExceeds(lineNo, qtyText(qty), qtyText(outstanding));
