import { Form } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { shiftOpen } from '@fp/contract';
import { FormDialog } from '../../components/FormDialog';
import { rulesFrom } from '../../components/zod-rules';
import { germanAmountRules } from './money';
import { MoneyInput } from '../../components/MoneyInput';

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
