import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CashReceipt } from '@fp/contract';
import { ListPage, type FilterField } from '../../components/ListPage';
import { renderDate, renderMoney } from '../../components/format';
import { useSession } from '../../auth/session';
import { useLocations } from '../warehouseEntries/data';
import { ALL_METHODS, RECEIPTS_AREA } from './data';
import { ReceiptDetail } from './ReceiptDetail';
import { useLabels } from '../../components/labels';

/**
 * /payment/history (issue 11): every receipt of the user's scope (all franchises for head office), filtered by dates,
 * franchise, location, method, type, kind, status, order and customer; Export Excel of the filtered set. A row opens
 * the receipt (VietQR, installment schedule, print).
 */
export default function PaymentHistoryPage() {
  const { t } = useTranslation();
  const { label, options, render } = useLabels();
  const me = useSession().me;
  const headOffice = Boolean(me) && !me?.franchise_code;
  const locations = useLocations();
  const [detail, setDetail] = useState<CashReceipt | null>(null);
  const franchises = [...new Set(locations.options.map((l) => l.franchise))].map((f) => ({ value: f, label: f }));

  const columns: ColumnsType<CashReceipt> = [
    {
      title: t('payments.receiptNo'),
      dataIndex: 'receipt_no',
      key: 'receipt_no',
      sorter: true,
      render: (no: string, r) => (
        <a
          href="#"
          onClick={(e) => {
            e.preventDefault();
            setDetail(r);
          }}
        >
          {no}
        </a>
      ),
    },
    {
      title: t('money.receipt.postingDate'),
      dataIndex: 'posting_date',
      key: 'posting_date',
      sorter: true,
      render: renderDate,
    },
    ...(headOffice
      ? [{ title: t('money.franchise'), dataIndex: 'franchise_code', key: 'franchise_code', sorter: true }]
      : []),
    { title: t('money.receipt.location'), dataIndex: 'location_code', key: 'location_code', sorter: true },
    { title: t('money.receipt.order'), dataIndex: 'pos_so_no', key: 'pos_so_no', sorter: true },
    { title: t('money.pay.customerNo'), dataIndex: 'customer_no', key: 'customer_no', sorter: true },
    { title: t('money.pay.customerName'), dataIndex: 'customer_name', key: 'customer_name' },
    { title: t('money.receipt.type'), dataIndex: 'receipt_type', key: 'receipt_type', render: render('receiptType') },
    { title: t('money.receipt.kind'), dataIndex: 'receipt_kind', key: 'receipt_kind', render: render('receiptKind') },
    {
      title: t('payments.method'),
      dataIndex: 'payment_type',
      key: 'payment_type',
      sorter: true,
      render: render('paymentMethod'),
    },
    {
      title: t('payments.amount'),
      dataIndex: 'amount',
      key: 'amount',
      sorter: true,
      align: 'right',
      render: renderMoney,
    },
    {
      title: t('payments.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (s: string) => <Tag color={s === 'processed' ? 'green' : 'gold'}>{label('receiptStatus', s)}</Tag>,
    },
  ];
  const filters: FilterField[] = [
    { name: 'posting_date', label: t('money.receipt.postingDate'), type: 'dateRange' },
    ...(headOffice
      ? [{ name: 'franchise_code', label: t('money.franchise'), type: 'select' as const, options: franchises }]
      : []),
    {
      name: 'location_code',
      label: t('money.receipt.location'),
      type: 'select',
      options: locations.options.map((l) => ({ value: l.value, label: l.label })),
    },
    {
      name: 'payment_type',
      label: t('payments.method'),
      type: 'select',
      options: options('paymentMethod', ALL_METHODS),
    },
    { name: 'receipt_type', label: t('money.receipt.type'), type: 'select', options: options('receiptType') },
    { name: 'receipt_kind', label: t('money.receipt.kind'), type: 'select', options: options('receiptKind') },
    {
      name: 'status',
      label: t('payments.status'),
      type: 'select',
      options: [
        { value: 'open', label: label('receiptStatus', 'open') },
        { value: 'processed', label: label('receiptStatus', 'processed') },
      ],
    },
    { name: 'pos_so_no', label: t('money.receipt.order') },
    { name: 'customer_no', label: t('money.pay.customerNo') },
    { name: 'receipt_no', label: t('payments.receiptNo') },
  ];

  return (
    <>
      <ListPage<CashReceipt>
        title={t('money.history.title')}
        area={RECEIPTS_AREA}
        op="cashReceipts.list"
        rowKey="receipt_id"
        exportName="payment-history"
        columns={columns}
        filters={filters}
        defaultSort={{ field: 'receipt_id', direction: 'desc' }}
        tableProps={{ onRow: (r) => ({ onDoubleClick: () => setDetail(r) }) }}
      />
      <ReceiptDetail receipt={detail} onClose={() => setDetail(null)} />
    </>
  );
}
