import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, Form, Input, Select, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_DISPLAY, DATE_ISO, warehouseEntryCreate, type WarehouseEntry } from '@fp/contract';
import { FormDialog } from '../../components/FormDialog';
import { ItemField } from './ItemField';
import { rulesFrom } from '../../components/zod-rules';
import { useLocations } from './data';
import { useLabels } from '../../components/labels';

export type EntryValues = {
  location_code: string;
  item_no: string;
  variant_code?: string;
  unit_of_measure?: string;
  entry_type: WarehouseEntry['entry_type'];
  quantity: string;
  reason_code: string;
  description?: string;
  posting_date?: Dayjs | null;
};

const rules = rulesFrom(warehouseEntryCreate);

/** The body fields of an entry from the dialog's values (the posting date as YYYY-MM-DD, '' = the business date). */
export const entryBody = (v: EntryValues) => ({
  location_code: v.location_code,
  item_no: v.item_no.trim().toUpperCase(),
  variant_code: v.variant_code?.trim() ?? '',
  unit_of_measure: v.unit_of_measure?.trim() ?? '',
  entry_type: v.entry_type,
  quantity: v.quantity,
  reason_code: v.reason_code,
  description: v.description?.trim() ?? '',
  posting_date: v.posting_date ? v.posting_date.format(DATE_ISO) : '',
});

/** Add or edit an open warehouse entry (a positive or negative adjustment of one item at one location). */
export function EntryDialog(p: {
  open: boolean;
  editing: boolean;
  form: FormInstance<EntryValues>;
  saving: boolean;
  onFinish: (v: EntryValues) => unknown;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const labels = useLabels();
  const locations = useLocations();
  const location = Form.useWatch('location_code', p.form);
  const franchise = locations.options.find((l) => l.value === location)?.franchise ?? null;
  useEffect(() => {
    // A new entry starts at the user's only store.
    if (p.open && !p.form.getFieldValue('location_code') && locations.options.length === 1)
      p.form.setFieldValue('location_code', locations.options[0].value);
  }, [p.open, p.form, locations.options]);

  return (
    <FormDialog<EntryValues>
      open={p.open}
      title={p.editing ? t('stock.entry.editTitle') : t('stock.entry.newTitle')}
      okText={t('common.save')}
      confirmLoading={p.saving}
      onCancel={p.onCancel}
      form={p.form}
      onFinish={p.onFinish}
      name="warehouse-entry"
      width={560}
    >
      <Form.Item name="location_code" label={t('fields.location')} rules={rules('location_code', { required: true })}>
        <Select
          showSearch
          optionFilterProp="label"
          options={locations.options}
          loading={locations.isLoading}
          aria-label={t('fields.location')}
          placeholder={t('stock.chooseLocation')}
        />
      </Form.Item>
      <Form.Item name="item_no" label={t('warehouseEntries.item')} rules={rules('item_no')}>
        <ItemField
          id="warehouse-entry_item_no"
          franchise={franchise}
          onPicked={(item) =>
            p.form.setFieldsValue({
              ...(item.unit ? { unit_of_measure: item.unit } : {}),
              ...(item.description && !p.form.getFieldValue('description') ? { description: item.description } : {}),
            })
          }
        />
      </Form.Item>
      <Form.Item name="variant_code" label={t('fields.variant')} rules={rules('variant_code')}>
        <Input />
      </Form.Item>
      <Form.Item name="unit_of_measure" label={t('warehouseEntries.unitOfMeasure')} rules={rules('unit_of_measure')}>
        <Input placeholder={t('stock.entry.baseUnit')} />
      </Form.Item>
      <Form.Item name="entry_type" label={t('warehouseEntries.entryType')} rules={rules('entry_type')}>
        <Select options={labels.options('warehouseEntryType')} aria-label={t('warehouseEntries.entryType')} />
      </Form.Item>
      <Form.Item name="quantity" label={t('fields.quantity')} rules={rules('quantity')}>
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item name="reason_code" label={t('warehouseEntries.reason')} rules={rules('reason_code')}>
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={rules('description')}>
        <Input />
      </Form.Item>
      <Form.Item name="posting_date" label={t('fields.postingDate')}>
        <DatePicker format={[DATE_DISPLAY, 'DD/MM/YYYY']} placeholder={t('stock.entry.today')} />
      </Form.Item>
    </FormDialog>
  );
}
