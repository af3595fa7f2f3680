import { Button, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { shiftStatuses, type Shift } from '@fp/contract';
import { ListPage } from '../../components/ListPage';
import { renderDate, renderDateTime, renderMoney } from '../../components/format';
import { useLocations } from '../warehouseEntries/data';
import { CurrentShift } from './CurrentShift';
import { ShiftDrawer } from './ShiftDrawer';
import { ShiftStatus } from './ShiftFigures';
import { SHIFTS_AREA } from './data';
import { useLabels } from '../../components/labels';

/**
 * /shifts (issue 11): the drawer of a location from open to close (CurrentShift), then every shift with filters and
 * Export Excel; a row opens its detail (`?id=` keeps it on reload and in links).
 */
export default function ShiftsPage() {
  const { t } = useTranslation();
  const { label } = useLabels();
  const locations = useLocations();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const show = (shiftId: number | null) =>
    setParams(shiftId ? { id: String(shiftId) } : {}, { replace: shiftId === null });

  const columns: ColumnsType<Shift> = [
    {
      title: t('shifts.shiftNo'),
      dataIndex: 'shift_no',
      key: 'shift_no',
      sorter: true,
      render: (no: string, row) => (
        <Typography.Link onClick={() => show(row.id)} aria-label={t('shifts.view', { no })}>
          {no}
        </Typography.Link>
      ),
    },
    { title: t('shifts.location'), dataIndex: 'location_code', key: 'location_code', sorter: true },
    {
      title: t('shifts.businessDate'),
      dataIndex: 'business_date',
      key: 'business_date',
      sorter: true,
      render: renderDate,
    },
    {
      title: t('shifts.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (s: string) => <ShiftStatus status={s} />,
    },
    { title: t('shifts.openedAt'), dataIndex: 'opened_at', key: 'opened_at', sorter: true, render: renderDateTime },
    { title: t('shifts.openedBy'), dataIndex: 'opened_by_name', key: 'opened_by_name' },
    { title: t('shifts.closedAt'), dataIndex: 'closed_at', key: 'closed_at', sorter: true, render: renderDateTime },
    {
      title: t('shifts.openingFloat'),
      dataIndex: 'opening_float',
      key: 'opening_float',
      align: 'right',
      render: renderMoney,
    },
    { title: t('shifts.receipts'), dataIndex: 'receipt_count', key: 'receipt_count', align: 'right' },
    {
      title: t('shifts.receivedTotal'),
      dataIndex: 'total_amount',
      key: 'total_amount',
      align: 'right',
      render: renderMoney,
    },
    {
      title: t('shifts.difference'),
      dataIndex: 'difference',
      key: 'difference',
      align: 'right',
      render: (v: string | null) => (v === null ? '' : renderMoney(v)),
    },
    {
      title: t('shifts.actions'),
      key: 'actions',
      render: (_: unknown, row) => (
        <Button
          size="small"
          icon={<EyeOutlined />}
          aria-label={t('shifts.view', { no: row.shift_no })}
          onClick={() => show(row.id)}
        >
          {t('shifts.viewShort')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('shifts.title')}
      </Typography.Title>
      <CurrentShift onClosed={show} />
      <ListPage<Shift>
        title={<span style={{ fontSize: 18 }}>{t('shifts.history')}</span>}
        area={SHIFTS_AREA}
        op="shifts.list"
        rowKey="id"
        exportName="shifts"
        columns={columns}
        defaultSort={{ field: 'id', direction: 'desc' }}
        filters={[
          { name: 'business_date', label: t('shifts.businessDate'), type: 'dateRange' },
          {
            name: 'location_code',
            label: t('shifts.location'),
            type: 'select',
            options: locations.options.map((l) => ({ value: l.value, label: l.label })),
          },
          {
            name: 'status',
            label: t('shifts.status'),
            type: 'select',
            options: shiftStatuses.map((s) => ({ value: s, label: label('shiftStatus', s) })),
          },
          { name: 'shift_no', label: t('shifts.shiftNo') },
        ]}
      />
      <ShiftDrawer id={id} onClose={() => show(null)} />
    </>
  );
}
