import { useEffect } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { barcodeMessage, GTIN_PATTERN, messages, type ItemDetail } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { showFormErrors } from '../../components/form-errors';
import { AREA, categoryOptions, useCategoryTree } from './data';
import { FormDialog } from '../../components/FormDialog';
import { MoneyInput } from '../../components/MoneyInput';

type Values = {
  item_no: string;
  description: string;
  description_2?: string;
  barcode?: string;
  base_unit_of_measure: string;
  unit_price: string;
  category_id?: number | null;
  blocked?: boolean;
  variants: { variant_code: string; description: string; unit_price?: string | null }[];
  units: { code: string; qty_per_unit_of_measure: string }[];
};
const required = [{ required: true, message: messages.required }];

/** The admin item master form (POST /api/items, PUT /api/items with the version last read). */
export function ItemForm({ editing, onClose }: { editing: ItemDetail | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const tree = useCategoryTree();
  const isNew = editing === 'new';
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing !== 'new') form.setFieldsValue({ ...editing, variants: editing.variants, units: editing.units });
  }, [editing, form]);
  const save = useApiMutation({
    fn: (v: Values) =>
      isNew
        ? call('items.create', { body: v })
        : call('items.update', { body: { ...v, version: (editing as ItemDetail).version } }),
    invalidates: [AREA, 'categories'],
    success: { action: isNew ? 'Create' : 'Update', entity: 'Item' },
    toastError: false,
    onSuccess: onClose,
  });
  const submit = async (v: Values) => {
    try {
      await save.mutateAsync({
        ...v,
        category_id: v.category_id ?? null,
        unit_price: String(v.unit_price),
        variants: v.variants ?? [],
        units: (v.units ?? []).map((u) => ({ ...u, qty_per_unit_of_measure: String(u.qty_per_unit_of_measure) })),
      });
    } catch (e) {
      showFormErrors(form, e);
    }
  };
  return (
    <FormDialog
      open={editing !== null}
      title={isNew ? t('items.addTitle') : t('items.editTitle')}
      okText={t('common.save')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      width={720}
      form={form}
      onFinish={submit}
      initialValues={{ variants: [], units: [], blocked: false }}
      name="item"
    >
      <Space wrap size="middle" style={{ width: '100%' }}>
        <Form.Item name="item_no" label={t('fields.itemNo')} rules={required}>
          <Input disabled={!isNew} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="base_unit_of_measure" label={t('items.baseUnit')} rules={required}>
          <Input style={{ width: 120 }} placeholder="PCS" />
        </Form.Item>
        <Form.Item name="unit_price" label={t('items.listPriceVnd')} rules={required}>
          <MoneyInput style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="category_id" label={t('fields.category')}>
          <Select
            allowClear
            style={{ width: 220 }}
            options={categoryOptions(tree.data)}
            aria-label={t('fields.category')}
          />
        </Form.Item>
      </Space>
      <Form.Item name="description" label={t('fields.description')} rules={required}>
        <Input />
      </Form.Item>
      <Form.Item name="description_2" label={t('items.description2')}>
        <Input />
      </Form.Item>
      <Form.Item
        name="barcode"
        label={t('items.barcode')}
        rules={[
          {
            validator: (_, v?: string) =>
              !v?.trim() || GTIN_PATTERN.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(barcodeMessage)),
          },
        ]}
      >
        <Input inputMode="numeric" />
      </Form.Item>
      <Form.Item name="blocked" valuePropName="checked">
        <Checkbox>{t('items.blocked')}</Checkbox>
      </Form.Item>
      <Form.List name="variants">
        {(fields, { add, remove }) => (
          <fieldset>
            <legend>{t('items.variants')}</legend>
            {fields.map((f) => (
              <Space key={f.key} align="baseline">
                <Form.Item name={[f.name, 'variant_code']} label={t('items.variantCode')} rules={required}>
                  <Input style={{ width: 110 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'description']} label={t('items.variantDescription')} rules={required}>
                  <Input style={{ width: 200 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'unit_price']} label={t('items.ownPrice')}>
                  <MoneyInput style={{ width: 140 }} />
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={t('items.removeVariant')}
                  onClick={() => remove(f.name)}
                />
              </Space>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ variant_code: '', description: '' })}>
              {t('items.addVariant')}
            </Button>
          </fieldset>
        )}
      </Form.List>
      <Form.List name="units">
        {(fields, { add, remove }) => (
          <fieldset style={{ marginTop: 12 }}>
            <legend>{t('items.units')}</legend>
            {fields.map((f) => (
              <Space key={f.key} align="baseline">
                <Form.Item name={[f.name, 'code']} label={t('items.unit')} rules={required}>
                  <Input style={{ width: 110 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'qty_per_unit_of_measure']} label={t('items.basePerUnit')} rules={required}>
                  <InputNumber<string> stringMode min="0" style={{ width: 140 }} />
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={t('items.removeUnit')}
                  onClick={() => remove(f.name)}
                />
              </Space>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ code: '', qty_per_unit_of_measure: '1' })}>
              {t('items.addUnit')}
            </Button>
          </fieldset>
        )}
      </Form.List>
    </FormDialog>
  );
}
