import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Select, Space } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { customerChannels, messages, type CustomerSetup } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDateTime } from '../../components/format';
import { showFormErrors } from './data';
import { FormDialog } from '../../components/FormDialog';

const PAGE = '/customers/setup';
const AREA = 'customerSetups';
const channelOptions = customerChannels.map((c) => ({ value: c, label: c }));
type Values = { name: string; prefix: string; channel: string };

/** /customers/setup: customer number prefixes per sales channel. */
export default function CustomerSetupPage() {
  const { t } = useTranslation();
  const canEdit = useCan(PAGE, 'edit');
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<CustomerSetup | 'new' | null>(null);
  const isNew = editing === 'new';

  const save = useApiMutation({
    fn: (v: Values) =>
      isNew
        ? call('customerSetups.create', { body: v })
        : call('customerSetups.update', {
            body: { ...v, id: (editing as CustomerSetup).id, version: (editing as CustomerSetup).version },
          }),
    invalidates: [AREA],
    success: { action: isNew ? 'Create' : 'Update', entity: 'Customer Setup' },
    toastError: false,
    onSuccess: () => setEditing(null),
  });
  const open = (row: CustomerSetup | 'new') => {
    setEditing(row);
    form.setFieldsValue(row === 'new' ? { name: '', prefix: '', channel: '' } : row);
  };
  const submit = async (v: Values) => {
    try {
      await save.mutateAsync(v);
    } catch (e) {
      showFormErrors(form, e, ['name', 'prefix', 'channel']);
    }
  };

  const columns: ColumnsType<CustomerSetup> = [
    { title: 'ID', dataIndex: 'id', key: 'id', sorter: true },
    { title: t('fields.name'), dataIndex: 'name', key: 'name', sorter: true },
    { title: t('customers.setup.prefix'), dataIndex: 'prefix', key: 'prefix', sorter: true },
    { title: t('customers.channel'), dataIndex: 'channel', key: 'channel', sorter: true },
    {
      title: t('customers.setup.updated'),
      dataIndex: 'updated_at',
      key: 'updated_at',
      sorter: true,
      render: renderDateTime,
    },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: CustomerSetup) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => open(row)}
                aria-label={t('customers.setup.editOf', { prefix: row.prefix })}
              >
                {t('common.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ListPage<CustomerSetup>
        title={t('customers.setup.title')}
        area={AREA}
        op="customerSetups.list"
        rowKey="id"
        exportName="customer-setup"
        columns={columns}
        filters={[
          { name: 'name', label: t('fields.name') },
          { name: 'prefix', label: t('customers.setup.prefix') },
          { name: 'channel', label: t('customers.channel'), type: 'select', options: channelOptions },
        ]}
        toolbar={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
              {t('list.addNew')}
            </Button>
          ) : null
        }
      />
      <FormDialog
        open={editing !== null}
        title={isNew ? t('customers.setup.newTitle') : t('customers.setup.editTitle')}
        okText={t('common.save')}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        form={form}
        name="customer-setup"
        onFinish={submit}
      >
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
        <Space.Compact block>
          <Form.Item
            name="prefix"
            label={t('customers.setup.prefix')}
            style={{ flex: 1, marginRight: 12 }}
            rules={[
              { required: true, whitespace: true, message: messages.required },
              { max: 30, message: messages.maxLength(30) },
              { pattern: /^[A-Za-z0-9_-]*$/, message: t('customers.setup.prefixPattern') },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="channel"
            label={t('customers.channel')}
            style={{ flex: 1 }}
            rules={[
              { required: true, whitespace: true, message: messages.required },
              { max: 30, message: messages.maxLength(30) },
            ]}
          >
            <Select showSearch={{ optionFilterProp: 'label' }} options={channelOptions} />
          </Form.Item>
        </Space.Compact>
      </FormDialog>
    </>
  );
}
