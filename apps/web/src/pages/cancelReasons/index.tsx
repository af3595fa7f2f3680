import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Select, Space } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { cancelReasonCreate, cancelReasonPages, type CancelReason } from '@fp/contract';
import { call, type OpBody } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDateTime } from '../../components/format';
import { showFormErrors } from '../../components/form-errors';
import { handle } from '../../components/handle';
import { FormDialog } from '../../components/FormDialog';
import { rulesFrom } from '../../components/zod-rules';

const PAGE = '/cancelReasons';
const AREA = 'cancelReasons';
const pageOptions = cancelReasonPages.map((p) => ({ label: p, value: p }));
type FormValues = OpBody<'cancelReasons.create'>;
const rules = rulesFrom(cancelReasonCreate);

export default function CancelReasonsPage() {
  const { t } = useTranslation();
  const canEdit = useCan(PAGE, 'edit');
  const { modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [editing, setEditing] = useState<CancelReason | 'new' | null>(null);

  const save = useApiMutation({
    fn: (v: FormValues) =>
      editing && editing !== 'new'
        ? call('cancelReasons.update', { params: { id: editing.id }, body: { ...v, version: editing.version } })
        : call('cancelReasons.create', { body: v }),
    invalidates: [AREA],
    success: { action: editing && editing !== 'new' ? 'Update' : 'Create', entity: 'Cancel Reason' },
    toastError: false,
    onSuccess: () => setEditing(null),
  });
  const remove = useApiMutation({
    fn: (id: number) => call('cancelReasons.delete', { params: { id } }),
    invalidates: [AREA],
    success: { action: 'Delete', entity: 'Cancel Reason' },
  });

  const open = (row: CancelReason | 'new') => {
    setEditing(row);
    form.setFieldsValue(
      row === 'new'
        ? { reason_code: '', description: '', page: undefined }
        : { ...row, page: row.page as FormValues['page'] },
    );
  };
  const submit = async (v: FormValues) => {
    try {
      await save.mutateAsync(v);
    } catch (e) {
      showFormErrors(form, e);
    }
  };

  const columns: ColumnsType<CancelReason> = [
    { title: t('cancelReasons.reasonCode'), dataIndex: 'reason_code', key: 'reason_code', sorter: true },
    { title: t('fields.description'), dataIndex: 'description', key: 'description', sorter: true },
    { title: t('cancelReasons.page'), dataIndex: 'page', key: 'page', sorter: true },
    { title: t('fields.updated'), dataIndex: 'updated_at', key: 'updated_at', sorter: true, render: renderDateTime },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: CancelReason) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => open(row)}
                  aria-label={t('common.editOf', { name: row.reason_code })}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('common.deleteOf', { name: row.reason_code })}
                  onClick={handle(() =>
                    modal.confirm({
                      title: t('cancelReasons.deleteConfirm', { code: row.reason_code }),
                      content: t('cancelReasons.deleteContent'),
                      okText: t('common.delete'),
                      okButtonProps: { danger: true },
                      onOk: () => remove.mutateAsync(row.id),
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
      <ListPage<CancelReason>
        title={t('cancelReasons.title')}
        area={AREA}
        op="cancelReasons.list"
        rowKey="id"
        exportName="cancel-reasons"
        columns={columns}
        filters={[
          { name: 'reason_code', label: t('cancelReasons.reasonCode') },
          { name: 'description', label: t('fields.description') },
          { name: 'page', label: t('cancelReasons.page'), type: 'select', options: pageOptions },
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
        title={editing === 'new' ? t('cancelReasons.newTitle') : t('cancelReasons.editTitle')}
        okText={t('common.save')}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        form={form}
        onFinish={submit}
        name="cancel-reason"
      >
        <Form.Item name="reason_code" label={t('cancelReasons.reasonCode')} rules={rules('reason_code')}>
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')} rules={rules('description')}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="page" label={t('cancelReasons.page')} rules={rules('page')}>
          <Select options={pageOptions} aria-label={t('cancelReasons.page')} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
