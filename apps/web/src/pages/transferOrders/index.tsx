import { Button, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import { transferOrderStatuses } from '@fp/contract';
import type { OpData } from '../../api/client';
import { ListPage, type FilterField } from '../../components/ListPage';
import { renderDate, renderNumber } from '../../components/format';
import { useCan, useSession } from '../../auth/session';
import {
  TO_AREA,
  directionOptions,
  directionText,
  isHeadOffice,
  issueUrl,
  statusColor,
  statusText,
  transferOrderUrl,
} from '../consignment/data';

type Row = OpData<'transferOrders.list'>['items'][number];

/** /transferOrders: head office's transfer orders of consigned stock (create and ship them in standalone ERP mode). */
export default function TransferOrdersPage() {
  const navigate = useNavigate();
  const { me } = useSession();
  const canAdd = useCan('/transferOrders', 'edit') && isHeadOffice(me);
  const columns: ColumnsType<Row> = [
    {
      title: 'TO No',
      dataIndex: 'bc_to_no',
      key: 'bc_to_no',
      sorter: true,
      fixed: 'left',
      render: (no: string) => <Link to={transferOrderUrl(no)}>{no}</Link>,
    },
    { title: 'Franchise', dataIndex: 'franchise_code', key: 'franchise_code', sorter: true },
    { title: 'Franchise Name', dataIndex: 'franchise_name', key: 'franchise_name' },
    { title: 'Direction', dataIndex: 'direction', key: 'direction', sorter: true, render: directionText },
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
    { title: 'External Document No', dataIndex: 'external_document_no', key: 'external_document_no' },
    { title: 'Transfer From', dataIndex: 'transfer_from_code', key: 'transfer_from_code' },
    { title: 'Transfer To', dataIndex: 'transfer_to_code', key: 'transfer_to_code' },
    { title: 'In-Transit', dataIndex: 'intransit_code', key: 'intransit_code' },
    { title: 'Order Date', dataIndex: 'order_date', key: 'order_date', sorter: true, render: renderDate },
    { title: 'Shipment Date', dataIndex: 'shipment_date', key: 'shipment_date', sorter: true, render: renderDate },
    { title: 'Receipt Date', dataIndex: 'receipt_date', key: 'receipt_date', sorter: true, render: renderDate },
    { title: 'Total Qty', dataIndex: 'total_qty', key: 'total_qty', align: 'right', render: renderNumber },
    { title: 'Qty Shipped', dataIndex: 'qty_shipped', key: 'qty_shipped', align: 'right', render: renderNumber },
    { title: 'Qty Received', dataIndex: 'qty_received', key: 'qty_received', align: 'right', render: renderNumber },
  ];
  const filters: FilterField[] = [
    { name: 'bc_to_no', label: 'TO No' },
    { name: 'franchise_code', label: 'Franchise' },
    { name: 'direction', label: 'Direction', type: 'select', options: directionOptions },
    {
      name: 'status',
      label: 'Status',
      type: 'select',
      multiple: true,
      options: transferOrderStatuses.map((s) => ({ value: s, label: statusText(s) })),
    },
    { name: 'ci_no', label: 'CI No' },
    { name: 'order_date', label: 'Order Date', type: 'dateRange' },
    { name: 'shipment_date', label: 'Shipment Date', type: 'dateRange' },
  ];
  return (
    <ListPage<Row>
      title="Transfer Orders"
      area={TO_AREA}
      op="transferOrders.list"
      rowKey="bc_to_no"
      columns={columns}
      filters={filters}
      defaultSort={{ field: 'bc_to_no', direction: 'desc' }}
      exportName="Transfer-Orders"
      toolbar={
        canAdd ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/transferOrders/detail')}>
            Add New
          </Button>
        ) : null
      }
    />
  );
}
