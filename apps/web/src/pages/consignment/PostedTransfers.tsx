import { Card, Col, Row, Spin, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TransferOrder } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { renderDate, renderNumber } from '../../components/format';
import { T } from '../../i18n/T';

type PostedLine = {
  line_no: number;
  item_no: string;
  description: string;
  variant_code: string;
  unit_of_measure: string;
  quantity: string;
};

const lineColumns: ColumnsType<PostedLine> = [
  { title: <T k="fields.lineNo" />, dataIndex: 'line_no', key: 'line_no' },
  { title: <T k="fields.itemNo" />, dataIndex: 'item_no', key: 'item_no' },
  { title: <T k="fields.description" />, dataIndex: 'description', key: 'description' },
  { title: <T k="fields.variant" />, dataIndex: 'variant_code', key: 'variant_code' },
  { title: <T k="fields.uom" />, dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
  { title: <T k="fields.quantity" />, dataIndex: 'quantity', key: 'quantity', align: 'right', render: renderNumber },
];

function Lines({ lines, loading }: { lines: PostedLine[]; loading?: boolean }) {
  if (loading) return <Spin size="small" />;
  return (
    <Table<PostedLine> size="small" rowKey="line_no" columns={lineColumns} dataSource={lines} pagination={false} />
  );
}

/** The lines of one posted warehouse shipment (from the order's posted shipments, read once for all of them). */
function ShipmentLines({ toNo, no }: { toNo: string; no: string }) {
  const q = useQuery({
    queryKey: qk.op('transferOrders.postedShipment', { params: { bc_to_no: toNo } }),
    queryFn: () => call('transferOrders.postedShipment', { params: { bc_to_no: toNo } }),
  });
  return <Lines loading={q.isLoading} lines={q.data?.shipments.find((s) => s.no === no)?.lines ?? []} />;
}

function ReceiptLines({ no }: { no: string }) {
  const q = useQuery({
    queryKey: qk.op('consignmentReceipts.get', { params: { no } }),
    queryFn: () => call('consignmentReceipts.get', { params: { no } }),
  });
  return <Lines loading={q.isLoading} lines={q.data?.lines ?? []} />;
}

type Row = { no: string; posting_date: string; shipment_date?: string };

/** What was posted against a transfer order: head office's warehouse shipments and the store's receipts. */
export function PostedTransfers({ order }: { order: TransferOrder }) {
  const { t } = useTranslation();
  const shipmentColumns: ColumnsType<Row> = [
    { title: t('consignment.shipmentNo'), dataIndex: 'no', key: 'no' },
    { title: t('fields.postingDate'), dataIndex: 'posting_date', key: 'posting_date', render: renderDate },
    { title: t('consignment.shipmentDate'), dataIndex: 'shipment_date', key: 'shipment_date', render: renderDate },
  ];
  const receiptColumns: ColumnsType<Row> = [
    { title: t('consignment.receiptNo'), dataIndex: 'no', key: 'no' },
    { title: t('fields.postingDate'), dataIndex: 'posting_date', key: 'posting_date', render: renderDate },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('consignment.warehouseShipments')}>
          <section aria-label={t('consignment.warehouseShipments')}>
            <Table<Row>
              size="small"
              rowKey="no"
              columns={shipmentColumns}
              dataSource={order.shipments}
              pagination={false}
              locale={{ emptyText: t('consignment.nothingShipped') }}
              expandable={{ expandedRowRender: (r) => <ShipmentLines toNo={order.bc_to_no} no={r.no} /> }}
            />
          </section>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('consignment.receipts')}>
          <section aria-label={t('consignment.receipts')}>
            <Table<Row>
              size="small"
              rowKey="no"
              columns={receiptColumns}
              dataSource={order.receipts}
              pagination={false}
              locale={{ emptyText: t('consignment.nothingReceived') }}
              expandable={{ expandedRowRender: (r) => <ReceiptLines no={r.no} /> }}
            />
          </section>
        </Card>
      </Col>
    </Row>
  );
}
