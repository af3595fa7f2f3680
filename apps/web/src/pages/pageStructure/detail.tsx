import { useEffect } from 'react';
import { App, Button, Card, Form, Input, Result, Select, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { messages, pageByUrl } from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { toast } from '../../components/toast';
import { STRUCTURE_AREA, STRUCTURE_PAGE, structureDetailPath, useStructureByUrl } from './data';
import { handle } from '../../components/handle';

type FormValues = { page_url: string; page_name: string; buttons: string[]; fields: string[]; filters: string[] };
/** The lists of a page structure; each has its label (pageStructure.<name>) and help (pageStructure.<name>Help). */
const LISTS = ['buttons', 'fields', 'filters'] as const;

/** /pageStructure/detail/{slug}: one page's name, buttons, fields and filters; slug `new` adds a page. */
export default function PageStructureDetailPage() {
  const { t } = useTranslation();
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
      <ArrowLeftOutlined /> {t('pageStructure.title')}
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
        title={query.isError ? t('pageStructure.loadFailed') : t('pageStructure.notFound')}
        subTitle={pageUrl}
        extra={
          <Space>
            {back}
            {query.isError ? <Button onClick={() => void query.refetch()}>{t('list.refresh')}</Button> : null}
          </Space>
        }
      />
    );
  }

  const confirmDelete = () =>
    modal.confirm({
      title: t('pageStructure.deleteConfirm', { url: current!.page_url }),
      content: t('pageStructure.deleteContent'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync().catch(() => undefined),
    });

  return (
    <div>
      <div style={{ marginBottom: 8 }}>{back}</div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {isNew ? t('pageStructure.newTitle') : current!.page_name}
      </Typography.Title>
      <Card>
        <Form form={form} layout="vertical" onFinish={handle(submit)} disabled={!canEdit} style={{ maxWidth: 760 }}>
          <Form.Item
            name="page_url"
            label={t('pageStructure.pageUrl')}
            extra={registered ? t('pageStructure.urlFixed') : t('pageStructure.urlHint')}
            rules={[
              { required: true, whitespace: true, message: messages.required },
              { max: 255, message: messages.maxLength(255) },
            ]}
          >
            <Input disabled={registered} autoFocus={isNew} />
          </Form.Item>
          <Form.Item
            name="page_name"
            label={t('pageStructure.pageName')}
            rules={[
              { required: true, whitespace: true, message: messages.required },
              { max: 100, message: messages.maxLength(100) },
            ]}
          >
            <Input />
          </Form.Item>
          {LISTS.map((l) => (
            <Form.Item key={l} name={l} label={t(`pageStructure.${l}`)} extra={t(`pageStructure.${l}Help`)}>
              <Select
                mode="tags"
                tokenSeparators={[',']}
                open={false}
                suffixIcon={null}
                aria-label={t(`pageStructure.${l}`)}
                placeholder={t('pageStructure.tagsPlaceholder')}
              />
            </Form.Item>
          ))}
          {canEdit ? (
            <Space>
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
                {t('common.save')}
              </Button>
              {!isNew && !registered ? (
                <Button danger icon={<DeleteOutlined />} onClick={handle(confirmDelete)}>
                  {t('common.delete')}
                </Button>
              ) : null}
            </Space>
          ) : null}
        </Form>
      </Card>
    </div>
  );
}
