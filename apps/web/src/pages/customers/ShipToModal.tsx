import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Col, Form, Input, Row } from 'antd';
import { messages, type ShipToAddress } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { AddressFields } from './AddressFields';
import { phoneRule } from './TemporaryCustomerModal';
import { CUSTOMERS_AREA, showFormErrors } from './data';
import { FormDialog } from '../../components/FormDialog';

type Values = {
  code?: string;
  name: string;
  name_2?: string;
  address: string;
  address_2?: string;
  post_code?: string;
  district_code?: string;
  contact?: string;
  phone_no?: string;
};
const FIELDS = [
  'code',
  'name',
  'name_2',
  'address',
  'address_2',
  'post_code',
  'district_code',
  'contact',
  'phone_no',
] as const;

/** Adds (editing = 'new') or edits a customer's ship-to address. */
export function ShipToModal({
  customerNo,
  editing,
  onClose,
}: {
  customerNo: string;
  editing: ShipToAddress | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const isNew = editing === 'new';
  useEffect(() => {
    if (editing && editing !== 'new')
      form.setFieldsValue({
        ...editing,
        post_code: editing.post_code || undefined,
        district_code: editing.district_code || undefined,
      });
    else if (editing === 'new') form.resetFields();
  }, [editing, form]);

  const save = useApiMutation({
    fn: (v: Values) => {
      const body = { ...v, post_code: v.post_code ?? '', district_code: v.district_code ?? '' };
      return isNew
        ? call('shipToAddresses.create', { body: { ...body, customer_no: customerNo } })
        : call('shipToAddresses.update', {
            body: {
              ...body,
              customer_no: customerNo,
              code: (editing as ShipToAddress).code,
              version: (editing as ShipToAddress).version,
            },
          });
    },
    invalidates: [CUSTOMERS_AREA],
    success: { action: isNew ? 'Create' : 'Update', entity: 'Ship-to Address' },
    toastError: false,
    onSuccess: onClose,
  });
  const submit = async (v: Values) => {
    try {
      await save.mutateAsync(v);
    } catch (e) {
      showFormErrors(form, e, FIELDS);
    }
  };

  return (
    <FormDialog
      open={editing !== null}
      title={isNew ? t('customers.shipTo.add') : t('customers.shipTo.edit')}
      okText={t('common.save')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      width={680}
      form={form}
      name="ship-to"
      onFinish={submit}
    >
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="code"
            label={t('fields.code')}
            tooltip={t('customers.shipTo.codeHint')}
            rules={[{ max: 30, message: messages.maxLength(30) }]}
          >
            <Input disabled={!isNew} placeholder="SA001" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item
            name="name"
            label={t('customers.shipTo.name')}
            rules={[
              { required: true, whitespace: true, message: messages.required },
              { max: 100, message: messages.maxLength(100) },
            ]}
          >
            <Input autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="address"
            label={t('customers.shipTo.address')}
            rules={[
              { required: true, whitespace: true, message: messages.required },
              { max: 100, message: messages.maxLength(100) },
            ]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="address_2"
            label={t('customers.address2')}
            rules={[{ max: 100, message: messages.maxLength(100) }]}
          >
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <AddressFields />
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="contact"
            label={t('customers.contact')}
            rules={[{ max: 100, message: messages.maxLength(100) }]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="phone_no" label={t('customers.shipTo.contactPhone')} rules={[phoneRule]}>
            <Input inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name_2"
            label={t('customers.shipTo.name2')}
            rules={[{ max: 100, message: messages.maxLength(100) }]}
          >
            <Input />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
