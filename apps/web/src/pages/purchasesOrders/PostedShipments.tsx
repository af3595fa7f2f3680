import { Card, Descriptions, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate, type PurchaseOrder } from '@fp/contract';
import { call, type OpData } from '../../api/client';
import { qk } from '../../api/keys';
import { renderMoney, renderNumber } from '../../components/format';
import { CREDIT_MEMO_PAGE } from './data';
import { T } from '../../i18n/T';
import { useTranslation } from 'react-i18next';

type Shipment = OpData<'purchaseShipments.get'>;
type PostedLine = Shipment['lines'][number];

const lineColumns: ColumnsType<PostedLine> = [
  { title: <T k="fields.lineNo" />, dataIndex: 'line_no', key: 'line_no' },
  { title: <T k="fields.no" />, dataIndex: 'item_no', key: 'item_no' },
  { title: <T k="fields.variant" />, dataIndex: 'variant_code', key: 'variant_code' },
  { title: <T k="fields.description" />, dataIndex: 'description', key: 'description' },
  { title: <T k="document.uom" />, dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
  { title: <T k="fields.quantity" />, dataIndex: 'quantity', key: 'quantity', align: 'right', render: renderNumber },
  { title: <T k="fields.amount" />, dataIndex: 'amount', key: 'amount', align: 'right', render: renderMoney },
];

/** product.md 2 "Posted shipment view fields": one of head office's shipments of the order, with its lines. */
function PostedShipment({ no }: { no: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: qk.op('purchaseShipments.get', { params: { no } }),
    queryFn: () => call('purchaseShipments.get', { params: { no } }),
    staleTime: 60_000,
  });
  if (q.isLoading) return <Spin size="small" />;
  const s = q.data;
  if (!s) return <Typography.Text type="danger">{t('purchasing.shipments.loadFailed', { no })}</Typography.Text>;
  return (
    <Card size="small" title={t('purchasing.shipments.title', { no: s.no })} data-testid="posted-shipment">
      <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }}>
        <Descriptions.Item label={t('fields.no')}>{s.no}</Descriptions.Item>
        <Descriptions.Item label={t('purchasing.shipments.orderNo')}>{s.order_no}</Descriptions.Item>
        <Descriptions.Item label={t('sales.header.customer')}>{s.customer}</Descriptions.Item>
        <Descriptions.Item label={t('fields.customerNo')}>{s.customer_no}</Descriptions.Item>
        <Descriptions.Item label={t('document.orderDate')}>{formatDate(s.order_date)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.postingDate')}>{formatDate(s.posting_date)}</Descriptions.Item>
        <Descriptions.Item label={t('consignment.transferOrder.shipmentDate')}>
          {formatDate(s.shipment_date)}
        </Descriptions.Item>
        <Descriptions.Item label={t('sales.header.shipTo')}>{s.ship_to_address}</Descriptions.Item>
        <Descriptions.Item label={t('purchasing.ship.shippingAgentCode')}>{s.shipping_agent_code}</Descriptions.Item>
        <Descriptions.Item label={t('consignment.transferOrder.externalDocumentNo')}>
          {s.external_document_no}
        </Descriptions.Item>
      </Descriptions>
      <Table<PostedLine>
        size="small"
        rowKey="line_no"
        columns={lineColumns}
        dataSource={s.lines}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}

/** Head office's posted shipments of the order (each in full) and the credit memos posted from it. */
export function PostedShipments({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('purchasing.shipments.listTitle')}
      </Typography.Title>
      {order.shipments.length === 0 ? (
        <Typography.Text type="secondary">{t('purchasing.shipments.none')}</Typography.Text>
      ) : (
        order.shipments.map((s) => <PostedShipment key={s.no} no={s.no} />)
      )}
      {order.credit_memos.length ? (
        <Card size="small" title={t('document.creditMemos')}>
          <ul style={{ margin: 0 }}>
            {order.credit_memos.map((m) => (
              <li key={m.pos_po_no}>
                <Link to={`${CREDIT_MEMO_PAGE}?no=${encodeURIComponent(m.pos_po_no)}`}>{m.pos_po_no}</Link> ·{' '}
                {formatDate(m.posting_date)} · {renderMoney(m.amount)}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </Space>
  );
}
