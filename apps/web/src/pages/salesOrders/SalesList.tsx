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
  open: { title: 'Sales Orders', page: '/salesOrders', type: 'order', statuses: salesOrderOpenStatuses, add: true },
  closed: {
    title: 'Sales Orders Invoiced/Canceled',
    page: '/salesOrdersInvoicedCanceled',
    type: 'order',
    statuses: salesOrderClosedStatuses,
    add: false,
  },
  quotes: { title: 'Sales Quotes', page: '/salesQuotes', type: 'quote', statuses: salesQuoteStatuses, add: true },
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
      title: 'POSSO No',
      dataIndex: 'pos_so_no',
      key: 'pos_so_no',
      sorter: true,
      fixed: 'left',
      render: (no: string, r) => <Link to={detailUrl(r)}>{no}</Link>,
    },
    { title: 'Location', dataIndex: 'location_code', key: 'location_code', sorter: true },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (s: string) => <Tag color={statusColor[s]}>{statusText(s)}</Tag>,
    },
    { title: 'Customer No', dataIndex: 'customer_no', key: 'customer_no', sorter: true, fixed: frozen },
    { title: 'Customer Name', dataIndex: 'customer_name', key: 'customer_name', sorter: true, fixed: frozen },
    { title: 'Shipping Address', dataIndex: 'shipping_address', key: 'shipping_address' },
    {
      title: 'Remaining Amount',
      dataIndex: 'remaining_amount',
      key: 'remaining_amount',
      align: 'right',
      render: renderMoney,
    },
    {
      title: 'Grand Total',
      dataIndex: 'grand_total',
      key: 'grand_total',
      sorter: true,
      align: 'right',
      render: renderMoney,
    },
    { title: 'Order Date', dataIndex: 'order_date', key: 'order_date', sorter: true, render: renderDate },
    {
      title: 'Requested Delivery Date',
      dataIndex: 'requested_delivery_date',
      key: 'requested_delivery_date',
      sorter: true,
      render: renderDate,
    },
    { title: 'Posting Date', dataIndex: 'posting_date', key: 'posting_date', sorter: true, render: renderDate },
    { title: 'General Note', dataIndex: 'general_comments', key: 'general_comments' },
    { title: 'Delivery Note', dataIndex: 'delivery_comments', key: 'delivery_comments' },
    { title: 'Sales Type', dataIndex: 'sales_type', key: 'sales_type', sorter: true },
    { title: 'Reason Canceled', dataIndex: 'cancel_reason_description', key: 'cancel_reason_description' },
    { title: 'Sales Quote No', dataIndex: 'quote_no', key: 'quote_no' },
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
    { name: 'pos_so_no', label: 'POSSO No' },
    {
      name: 'status',
      label: 'Status',
      type: 'select',
      multiple: true,
      options: v.statuses.map((s) => ({ value: s, label: statusText(s) })),
    },
    { name: 'location_code', label: 'Location' },
    { name: 'customer_no', label: 'Customer No' },
    { name: 'customer_name', label: 'Customer Name' },
    { name: 'sell_to_phone_no', label: 'Mobile Phone' },
    { name: 'sales_type', label: 'Sales Type' },
    { name: 'order_date', label: 'Order Date', type: 'dateRange' },
    { name: 'requested_delivery_date', label: 'Requested Delivery Date', type: 'dateRange' },
    ...(variant === 'quotes' ? [] : [{ name: 'posting_date', label: 'Posting Date', type: 'dateRange' as const }]),
    ...(variant === 'quotes' ? [] : [{ name: 'quote_no', label: 'Sales Quote No' }]),
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
      title={v.title}
      area={SALES_AREA}
      op="salesOrders.list"
      rowKey="pos_so_no"
      columns={columns}
      filters={filters}
      fixedFilters={fixedFilters}
      exportName={v.title.replace(/\W+/g, '-')}
      toolbar={
        v.add && canAdd ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              navigate(variant === 'quotes' ? '/salesQuotes/detail' : '/salesOrders/detail');
            }}
          >
            Add New
          </Button>
        ) : null
      }
    />
  );
}
