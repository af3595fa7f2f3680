import { decimalIssue, messages, parseDecimalText, type SalesLine } from '@fp/contract';
import type { LineColumn } from '../../components/document/DocumentEditor';
import type { CellEdit } from '../../components/document/EditableCell';
import { renderMoney, renderNumber } from '../../components/format';

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

/** The line columns of a sales document: quantity, discount and note are edited while the document is open. */
export function salesLineColumns(kind: 'order' | 'quote'): LineColumn<SalesLine>[] {
  return [
    { title: 'Item No', dataIndex: 'item_no', key: 'item_no', fixed: 'left' },
    { title: 'Description', dataIndex: 'description', key: 'description' },
    { title: 'Variant', dataIndex: 'variant_code', key: 'variant_code' },
    { title: 'UOM', dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
    { title: 'Location', dataIndex: 'location_code', key: 'location_code' },
    {
      title: 'Quantity',
      dataIndex: 'quantity',
      key: 'quantity',
      align: 'right',
      render: renderNumber,
      edit: { field: 'quantity', display: editDecimal, ...quantityEdit, width: 90 },
    },
    { title: 'Unit Price', dataIndex: 'unit_price', key: 'unit_price', align: 'right', render: renderMoney },
    {
      title: 'Discount %',
      dataIndex: 'line_discount_percent',
      key: 'line_discount_percent',
      align: 'right',
      render: renderNumber,
      edit: {
        field: 'line_discount_percent',
        display: editDecimal,
        check: (t) => (t.trim() ? decimalIssue(t, PERCENT_RULE) : null),
        toValue: (t) => (t.trim() ? (parseDecimalText(t) ?? t) : '0'),
        width: 80,
      },
    },
    {
      title: 'Discount Amount',
      dataIndex: 'line_discount_amount',
      key: 'line_discount_amount',
      align: 'right',
      render: renderMoney,
    },
    { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right', render: renderMoney },
    { title: 'VAT %', dataIndex: 'vat_percent', key: 'vat_percent', align: 'right', render: renderNumber },
    { title: 'VAT Contained', dataIndex: 'vat_amount', key: 'vat_amount', align: 'right', render: renderMoney },
    ...(kind === 'order'
      ? ([
          ['Qty To Ship', 'qty_to_ship'],
          ['Qty Shipped', 'qty_shipped'],
          ['Qty Invoiced', 'qty_invoiced'],
          ['Qty Credited', 'qty_credited'],
        ].map(([title, key]) => ({
          title,
          dataIndex: key,
          key,
          align: 'right',
          render: renderNumber,
        })) as LineColumn<SalesLine>[])
      : []),
    {
      title: 'Note',
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
