import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Select, Space, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { messages, warehouseMessages, warehouseTransfer } from '@fp/contract';
import { FormDialog } from '../../components/FormDialog';
import { ItemField } from './ItemField';
import { rulesFrom } from '../../components/zod-rules';
import { useLocations } from './data';

export type TransferValues = {
  location_from: string;
  location_to: string;
  description?: string;
  items: { item_no: string; quantity: string }[];
};

const rules = rulesFrom(warehouseTransfer);
const lineRules = rulesFrom(warehouseTransfer.shape.items.element);

/** Move stock between two locations of one franchise (POST /api/warehouse/transfer): one line per item. */
export function TransferDialog(p: {
  open: boolean;
  form: FormInstance<TransferValues>;
  saving: boolean;
  onFinish: (v: TransferValues) => unknown;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const locations = useLocations();
  const from = Form.useWatch('location_from', p.form);
  const franchise = locations.options.find((l) => l.value === from)?.franchise ?? null;
  // Only the locations of the franchise moved from may be moved to.
  const toOptions = locations.options.filter((l) => !franchise || l.franchise === franchise);
  useEffect(() => {
    if (p.open && !(p.form.getFieldValue('items') as unknown[] | undefined)?.length)
      p.form.setFieldValue('items', [{ item_no: '', quantity: '' }]);
  }, [p.open, p.form]);

  return (
    <FormDialog<TransferValues>
      open={p.open}
      title={t('stock.transfer.title')}
      okText={t('stock.transfer.ok')}
      confirmLoading={p.saving}
      onCancel={p.onCancel}
      form={p.form}
      onFinish={p.onFinish}
      name="warehouse-transfer"
      width={720}
    >
      <Space wrap align="start">
        <Form.Item name="location_from" label={t('warehouseEntries.locationFrom')} rules={rules('location_from')}>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 300 }}
            options={locations.options}
            loading={locations.isLoading}
            aria-label={t('warehouseEntries.locationFrom')}
            placeholder={t('stock.chooseLocation')}
          />
        </Form.Item>
        <Form.Item
          name="location_to"
          label={t('warehouseEntries.locationTo')}
          dependencies={['location_from']}
          rules={[
            ...rules('location_to'),
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                v && v === getFieldValue('location_from')
                  ? Promise.reject(new Error(warehouseMessages.sameLocation))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 300 }}
            options={toOptions}
            aria-label={t('warehouseEntries.locationTo')}
            placeholder={t('stock.chooseLocation')}
          />
        </Form.Item>
      </Space>
      <Form.List
        name="items"
        rules={[
          {
            validator: (_, v: unknown[] | undefined) =>
              v?.length ? Promise.resolve() : Promise.reject(new Error(messages.required)),
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((f, i) => (
              <Space key={f.key} align="start" wrap>
                <Form.Item
                  name={[f.name, 'item_no']}
                  label={i === 0 ? t('warehouseEntries.item') : undefined}
                  rules={lineRules('item_no')}
                  aria-label={t('warehouseEntries.itemN', { n: i + 1 })}
                >
                  <ItemField franchise={franchise} id={`warehouse-transfer_items_${i}_item_no`} />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'quantity']}
                  label={i === 0 ? t('fields.quantity') : undefined}
                  rules={lineRules('quantity')}
                >
                  <Input
                    inputMode="decimal"
                    style={{ width: 140 }}
                    aria-label={t('warehouseEntries.quantityN', { n: i + 1 })}
                  />
                </Form.Item>
                {fields.length > 1 ? (
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('warehouseEntries.removeItemN', { n: i + 1 })}
                    onClick={() => remove(f.name)}
                    style={i === 0 ? { marginTop: 30 } : undefined}
                  />
                ) : null}
              </Space>
            ))}
            <Form.ErrorList errors={errors} />
            <Button icon={<PlusOutlined />} onClick={() => add({ item_no: '', quantity: '' })}>
              {t('stock.transfer.addItem')}
            </Button>
          </>
        )}
      </Form.List>
      <Form.Item
        name="description"
        label={t('fields.description')}
        rules={rules('description')}
        style={{ marginTop: 16 }}
      >
        <Input />
      </Form.Item>
    </FormDialog>
  );
}
