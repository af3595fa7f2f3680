import { useState } from 'react';
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GUARDED, SALES_DOCUMENT_PAGES, formatNumber } from '@fp/contract/web';
import type { CashReceipt } from '@fp/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { failToast, type ToastAction } from '../../../components/document/toasts';
import { handle } from '../../../components/handle';
import { toast } from '../../../components/toast';
import { AddPaymentDialog, type AddPaymentMode } from './AddPaymentDialog';
import type { CounterPanelProps } from './types';
import { PrinterOutlined } from '@ant-design/icons';
import { printDocument } from './PrintPanel';
import { AdjustRemainingDialog } from './AdjustRemainingDialog';
import { canButtonOnAny, useSession } from '../../../auth/session';
import { ShiftTag } from './ShiftTag';
import { useLabels } from '../../../components/labels';

const cents = (v: string | null | undefined) => Math.round(Number(v ?? 0) * 100);

/** The receipts of one order, oldest first (POST /api/cash-receipts/filter). */
const receiptsQuery = (posSoNo: string) => ({
  queryKey: qk.op('cashReceipts.list', { pos_so_no: posSoNo }),
  queryFn: () =>
    call('cashReceipts.list', {
      body: {
        filters: [{ field: 'pos_so_no', value: posSoNo, condition_type: 'eq' }],
        sort_order: { field: 'receipt_id', direction: 'asc' },
        pagination: { page: 1, size: 200 },
      },
    }),
});

/** The payments of an order: cash receipts (cash with tendered and change, installment, transfer, card), processing them, refunds of what a credit memo owes back (issue 9, payments). */
export function PaymentsPanel(p: CounterPanelProps) {
  const { order } = p;
  const { t } = useTranslation();
  const { label } = useLabels();
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<AddPaymentMode | null>(null);
  const [busy, setBusy] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  // The guarded button (Adjust Remaining Amount) on any of the sales document pages, as the server checks it.
  const canAdjust = canButtonOnAny(useSession().me, SALES_DOCUMENT_PAGES, GUARDED.adjustRemainingAmount);
  const receipts = useQuery({ ...receiptsQuery(order.pos_so_no), enabled: order.document_type === 'order' });
  if (order.document_type !== 'order') return null;

  const rows = receipts.data?.items ?? [];
  const open = rows.filter((r) => r.status === 'open');
  const remaining = order.totals.remaining_amount;
  // What remains once the open receipts are processed: the default amount of the next receipt.
  const unreserved = (cents(remaining) - open.reduce((s, r) => s + cents(r.amount), 0)) / 100;
  const canEdit = p.canEdit;

  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: qk.op('cashReceipts.list', { pos_so_no: order.pos_so_no }) });
    p.onChanged();
  };
  const run = async (action: ToastAction, fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      toast.success(action, 'Payment');
    } catch (e) {
      failToast(action, 'Payment', e);
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const processOne = (r: CashReceipt) =>
    run('Process', () => call('cashReceipts.process', { body: { receipt_id: r.receipt_id, to_post: true } }));
  const processAll = () =>
    run('Process All', () => call('cashReceipts.processAll', { body: { pos_so_no: order.pos_so_no, to_post: true } }));
  const remove = (r: CashReceipt) => {
    modal.confirm({
      title: t('payments.deleteTitle'),
      content: t('payments.deleteConfirm', { no: r.receipt_no, amount: formatNumber(r.amount) }),
      okText: t('payments.delete'),
      okButtonProps: { danger: true },
      onOk: () => run('Delete', () => call('cashReceipts.delete', { query: { receipt_id: r.receipt_id } })),
    });
  };

  const columns: ColumnsType<CashReceipt> = [
    { title: t('payments.receiptNo'), dataIndex: 'receipt_no' },
    { title: t('payments.method'), dataIndex: 'payment_type', render: (m: string) => label('paymentMethod', m) },
    { title: t('payments.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatNumber(v) },
    {
      title: t('payments.tendered'),
      dataIndex: 'tendered_amount',
      align: 'right',
      render: (v: string | null) => formatNumber(v),
    },
    {
      title: t('payments.change'),
      dataIndex: 'change_amount',
      align: 'right',
      render: (v: string | null) => formatNumber(v),
    },
    {
      title: t('payments.status'),
      dataIndex: 'status',
      render: (s: string) => <Tag color={s === 'processed' ? 'green' : 'gold'}>{label('receiptStatus', s)}</Tag>,
    },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, r) =>
        r.status === 'open' && canEdit ? (
          <Space>
            <Button size="small" type="primary" disabled={busy} onClick={handle(() => processOne(r))}>
              {t('payments.process')}
            </Button>
            <Button size="small" danger disabled={busy} onClick={() => remove(r)}>
              {t('payments.delete')}
            </Button>
          </Space>
        ) : r.status === 'processed' ? (
          <Button
            size="small"
            icon={<PrinterOutlined />}
            aria-label={t('payments.printReceipt', { no: r.receipt_no })}
            onClick={handle(() => printDocument('receipt', r.receipt_no))}
          >
            {t('payments.print')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card
      size="small"
      title={t('payments.title')}
      extra={<ShiftTag location={order.location_code} />}
      data-testid="payments-panel"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text>
            {t('payments.remaining')}: <strong data-testid="payments-remaining">{formatNumber(remaining)}</strong>
          </Typography.Text>
          {open.length > 0 ? (
            <Typography.Text type="warning" data-testid="payments-not-yet-paid">
              {t('payments.notYetPaid', {
                amount: formatNumber(open.reduce((s, r) => s + cents(r.amount), 0) / 100),
              })}
            </Typography.Text>
          ) : null}
          {canEdit && unreserved > 0 ? (
            <Button type="primary" disabled={busy} onClick={() => setDialog('pay')}>
              {t('payments.add')}
            </Button>
          ) : null}
          {canEdit && unreserved < 0 ? (
            <Button danger disabled={busy} onClick={() => setDialog('payBack')}>
              {t('payments.payBack')}
            </Button>
          ) : null}
          {canEdit && open.length > 0 ? (
            <Button disabled={busy} onClick={handle(processAll)}>
              {t('payments.processAll')}
            </Button>
          ) : null}
          {canEdit && canAdjust ? (
            <Button disabled={busy} onClick={() => setAdjusting(true)}>
              {t('payments.adjust')}
            </Button>
          ) : null}
        </Space>
        <Table<CashReceipt>
          size="small"
          rowKey="receipt_id"
          loading={receipts.isLoading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('payments.none') }}
        />
      </Space>
      {dialog ? (
        <AddPaymentDialog
          open
          order={order}
          mode={dialog}
          defaultAmount={String(unreserved)}
          onClose={() => setDialog(null)}
          onAdded={() => {
            setDialog(null);
            void refresh(); // the toast is shown; the re-read fills the table and the totals
          }}
        />
      ) : null}
      {adjusting ? (
        <AdjustRemainingDialog
          open
          order={order}
          onClose={() => setAdjusting(false)}
          onDone={(o) => {
            setAdjusting(false);
            p.onChanged(o);
          }}
        />
      ) : null}
    </Card>
  );
}
