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
import { T } from '../../../i18n/T';

type Line = SalesHistoryDetail['invoiced_lines'][number];
type Invoice = SalesHistoryDetail['invoices'][number];

const lineColumns: ColumnsType<Line> = [
  { title: <T k="reports.history.invoiceNo" />, dataIndex: 'pos_si_no', key: 'pos_si_no' },
  { title: <T k="fields.lineNo" />, dataIndex: 'line_no', key: 'line_no', align: 'right' },
  { title: <T k="fields.itemNo" />, dataIndex: 'item_no', key: 'item_no' },
  { title: <T k="fields.variant" />, dataIndex: 'variant_code', key: 'variant_code' },
  { title: <T k="fields.description" />, dataIndex: 'description', key: 'description' },
  { title: <T k="reports.uom" />, dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
  { title: <T k="fields.quantity" />, dataIndex: 'quantity', key: 'quantity', align: 'right', render: renderNumber },
  {
    title: <T k="fields.unitPrice" />,
    dataIndex: 'unit_price',
    key: 'unit_price',
    align: 'right',
    render: renderMoney,
  },
  {
    title: <T k="reports.history.lineDiscount" />,
    dataIndex: 'line_discount_amount',
    key: 'line_discount_amount',
    align: 'right',
    render: renderMoney,
  },
  { title: <T k="fields.amount" />, dataIndex: 'amount', key: 'amount', align: 'right', render: renderMoney },
];

const invoiceColumns: ColumnsType<Invoice> = [
  { title: <T k="reports.history.invoiceNo" />, dataIndex: 'pos_si_no', key: 'pos_si_no' },
  { title: <T k="fields.postingDate" />, dataIndex: 'posting_date', key: 'posting_date', render: renderDate },
  { title: <T k="fields.amount" />, dataIndex: 'amount', key: 'amount', align: 'right', render: renderMoney },
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
          { key: 'order_date', label: t('reports.orderDate'), children: formatDate(d.order_date) },
          { key: 'customer_no', label: t('fields.customerNo'), children: d.customer_no },
          { key: 'customer_name', label: t('fields.customerName'), children: d.customer_name },
          { key: 'phone', label: t('reports.phone'), children: d.phone },
          { key: 'franchise_code', label: t('fields.franchise'), children: d.franchise_code },
          { key: 'location_code', label: t('fields.location'), children: d.location_code },
          { key: 'sales_type', label: t('reports.salesType'), children: d.sales_type },
          {
            key: 'status',
            label: t('fields.status'),
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
        locale={{ emptyText: t('list.empty') }}
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
        locale={{ emptyText: t('list.empty') }}
      />
      <Descriptions
        size="small"
        bordered
        column={1}
        style={{ marginTop: 16, maxWidth: 420 }}
        data-testid="sales-history-totals"
        items={[
          { key: 'lines', label: t('reports.history.lineCount'), children: formatNumber(d.lines) },
          { key: 'quantity', label: t('fields.quantity'), children: formatNumber(d.quantity) },
          { key: 'amount', label: t('reports.history.invoiced'), children: formatNumber(d.amount) },
          { key: 'credited', label: t('reports.history.credited'), children: formatNumber(d.credited_amount) },
        ]}
      />
    </>
  );
}
