import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Col, DatePicker, Form, Input, Row, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { DATE_DISPLAY, messages, type CustomerRecord } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan, useSession } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDateTime } from '../../components/format';
import { AddressFields } from './AddressFields';
import { emailRule, phoneRule } from './TemporaryCustomerModal';
import { birthDateToPicker, CUSTOMERS_AREA, pickerToBirthDate, renderBirthDate, showFormErrors } from './data';
import { handle } from '../../components/handle';
import { FormDialog } from '../../components/FormDialog';

const PAGE = '/customers/records';
const AREA = 'customerRecords';
type Values = {
  name: string;
  phone_no: string;
  email?: string;
  birth_date?: Dayjs | null;
  address?: string;
  address_2?: string;
  post_code?: string;
  district_code?: string;
  referred_by_code?: string;
};
const FIELDS = [
  'name',
  'phone_no',
  'email',
  'birth_date',
  'address',
  'address_2',
  'post_code',
  'district_code',
  'referred_by_code',
] as const;

/** /customers/records: every customer of the franchise (head office: all), with edit and delete. */
export default function CustomerRecordsPage() {
  const { t } = useTranslation();
  const canEdit = useCan(PAGE, 'edit');
  const { me } = useSession();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<CustomerRecord | null>(null);

  const save = useApiMutation({
    fn: (v: Values) =>
      call('customerRecords.update', {
        body: {
          ...v,
          customer_no: editing!.customer_no,
          version: editing!.version,
          birth_date: pickerToBirthDate(v.birth_date),
          post_code: v.post_code ?? '',
          district_code: v.district_code ?? '',
        },
      }),
    invalidates: [AREA, CUSTOMERS_AREA],
    success: { action: 'Update', entity: 'Customer' },
    toastError: false,
    onSuccess: () => setEditing(null),
  });
  const remove = useApiMutation({
    fn: (customerNo: string) => call('customerRecords.delete', { body: { customer_no: customerNo } }),
    invalidates: [AREA, CUSTOMERS_AREA],
    success: { action: 'Delete', entity: 'Customer' },
  });
  const open = (row: CustomerRecord) => {
    setEditing(row);
    form.resetFields();
    form.setFieldsValue({
      ...row,
      birth_date: birthDateToPicker(row.birth_date),
      post_code: row.post_code || undefined,
      district_code: row.district_code || undefined,
    });
  };
  const submit = async (v: Values) => {
    try {
      await save.mutateAsync(v);
    } catch (e) {
      showFormErrors(form, e, FIELDS);
    }
  };

  const columns: ColumnsType<CustomerRecord> = [
    { title: t('fields.customerNo'), dataIndex: 'customer_no', key: 'customer_no', sorter: true, fixed: 'left' },
    { title: t('fields.name'), dataIndex: 'name', key: 'name', sorter: true },
    { title: t('fields.phone'), dataIndex: 'phone_no', key: 'phone_no', sorter: true },
    { title: t('fields.email'), dataIndex: 'email', key: 'email', sorter: true },
    {
      title: t('customers.birthDate'),
      dataIndex: 'birth_date',
      key: 'birth_date',
      sorter: true,
      render: renderBirthDate,
    },
    { title: t('fields.address'), dataIndex: 'address', key: 'address' },
    { title: t('customers.district'), dataIndex: 'district_name', key: 'district_name' },
    { title: t('customers.province'), dataIndex: 'province_name', key: 'province_name' },
    ...(me?.franchise_code
      ? []
      : [{ title: t('fields.franchise'), dataIndex: 'franchise_code', key: 'franchise_code', sorter: true }]),
    { title: t('fields.location'), dataIndex: 'location_code', key: 'location_code', sorter: true },
    { title: t('customers.channel'), dataIndex: 'channel', key: 'channel', sorter: true },
    { title: t('customers.referralCode'), dataIndex: 'referral_code', key: 'referral_code' },
    {
      title: t('customers.referredBy'),
      key: 'referred_by',
      render: (_, r) =>
        r.referred_by_code ? `${r.referred_by_code}${r.referred_by_name ? ` (${r.referred_by_name})` : ''}` : '',
    },
    {
      title: t('customers.records.created'),
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      render: renderDateTime,
    },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: CustomerRecord) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => open(row)}
                  aria-label={t('customers.records.editOf', { no: row.customer_no })}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('customers.records.deleteOf', { no: row.customer_no })}
                  onClick={handle(() =>
                    modal.confirm({
                      title: t('customers.records.deleteConfirm', { no: row.customer_no, name: row.name }),
                      content: t('customers.records.deleteContent'),
                      okText: t('common.delete'),
                      okButtonProps: { danger: true },
                      onOk: () => remove.mutateAsync(row.customer_no),
                    }),
                  )}
                >
                  {t('common.delete')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ListPage<CustomerRecord>
        title={t('customers.records.title')}
        area={AREA}
        op="customerRecords.list"
        rowKey="customer_no"
        exportName="customer-records"
        columns={columns}
        filters={[
          { name: 'customer_no', label: t('fields.customerNo') },
          { name: 'name', label: t('fields.name') },
          { name: 'phone_no', label: t('fields.phone') },
          { name: 'email', label: t('fields.email') },
          ...(me?.franchise_code
            ? []
            : [{ name: 'franchise_code', label: t('fields.franchise'), type: 'exact' as const }]),
          { name: 'referral_code', label: t('customers.referralCode'), type: 'exact' },
          { name: 'created_at', label: t('customers.records.created'), type: 'dateRange' },
        ]}
      />
      <FormDialog
        open={editing !== null}
        title={editing ? t('customers.records.editTitle', { no: editing.customer_no }) : ''}
        okText={t('common.save')}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        width={720}
        form={form}
        name="customer-record"
        onFinish={submit}
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('fields.name')}
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
              <Input />
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
        <Form.Item
          name="referred_by_code"
          label={t('customers.referredByCode')}
          rules={[{ max: 30, message: messages.maxLength(30) }]}
        >
          <Input />
        </Form.Item>
      </FormDialog>
    </>
  );
}
