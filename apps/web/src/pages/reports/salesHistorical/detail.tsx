import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Descriptions, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDate, formatNumber } from '@fp/contract/web';
import type { SalesHistoryDetail } from '@fp/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { renderDate, renderMoney, renderNumber } from '../../../components/format';
import { statusColor, statusText } from '../../salesOrders/data';
import { REPORTS_AREA, orderUrl } from '../shared/data';

type Line = SalesHistoryDetail['invoiced_lines'][number];
type Invoice = SalesHistoryDetail['invoices'][number];

const lineColumns: ColumnsType<Line> = [
  { title: 'Invoice No', dataIndex: 'pos_si_no', key: 'pos_si_no' },
  { title: 'Line No', dataIndex: 'line_no', key: 'line_no', align: 'right' },
  { title: 'Item No', dataIndex: 'item_no', key: 'item_no' },
  { title: 'Variant', dataIndex: 'variant_code', key: 'variant_code' },
  { title: 'Description', dataIndex: 'description', key: 'description' },
  { title: 'UOM', dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
  { title: 'Quantity', dataIndex: 'quantity', key: 'quantity', align: 'right', render: renderNumber },
  { title: 'Unit Price', dataIndex: 'unit_price', key: 'unit_price', align: 'right', render: renderMoney },
  {
    title: 'Line Discount',
    dataIndex: 'line_discount_amount',
    key: 'line_discount_amount',
    align: 'right',
    render: renderMoney,
  },
  { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right', render: renderMoney },
];

const invoiceColumns: ColumnsType<Invoice> = [
  { title: 'Invoice No', dataIndex: 'pos_si_no', key: 'pos_si_no' },
  { title: 'Posting Date', dataIndex: 'posting_date', key: 'posting_date', render: renderDate },
  { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right', render: renderMoney },
];

/** /reports/salesHistorical/{id}: one order a customer bought: its invoices, the invoiced lines and the totals. */
export default function SalesHistoryDetailPage() {
  const { t } = useTranslation();
  const no = useParams().id ?? '';
  const q = useQuery({
    queryKey: qk.one(REPORTS_AREA, `sales-history:${no}`),
    queryFn: () => call('salesHistory.get', { params: { pos_so_no: no } }),
    enabled: no !== '',
    retry: false,
  });
  const back = <Link to="/reports/salesHistorical">{t('reports.history.back')}</Link>;
  if (q.isLoading)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  const d = q.data;
  if (!d)
    return (
      <>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('reports.history.title', { no })}
        </Typography.Title>
        <Empty description={t('reports.history.notFound')} />
        <div style={{ textAlign: 'center', marginTop: 12 }}>{back}</div>
      </>
    );
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('reports.history.title', { no: d.pos_so_no })}
        </Typography.Title>
        <Space>
          {back}
          <Link to={orderUrl(d.pos_so_no)}>{t('reports.history.openOrder')}</Link>
        </Space>
      </Space>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2, xl: 3 }}
        style={{ margin: '16px 0' }}
        items={[
          { key: 'order_date', label: 'Order Date', children: formatDate(d.order_date) },
          { key: 'customer_no', label: 'Customer No', children: d.customer_no },
          { key: 'customer_name', label: 'Customer Name', children: d.customer_name },
          { key: 'phone', label: 'Phone', children: d.phone },
          { key: 'franchise_code', label: 'Franchise', children: d.franchise_code },
          { key: 'location_code', label: 'Location', children: d.location_code },
          { key: 'sales_type', label: 'Sales Type', children: d.sales_type },
          {
            key: 'status',
            label: 'Status',
            children: <Tag color={statusColor[d.status]}>{statusText(d.status)}</Tag>,
          },
        ]}
      />
      <Typography.Title level={4}>{t('reports.history.lines')}</Typography.Title>
      <Table<Line>
        size="middle"
        rowKey={(l) => `${l.pos_si_no}:${l.line_no}`}
        columns={lineColumns}
        dataSource={d.invoiced_lines}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No data' }}
      />
      <Typography.Title level={4} style={{ marginTop: 16 }}>
        {t('reports.history.invoices')}
      </Typography.Title>
      <Table<Invoice>
        size="middle"
        rowKey="pos_si_no"
        columns={invoiceColumns}
        dataSource={d.invoices}
        pagination={false}
        style={{ maxWidth: 640 }}
        locale={{ emptyText: 'No data' }}
      />
      <Descriptions
        size="small"
        bordered
        column={1}
        style={{ marginTop: 16, maxWidth: 420 }}
        data-testid="sales-history-totals"
        items={[
          { key: 'lines', label: t('reports.history.lineCount'), children: formatNumber(d.lines) },
          { key: 'quantity', label: 'Quantity', children: formatNumber(d.quantity) },
          { key: 'amount', label: t('reports.history.invoiced'), children: formatNumber(d.amount) },
          { key: 'credited', label: t('reports.history.credited'), children: formatNumber(d.credited_amount) },
        ]}
      />
    </>
  );
}
