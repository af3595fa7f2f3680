import { Descriptions, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@fp/contract/web';
import type { ShiftDetail } from '@fp/contract';
import { differenceColor } from './CloseShiftDialog';
import { cents } from './money';
import { useLabels } from '../../components/labels';

type MethodRow = ShiftDetail['methods'][number];

/** Open (green) or closed (grey). */
export function ShiftStatus({ status }: { status: string }) {
  const { label } = useLabels();
  return <Tag color={status === 'open' ? 'green' : undefined}>{label('shiftStatus', status)}</Tag>;
}

/** Who opened and closed a shift and when, and its float. */
export function ShiftHeader({ shift }: { shift: ShiftDetail }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
      <Descriptions.Item label={t('shifts.shiftNo')}>{shift.shift_no}</Descriptions.Item>
      <Descriptions.Item label={t('shifts.location')}>{shift.location_code}</Descriptions.Item>
      <Descriptions.Item label={t('shifts.status')}>
        <ShiftStatus status={shift.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('shifts.openedAt')}>{formatDateTime(shift.opened_at)}</Descriptions.Item>
      <Descriptions.Item label={t('shifts.openedBy')}>{shift.opened_by_name}</Descriptions.Item>
      <Descriptions.Item label={t('shifts.openingFloat')}>
        <span data-testid="shift-float">{formatNumber(shift.opening_float)}</span>
      </Descriptions.Item>
      {shift.status === 'closed' ? (
        <>
          <Descriptions.Item label={t('shifts.closedAt')}>{formatDateTime(shift.closed_at)}</Descriptions.Item>
          <Descriptions.Item label={t('shifts.closedBy')}>{shift.closed_by_name}</Descriptions.Item>
        </>
      ) : null}
    </Descriptions>
  );
}

/**
 * The shift's figures per method: receipts and their amount, what is expected in the drawer (cash: + the float),
 * and once closed what was counted and the difference.
 */
export function ShiftMethods({ shift }: { shift: ShiftDetail }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const closed = shift.status === 'closed';
  const money = (v: string | null | undefined) => (
    <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatNumber(v ?? '0')}</span>
  );
  const columns: ColumnsType<MethodRow> = [
    {
      title: t('shifts.method'),
      dataIndex: 'payment_method',
      render: (m: string) => label('paymentMethod', m),
    },
    { title: t('shifts.receipts'), dataIndex: 'receipt_count', align: 'right' },
    { title: t('shifts.received'), dataIndex: 'receipts_amount', align: 'right', render: money },
    { title: t('shifts.expected'), dataIndex: 'expected_amount', align: 'right', render: money },
    ...(closed
      ? ([
          { title: t('shifts.counted'), dataIndex: 'counted_amount', align: 'right', render: money },
          {
            title: t('shifts.difference'),
            dataIndex: 'difference',
            align: 'right',
            render: (v: string | null) => (
              <span style={{ color: differenceColor(Math.sign(cents(v))), fontVariantNumeric: 'tabular-nums' }}>
                {formatNumber(v ?? '0')}
              </span>
            ),
          },
        ] as ColumnsType<MethodRow>)
      : []),
  ];
  return (
    <Table<MethodRow>
      size="small"
      rowKey="payment_method"
      data-testid="shift-methods"
      columns={columns}
      dataSource={shift.methods}
      pagination={false}
    />
  );
}
