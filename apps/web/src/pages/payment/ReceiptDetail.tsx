import { useTranslation } from 'react-i18next';
import { Button, Descriptions, Divider, Modal, Space, Tag } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { formatDate, formatNumber } from '@fp/contract/web';
import type { CashReceipt } from '@fp/contract';
import { handle } from '../../components/handle';
import { printDocument } from '../salesOrders/counter/PrintPanel';
import { SchedulePanel } from './SchedulePanel';
import { VietQrPanel } from './VietQrPanel';
import { useLabels } from '../../components/labels';

/** The receipt's fields as a description list (the detail dialog and the payment screen's last receipt). */
export function ReceiptFields({ r }: { r: CashReceipt }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      items={[
        { key: 'no', label: t('money.receipt.no'), children: r.receipt_no },
        {
          key: 'status',
          label: t('payments.status'),
          children: <Tag color={r.status === 'processed' ? 'green' : 'gold'}>{label('receiptStatus', r.status)}</Tag>,
        },
        { key: 'order', label: t('money.receipt.order'), children: r.pos_so_no || '—' },
        { key: 'customer', label: t('money.receipt.customer'), children: `${r.customer_no} ${r.customer_name}`.trim() },
        { key: 'location', label: t('money.receipt.location'), children: `${r.franchise_code} / ${r.location_code}` },
        { key: 'type', label: t('money.receipt.type'), children: label('receiptType', r.receipt_type) },
        { key: 'kind', label: t('money.receipt.kind'), children: label('receiptKind', r.receipt_kind) },
        { key: 'method', label: t('payments.method'), children: label('paymentMethod', r.payment_type) },
        { key: 'amount', label: t('payments.amount'), children: formatNumber(r.amount) },
        ...(r.tendered_amount !== null
          ? [
              { key: 'tendered', label: t('payments.tendered'), children: formatNumber(r.tendered_amount) },
              { key: 'change', label: t('payments.change'), children: formatNumber(r.change_amount) },
            ]
          : []),
        ...(r.bank_account_code
          ? [{ key: 'bank', label: t('money.receipt.bankCode'), children: r.bank_account_code }]
          : []),
        ...(r.payment_type === 'installment'
          ? [
              { key: 'contract', label: t('payments.contractNo'), children: r.contract_no },
              { key: 'term', label: t('payments.term'), children: label('paymentTerm', r.payment_term) },
            ]
          : []),
        { key: 'date', label: t('money.receipt.postingDate'), children: formatDate(r.posting_date) || '—' },
        { key: 'comment', label: t('payments.comment'), children: r.comment || '—' },
      ]}
    />
  );
}

/** What a receipt shows beyond its fields: the VietQR of a transfer, the schedule of an installment. */
export function ReceiptExtras({ r }: { r: CashReceipt }) {
  return (
    <>
      {r.payment_type === 'transfer' ? (
        <>
          <Divider />
          <VietQrPanel receiptId={r.receipt_id} />
        </>
      ) : null}
      {r.payment_type === 'installment' && r.status === 'processed' ? (
        <>
          <Divider />
          <SchedulePanel receiptId={r.receipt_id} />
        </>
      ) : null}
    </>
  );
}

/** A receipt's detail (a row of /payment/history): its fields, VietQR or schedule, and Print once processed. */
export function ReceiptDetail(p: { receipt: CashReceipt | null; onClose: () => void }) {
  const { t } = useTranslation();
  const r = p.receipt;
  return (
    <Modal
      open={r !== null}
      title={r ? t('money.receipt.title', { no: r.receipt_no }) : ''}
      onCancel={p.onClose}
      width={860}
      destroyOnHidden
      footer={
        <Space>
          {r?.status === 'processed' ? (
            <Button icon={<PrinterOutlined />} onClick={handle(() => printDocument('receipt', r.receipt_no))}>
              {t('payments.print')}
            </Button>
          ) : null}
          <Button onClick={p.onClose}>{t('money.close')}</Button>
        </Space>
      }
    >
      {r ? (
        <>
          <ReceiptFields r={r} />
          <ReceiptExtras r={r} />
        </>
      ) : null}
    </Modal>
  );
}
