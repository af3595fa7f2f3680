import { useEffect, useState } from 'react';
import { App, Alert, Button, Card, Empty, Form, Select, Space, Spin, Statistic } from 'antd';
import { LockOutlined, PrinterOutlined, UnlockOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@fp/contract/web';
import type { ShiftDetail } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useApiMutation } from '../../api/mutation';
import { showFormErrors } from '../../components/form-errors';
import { handle } from '../../components/handle';
import { useCan } from '../../auth/session';
import { useLocations } from '../warehouseEntries/data';
import { CloseShiftDialog, type CloseValues } from './CloseShiftDialog';
import { useOpenShift } from './OpenShiftDialog';
import { ShiftHeader, ShiftMethods } from './ShiftFigures';
import { COUNTED_METHODS, ENTITY, SHIFTS_AREA, SHIFTS_PAGE, printReport, type CountedMethod } from './data';
import { plainAmount } from './money';

/** The open shift of a location (GET /api/shifts/current), or null. */
export function useCurrentShift(location: string | undefined) {
  return useQuery({
    queryKey: qk.op('shifts.current', { query: { location_code: location ?? '' } }),
    queryFn: () => call('shifts.current', { query: { location_code: location ?? '' } }),
    enabled: !!location,
  });
}

const expectedOf = (shift: ShiftDetail | null | undefined) =>
  Object.fromEntries(
    COUNTED_METHODS.map((m) => [m, shift?.methods.find((r) => r.payment_method === m)?.expected_amount ?? '0']),
  ) as Record<CountedMethod, string>;

/**
 * The drawer of one location: choose the location (head office, or a franchise with several), open a shift with its
 * counted float, and while it is open see the receipts per method and the cash expected, print the X report, close it
 * with what was counted (then the Z report).
 */
export function CurrentShift(p: { onClosed: (shiftId: number) => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const canEdit = useCan(SHIFTS_PAGE, 'edit');
  const locations = useLocations();
  const [location, setLocation] = useState<string | undefined>();
  const [closing, setClosing] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [closeForm] = Form.useForm<CloseValues>();
  useEffect(() => {
    // A store with one location starts there.
    if (!location && locations.options.length === 1) setLocation(locations.options[0].value);
  }, [location, locations.options]);
  const current = useCurrentShift(location);
  const shift = current.data ?? null;
  const pick = locations.options.length !== 1;

  const refresh = () => qc.invalidateQueries({ queryKey: qk.area(SHIFTS_AREA) });
  const opening = useOpenShift(location);
  const close = useApiMutation({
    fn: (v: CloseValues) =>
      call('shifts.close', {
        body: {
          shift_id: shift!.id,
          version: shift!.version,
          counted: COUNTED_METHODS.map((m) => ({ payment_method: m, amount: plainAmount(v[m]) ?? v[m] })),
        },
      }),
    invalidates: [SHIFTS_AREA, 'home'],
    success: { action: 'Close', entity: ENTITY },
    toastError: false,
    onSuccess: (closed) => {
      setClosing(false);
      p.onClosed(closed.id);
    },
  });

  const submitClose = (v: CloseValues) =>
    modal.confirm({
      title: t('shifts.closeConfirm', { no: shift?.shift_no }),
      content: t('shifts.closeConfirmHelp'),
      okText: t('shifts.close'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await close.mutateAsync(v);
        } catch (e) {
          showFormErrors(closeForm, e, []);
          await refresh(); // a stale version: show what the shift is now
        }
      },
    });
  const printX = async () => {
    if (!shift) return;
    setPrinting(true);
    try {
      await printReport(shift.id, 'X');
    } finally {
      setPrinting(false);
    }
  };

  const cash = shift?.methods.find((m) => m.payment_method === 'cash');
  return (
    <Card
      title={t('shifts.current')}
      data-testid="current-shift"
      style={{ marginBottom: 16 }}
      extra={
        pick ? (
          <Select
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 240 }}
            size="large"
            aria-label={t('shifts.location')}
            placeholder={t('shifts.chooseLocation')}
            options={locations.options.map((l) => ({ value: l.value, label: l.label }))}
            loading={locations.isLoading}
            value={location}
            onChange={setLocation}
          />
        ) : null
      }
    >
      {!location ? (
        <Empty description={locations.isLoading ? t('shifts.loading') : t('shifts.chooseLocationHint')} />
      ) : current.isLoading ? (
        <Spin />
      ) : current.isError ? (
        <Alert type="error" showIcon message={t('shifts.loadFailed')} />
      ) : !shift ? (
        <Space direction="vertical" size="middle">
          <Alert type="warning" showIcon message={t('shifts.noneOpen', { location })} />
          {canEdit ? (
            <Button type="primary" size="large" icon={<UnlockOutlined />} onClick={opening.start}>
              {t('shifts.open')}
            </Button>
          ) : null}
        </Space>
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <ShiftHeader shift={shift} />
          <Space size="large" wrap>
            <Statistic
              title={t('shifts.expectedCash')}
              value={formatNumber(cash?.expected_amount ?? '0')}
              valueStyle={{ fontVariantNumeric: 'tabular-nums' }}
            />
            <Statistic title={t('shifts.receiptCount')} value={shift.receipt_count} />
            <Statistic title={t('shifts.receivedTotal')} value={formatNumber(shift.total_amount)} />
          </Space>
          <ShiftMethods shift={shift} />
          {canEdit ? (
            <Space wrap>
              <Button size="large" icon={<PrinterOutlined />} loading={printing} onClick={handle(printX)}>
                {t('shifts.printX')}
              </Button>
              <Button
                size="large"
                danger
                icon={<LockOutlined />}
                onClick={() => {
                  closeForm.resetFields();
                  setClosing(true);
                }}
              >
                {t('shifts.close')}
              </Button>
            </Space>
          ) : null}
        </Space>
      )}
      {opening.dialog}
      {shift ? (
        <CloseShiftDialog
          open={closing}
          shiftNo={shift.shift_no}
          expected={expectedOf(shift)}
          form={closeForm}
          saving={close.isPending}
          onFinish={submitClose}
          onCancel={() => setClosing(false)}
        />
      ) : null}
    </Card>
  );
}
