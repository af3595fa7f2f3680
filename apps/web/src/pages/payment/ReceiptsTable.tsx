import { useTranslation } from 'react-i18next';
import { App, Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatNumber } from '@fp/contract/web';
import type { CashReceipt } from '@fp/contract';
import { renderDate, renderMoney } from '../../components/format';
import { handle } from '../../components/handle';
import { useLabels } from '../../components/labels';

/**
 * The receipts of the order or customer on /payment, newest first: an open one is processed (asked first) or
 * deleted; any one opens its detail (VietQR, schedule, print).
 */
export function ReceiptsTable(p: {
  rows: CashReceipt[];
  loading: boolean;
  canEdit: boolean;
  busy: boolean;
  onProcess: (r: CashReceipt) => Promise<unknown>;
  onDelete: (r: CashReceipt) => Promise<unknown>;
  onOpen: (r: CashReceipt) => void;
}) {
  const { t } = useTranslation();
  const { label, render } = useLabels();
  const { modal } = App.useApp();
  const confirmProcess = (r: CashReceipt) =>
    modal.confirm({
      title: t('money.pay.processTitle'),
      content: t('money.pay.processConfirm', { no: r.receipt_no, amount: formatNumber(r.amount) }),
      okText: t('payments.process'),
      onOk: () => p.onProcess(r),
    });
  const confirmDelete = (r: CashReceipt) =>
    modal.confirm({
      title: t('payments.deleteTitle'),
      content: t('payments.deleteConfirm', { no: r.receipt_no, amount: formatNumber(r.amount) }),
      okText: t('payments.delete'),
      okButtonProps: { danger: true },
      onOk: () => p.onDelete(r),
    });
  const columns: ColumnsType<CashReceipt> = [
    { title: t('payments.receiptNo'), dataIndex: 'receipt_no' },
    { title: t('money.receipt.order'), dataIndex: 'pos_so_no' },
    { title: t('payments.method'), dataIndex: 'payment_type', render: render('paymentMethod') },
    { title: t('payments.amount'), dataIndex: 'amount', align: 'right', render: renderMoney },
    { title: t('payments.tendered'), dataIndex: 'tendered_amount', align: 'right', render: renderMoney },
    { title: t('payments.change'), dataIndex: 'change_amount', align: 'right', render: renderMoney },
    {
      title: t('payments.status'),
      dataIndex: 'status',
      render: (s: string) => <Tag color={s === 'processed' ? 'green' : 'gold'}>{label('receiptStatus', s)}</Tag>,
    },
    { title: t('money.receipt.postingDate'), dataIndex: 'posting_date', render: renderDate },
    {
      title: t('money.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space>
          {r.status === 'open' && p.canEdit ? (
            <>
              <Button
                size="small"
                type="primary"
                disabled={p.busy}
                aria-label={t('money.pay.processNo', { no: r.receipt_no })}
                onClick={handle(() => confirmProcess(r))}
              >
                {t('payments.process')}
              </Button>
              <Button size="small" danger disabled={p.busy} onClick={handle(() => confirmDelete(r))}>
                {t('payments.delete')}
              </Button>
            </>
          ) : null}
          <Button size="small" aria-label={t('money.pay.detailsNo', { no: r.receipt_no })} onClick={() => p.onOpen(r)}>
            {t('money.details')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Table<CashReceipt>
      size="small"
      rowKey="receipt_id"
      data-testid="payment-receipts"
      loading={p.loading}
      columns={columns}
      dataSource={p.rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('payments.none') }}
    />
  );
}
