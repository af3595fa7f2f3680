import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Card, Col, Descriptions, Empty, Row, Space, Spin, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatNumber } from '@fp/contract/web';
import type { CashReceipt } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useCan } from '../../auth/session';
import { failToast } from '../../components/document/toasts';
import { handle } from '../../components/handle';
import { toast } from '../../components/toast';
import { printDocument } from '../salesOrders/counter/PrintPanel';
import { ENTITY, PAYMENT_PAGE, RECEIPTS_AREA } from './data';
import { PaymentForm } from './PaymentForm';
import { ReceiptDetail, ReceiptExtras, ReceiptFields } from './ReceiptDetail';
import { ReceiptsTable } from './ReceiptsTable';
import { RemainingHistory } from './RemainingHistory';
import { TargetPicker, type Target } from './TargetPicker';

const cents = (v: string | null | undefined) => Math.round(Number(v ?? 0) * 100);

/**
 * /payment (issue 11): take a payment for any order (by number: its remaining amount and remaining-amount history) or
 * for a customer on account (by phone or number). The receipt is added open, then processed; a transfer shows its
 * VietQR, an installment its schedule, a processed receipt prints.
 */

/** What the receipts table does to a receipt, as the toast catalogue names it. */
type ReceiptAction = 'Process' | 'Delete';
export default function PaymentPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const canEdit = useCan(PAYMENT_PAGE, 'edit');
  const [target, setTarget] = useState<Target | null>(null);
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [detail, setDetail] = useState<CashReceipt | null>(null);
  const [busy, setBusy] = useState(false);

  const posSoNo = target?.kind === 'order' ? target.posSoNo : null;
  const order = useQuery({
    queryKey: qk.op('salesOrders.get', { pos_so_no: posSoNo }),
    queryFn: () => call('salesOrders.get', { params: { pos_so_no: posSoNo ?? '' } }),
    enabled: posSoNo !== null,
    retry: false,
  });
  const filter =
    target === null
      ? null
      : target.kind === 'order'
        ? { field: 'pos_so_no', value: target.posSoNo }
        : { field: 'customer_no', value: target.customer.customer_no };
  const receiptsBody = filter
    ? {
        filters: [{ ...filter, condition_type: 'eq' as const }],
        sort_order: { field: 'receipt_id', direction: 'desc' as const },
        pagination: { page: 1, size: 100 },
      }
    : null;
  const receipts = useQuery({
    queryKey: qk.op('cashReceipts.list', receiptsBody),
    queryFn: () => call('cashReceipts.list', { body: receiptsBody ?? {} }),
    enabled: receiptsBody !== null && (target?.kind !== 'order' || order.isSuccess),
  });
  const rows = receipts.data?.items ?? [];
  const current = rows.find((r) => r.receipt_id === currentId) ?? null;

  const o = order.data;
  const openSum = rows.filter((r) => r.status === 'open').reduce((s, r) => s + cents(r.amount), 0);
  // An order's next payment defaults to what remains once its open receipts are processed.
  const defaultAmount = o ? String(Math.max(0, cents(o.totals.remaining_amount) - openSum) / 100) : null;

  // A payment changes the receipts, the order's remaining amount and its history.
  const refresh = () =>
    Promise.all(
      ([RECEIPTS_AREA, 'salesOrders', 'remainingAmountHistory'] as const).map((a) =>
        qc.invalidateQueries({ queryKey: qk.area(a) }),
      ),
    );
  const run = async (action: ReceiptAction, fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      toast.success(action, ENTITY);
    } catch (e) {
      failToast(action, ENTITY, e);
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const process = (r: CashReceipt) =>
    run('Process', () => call('cashReceipts.process', { body: { receipt_id: r.receipt_id, to_post: true } }));
  const confirmProcess = (r: CashReceipt) =>
    modal.confirm({
      title: t('money.pay.processTitle'),
      content: t('money.pay.processConfirm', { no: r.receipt_no, amount: formatNumber(r.amount) }),
      okText: t('payments.process'),
      onOk: () => process(r),
    });
  const remove = (r: CashReceipt) =>
    run('Delete', () => call('cashReceipts.delete', { query: { receipt_id: r.receipt_id } }));

  const ready = target !== null && (target.kind === 'customer' || o !== undefined);

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('money.pay.title')}
      </Typography.Title>
      <TargetPicker
        onPicked={(next) => {
          setTarget(next);
          setCurrentId(null);
        }}
      />
      {order.isError ? <Alert style={{ marginTop: 16 }} type="error" showIcon message={order.error.message} /> : null}
      {order.isLoading ? <Spin style={{ display: 'block', marginTop: 16 }} /> : null}
      {target === null ? <Empty style={{ marginTop: 48 }} description={t('money.pay.pickFirst')} /> : null}
      {ready ? (
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col span={10}>
            <Card size="small" title={t('money.pay.who')} data-testid="payment-target">
              {o ? (
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { key: 'no', label: t('money.receipt.order'), children: o.pos_so_no },
                    {
                      key: 'cust',
                      label: t('money.receipt.customer'),
                      children: `${o.sell_to_code} ${o.sell_to_name}`,
                    },
                    { key: 'status', label: t('payments.status'), children: o.status },
                    { key: 'total', label: t('money.pay.grandTotal'), children: formatNumber(o.totals.grand_total) },
                    {
                      key: 'remaining',
                      label: t('payments.remaining'),
                      children: (
                        <strong data-testid="order-remaining">{formatNumber(o.totals.remaining_amount)}</strong>
                      ),
                    },
                  ]}
                />
              ) : target?.kind === 'customer' ? (
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { key: 'no', label: t('money.pay.customerNo'), children: target.customer.customer_no },
                    { key: 'name', label: t('money.pay.customerName'), children: target.customer.name },
                    { key: 'phone', label: t('money.pay.phone'), children: target.customer.phone_no },
                    { key: 'store', label: t('money.receipt.location'), children: target.customer.franchise_code },
                  ]}
                />
              ) : null}
            </Card>
            {canEdit && target ? (
              <Card size="small" title={t('payments.add')} style={{ marginTop: 16 }}>
                <PaymentForm
                  target={target}
                  defaultAmount={defaultAmount}
                  onAdded={(r) => {
                    setCurrentId(r.receipt_id);
                    void refresh(); // the toast is shown; the re-read fills the receipts
                  }}
                />
              </Card>
            ) : null}
          </Col>
          <Col span={14}>
            {current ? (
              <Card
                size="small"
                title={t('money.receipt.title', { no: current.receipt_no })}
                data-testid="current-receipt"
                extra={
                  <Space>
                    {current.status === 'open' && canEdit ? (
                      <Button type="primary" disabled={busy} onClick={handle(() => confirmProcess(current))}>
                        {t('payments.process')}
                      </Button>
                    ) : null}
                    {current.status === 'processed' ? (
                      <Button
                        icon={<PrinterOutlined />}
                        onClick={handle(() => printDocument('receipt', current.receipt_no))}
                      >
                        {t('payments.print')}
                      </Button>
                    ) : null}
                  </Space>
                }
                style={{ marginBottom: 16 }}
              >
                <ReceiptFields r={current} />
                <ReceiptExtras r={current} />
              </Card>
            ) : null}
            <Card size="small" title={t('money.pay.receipts')}>
              <ReceiptsTable
                rows={rows}
                loading={receipts.isLoading}
                canEdit={canEdit}
                busy={busy}
                onProcess={process}
                onDelete={remove}
                onOpen={setDetail}
              />
            </Card>
            {o ? (
              <Card size="small" style={{ marginTop: 16 }}>
                <RemainingHistory posSoNo={o.pos_so_no} />
              </Card>
            ) : null}
          </Col>
        </Row>
      ) : null}
      <ReceiptDetail receipt={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
