import { useTranslation } from 'react-i18next';
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
/** The Excel file's name. */
const EXPORT = { file: 'Consignment-Issues' } as const;

export default function ConsignmentIssuesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me } = useSession();
  const canAdd = useCan('/consignmentIssue', 'edit');
  const headOffice = isHeadOffice(me);
  const columns: ColumnsType<Row> = [
    {
      title: t('document.ciNo'),
      dataIndex: 'ci_no',
      key: 'ci_no',
      sorter: true,
      fixed: 'left',
      render: (no: string) => <Link to={issueUrl(no)}>{no}</Link>,
    },
    ...(headOffice
      ? [
          { title: t('fields.franchise'), dataIndex: 'franchise_code', key: 'franchise_code', sorter: true },
          { title: t('document.franchiseName'), dataIndex: 'franchise_name', key: 'franchise_name' },
        ]
      : []),
    {
      title: t('consignment.issue.direction'),
      dataIndex: 'direction',
      key: 'direction',
      sorter: true,
      render: directionText,
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (s: string) => <Tag color={statusColor[s]}>{statusText(s)}</Tag>,
    },
    { title: t('consignment.issue.externalDoc'), dataIndex: 'la_external_doc', key: 'la_external_doc', sorter: true },
    {
      title: t('document.requestedDeliveryDate'),
      dataIndex: 'la_request_delivery_date',
      key: 'la_request_delivery_date',
      sorter: true,
      render: renderDate,
    },
    { title: t('document.transferFrom'), dataIndex: 'transfer_from_code', key: 'transfer_from_code' },
    { title: t('document.transferTo'), dataIndex: 'transfer_to_code', key: 'transfer_to_code' },
    { title: t('document.inTransit'), dataIndex: 'intransit_code', key: 'intransit_code' },
    {
      title: t('document.toNo'),
      dataIndex: 'bc_to_no',
      key: 'bc_to_no',
      sorter: true,
      render: (no: string) => (no ? <Link to={headOffice ? transferOrderUrl(no) : receiveUrl(no)}>{no}</Link> : ''),
    },
    {
      title: t('consignment.transferOrder.totalQty'),
      dataIndex: 'total_qty',
      key: 'total_qty',
      align: 'right',
      render: renderNumber,
    },
    { title: t('document.orderDate'), dataIndex: 'order_date', key: 'order_date', sorter: true, render: renderDate },
    { title: t('document.reasonCanceled'), dataIndex: 'cancel_reason_description', key: 'cancel_reason_description' },
  ];
  const filters: FilterField[] = [
    { name: 'ci_no', label: t('document.ciNo') },
    ...(headOffice ? [{ name: 'franchise_code', label: t('fields.franchise') }] : []),
    { name: 'direction', label: t('consignment.issue.direction'), type: 'select', options: directionOptions },
    {
      name: 'status',
      label: t('fields.status'),
      type: 'select',
      multiple: true,
      options: consignmentIssueStatuses.map((s) => ({ value: s, label: statusText(s) })),
    },
    { name: 'la_external_doc', label: t('consignment.issue.externalDoc') },
    { name: 'bc_to_no', label: t('document.toNo') },
    { name: 'la_request_delivery_date', label: t('document.requestedDeliveryDate'), type: 'dateRange' },
    { name: 'order_date', label: t('document.orderDate'), type: 'dateRange' },
  ];
  return (
    <ListPage<Row>
      title={t('consignment.issue.listTitle')}
      area={ISSUE_AREA}
      op="consignmentIssues.list"
      rowKey="ci_no"
      columns={columns}
      filters={filters}
      defaultSort={{ field: 'ci_no', direction: 'desc' }}
      exportName={EXPORT.file}
      toolbar={
        canAdd ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/consignmentIssue/detail')}>
            {t('document.addNew')}
          </Button>
        ) : null
      }
    />
  );
}
