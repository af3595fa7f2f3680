import { useMemo } from 'react';
import { Button, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import { counterSaleFlags, type FilterItem } from '@fp/contract';
import type { OpData } from '../../api/client';
import { ListPage, type FilterField } from '../../components/ListPage';
import { renderDate, renderMoney } from '../../components/format';
import { useCan } from '../../auth/session';
import { useLabels } from '../../components/labels';
import { EInvoiceTag } from '../eInvoices/parts';
import { FlagTags } from '../counter/offline/FlagTags';
import {
  SALES_AREA,
  detailUrl,
  salesOrderClosedStatuses,
  salesOrderOpenStatuses,
  salesQuoteStatuses,
  statusColor,
  statusText,
} from './data';

type Row = OpData<'salesOrders.list'>['items'][number];
export type SalesListVariant = 'open' | 'closed' | 'quotes';

const VARIANTS = {
  open: {
    title: 'sales.list.orders',
    file: 'Sales-Orders',
    page: '/salesOrders',
    type: 'order',
    statuses: salesOrderOpenStatuses,
    add: true,
  },
  closed: {
    title: 'sales.list.closed',
    file: 'Sales-Orders-Invoiced-Canceled',
    page: '/salesOrdersInvoicedCanceled',
    type: 'order',
    statuses: salesOrderClosedStatuses,
    add: false,
  },
  quotes: {
    title: 'sales.list.quotes',
    file: 'Sales-Quotes',
    page: '/salesQuotes',
    type: 'quote',
    statuses: salesQuoteStatuses,
    add: true,
  },
} as const;

/** product.md 2 "Sales order list": the columns, filters and buttons of /salesOrders and its two siblings. */
export function SalesList({ variant }: { variant: SalesListVariant }) {
  const v = VARIANTS[variant];
  const { t } = useTranslation();
  const labels = useLabels();
  const navigate = useNavigate();
  const canAdd = useCan(v.page, 'edit');
  const frozen = variant === 'closed' ? ('left' as const) : undefined;
  const fixedFilters = useMemo<FilterItem[]>(
    () => [
      { field: 'document_type', value: v.type, condition_type: 'eq' },
      { field: 'status', value: v.statuses.join('|'), condition_type: 'in' },
    ],
    [v],
  );
  const columns: ColumnsType<Row> = [
    {
      title: t('sales.list.possoNo'),
      dataIndex: 'pos_so_no',
      key: 'pos_so_no',
      sorter: true,
      fixed: 'left',
      render: (no: string, r) => <Link to={detailUrl(r)}>{no}</Link>,
    },
    { title: t('fields.location'), dataIndex: 'location_code', key: 'location_code', sorter: true },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (s: string) => <Tag color={statusColor[s]}>{statusText(s)}</Tag>,
    },
    { title: t('fields.customerNo'), dataIndex: 'customer_no', key: 'customer_no', sorter: true, fixed: frozen },
    { title: t('fields.customerName'), dataIndex: 'customer_name', key: 'customer_name', sorter: true, fixed: frozen },
    { title: t('sales.list.shippingAddress'), dataIndex: 'shipping_address', key: 'shipping_address' },
    {
      title: t('sales.totals.remainingAmount'),
      dataIndex: 'remaining_amount',
      key: 'remaining_amount',
      align: 'right',
      render: renderMoney,
    },
    {
      title: t('sales.totals.grandTotal'),
      dataIndex: 'grand_total',
      key: 'grand_total',
      sorter: true,
      align: 'right',
      render: renderMoney,
    },
    { title: t('document.orderDate'), dataIndex: 'order_date', key: 'order_date', sorter: true, render: renderDate },
    {
      title: t('document.requestedDeliveryDate'),
      dataIndex: 'requested_delivery_date',
      key: 'requested_delivery_date',
      sorter: true,
      render: renderDate,
    },
    {
      title: t('fields.postingDate'),
      dataIndex: 'posting_date',
      key: 'posting_date',
      sorter: true,
      render: renderDate,
    },
    { title: t('document.generalNote'), dataIndex: 'general_comments', key: 'general_comments' },
    { title: t('document.deliveryNote'), dataIndex: 'delivery_comments', key: 'delivery_comments' },
    { title: t('sales.header.salesType'), dataIndex: 'sales_type', key: 'sales_type', sorter: true },
    { title: t('document.reasonCanceled'), dataIndex: 'cancel_reason_description', key: 'cancel_reason_description' },
    { title: t('sales.detail.quoteNo'), dataIndex: 'quote_no', key: 'quote_no' },
    // Issue 19: a counter sale made offline: the number its device gave it and what the server flagged, as words.
    ...(variant === 'quotes'
      ? []
      : [
          {
            title: t('offline.list.deviceNo'),
            dataIndex: 'device_doc_no',
            key: 'device_doc_no',
            sorter: true,
          },
          {
            title: t('offline.list.flags'),
            dataIndex: 'flags',
            key: 'flags',
            render: (flags: Row['flags']) => <FlagTags flags={flags} />,
          },
        ]),
    // Issue 21: the e-invoices of the order's invoices (the least advanced state) on the invoiced list.
    ...(variant === 'closed'
      ? [
          {
            title: t('einvoice.state'),
            dataIndex: 'e_invoice_state',
            key: 'e_invoice_state',
            sorter: true,
            render: (s: Row['e_invoice_state']) => <EInvoiceTag state={s} />,
          },
        ]
      : []),
  ];
  const filters: FilterField[] = [
    { name: 'pos_so_no', label: t('sales.list.possoNo') },
    {
      name: 'status',
      label: t('fields.status'),
      type: 'select',
      multiple: true,
      options: v.statuses.map((s) => ({ value: s, label: statusText(s) })),
    },
    { name: 'location_code', label: t('fields.location') },
    { name: 'customer_no', label: t('fields.customerNo') },
    { name: 'customer_name', label: t('fields.customerName') },
    { name: 'sell_to_phone_no', label: t('sales.header.mobilePhone') },
    { name: 'sales_type', label: t('sales.header.salesType') },
    { name: 'order_date', label: t('document.orderDate'), type: 'dateRange' },
    { name: 'requested_delivery_date', label: t('document.requestedDeliveryDate'), type: 'dateRange' },
    ...(variant === 'quotes'
      ? []
      : [{ name: 'posting_date', label: t('fields.postingDate'), type: 'dateRange' as const }]),
    ...(variant === 'quotes' ? [] : [{ name: 'quote_no', label: t('sales.detail.quoteNo') }]),
    ...(variant === 'quotes'
      ? []
      : [
          { name: 'flagged', label: t('offline.list.flagged'), type: 'boolean' as const },
          {
            // one flag among the sale's (the list filters the flags' text)
            name: 'flags',
            label: t('offline.list.flag'),
            type: 'select' as const,
            condition: 'like' as const,
            options: counterSaleFlags.map((f) => ({ value: f, label: t(`offline.flag.${f}`) })),
          },
          { name: 'device_doc_no', label: t('offline.list.deviceNo') },
        ]),
    ...(variant === 'closed'
      ? [
          {
            name: 'e_invoice_state',
            label: t('einvoice.state'),
            type: 'select' as const,
            multiple: true,
            options: labels.options('eInvoiceState'),
          },
        ]
      : []),
  ];
  return (
    <ListPage<Row>
      title={t(v.title)}
      area={SALES_AREA}
      op="salesOrders.list"
      rowKey="pos_so_no"
      columns={columns}
      filters={filters}
      fixedFilters={fixedFilters}
      exportName={v.file}
      toolbar={
        v.add && canAdd ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              navigate(variant === 'quotes' ? '/salesQuotes/detail' : '/salesOrders/detail');
            }}
          >
            {t('document.addNew')}
          </Button>
        ) : null
      }
    />
  );
}
