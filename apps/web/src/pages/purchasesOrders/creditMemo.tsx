import { Card, Descriptions, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, type PurchaseOrderLine } from '@fp/contract';
import { ApiCallError } from '../../api/client';
import { TotalsPanel } from '../../components/document/DocumentEditor';
import { renderMoney, renderNumber } from '../../components/format';
import { detailUrl, statusColor, statusText, usePurchaseOrder } from './data';
import { T } from '../../i18n/T';

const columns: ColumnsType<PurchaseOrderLine> = [
  { title: <T k="fields.lineNo" />, dataIndex: 'line_no', key: 'line_no' },
  { title: <T k="fields.no" />, dataIndex: 'item_no', key: 'item_no' },
  { title: <T k="fields.variant" />, dataIndex: 'variant_code', key: 'variant_code' },
  { title: <T k="fields.description" />, dataIndex: 'description', key: 'description' },
  { title: <T k="document.uom" />, dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
  { title: <T k="fields.locationCode" />, dataIndex: 'location_code', key: 'location_code' },
  {
    title: <T k="fields.quantity" />,
    dataIndex: 'purchase_qty',
    key: 'purchase_qty',
    align: 'right',
    render: renderNumber,
  },
  {
    title: <T k="purchasing.lines.price" />,
    dataIndex: 'unit_price',
    key: 'unit_price',
    align: 'right',
    render: renderMoney,
  },
  {
    title: <T k="fields.discount" />,
    dataIndex: 'line_discount_amount',
    key: 'line_discount_amount',
    align: 'right',
    render: renderMoney,
  },
  { title: <T k="fields.amount" />, dataIndex: 'amount', key: 'amount', align: 'right', render: renderMoney },
];

/** /purchasesOrders/creditMemo?no=…: a posted purchase credit memo (type Credit Memo), read-only, with its order. */
export default function PurchaseCreditMemoPage() {
  const [params] = useSearchParams();
  const no = params.get('no');
  const { t } = useTranslation();
  const doc = usePurchaseOrder(no);
  const d = doc.data;
  if (no && doc.isLoading)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin size="large" />
      </div>
    );
  if (!no || !d) {
    const missing = !no || (doc.error instanceof ApiCallError && doc.error.status === 404);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={
          no
            ? missing
              ? t('purchasing.creditMemo.notFound', { no })
              : t('purchasing.detail.loadFailed')
            : t('purchasing.creditMemo.none')
        }
        extra={<Link to="/purchasesOrdersInvoicedCanceled">{t('purchasing.detail.backToList')}</Link>}
      />
    );
  }
  const order = d.applies_to_order_no;
  return (
    <div>
      {order ? (
        <div style={{ marginBottom: 8 }}>
          <Link to={detailUrl({ pos_po_no: order })}>
            <ArrowLeftOutlined /> {t('purchasing.detail.title', { no: order })}
          </Link>
        </div>
      ) : null}
      <Space align="center" wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('purchasing.creditMemo.title', { no: d.pos_po_no })}
        </Typography.Title>
        <Tag color={statusColor[d.status]} data-testid="document-status">
          {statusText(d.status)}
        </Tag>
      </Space>
      <Card size="small" title={t('document.general')} style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }}>
          <Descriptions.Item label={t('fields.no')}>{d.pos_po_no}</Descriptions.Item>
          <Descriptions.Item label={t('fields.type')}>{d.type}</Descriptions.Item>
          <Descriptions.Item label={t('purchasing.creditMemo.appliesTo')}>
            {order ? <Link to={`/purchasesOrders/detail?no=${encodeURIComponent(order)}`}>{order}</Link> : null}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.postingDate')}>{formatDate(d.posting_date)}</Descriptions.Item>
          <Descriptions.Item label={t('document.orderDate')}>{formatDate(d.order_date)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.location')}>{d.location_code}</Descriptions.Item>
          <Descriptions.Item label={t('purchasing.header.vendorNo')}>{d.vendor_no}</Descriptions.Item>
          <Descriptions.Item label={t('purchasing.header.vendorName')}>{d.vendor_name}</Descriptions.Item>
          <Descriptions.Item label={t('purchasing.list.buyFrom')}>
            {[d.buy_from_code, d.buy_from_address].filter(Boolean).join(' — ')}
          </Descriptions.Item>
          {d.cancel_reason_code ? (
            <Descriptions.Item label={t('document.reason')}>
              {[d.cancel_reason_code, d.cancel_reason_description].filter(Boolean).join(' — ')}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      <Card size="small" title={t('document.lines')} style={{ marginBottom: 16 }}>
        <Table<PurchaseOrderLine>
          size="small"
          rowKey="line_no"
          columns={columns}
          dataSource={d.lines}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('document.noLines') }}
        />
      </Card>
      <Card size="small" style={{ maxWidth: 420 }}>
        <TotalsPanel
          title={t('purchasing.detail.summary')}
          rows={[
            { id: 'Subtotal', label: t('sales.totals.subtotal'), value: d.subtotal },
            {
              id: 'Invoice Discount Amount',
              label: t('purchasing.detail.invoiceDiscountAmount'),
              value: d.invoice_discount_amount,
            },
            { id: 'Total', label: t('common.total'), value: d.grand_total, strong: true },
          ]}
        />
      </Card>
    </div>
  );
}
