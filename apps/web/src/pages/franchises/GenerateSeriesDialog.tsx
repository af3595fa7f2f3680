import { useTranslation } from 'react-i18next';
import { Form, InputNumber, Select } from 'antd';
import { businessYear, MAX_SERIES_YEAR, MIN_SERIES_YEAR, messages } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { showFormErrors } from './form-errors';
import { NUMBER_SERIES_AREA, useFranchiseOptions } from './data';
import { FormDialog } from '../../components/FormDialog';

type Values = { franchise_code: string; year?: number | null };

/** Generate Number Series: every document type for a franchise and year (default this year). */
export function GenerateSeriesDialog(p: { open: boolean; franchiseCode?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const options = useFranchiseOptions(p.open && !p.franchiseCode);
  const generate = useApiMutation({
    fn: (v: Values) =>
      call('numberSeries.generate', {
        body: { franchise_code: v.franchise_code, ...(v.year ? { year: v.year } : {}) },
      }),
    invalidates: [NUMBER_SERIES_AREA],
    success: { action: 'Generate', entity: 'Number Series' },
    toastError: false,
    onSuccess: () => p.onClose(),
  });
  return (
    <FormDialog
      open={p.open}
      title={t('franchises.series.generateTitle')}
      okText={t('franchises.series.generate')}
      confirmLoading={generate.isPending}
      onCancel={p.onClose}
      name="generateSeries"
      form={form}
      initialValues={{ franchise_code: p.franchiseCode, year: null }}
      onFinish={(v) =>
        generate.mutateAsync(v).catch((e: unknown) => showFormErrors(form, e, ['franchise_code', 'year']))
      }
    >
      <Form.Item
        name="franchise_code"
        label={t('fields.franchise')}
        rules={[{ required: true, message: messages.required }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          disabled={!!p.franchiseCode}
          loading={options.isLoading}
          options={p.franchiseCode ? [{ value: p.franchiseCode, label: p.franchiseCode }] : options.data}
          aria-label={t('fields.franchise')}
          placeholder={t('franchises.series.chooseFranchise')}
        />
      </Form.Item>
      <Form.Item
        name="year"
        label={t('franchises.series.year')}
        extra={t('franchises.series.yearHint', { year: businessYear() })}
        rules={[
          {
            type: 'number',
            min: MIN_SERIES_YEAR,
            max: MAX_SERIES_YEAR,
            message: messages.range(MIN_SERIES_YEAR, MAX_SERIES_YEAR),
          },
        ]}
      >
        <InputNumber<number>
          style={{ width: 160 }}
          precision={0}
          placeholder={String(businessYear())}
          aria-label={t('franchises.series.year')}
        />
      </Form.Item>
    </FormDialog>
  );
}
