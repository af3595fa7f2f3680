import { useQuery } from '@tanstack/react-query';
import {
  decimalIssue,
  formatNumber,
  GUARDED,
  SALES_DOCUMENT_PAGES,
  messages,
  parseDecimalText,
  type SalesLine,
  type SalesOrder,
} from '@fp/contract';
import type { Transition } from '@fp/contract/machines';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { canButtonOnAny, useSession } from '../../auth/session';
import type { LineColumn } from '../../components/document/DocumentEditor';
import type { ActionPrompt } from '../../components/document/ActionBar';
import type { CellEdit } from '../../components/document/EditableCell';
import { positionKey, useOnHand } from '../../components/document/stock';
import { LineAvailable } from './LineAvailable';
import { renderMoney, renderNumber } from '../../components/format';
import i18n from '../../i18n';

/** A stored decimal as typed in a field: "2.50000" → "2,5". */
export const editDecimal = (v: unknown) => {
  const s = String(v ?? '');
  return (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s).replace('.', ',');
};

const QUANTITY_RULE = { min: 0, max: 1_000_000_000, scale: 5, minExclusive: true };
const PERCENT_RULE = { min: 0, max: 100, scale: 2 };

/** The quantity rule of the contract (salesLineInput.quantity) and its conversion to the sent text. */
export const quantityEdit: Pick<CellEdit, 'check' | 'toValue'> = {
  check: (t) => (t.trim() ? decimalIssue(t, QUANTITY_RULE) : messages.required),
  toValue: (t) => parseDecimalText(t) ?? t,
};

const MONEY_RULE = { min: 0, max: 999_999_999_999, scale: 2 };

/**
 * The cashier limits of the user on a sales document screen (issue 9): the price is edited only with Override Price,
 * a discount above the configured percent (GET /api/config max_line_discount_percent) only with Discount Above Limit.
 */
export type LineLimits = { overridePrice: boolean; discountAboveLimit: boolean; maxDiscountPercent: string | null };

/** The guarded buttons are checked on the sales document pages, as the server does (a list page guards nothing). */
export function useLineLimits(): LineLimits {
  const { me } = useSession();
  const config = useQuery({ queryKey: qk.config, queryFn: () => call('config.get') });
  return {
    overridePrice: canButtonOnAny(me, SALES_DOCUMENT_PAGES, GUARDED.overridePrice),
    discountAboveLimit: canButtonOnAny(me, SALES_DOCUMENT_PAGES, GUARDED.discountAboveLimit),
    maxDiscountPercent: config.data?.max_line_discount_percent ?? null,
  };
}

/** The message of a discount percent the user may not give (null when allowed). */
export function discountLimitIssue(text: string, limits: LineLimits): string | null {
  if (limits.discountAboveLimit || limits.maxDiscountPercent === null) return null;
  const v = parseDecimalText(text);
  if (v === null || Number(v) <= Number(limits.maxDiscountPercent)) return null;
  return i18n.t('limits.discountAboveLimit', { max: limits.maxDiscountPercent, button: GUARDED.discountAboveLimit });
}

/**
 * Cancel on an order that has been paid (the remaining amount is no longer the grand total: processed receipts)
 * needs Cancel After Payment; the ActionBar hides it otherwise.
 */
export function useCancelGuard(d: SalesOrder | undefined) {
  const { me } = useSession();
  const granted = canButtonOnAny(me, SALES_DOCUMENT_PAGES, GUARDED.cancelAfterPayment);
  return (t: Transition) =>
    t.action !== 'cancel' || granted || !d || Number(d.totals.remaining_amount) === Number(d.totals.grand_total);
}

/**
 * Ship Now of an order with money still due (issue 17): a user holding Sell On Credit is asked "<amount> is still
 * unpaid: sell on credit?" and Yes sends sell_on_credit; anyone else is told to take the payment first (the server
 * refuses both the same way, 422 on remaining_amount).
 */
export function useShipPrompt(d: SalesOrder | undefined) {
  const { me } = useSession();
  const mayCredit = canButtonOnAny(me, SALES_DOCUMENT_PAGES, GUARDED.sellOnCredit);
  return (t: Transition): ActionPrompt | undefined => {
    if (t.action !== 'ship' || !d || !(Number(d.totals.remaining_amount) > 0)) return undefined;
    const amount = formatNumber(d.totals.remaining_amount);
    return mayCredit
      ? { question: i18n.t('sales.ship.sellOnCredit', { amount }), extra: { sell_on_credit: true } }
      : { refusal: i18n.t('sales.ship.unpaid', { amount }) };
  };
}

/** What a line still takes from stock, in base units: (quantity − shipped) × base units per unit of measure. */
const stillToShip = (l: SalesLine) =>
  Math.max(0, (Number(l.quantity) - Number(l.qty_shipped)) * Number(l.qty_per_unit_of_measure || 1));

/** Stock of the lines where they ship from (issue 17): what is on hand and whether the lines of a position need more. */
export type LineStock = { available: (l: SalesLine) => number | null; short: (l: SalesLine) => boolean };

/**
 * The lines' stock on an order or quote: on hand at each line's location (its own, else the header's), and a line is
 * short when the lines of its position still need more than that, as the ship posting adds them up — a warning only,
 * and none where negative stock is allowed (GET /api/config allow_negative_stock).
 */
export function useLineStock(d: SalesOrder | undefined): LineStock {
  const config = useQuery({ queryKey: qk.config, queryFn: () => call('config.get') });
  const lines = (d?.lines ?? []).filter((l) => l.line_type === 'item');
  const where = (l: SalesLine) => l.location_code || d?.location_code || '';
  const stock = useOnHand(
    lines.map(where),
    lines.map((l) => l.item_no),
  );
  const needed = new Map<string, number>();
  for (const l of lines) {
    const k = positionKey(where(l), l.item_no, l.variant_code);
    needed.set(k, (needed.get(k) ?? 0) + stillToShip(l));
  }
  const shipping = !!d && d.status !== 'invoiced' && d.status !== 'canceled';
  return {
    available: (l) => (stock.ready ? stock.at(where(l), l.item_no, l.variant_code) : null),
    short: (l) =>
      shipping &&
      stock.ready &&
      config.data?.allow_negative_stock === false &&
      stillToShip(l) > 0 &&
      (needed.get(positionKey(where(l), l.item_no, l.variant_code)) ?? 0) >
        stock.at(where(l), l.item_no, l.variant_code),
  };
}

/** The Available column: on hand where the line ships from, marked when the lines there need more. */
function availableColumn(stock: LineStock): LineColumn<SalesLine> {
  return {
    title: i18n.t('sales.stock.column'),
    key: 'available',
    align: 'right',
    render: (_: unknown, l: SalesLine) => <LineAvailable line={l} stock={stock} />,
  };
}

const ALL_ALLOWED: LineLimits = { overridePrice: true, discountAboveLimit: true, maxDiscountPercent: null };

/**
 * The line columns of a sales document: quantity, discount and note are edited while the document is open; the unit
 * price too for a user granted Override Price; a discount percent above the limit is refused without Discount Above
 * Limit (the server refuses both the same way).
 */
export function salesLineColumns(
  kind: 'order' | 'quote',
  limits: LineLimits = ALL_ALLOWED,
  stock?: LineStock,
): LineColumn<SalesLine>[] {
  return [
    { title: i18n.t('fields.itemNo'), dataIndex: 'item_no', key: 'item_no', fixed: 'left' },
    { title: i18n.t('fields.description'), dataIndex: 'description', key: 'description' },
    { title: i18n.t('fields.variant'), dataIndex: 'variant_code', key: 'variant_code' },
    { title: i18n.t('document.uom'), dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
    { title: i18n.t('fields.location'), dataIndex: 'location_code', key: 'location_code' },
    {
      title: i18n.t('fields.quantity'),
      dataIndex: 'quantity',
      key: 'quantity',
      align: 'right',
      render: renderNumber,
      edit: { field: 'quantity', display: editDecimal, ...quantityEdit, width: 90 },
    },
    ...(stock ? [availableColumn(stock)] : []),
    {
      title: i18n.t('fields.unitPrice'),
      dataIndex: 'unit_price',
      key: 'unit_price',
      align: 'right',
      render: renderMoney,
      ...(limits.overridePrice
        ? {
            edit: {
              field: 'unit_price',
              display: editDecimal,
              check: (t: string) => (t.trim() ? decimalIssue(t, MONEY_RULE) : messages.required),
              toValue: (t: string) => parseDecimalText(t) ?? t,
              width: 110,
            },
          }
        : {}),
    },
    {
      title: i18n.t('sales.lines.discountPercent'),
      dataIndex: 'line_discount_percent',
      key: 'line_discount_percent',
      align: 'right',
      render: renderNumber,
      edit: {
        field: 'line_discount_percent',
        display: editDecimal,
        check: (t) => (t.trim() ? (decimalIssue(t, PERCENT_RULE) ?? discountLimitIssue(t, limits)) : null),
        toValue: (t) => (t.trim() ? (parseDecimalText(t) ?? t) : '0'),
        width: 80,
      },
    },
    {
      title: i18n.t('sales.lines.discountAmount'),
      dataIndex: 'line_discount_amount',
      key: 'line_discount_amount',
      align: 'right',
      render: renderMoney,
    },
    { title: i18n.t('fields.amount'), dataIndex: 'amount', key: 'amount', align: 'right', render: renderMoney },
    {
      title: i18n.t('sales.lines.vatPercent'),
      dataIndex: 'vat_percent',
      key: 'vat_percent',
      align: 'right',
      render: renderNumber,
    },
    {
      title: i18n.t('sales.totals.vatContained'),
      dataIndex: 'vat_amount',
      key: 'vat_amount',
      align: 'right',
      render: renderMoney,
    },
    ...(kind === 'order'
      ? ([
          ['document.qtyToShip', 'qty_to_ship'],
          ['document.qtyShipped', 'qty_shipped'],
          ['document.qtyInvoiced', 'qty_invoiced'],
          ['document.qtyCredited', 'qty_credited'],
        ].map(([title, key]) => ({
          title: i18n.t(title),
          dataIndex: key,
          key,
          align: 'right',
          render: renderNumber,
        })) as LineColumn<SalesLine>[])
      : []),
    {
      title: i18n.t('fields.note'),
      dataIndex: 'la_so_line_note',
      key: 'la_so_line_note',
      edit: {
        field: 'la_so_line_note',
        check: (t) => (t.length > 250 ? messages.maxLength(250) : null),
        width: 180,
      },
    },
  ];
}

/** Quantities (≤ 5 decimals) as whole hundred-thousandths, so differences are exact without floats. */
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
