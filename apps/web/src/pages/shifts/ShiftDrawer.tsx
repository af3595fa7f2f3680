import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Space, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@fp/contract/web';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { handle } from '../../components/handle';
import { useCan } from '../../auth/session';
import { ShiftHeader, ShiftMethods } from './ShiftFigures';
import { ShiftReceipts } from './ShiftReceipts';
import { SHIFTS_PAGE, printReport } from './data';

/**
 * One shift (GET /api/shifts/{id}): who and when, the receipts per method, expected, counted and the difference,
 * with its report (X while open, Z once closed) and its receipts. Escape closes it.
 */
export function ShiftDrawer(p: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const canEdit = useCan(SHIFTS_PAGE, 'edit');
  const [printing, setPrinting] = useState(false);
  const q = useQuery({
    queryKey: qk.op('shifts.get', { params: { id: p.id ?? 0 } }),
    queryFn: () => call('shifts.get', { params: { id: p.id ?? 0 } }),
    enabled: p.id !== null,
  });
  const shift = q.data;
  const kind = shift?.status === 'closed' ? 'Z' : 'X';
  const print = async () => {
    if (!shift) return;
    setPrinting(true);
    try {
      await printReport(shift.id, kind);
    } finally {
      setPrinting(false);
    }
  };
  return (
    <Drawer
      open={p.id !== null}
      onClose={p.onClose}
      width={760}
      title={shift ? t('shifts.detailTitle', { no: shift.shift_no }) : t('shifts.detail')}
    >
      {q.isLoading ? (
        <Spin />
      ) : q.isError || !shift ? (
        <Alert type="error" showIcon message={t('shifts.loadFailed')} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="shift-detail">
          {canEdit ? (
            // In the body, not the header's corner: the toasts (top right) would cover it.
            <Button size="large" icon={<PrinterOutlined />} loading={printing} onClick={handle(print)}>
              {kind === 'Z' ? t('shifts.printZ') : t('shifts.printX')}
            </Button>
          ) : null}
          <ShiftHeader shift={shift} />
          <ShiftMethods shift={shift} />
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('shifts.expectedTotal')}>
              {formatNumber(shift.expected_total)}
            </Descriptions.Item>
            {shift.status === 'closed' ? (
              <>
                <Descriptions.Item label={t('shifts.countedTotal')}>
                  {formatNumber(shift.counted_total ?? '0')}
                </Descriptions.Item>
                <Descriptions.Item label={t('shifts.difference')}>
                  <span data-testid="shift-difference">{formatNumber(shift.difference ?? '0')}</span>
                </Descriptions.Item>
              </>
            ) : null}
            <Descriptions.Item label={t('shifts.otherReceipts')}>
              {formatNumber(shift.other_receipts_amount)}
            </Descriptions.Item>
          </Descriptions>
          <ShiftReceipts shiftId={shift.id} />
        </Space>
      )}
    </Drawer>
  );
}
