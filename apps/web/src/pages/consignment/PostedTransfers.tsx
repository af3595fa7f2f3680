import { Card, Col, Row, Spin, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import type { TransferOrder } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { renderDate, renderNumber } from '../../components/format';

type PostedLine = {
  line_no: number;
  item_no: string;
  description: string;
  variant_code: string;
  unit_of_measure: string;
  quantity: string;
};

const lineColumns: ColumnsType<PostedLine> = [
  { title: 'Line No', dataIndex: 'line_no', key: 'line_no' },
  { title: 'Item No', dataIndex: 'item_no', key: 'item_no' },
  { title: 'Description', dataIndex: 'description', key: 'description' },
  { title: 'Variant', dataIndex: 'variant_code', key: 'variant_code' },
  { title: 'UOM', dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
  { title: 'Quantity', dataIndex: 'quantity', key: 'quantity', align: 'right', render: renderNumber },
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
  const shipmentColumns: ColumnsType<Row> = [
    { title: 'Shipment No', dataIndex: 'no', key: 'no' },
    { title: 'Posting Date', dataIndex: 'posting_date', key: 'posting_date', render: renderDate },
    { title: 'Shipment Date', dataIndex: 'shipment_date', key: 'shipment_date', render: renderDate },
  ];
  const receiptColumns: ColumnsType<Row> = [
    { title: 'Receipt No', dataIndex: 'no', key: 'no' },
    { title: 'Posting Date', dataIndex: 'posting_date', key: 'posting_date', render: renderDate },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card size="small" title="Warehouse Shipments">
          <section aria-label="Warehouse Shipments">
            <Table<Row>
              size="small"
              rowKey="no"
              columns={shipmentColumns}
              dataSource={order.shipments}
              pagination={false}
              locale={{ emptyText: 'Nothing shipped yet' }}
              expandable={{ expandedRowRender: (r) => <ShipmentLines toNo={order.bc_to_no} no={r.no} /> }}
            />
          </section>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="Consignment Receipts">
          <section aria-label="Consignment Receipts">
            <Table<Row>
              size="small"
              rowKey="no"
              columns={receiptColumns}
              dataSource={order.receipts}
              pagination={false}
              locale={{ emptyText: 'Nothing received yet' }}
              expandable={{ expandedRowRender: (r) => <ReceiptLines no={r.no} /> }}
            />
          </section>
        </Card>
      </Col>
    </Row>
  );
}
