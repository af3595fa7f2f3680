import { useMemo } from 'react';
import { Button, Tabs, Tag, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import type { FilterItem } from '@fp/contract';
import type { OpData } from '../../api/client';
import { ListPage, type FilterField } from '../../components/ListPage';
import { renderDate, renderNumber } from '../../components/format';
import { useSession } from '../../auth/session';
import {
  RECEIPT_AREA,
  TO_AREA,
  directionText,
  isHeadOffice,
  issueUrl,
  qtyAbove,
  receiveUrl,
  statusColor,
  statusText,
} from '../consignment/data';

type OrderRow = OpData<'transferOrders.list'>['items'][number];
type ReceiptRow = OpData<'consignmentReceipts.list'>['items'][number];

/** Transfer orders with something shipped that is not received yet (the server keeps them released or shipped). */
function ToReceive() {
  const navigate = useNavigate();
  const { me } = useSession();
  const headOffice = isHeadOffice(me);
  const fixedFilters = useMemo<FilterItem[]>(
    () => [{ field: 'status', value: 'released|shipped', condition_type: 'in' }],
    [],
  );
  const columns: ColumnsType<OrderRow> = [
    {
      title: 'TO No',
      dataIndex: 'bc_to_no',
      key: 'bc_to_no',
      sorter: true,
      fixed: 'left',
      render: (no: string) => <Link to={receiveUrl(no)}>{no}</Link>,
    },
    ...(headOffice ? [{ title: 'Franchise', dataIndex: 'franchise_code', key: 'franchise_code', sorter: true }] : []),
    { title: 'Direction', dataIndex: 'direction', key: 'direction', render: directionText },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (s: string) => <Tag color={statusColor[s]}>{statusText(s)}</Tag>,
    },
    {
      title: 'CI No',
      dataIndex: 'ci_no',
      key: 'ci_no',
      render: (no: string) => (no ? <Link to={issueUrl(no)}>{no}</Link> : ''),
    },
    { title: 'Transfer From', dataIndex: 'transfer_from_code', key: 'transfer_from_code' },
    { title: 'Transfer To', dataIndex: 'transfer_to_code', key: 'transfer_to_code' },
    { title: 'In-Transit', dataIndex: 'intransit_code', key: 'intransit_code' },
    { title: 'Shipment Date', dataIndex: 'shipment_date', key: 'shipment_date', sorter: true, render: renderDate },
    { title: 'Total Qty', dataIndex: 'total_qty', key: 'total_qty', align: 'right', render: renderNumber },
    { title: 'Qty Shipped', dataIndex: 'qty_shipped', key: 'qty_shipped', align: 'right', render: renderNumber },
    { title: 'Qty Received', dataIndex: 'qty_received', key: 'qty_received', align: 'right', render: renderNumber },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, r) =>
        qtyAbove(r.qty_shipped, r.qty_received) ? (
          <Button size="small" type="primary" onClick={() => void navigate(receiveUrl(r.bc_to_no))}>
            Receive
          </Button>
        ) : (
          <Tag>Nothing shipped to receive</Tag>
        ),
    },
  ];
  const filters: FilterField[] = [
    { name: 'bc_to_no', label: 'TO No' },
    ...(headOffice ? [{ name: 'franchise_code', label: 'Franchise' }] : []),
    { name: 'ci_no', label: 'CI No' },
    { name: 'shipment_date', label: 'Shipment Date', type: 'dateRange' },
  ];
  return (
    <ListPage<OrderRow>
      area={TO_AREA}
      op="transferOrders.list"
      rowKey="bc_to_no"
      columns={columns}
      filters={filters}
      fixedFilters={fixedFilters}
      defaultSort={{ field: 'bc_to_no', direction: 'desc' }}
      exportName="Transfer-Orders-To-Receive"
    />
  );
}

function PostedReceipts() {
  const { me } = useSession();
  const headOffice = isHeadOffice(me);
  const columns: ColumnsType<ReceiptRow> = [
    { title: 'Receipt No', dataIndex: 'no', key: 'no', sorter: true, fixed: 'left' },
    {
      title: 'TO No',
      dataIndex: 'bc_to_no',
      key: 'bc_to_no',
      sorter: true,
      render: (no: string) => <Link to={receiveUrl(no)}>{no}</Link>,
    },
    {
      title: 'CI No',
      dataIndex: 'ci_no',
      key: 'ci_no',
      render: (no: string) => (no ? <Link to={issueUrl(no)}>{no}</Link> : ''),
    },
    ...(headOffice ? [{ title: 'Franchise', dataIndex: 'franchise_code', key: 'franchise_code', sorter: true }] : []),
    { title: 'Location', dataIndex: 'location_code', key: 'location_code' },
    { title: 'In-Transit', dataIndex: 'intransit_code', key: 'intransit_code' },
    { title: 'Posting Date', dataIndex: 'posting_date', key: 'posting_date', sorter: true, render: renderDate },
    { title: 'Total Qty', dataIndex: 'total_qty', key: 'total_qty', align: 'right', render: renderNumber },
  ];
  const filters: FilterField[] = [
    { name: 'no', label: 'Receipt No' },
    { name: 'bc_to_no', label: 'TO No' },
    ...(headOffice ? [{ name: 'franchise_code', label: 'Franchise' }] : []),
    { name: 'posting_date', label: 'Posting Date', type: 'dateRange' },
  ];
  return (
    <ListPage<ReceiptRow>
      area={RECEIPT_AREA}
      op="consignmentReceipts.list"
      rowKey="no"
      columns={columns}
      filters={filters}
      defaultSort={{ field: 'no', direction: 'desc' }}
      exportName="Consignment-Receipts"
    />
  );
}

/** /consignmentReceipt: the transfer orders of the franchise to receive, and the receipts posted against them. */
export default function ConsignmentReceiptsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'posted' ? 'posted' : 'toReceive';
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Consignment Receipts
      </Typography.Title>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(k) => setParams(k === 'posted' ? { tab: 'posted' } : {}, { replace: true })}
        items={[
          { key: 'toReceive', label: 'To Receive', children: <ToReceive /> },
          { key: 'posted', label: 'Posted Receipts', children: <PostedReceipts /> },
        ]}
      />
    </div>
  );
}
