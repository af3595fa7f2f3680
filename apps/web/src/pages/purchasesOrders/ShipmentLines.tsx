import { Input, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { PurchaseOrderLine } from '@fp/contract';
import { renderDate, renderNumber } from '../../components/format';
import { capIssue, creditCapMessage, receiveCapMessage } from './data';
import { useTranslation } from 'react-i18next';

/** What the user typed in the shipment line table, by line_no. */
export type PostingInputs = {
  receive: Record<number, string>;
  credit: Record<number, string>;
  note: Record<number, string>;
};

export const emptyInputs = (): PostingInputs => ({ receive: {}, credit: {}, note: {} });

/** Starts the table from the order: qty to receive = what may be received now, qty credit memo = 0, the notes. */
export const inputsOf = (lines: PurchaseOrderLine[]): PostingInputs => ({
  receive: Object.fromEntries(lines.map((l) => [l.line_no, editQty(l.qty_to_receive)])),
  credit: Object.fromEntries(lines.map((l) => [l.line_no, '0'])),
  note: Object.fromEntries(lines.map((l) => [l.line_no, l.la_so_line_note])),
});

/** "2.50000" → "2,5" (as typed in a German field). */
export const editQty = (v: unknown) => {
  const s = String(v ?? '');
  return (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s).replace('.', ',');
};

export const receiveIssue = (l: PurchaseOrderLine, text: string) =>
  capIssue(text, l.qty_to_receive, (q) => receiveCapMessage(l, q, l.qty_to_receive));
export const creditIssue = (l: PurchaseOrderLine, text: string) =>
  capIssue(text, l.qty_credit_memo, (q) => creditCapMessage(l, q, l.qty_credit_memo));

function QtyInput({
  label,
  value,
  issue,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  issue: string | null;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  return (
    <div style={{ minWidth: 110 }}>
      <Input
        size="small"
        aria-label={label}
        value={value}
        disabled={disabled}
        status={issue ? 'error' : undefined}
        style={{ width: 100, textAlign: 'right' }}
        onChange={(e) => onChange(e.target.value)}
      />
      {issue ? (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', maxWidth: 260, fontSize: 12 }}>
          {issue}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/**
 * product.md 2 "Shipment line table": every line with what was shipped, received, invoiced and credited; the qty to
 * receive and the qty credit memo are typed here (refused past their caps with the server's message) and posted by
 * Receive Now and Create Credit Memo; the line note goes with the receipt.
 */
export function ShipmentLines({
  lines,
  inputs,
  onChange,
  canReceive,
  canCredit,
}: {
  lines: PurchaseOrderLine[];
  inputs: PostingInputs;
  onChange: (next: PostingInputs) => void;
  canReceive: boolean;
  canCredit: boolean;
}) {
  const { t } = useTranslation();
  const set = (kind: keyof PostingInputs, line: number, v: string) =>
    onChange({ ...inputs, [kind]: { ...inputs[kind], [line]: v } });
  const num = (title: string, key: keyof PurchaseOrderLine) => ({
    title,
    dataIndex: key,
    key,
    align: 'right' as const,
    render: renderNumber,
  });
  const columns: ColumnsType<PurchaseOrderLine> = [
    { title: t('fields.no'), dataIndex: 'item_no', key: 'item_no', fixed: 'left' },
    { title: t('fields.variant'), dataIndex: 'variant_code', key: 'variant_code' },
    { title: t('fields.description'), dataIndex: 'description', key: 'description' },
    { title: t('document.uom'), dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
    num(t('purchasing.lines.purchaseQty'), 'purchase_qty'),
    num(t('document.qtyShipped'), 'qty_shipped'),
    {
      title: t('purchasing.shipment.qtyToReceive'),
      key: 'qty_to_receive',
      render: (_: unknown, l) => {
        const text = inputs.receive[l.line_no] ?? '0';
        const open = canReceive && Number(l.qty_to_receive) > 0;
        return open ? (
          <QtyInput
            label={t('purchasing.shipment.receiveOf', { no: l.line_no, item: l.item_no })}
            value={text}
            issue={receiveIssue(l, text)}
            disabled={false}
            onChange={(v) => set('receive', l.line_no, v)}
          />
        ) : (
          renderNumber(l.qty_to_receive)
        );
      },
    },
    num(t('document.qtyInvoiced'), 'qty_invoiced'),
    {
      title: t('purchasing.shipment.qtyCreditMemo'),
      key: 'qty_credit_memo',
      render: (_: unknown, l) => {
        const text = inputs.credit[l.line_no] ?? '0';
        const open = canCredit && Number(l.qty_credit_memo) > 0;
        return open ? (
          <QtyInput
            label={t('purchasing.shipment.creditOf', { no: l.line_no, item: l.item_no })}
            value={text}
            issue={creditIssue(l, text)}
            disabled={false}
            onChange={(v) => set('credit', l.line_no, v)}
          />
        ) : (
          renderNumber(l.qty_credit_memo)
        );
      },
    },
    num(t('purchasing.shipment.qtyCreditedMemo'), 'qty_credited_memo'),
    { title: t('fields.postingDate'), dataIndex: 'posting_date', key: 'posting_date', render: renderDate },
    {
      title: t('consignment.transferOrder.shipmentDate'),
      dataIndex: 'shipment_date',
      key: 'shipment_date',
      render: renderDate,
    },
    { title: t('fields.lineNo'), dataIndex: 'line_no', key: 'line_no', align: 'right' },
    { title: t('fields.locationCode'), dataIndex: 'location_code', key: 'location_code' },
    {
      title: t('purchasing.shipment.lineNote'),
      key: 'la_so_line_note',
      render: (_: unknown, l) =>
        canReceive ? (
          <Input
            size="small"
            aria-label={t('purchasing.shipment.noteOf', { no: l.line_no, item: l.item_no })}
            value={inputs.note[l.line_no] ?? ''}
            style={{ width: 180 }}
            onChange={(e) => set('note', l.line_no, e.target.value)}
          />
        ) : (
          l.la_so_line_note
        ),
    },
  ];
  return (
    <section aria-label={t('purchasing.detail.shipmentLines')}>
      <Table<PurchaseOrderLine>
        size="small"
        rowKey="line_no"
        columns={columns}
        dataSource={lines}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('document.noLines') }}
      />
    </section>
  );
}
