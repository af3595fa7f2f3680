import { useState, type ReactNode } from 'react';
import { App, Form } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@fp/contract/web';
import { shiftOpen } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { FormDialog } from '../../components/FormDialog';
import { showFormErrors } from '../../components/form-errors';
import { rulesFrom } from '../../components/zod-rules';
import { germanAmountRules, plainAmount } from './money';
import { MoneyInput } from '../../components/MoneyInput';
import { ENTITY, SHIFTS_AREA } from './data';

export type OpenValues = { opening_float: string };

const rules = rulesFrom(shiftOpen);

/** Open Shift: the float counted into the drawer (German-style), then a confirmation (the screen asks it). */
export function OpenShiftDialog(p: {
  open: boolean;
  location: string;
  form: FormInstance<OpenValues>;
  saving: boolean;
  onFinish: (v: OpenValues) => unknown;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog<OpenValues>
      open={p.open}
      title={t('shifts.openTitle', { location: p.location })}
      okText={t('shifts.open')}
      confirmLoading={p.saving}
      onCancel={p.onCancel}
      form={p.form}
      onFinish={p.onFinish}
      name="open-shift"
      width={420}
    >
      <Form.Item
        name="opening_float"
        label={t('shifts.openingFloat')}
        extra={t('shifts.openingFloatHelp')}
        rules={germanAmountRules(rules('opening_float'))}
      >
        <MoneyInput aria-label={t('shifts.openingFloat')} />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * Opening a shift at a location, as the shifts screen and the counter offer it: `start()` shows the float dialog,
 * its confirmation opens the shift (toast, the shift queries refreshed); render `dialog` once.
 */
export function useOpenShift(location: string | undefined): { start: () => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [opening, setOpening] = useState(false);
  const [form] = Form.useForm<OpenValues>();
  const open = useApiMutation({
    fn: (v: OpenValues) =>
      call('shifts.open', {
        body: { location_code: location ?? '', opening_float: plainAmount(v.opening_float) ?? v.opening_float },
      }),
    invalidates: [SHIFTS_AREA, 'home'],
    success: { action: 'Open', entity: ENTITY },
    toastError: false,
    onSuccess: () => setOpening(false),
  });
  const submit = (v: OpenValues) =>
    modal.confirm({
      title: t('shifts.openConfirm', {
        location,
        amount: formatNumber(plainAmount(v.opening_float) ?? v.opening_float),
      }),
      okText: t('shifts.open'),
      onOk: async () => {
        try {
          await open.mutateAsync(v);
        } catch (e) {
          showFormErrors(form, e, ['opening_float']);
        }
      },
    });
  const start = () => {
    form.resetFields();
    setOpening(true);
  };
  const dialog = (
    <OpenShiftDialog
      open={opening}
      location={location ?? ''}
      form={form}
      saving={open.isPending}
      onFinish={submit}
      onCancel={() => setOpening(false)}
    />
  );
  return { start, dialog };
}
