import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Space, Switch, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { feeCreate, formatNumber, type Fee } from '@fp/contract';
import { call, type OpBody } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDateTime } from '../../components/format';
import { showFormErrors } from '../../components/form-errors';
import { handle } from '../../components/handle';
import { FormDialog } from '../../components/FormDialog';
import { rulesFrom } from '../../components/zod-rules';
import { MoneyInput } from '../../components/MoneyInput';

// The fee catalogue (calls.md 7.14): head office adds, edits and removes fees; store users see the list.
const PAGE = '/fees';
const AREA = 'fees';
type FormValues = Omit<OpBody<'fees.add'>, 'amount' | 'vat_percent'> & { amount: string; vat_percent: string };
const rules = rulesFrom(feeCreate);

export default function FeesPage() {
  const { t } = useTranslation();
  const canEdit = useCan(PAGE, 'edit');
  const { modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [editing, setEditing] = useState<Fee | 'new' | null>(null);
  const [selected, setSelected] = useState<number[]>([]);

  const save = useApiMutation({
    fn: (v: FormValues) =>
      editing && editing !== 'new'
        ? call('fees.update', {
            body: {
              id: editing.id,
              version: editing.version,
              description: v.description,
              amount: v.amount,
              vat_percent: v.vat_percent,
              is_active: v.is_active,
            },
          })
        : call('fees.add', { body: v }),
    invalidates: [AREA],
    success: { action: editing && editing !== 'new' ? 'Update' : 'Add', entity: 'Fee' },
    toastError: false,
    onSuccess: () => setEditing(null),
  });
  const remove = useApiMutation({
    fn: (ids: number[]) => call('fees.remove', { body: { ids } }),
    invalidates: [AREA],
    success: { action: 'Remove', entity: 'Fee' },
    onSuccess: () => setSelected([]),
  });

  const open = (row: Fee | 'new') => {
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(
      row === 'new'
        ? { fee_code: '', description: '', amount: '', vat_percent: '10', is_active: true }
        : { ...row, amount: String(Number(row.amount)), vat_percent: String(Number(row.vat_percent)) },
    );
  };
  const submit = async (v: FormValues) => {
    try {
      await save.mutateAsync(v);
    } catch (e) {
      showFormErrors(form, e);
    }
  };
  const confirmRemove = (ids: number[]) =>
    modal.confirm({
      title: t('fees.removeConfirm', { count: ids.length }),
      content: t('fees.removeHint'),
      okText: t('common.remove'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(ids),
    });

  const columns: ColumnsType<Fee> = [
    { title: t('fees.feeCode'), dataIndex: 'fee_code', key: 'fee_code', sorter: true },
    { title: t('fields.description'), dataIndex: 'description', key: 'description', sorter: true },
    {
      title: t('fields.amount'),
      dataIndex: 'amount',
      key: 'amount',
      sorter: true,
      align: 'right',
      render: (v: string) => formatNumber(v),
    },
    {
      title: t('fees.vatPercent'),
      dataIndex: 'vat_percent',
      key: 'vat_percent',
      render: (v: string) => formatNumber(v),
    },
    {
      title: t('fields.active'),
      dataIndex: 'is_active',
      key: 'is_active',
      render: (v: boolean) => (v ? <Tag color="green">{t('fields.active')}</Tag> : <Tag>{t('fees.inactive')}</Tag>),
    },
    { title: t('fields.updated'), dataIndex: 'updated_at', key: 'updated_at', sorter: true, render: renderDateTime },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: Fee) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => open(row)}
                  aria-label={t('common.editOf', { name: row.fee_code })}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('common.deleteOf', { name: row.fee_code })}
                  onClick={handle(() => confirmRemove([row.id]))}
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
      <ListPage<Fee>
        title={t('fees.title')}
        area={AREA}
        op="fees.list"
        rowKey="id"
        exportName="fees"
        columns={columns}
        selectable={canEdit}
        selectedKeys={selected}
        onSelect={(keys) => setSelected(keys as number[])}
        filters={[
          { name: 'fee_code', label: t('fees.feeCode') },
          { name: 'description', label: t('fields.description') },
        ]}
        toolbar={
          canEdit ? (
            <Space>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
                {t('list.addNew')}
              </Button>
              <Button danger disabled={selected.length === 0} onClick={handle(() => confirmRemove(selected))}>
                {t('fees.removeSelected', { count: selected.length })}
              </Button>
            </Space>
          ) : null
        }
      />
      <FormDialog
        open={editing !== null}
        title={editing === 'new' ? t('fees.newTitle') : t('fees.editTitle')}
        okText={t('common.save')}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        form={form}
        onFinish={submit}
        name="fee"
      >
        <Form.Item name="fee_code" label={t('fees.feeCode')} rules={rules('fee_code')}>
          <Input autoFocus disabled={editing !== 'new'} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')} rules={rules('description')}>
          <Input />
        </Form.Item>
        <Form.Item name="amount" label={t('fields.amount')} rules={rules('amount')}>
          <MoneyInput />
        </Form.Item>
        <Form.Item name="vat_percent" label={t('fees.vatPercent')} rules={rules('vat_percent')}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="is_active" label={t('fields.active')} valuePropName="checked">
          <Switch aria-label={t('fields.active')} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
