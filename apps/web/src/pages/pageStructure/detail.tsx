import { useEffect } from 'react';
import { App, Button, Card, Form, Input, Result, Select, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { messages, pageByUrl } from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { toast } from '../../components/toast';
import { STRUCTURE_AREA, STRUCTURE_PAGE, structureDetailPath, useStructureByUrl } from './data';
import { handle } from '../../components/handle';

type FormValues = { page_url: string; page_name: string; buttons: string[]; fields: string[]; filters: string[] };
const LISTS = [
  {
    name: 'buttons',
    label: 'Buttons',
    help: 'The buttons of the page a permission can allow, e.g. Add New, Delete, Export Excel.',
  },
  { name: 'fields', label: 'Fields', help: 'The fields the page shows or edits (API names, e.g. reason_code).' },
  { name: 'filters', label: 'Filters', help: 'The fields its list can be filtered by.' },
] as const;

/** /pageStructure/detail/{slug}: one page's name, buttons, fields and filters; slug `new` adds a page. */
export default function PageStructureDetailPage() {
  const slug = useParams()['*'] ?? '';
  const isNew = slug === 'new';
  const pageUrl = `/${slug}`;
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const canEditList = useCan(STRUCTURE_PAGE, 'edit');
  const canEditDetail = useCan('/pageStructure/detail/{slug}', 'edit');
  const canEdit = canEditList || canEditDetail;
  const query = useStructureByUrl(pageUrl, !isNew);
  const current = query.data ?? null;
  const registered = !isNew && pageByUrl.has(pageUrl);
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    if (isNew) form.setFieldsValue({ page_url: '', page_name: '', buttons: [], fields: [], filters: [] });
    else if (current) form.setFieldsValue(current);
  }, [current, isNew, form]);

  const save = useApiMutation({
    fn: (v: FormValues) =>
      isNew
        ? call('pageStructures.create', { body: v })
        : call('pageStructures.update', { params: { id: current!.id }, body: { ...v, version: current!.version } }),
    invalidates: [STRUCTURE_AREA],
    success: { action: isNew ? 'Create' : 'Update', entity: 'Page Structure' },
    toastError: false,
    onSuccess: (saved) => {
      if (saved.page_url !== pageUrl) navigate(structureDetailPath(saved.page_url), { replace: true });
    },
  });
  const remove = useApiMutation({
    fn: () => call('pageStructures.delete', { params: { id: current!.id } }),
    invalidates: [STRUCTURE_AREA],
    success: { action: 'Delete', entity: 'Page Structure' },
    onSuccess: () => {
      navigate(STRUCTURE_PAGE, { replace: true });
    },
  });

  const submit = async (v: FormValues) => {
    try {
      await save.mutateAsync(v);
    } catch (e) {
      const fields = e instanceof ApiCallError ? e.fieldErrors() : {};
      const named = Object.entries(fields).filter(([k]) =>
        ['page_url', 'page_name', 'buttons', 'fields', 'filters'].includes(k.split('.')[0]),
      );
      if (named.length)
        form.setFields(named.map(([k, msg]) => ({ name: k.split('.')[0] as keyof FormValues, errors: [msg] })));
      else toast.error(e);
    }
  };

  const back = (
    <Link to={STRUCTURE_PAGE}>
      <ArrowLeftOutlined /> Page Structure
    </Link>
  );
  if (!isNew && query.isLoading) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin size="large" />
      </div>
    );
  }
  if (!isNew && !current) {
    return (
      <Result
        status={query.isError ? 'error' : '404'}
        title={query.isError ? 'Could not load the page structure' : 'Page structure not found'}
        subTitle={pageUrl}
        extra={
          <Space>
            {back}
            {query.isError ? <Button onClick={() => void query.refetch()}>Refresh Data</Button> : null}
          </Space>
        }
      />
    );
  }

  const confirmDelete = () =>
    modal.confirm({
      title: `Delete page structure ${current!.page_url}?`,
      content: 'Permissions cannot list this page any more. A page still used by a permission is kept.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync().catch(() => undefined),
    });

  return (
    <div>
      <div style={{ marginBottom: 8 }}>{back}</div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {isNew ? 'New Page Structure' : current!.page_name}
      </Typography.Title>
      <Card>
        <Form form={form} layout="vertical" onFinish={handle(submit)} disabled={!canEdit} style={{ maxWidth: 760 }}>
          <Form.Item
            name="page_url"
            label="Page URL"
            extra={
              registered
                ? 'A screen of the application: its url is fixed.'
                : 'Starts with /, e.g. /reports/revenue/details'
            }
            rules={[
              { required: true, whitespace: true, message: messages.required },
              { max: 255, message: messages.maxLength(255) },
            ]}
          >
            <Input disabled={registered} autoFocus={isNew} />
          </Form.Item>
          <Form.Item
            name="page_name"
            label="Page Name"
            rules={[
              { required: true, whitespace: true, message: messages.required },
              { max: 100, message: messages.maxLength(100) },
            ]}
          >
            <Input />
          </Form.Item>
          {LISTS.map((l) => (
            <Form.Item key={l.name} name={l.name} label={l.label} extra={l.help}>
              <Select
                mode="tags"
                tokenSeparators={[',']}
                open={false}
                suffixIcon={null}
                aria-label={l.label}
                placeholder={`Type a name and press Enter`}
              />
            </Form.Item>
          ))}
          {canEdit ? (
            <Space>
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
                Save
              </Button>
              {!isNew && !registered ? (
                <Button danger icon={<DeleteOutlined />} onClick={handle(confirmDelete)}>
                  Delete
                </Button>
              ) : null}
            </Space>
          ) : null}
        </Form>
      </Card>
    </div>
  );
}
