import { useMemo } from 'react';
import { Button, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import { purchaseOrderTypes, type FilterItem } from '@fp/contract';
import type { OpData } from '../../api/client';
import { ListPage, type FilterField } from '../../components/ListPage';
import { renderDate, renderMoney } from '../../components/format';
import { useCan } from '../../auth/session';
import {
  PURCHASE_AREA,
  detailUrl,
  purchaseClosedStatuses,
  purchaseOpenStatuses,
  statusColor,
  statusText,
} from './data';

type Row = OpData<'purchaseOrders.list'>['items'][number];
export type PurchaseListVariant = 'open' | 'closed';

const VARIANTS = {
  open: { title: 'purchasing.list.title', page: '/purchasesOrders', statuses: purchaseOpenStatuses, add: true },
  closed: {
    title: 'purchasing.list.closedTitle',
    page: '/purchasesOrdersInvoicedCanceled',
    statuses: purchaseClosedStatuses,
    add: false,
  },
} as const;

/** product.md 2 "Purchase order list": the columns, filters and buttons of /purchasesOrders and its invoiced/canceled variant. */
export function PurchaseList({ variant }: { variant: PurchaseListVariant }) {
  const v = VARIANTS[variant];
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canAdd = useCan(v.page, 'edit');
  const title = t(v.title);
  const fixedFilters = useMemo<FilterItem[]>(
    () => [{ field: 'status', value: v.statuses.join('|'), condition_type: 'in' }],
    [v],
  );
  const money = (title: string, key: keyof Row, sorter = false) => ({
    title,
    dataIndex: key,
    key,
    align: 'right' as const,
    sorter,
    render: renderMoney,
  });
  const columns: ColumnsType<Row> = [
    {
      title: t('purchasing.list.no'),
      dataIndex: 'pos_po_no',
      key: 'pos_po_no',
      sorter: true,
      fixed: 'left',
      render: (no: string, r) => <Link to={detailUrl(r)}>{no}</Link>,
    },
    { title: t('purchasing.detail.soNo'), dataIndex: 'bc_so_no', key: 'bc_so_no', sorter: true },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      key: 'type',
      sorter: true,
      render: (v: string) => t(`purchasing.documentType.${v}`, { defaultValue: v }),
    },
    { title: t('purchasing.header.vendorName'), dataIndex: 'vendor_name', key: 'vendor_name', sorter: true },
    {
      title: t('purchasing.list.buyFrom'),
      dataIndex: 'buy_from_address',
      key: 'buy_from_address',
      render: (a: string, r) => [r.buy_from_code, a].filter(Boolean).join(' — '),
    },
    { title: t('fields.location'), dataIndex: 'location_code', key: 'location_code', sorter: true },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (s: string) => <Tag color={statusColor[s]}>{statusText(s)}</Tag>,
    },
    { title: t('document.orderDate'), dataIndex: 'order_date', key: 'order_date', sorter: true, render: renderDate },
    {
      title: t('purchasing.header.requestedReceiptDate'),
      dataIndex: 'requested_receipt_date',
      key: 'requested_receipt_date',
      sorter: true,
      render: renderDate,
    },
    money(t('purchasing.list.totalLines'), 'total_lines', true),
    money(t('purchasing.list.purchAmount'), 'grand_total', true),
    money(t('sales.totals.remainingAmount'), 'remaining_amount'),
    money(t('purchasing.detail.payable'), 'payable'),
    { title: t('document.reasonCanceled'), dataIndex: 'cancel_reason_description', key: 'cancel_reason_description' },
  ];
  const filters: FilterField[] = [
    { name: 'pos_po_no', label: t('purchasing.list.no') },
    { name: 'bc_so_no', label: t('purchasing.detail.soNo') },
    {
      name: 'type',
      label: t('fields.type'),
      type: 'select',
      options: purchaseOrderTypes.map((s) => ({ value: s, label: s })),
    },
    {
      name: 'status',
      label: t('fields.status'),
      type: 'select',
      multiple: true,
      options: v.statuses.map((s) => ({ value: s, label: statusText(s) })),
    },
    { name: 'location_code', label: t('fields.location') },
    { name: 'order_date', label: t('document.orderDate'), type: 'dateRange' },
    { name: 'requested_receipt_date', label: t('purchasing.header.requestedReceiptDate'), type: 'dateRange' },
  ];
  return (
    <ListPage<Row>
      title={title}
      area={PURCHASE_AREA}
      op="purchaseOrders.list"
      rowKey="pos_po_no"
      columns={columns}
      filters={filters}
      fixedFilters={fixedFilters}
      exportName={title.replace(/\W+/g, '-')}
      toolbar={
        v.add && canAdd ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/purchasesOrders/detail')}>
            {t('document.addNew')}
          </Button>
        ) : null
      }
    />
  );
}
