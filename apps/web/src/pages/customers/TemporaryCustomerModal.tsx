import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoComplete, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { check, DATE_DISPLAY, messages, type Customer } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useSession } from '../../auth/session';
import { AddressFields } from './AddressFields';
import { CUSTOMERS_AREA, pickerToBirthDate, showFormErrors, useSetupOptions, useStores } from './data';
import { FormDialog } from '../../components/FormDialog';

type Values = {
  franchise_code?: string;
  location_code?: string;
  name: string;
  phone_no: string;
  email?: string;
  birth_date?: Dayjs | null;
  address?: string;
  address_2?: string;
  post_code?: string;
  district_code?: string;
  prefix?: string;
  referred_by_code?: string;
};
const FIELDS = [
  'franchise_code',
  'location_code',
  'name',
  'phone_no',
  'email',
  'birth_date',
  'address',
  'address_2',
  'post_code',
  'district_code',
  'prefix',
  'referred_by_code',
] as const;

export const phoneRule = {
  validator: (_: unknown, v: string) =>
    !v || check.phone(v.trim()) ? Promise.resolve() : Promise.reject(new Error(messages.phone)),
};
export const emailRule = {
  validator: (_: unknown, v: string) =>
    !v || check.email(v.trim()) ? Promise.resolve() : Promise.reject(new Error(messages.email)),
};

/** calls.md 7.13 create-temporary, from the counter: name and mobile phone are enough. */
export function TemporaryCustomerModal({
  open,
  phone,
  onClose,
  onCreated,
}: {
  open: boolean;
  phone?: string;
  onClose: () => void;
  onCreated: (c: Customer) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { me } = useSession();
  const stores = useStores();
  const prefixes = useSetupOptions();
  const franchise = Form.useWatch('franchise_code', form) ?? me?.franchise_code ?? undefined;
  const franchiseOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const s of stores.data ?? []) seen.set(s.franchise_code, s.franchise_name);
    return [...seen].map(([value, name]) => ({ value, label: `${value} — ${name}` }));
  }, [stores.data]);
  const locationOptions = (stores.data ?? [])
    .filter((s) => s.franchise_code === franchise && s.location_code)
    .map((s) => ({ value: s.location_code, label: `${s.location_code} — ${s.location_name}` }));

  useEffect(() => {
    if (open) form.setFieldsValue({ phone_no: phone ?? '', franchise_code: me?.franchise_code ?? undefined });
  }, [open, phone, me?.franchise_code, form]);

  const create = useApiMutation({
    fn: (v: Values) =>
      call('customers.temporary', {
        body: { ...v, birth_date: pickerToBirthDate(v.birth_date), franchise_code: v.franchise_code ?? '' },
      }),
    invalidates: [CUSTOMERS_AREA],
    success: { action: 'Create', entity: 'Customer' },
    toastError: false,
    onSuccess: (c) => {
      form.resetFields();
      onCreated(c);
    },
  });
  const submit = async (v: Values) => {
    try {
      await create.mutateAsync(v);
    } catch (e) {
      showFormErrors(form, e, FIELDS);
    }
  };

  return (
    <FormDialog
      open={open}
      title={t('customers.createTemporary')}
      okText={t('common.create')}
      confirmLoading={create.isPending}
      onCancel={onClose}
      width={720}
      form={form}
      name="temporary-customer"
      onFinish={submit}
    >
      <Row gutter={12}>
        {me?.franchise_code ? null : (
          <Col xs={24} sm={12}>
            <Form.Item
              name="franchise_code"
              label={t('fields.franchise')}
              rules={[{ required: true, message: messages.required }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={franchiseOptions}
                loading={stores.isLoading}
                onChange={() => form.setFieldValue('location_code', undefined)}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="location_code" label={t('customers.store')}>
            <Select allowClear options={locationOptions} placeholder={t('customers.storeOfFranchise')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('fields.name')}
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
            name="phone_no"
            label={t('customers.mobilePhone')}
            rules={[{ required: true, whitespace: true, message: messages.required }, phoneRule]}
          >
            <Input inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="email"
            label={t('fields.email')}
            rules={[emailRule, { max: 80, message: messages.maxLength(80) }]}
          >
            <Input inputMode="email" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="birth_date" label={t('customers.birthDate')}>
            <DatePicker format={[DATE_DISPLAY, 'DD/MM/YYYY']} style={{ width: '100%' }} placeholder="DD-MM-YYYY" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="address"
            label={t('fields.address')}
            rules={[{ max: 100, message: messages.maxLength(100) }]}
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
          <Form.Item name="prefix" label={t('customers.prefix')} tooltip={t('customers.prefixHint')}>
            <AutoComplete
              options={prefixes}
              placeholder="KH"
              filterOption={(input, o) =>
                String(o?.value ?? '')
                  .toUpperCase()
                  .startsWith(input.toUpperCase())
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="referred_by_code"
            label={t('customers.referredByCode')}
            rules={[{ max: 30, message: messages.maxLength(30) }]}
          >
            <Input />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
