import { useMemo } from 'react';
import { Button, Tabs, Tag, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me } = useSession();
  const headOffice = isHeadOffice(me);
  const fixedFilters = useMemo<FilterItem[]>(
    () => [{ field: 'status', value: 'released|shipped', condition_type: 'in' }],
    [],
  );
  const columns: ColumnsType<OrderRow> = [
    {
      title: t('consignment.toNo'),
      dataIndex: 'bc_to_no',
      key: 'bc_to_no',
      sorter: true,
      fixed: 'left',
      render: (no: string) => <Link to={receiveUrl(no)}>{no}</Link>,
    },
    ...(headOffice
      ? [{ title: t('fields.franchise'), dataIndex: 'franchise_code', key: 'franchise_code', sorter: true }]
      : []),
    { title: t('consignment.direction.title'), dataIndex: 'direction', key: 'direction', render: directionText },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (s: string) => <Tag color={statusColor[s]}>{statusText(s)}</Tag>,
    },
    {
      title: t('consignment.ciNo'),
      dataIndex: 'ci_no',
      key: 'ci_no',
      render: (no: string) => (no ? <Link to={issueUrl(no)}>{no}</Link> : ''),
    },
    { title: t('consignment.transferFrom'), dataIndex: 'transfer_from_code', key: 'transfer_from_code' },
    { title: t('consignment.transferTo'), dataIndex: 'transfer_to_code', key: 'transfer_to_code' },
    { title: t('consignment.inTransit'), dataIndex: 'intransit_code', key: 'intransit_code' },
    {
      title: t('consignment.shipmentDate'),
      dataIndex: 'shipment_date',
      key: 'shipment_date',
      sorter: true,
      render: renderDate,
    },
    {
      title: t('consignment.totalQty'),
      dataIndex: 'total_qty',
      key: 'total_qty',
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('consignment.qtyShipped'),
      dataIndex: 'qty_shipped',
      key: 'qty_shipped',
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('consignment.qtyReceived'),
      dataIndex: 'qty_received',
      key: 'qty_received',
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_: unknown, r) =>
        qtyAbove(r.qty_shipped, r.qty_received) ? (
          <Button size="small" type="primary" onClick={() => void navigate(receiveUrl(r.bc_to_no))}>
            {t('consignment.receipt.receive')}
          </Button>
        ) : (
          <Tag>{t('consignment.receipt.nothingShipped')}</Tag>
        ),
    },
  ];
  const filters: FilterField[] = [
    { name: 'bc_to_no', label: t('consignment.toNo') },
    ...(headOffice ? [{ name: 'franchise_code', label: t('fields.franchise') }] : []),
    { name: 'ci_no', label: t('consignment.ciNo') },
    { name: 'shipment_date', label: t('consignment.shipmentDate'), type: 'dateRange' },
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
      exportName="transfer-orders-to-receive"
    />
  );
}

function PostedReceipts() {
  const { t } = useTranslation();
  const { me } = useSession();
  const headOffice = isHeadOffice(me);
  const columns: ColumnsType<ReceiptRow> = [
    { title: t('consignment.receiptNo'), dataIndex: 'no', key: 'no', sorter: true, fixed: 'left' },
    {
      title: t('consignment.toNo'),
      dataIndex: 'bc_to_no',
      key: 'bc_to_no',
      sorter: true,
      render: (no: string) => <Link to={receiveUrl(no)}>{no}</Link>,
    },
    {
      title: t('consignment.ciNo'),
      dataIndex: 'ci_no',
      key: 'ci_no',
      render: (no: string) => (no ? <Link to={issueUrl(no)}>{no}</Link> : ''),
    },
    ...(headOffice
      ? [{ title: t('fields.franchise'), dataIndex: 'franchise_code', key: 'franchise_code', sorter: true }]
      : []),
    { title: t('fields.location'), dataIndex: 'location_code', key: 'location_code' },
    { title: t('consignment.inTransit'), dataIndex: 'intransit_code', key: 'intransit_code' },
    {
      title: t('fields.postingDate'),
      dataIndex: 'posting_date',
      key: 'posting_date',
      sorter: true,
      render: renderDate,
    },
    {
      title: t('consignment.totalQty'),
      dataIndex: 'total_qty',
      key: 'total_qty',
      align: 'right',
      render: renderNumber,
    },
  ];
  const filters: FilterField[] = [
    { name: 'no', label: t('consignment.receiptNo') },
    { name: 'bc_to_no', label: t('consignment.toNo') },
    ...(headOffice ? [{ name: 'franchise_code', label: t('fields.franchise') }] : []),
    { name: 'posting_date', label: t('fields.postingDate'), type: 'dateRange' },
  ];
  return (
    <ListPage<ReceiptRow>
      area={RECEIPT_AREA}
      op="consignmentReceipts.list"
      rowKey="no"
      columns={columns}
      filters={filters}
      defaultSort={{ field: 'no', direction: 'desc' }}
      exportName="consignment-receipts"
    />
  );
}

/** /consignmentReceipt: the transfer orders of the franchise to receive, and the receipts posted against them. */
export default function ConsignmentReceiptsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: 'toReceive' | 'posted' = params.get('tab') === 'posted' ? 'posted' : 'toReceive';
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('consignment.receipts')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(k) => setParams(k === 'posted' ? { tab: 'posted' } : {}, { replace: true })}
        items={[
          { key: 'toReceive', label: t('consignment.receipt.toReceive'), children: <ToReceive /> },
          { key: 'posted', label: t('consignment.receipt.posted'), children: <PostedReceipts /> },
        ]}
      />
    </div>
  );
}
