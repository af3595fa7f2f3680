import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Select } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { messages, type ShippingAgentService } from '@fp/contract';
import { call, type OpBody } from '../../api/client';
import { qk } from '../../api/keys';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderBool, renderDateTime } from '../../components/format';
import { AddressFields } from '../customers/AddressFields';
import { showFormErrors } from '../customers/data';
import { FormDialog } from '../../components/FormDialog';

const PAGE = '/shippingAgentServices';
const AREA = 'shippingAgentServices';
type Mode = 'new' | 'temporary' | ShippingAgentService;
/** A temporary service may leave code empty (generated); the form requires it for a regular one. */
type Values = OpBody<'shippingAgentServices.temporary'>;
const FIELDS = ['shipping_agent_code', 'code', 'description', 'post_code', 'district_code'] as const;

/** /shippingAgentServices: carriers' services (calls.md 7.7), optionally bound to a province and district. */
export default function ShippingAgentServicesPage() {
  const { t } = useTranslation();
  const canEdit = useCan(PAGE, 'edit');
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<Mode | null>(null);
  const agents = useQuery({
    queryKey: qk.other(AREA, 'agents'),
    queryFn: () => call('shippingAgents.all'),
    staleTime: 5 * 60_000,
  });
  const agentOptions = (agents.data ?? []).map((a) => ({ value: a.code, label: `${a.code} — ${a.name}` }));
  const editing = mode && typeof mode === 'object' ? mode : null;

  const save = useApiMutation({
    fn: (v: Values) => {
      const body = { ...v, post_code: v.post_code ?? '', district_code: v.district_code ?? '' };
      if (editing)
        return call('shippingAgentServices.update', {
          body: {
            ...body,
            shipping_agent_code: editing.shipping_agent_code,
            code: editing.code,
            version: editing.version,
          },
        });
      return mode === 'temporary'
        ? call('shippingAgentServices.temporary', { body })
        : call('shippingAgentServices.create', { body: body as OpBody<'shippingAgentServices.create'> });
    },
    invalidates: [AREA],
    success: { action: editing ? 'Update' : 'Create', entity: 'Shipping Agent Service' },
    toastError: false,
    onSuccess: () => setMode(null),
  });
  const open = (m: Mode) => {
    setMode(m);
    form.resetFields();
    if (typeof m === 'object')
      form.setFieldsValue({ ...m, post_code: m.post_code || undefined, district_code: m.district_code || undefined });
  };
  const submit = async (v: Values) => {
    try {
      await save.mutateAsync(v);
    } catch (e) {
      showFormErrors(form, e, FIELDS);
    }
  };

  const columns: ColumnsType<ShippingAgentService> = [
    {
      title: t('shippingAgentServices.agent'),
      dataIndex: 'shipping_agent_code',
      key: 'shipping_agent_code',
      sorter: true,
    },
    {
      title: t('shippingAgentServices.agentName'),
      dataIndex: 'shipping_agent_name',
      key: 'shipping_agent_name',
      sorter: true,
    },
    { title: t('fields.code'), dataIndex: 'code', key: 'code', sorter: true },
    { title: t('fields.description'), dataIndex: 'description', key: 'description', sorter: true },
    { title: t('shippingAgentServices.postCode'), dataIndex: 'post_code', key: 'post_code', sorter: true },
    { title: t('shippingAgentServices.districtCode'), dataIndex: 'district_code', key: 'district_code', sorter: true },
    { title: t('shippingAgentServices.temporary'), dataIndex: 'is_temporary', key: 'is_temporary', render: renderBool },
    { title: t('fields.updated'), dataIndex: 'updated_at', key: 'updated_at', sorter: true, render: renderDateTime },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: ShippingAgentService) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => open(row)}
                aria-label={t('common.editOf', { name: `${row.shipping_agent_code} ${row.code}` })}
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
      <ListPage<ShippingAgentService>
        title={t('shippingAgentServices.title')}
        area={AREA}
        op="shippingAgentServices.list"
        rowKey="id"
        exportName="shipping-agent-services"
        columns={columns}
        filters={[
          {
            name: 'shipping_agent_code',
            label: t('shippingAgentServices.agent'),
            type: 'select',
            options: agentOptions,
          },
          { name: 'code', label: t('fields.code') },
          { name: 'description', label: t('fields.description') },
          { name: 'post_code', label: t('shippingAgentServices.postCode'), type: 'exact' },
          { name: 'district_code', label: t('shippingAgentServices.districtCode'), type: 'exact' },
        ]}
        toolbar={
          canEdit ? (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
                {t('list.addNew')}
              </Button>
              <Button icon={<PlusOutlined />} onClick={() => open('temporary')}>
                {t('shippingAgentServices.addTemporary')}
              </Button>
            </>
          ) : null
        }
      />
      <FormDialog
        open={mode !== null}
        title={
          editing
            ? t('shippingAgentServices.editTitle', { agent: editing.shipping_agent_code, code: editing.code })
            : mode === 'temporary'
              ? t('shippingAgentServices.newTemporary')
              : t('shippingAgentServices.newTitle')
        }
        okText={t('common.save')}
        confirmLoading={save.isPending}
        onCancel={() => setMode(null)}
        form={form}
        name="shipping-service"
        onFinish={submit}
      >
        <Form.Item
          name="shipping_agent_code"
          label={t('shippingAgentServices.agent')}
          rules={[{ required: true, message: messages.required }]}
        >
          <Select options={agentOptions} disabled={Boolean(editing)} loading={agents.isLoading} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('fields.code')}
          tooltip={mode === 'temporary' ? t('shippingAgentServices.codeHint') : undefined}
          rules={[
            ...(mode === 'new' ? [{ required: true, whitespace: true, message: messages.required }] : []),
            { max: 30, message: messages.maxLength(30) },
          ]}
        >
          <Input disabled={Boolean(editing)} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('fields.description')}
          rules={[
            { required: true, whitespace: true, message: messages.required },
            { max: 100, message: messages.maxLength(100) },
          ]}
        >
          <Input />
        </Form.Item>
        <AddressFields />
      </FormDialog>
    </>
  );
}
