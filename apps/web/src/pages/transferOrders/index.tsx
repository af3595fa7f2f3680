import { useTranslation } from 'react-i18next';
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
/** The Excel file's name. */
const EXPORT = { file: 'Transfer-Orders' } as const;

export default function TransferOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me } = useSession();
  const canAdd = useCan('/transferOrders', 'edit') && isHeadOffice(me);
  const columns: ColumnsType<Row> = [
    {
      title: t('document.toNo'),
      dataIndex: 'bc_to_no',
      key: 'bc_to_no',
      sorter: true,
      fixed: 'left',
      render: (no: string) => <Link to={transferOrderUrl(no)}>{no}</Link>,
    },
    { title: t('fields.franchise'), dataIndex: 'franchise_code', key: 'franchise_code', sorter: true },
    { title: t('document.franchiseName'), dataIndex: 'franchise_name', key: 'franchise_name' },
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
    {
      title: t('document.ciNo'),
      dataIndex: 'ci_no',
      key: 'ci_no',
      render: (no: string) => (no ? <Link to={issueUrl(no)}>{no}</Link> : ''),
    },
    {
      title: t('consignment.transferOrder.externalDocumentNo'),
      dataIndex: 'external_document_no',
      key: 'external_document_no',
    },
    { title: t('document.transferFrom'), dataIndex: 'transfer_from_code', key: 'transfer_from_code' },
    { title: t('document.transferTo'), dataIndex: 'transfer_to_code', key: 'transfer_to_code' },
    { title: t('document.inTransit'), dataIndex: 'intransit_code', key: 'intransit_code' },
    { title: t('document.orderDate'), dataIndex: 'order_date', key: 'order_date', sorter: true, render: renderDate },
    {
      title: t('consignment.transferOrder.shipmentDate'),
      dataIndex: 'shipment_date',
      key: 'shipment_date',
      sorter: true,
      render: renderDate,
    },
    {
      title: t('consignment.transferOrder.receiptDate'),
      dataIndex: 'receipt_date',
      key: 'receipt_date',
      sorter: true,
      render: renderDate,
    },
    {
      title: t('consignment.transferOrder.totalQty'),
      dataIndex: 'total_qty',
      key: 'total_qty',
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('document.qtyShipped'),
      dataIndex: 'qty_shipped',
      key: 'qty_shipped',
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('document.qtyReceived'),
      dataIndex: 'qty_received',
      key: 'qty_received',
      align: 'right',
      render: renderNumber,
    },
  ];
  const filters: FilterField[] = [
    { name: 'bc_to_no', label: t('document.toNo') },
    { name: 'franchise_code', label: t('fields.franchise') },
    { name: 'direction', label: t('consignment.issue.direction'), type: 'select', options: directionOptions },
    {
      name: 'status',
      label: t('fields.status'),
      type: 'select',
      multiple: true,
      options: transferOrderStatuses.map((s) => ({ value: s, label: statusText(s) })),
    },
    { name: 'ci_no', label: t('document.ciNo') },
    { name: 'order_date', label: t('document.orderDate'), type: 'dateRange' },
    { name: 'shipment_date', label: t('consignment.transferOrder.shipmentDate'), type: 'dateRange' },
  ];
  return (
    <ListPage<Row>
      title={t('consignment.transferOrder.listTitle')}
      area={TO_AREA}
      op="transferOrders.list"
      rowKey="bc_to_no"
      columns={columns}
      filters={filters}
      defaultSort={{ field: 'bc_to_no', direction: 'desc' }}
      exportName={EXPORT.file}
      toolbar={
        canAdd ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/transferOrders/detail')}>
            {t('document.addNew')}
          </Button>
        ) : null
      }
    />
  );
}
