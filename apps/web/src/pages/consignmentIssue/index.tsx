import { Button, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import { consignmentIssueStatuses } from '@fp/contract/machines';
import type { OpData } from '../../api/client';
import { ListPage, type FilterField } from '../../components/ListPage';
import { renderDate, renderNumber } from '../../components/format';
import { useCan, useSession } from '../../auth/session';
import {
  ISSUE_AREA,
  directionOptions,
  directionText,
  isHeadOffice,
  issueUrl,
  receiveUrl,
  statusColor,
  statusText,
  transferOrderUrl,
} from '../consignment/data';

type Row = OpData<'consignmentIssues.list'>['items'][number];

/** /consignmentIssue: the franchise's consignment issues and returns (head office: every franchise's). */
export default function ConsignmentIssuesPage() {
  const navigate = useNavigate();
  const { me } = useSession();
  const canAdd = useCan('/consignmentIssue', 'edit');
  const headOffice = isHeadOffice(me);
  const columns: ColumnsType<Row> = [
    {
      title: 'CI No',
      dataIndex: 'ci_no',
      key: 'ci_no',
      sorter: true,
      fixed: 'left',
      render: (no: string) => <Link to={issueUrl(no)}>{no}</Link>,
    },
    ...(headOffice
      ? [
          { title: 'Franchise', dataIndex: 'franchise_code', key: 'franchise_code', sorter: true },
          { title: 'Franchise Name', dataIndex: 'franchise_name', key: 'franchise_name' },
        ]
      : []),
    { title: 'Direction', dataIndex: 'direction', key: 'direction', sorter: true, render: directionText },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (s: string) => <Tag color={statusColor[s]}>{statusText(s)}</Tag>,
    },
    { title: 'External Doc', dataIndex: 'la_external_doc', key: 'la_external_doc', sorter: true },
    {
      title: 'Requested Delivery Date',
      dataIndex: 'la_request_delivery_date',
      key: 'la_request_delivery_date',
      sorter: true,
      render: renderDate,
    },
    { title: 'Transfer From', dataIndex: 'transfer_from_code', key: 'transfer_from_code' },
    { title: 'Transfer To', dataIndex: 'transfer_to_code', key: 'transfer_to_code' },
    { title: 'In-Transit', dataIndex: 'intransit_code', key: 'intransit_code' },
    {
      title: 'TO No',
      dataIndex: 'bc_to_no',
      key: 'bc_to_no',
      sorter: true,
      render: (no: string) => (no ? <Link to={headOffice ? transferOrderUrl(no) : receiveUrl(no)}>{no}</Link> : ''),
    },
    { title: 'Total Qty', dataIndex: 'total_qty', key: 'total_qty', align: 'right', render: renderNumber },
    { title: 'Order Date', dataIndex: 'order_date', key: 'order_date', sorter: true, render: renderDate },
    { title: 'Reason Canceled', dataIndex: 'cancel_reason_description', key: 'cancel_reason_description' },
  ];
  const filters: FilterField[] = [
    { name: 'ci_no', label: 'CI No' },
    ...(headOffice ? [{ name: 'franchise_code', label: 'Franchise' }] : []),
    { name: 'direction', label: 'Direction', type: 'select', options: directionOptions },
    {
      name: 'status',
      label: 'Status',
      type: 'select',
      multiple: true,
      options: consignmentIssueStatuses.map((s) => ({ value: s, label: statusText(s) })),
    },
    { name: 'la_external_doc', label: 'External Doc' },
    { name: 'bc_to_no', label: 'TO No' },
    { name: 'la_request_delivery_date', label: 'Requested Delivery Date', type: 'dateRange' },
    { name: 'order_date', label: 'Order Date', type: 'dateRange' },
  ];
  return (
    <ListPage<Row>
      title="Consignment Issues"
      area={ISSUE_AREA}
      op="consignmentIssues.list"
      rowKey="ci_no"
      columns={columns}
      filters={filters}
      defaultSort={{ field: 'ci_no', direction: 'desc' }}
      exportName="Consignment-Issues"
      toolbar={
        canAdd ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/consignmentIssue/detail')}>
            Add New
          </Button>
        ) : null
      }
    />
  );
}
