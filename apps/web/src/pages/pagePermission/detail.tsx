import { useEffect, useRef } from 'react';
import { App, Button, Card, Form, Input, Radio, Result, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, SaveOutlined, TeamOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { messages, permissionTypes, type PermissionType } from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../components/toast';
import { canAccess, useSession } from '../../auth/session';
import { useAllStructures } from '../pageStructure/data';
import { PagesEditor, fromRows, toRows, type PageRow } from './PagesEditor';
import { UsersPicker } from './UsersPicker';
import {
  PERMISSION_AREA,
  PERMISSION_PAGE,
  permissionDetailPath,
  useCanEditPermissions,
  usePermission,
  usePermissionUsers,
} from './data';
import { handle } from '../../components/handle';

type FormValues = { name: string; permission_type: PermissionType; pages: PageRow[]; users: number[] };

/** Server field errors (pages.2.page_url, permissions.0, users.1) shown on the form item that holds them. */
function formFieldOf(field: string): keyof FormValues | null {
  const head = field.split('.')[0];
  if (head === 'permissions') return 'pages';
  if (head === 'admin_user_ids' || head === 'admin_user_id') return 'users';
  return (['name', 'permission_type', 'pages', 'users'] as const).find((f) => f === head) ?? null;
}

/** /pagePermission/detail/{slug}: slug is the permission id, or `new`. */
export default function PagePermissionDetailPage() {
  const { t } = useTranslation();
  const slug = useParams()['*'] ?? '';
  const isNew = slug === 'new';
  const id = Number(slug);
  const valid = isNew || (Number.isInteger(id) && id > 0);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const canEdit = useCanEditPermissions();
  const query = usePermission(id, !isNew && valid);
  const users = usePermissionUsers(id, !isNew && valid);
  const structures = useAllStructures();
  const { me } = useSession();
  // Anyone but an Administrator may only hand out pages they hold themselves (the server refuses the rest).
  const offerable = (url: string) => Boolean(me?.is_admin) || canAccess(me, url, 'view');
  const current = query.data;
  const [form] = Form.useForm<FormValues>();
  const [usersForm] = Form.useForm<{ users: number[] }>();
  const level = Form.useWatch('permission_type', form) ?? 'view';
  // The version this screen last read or wrote: a save against someone else's newer change is refused (409).
  const version = useRef<number | null>(null);
  const loadedId = useRef<number | null>(null);

  useEffect(() => {
    if (isNew) form.setFieldsValue({ name: '', permission_type: 'view', pages: [], users: [] });
  }, [isNew, form]);
  useEffect(() => {
    if (!current || loadedId.current === current.id) return;
    loadedId.current = current.id;
    version.current = current.version;
    form.setFieldsValue({
      name: current.name,
      permission_type: current.permission_type,
      pages: toRows(current.pages, current.permissions),
    });
    usersForm.setFieldsValue({ users: current.users });
  }, [current, form, usersForm]);

  const showErrors = (e: unknown, target: typeof form | typeof usersForm) => {
    const fields = e instanceof ApiCallError ? Object.entries(e.fieldErrors()) : [];
    const named = fields.map(([k, msg]) => [formFieldOf(k), msg] as const).filter(([k]) => k !== null);
    if (named.length) target.setFields(named.map(([k, msg]) => ({ name: k as never, errors: [msg] })));
    else toast.error(e);
  };

  const save = useApiMutation({
    fn: (v: FormValues) => {
      const body = { name: v.name, permission_type: v.permission_type, ...fromRows(v.pages ?? []) };
      return isNew
        ? call('pagePermissions.create', { body: { ...body, users: v.users ?? [] } })
        : call('pagePermissions.update', { params: { id: id! }, body: { ...body, version: version.current! } });
    },
    invalidates: [PERMISSION_AREA],
    success: { action: isNew ? 'Create' : 'Update', entity: 'Page Permission' },
    toastError: false,
    onSuccess: (saved) => {
      version.current = saved.version;
      if (isNew) navigate(permissionDetailPath(saved.id), { replace: true });
    },
  });
  const assign = useApiMutation({
    fn: (ids: number[]) =>
      call('pagePermissions.usersBulk', { body: { page_permission_id: id, admin_user_ids: ids, mode: 'replace' } }),
    invalidates: [PERMISSION_AREA],
    success: { action: 'Assign', entity: 'Page Permission' },
    toastError: false,
    onSuccess: (saved) => {
      version.current = saved.version;
    },
  });
  const remove = useApiMutation({
    fn: () => call('pagePermissions.delete', { params: { id } }),
    invalidates: [PERMISSION_AREA],
    success: { action: 'Delete', entity: 'Page Permission' },
    onSuccess: () => {
      navigate(PERMISSION_PAGE, { replace: true });
    },
  });

  const back = (
    <Link to={PERMISSION_PAGE}>
      <ArrowLeftOutlined /> {t('pagePermission.title')}
    </Link>
  );
  if (!isNew && valid && query.isLoading) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin size="large" />
      </div>
    );
  }
  if (!isNew && !current) {
    const missing = !valid || (query.error instanceof ApiCallError && query.error.status === 404);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('pagePermission.notFound') : t('pagePermission.loadFailed')}
        extra={
          <Space>
            {back}
            {missing ? null : <Button onClick={() => void query.refetch()}>{t('list.refresh')}</Button>}
          </Space>
        }
      />
    );
  }

  const confirmDelete = () =>
    modal.confirm({
      title: t('pagePermission.deleteConfirm', { name: current!.name }),
      content: current!.users.length
        ? t('pagePermission.usersLose', { count: current!.users.length })
        : t('pagePermission.noUserHolds'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync().catch(() => undefined),
    });

  return (
    <div>
      <div style={{ marginBottom: 8 }}>{back}</div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {isNew ? t('pagePermission.newTitle') : current!.name}
      </Typography.Title>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card title={t('pagePermission.permission')}>
          <Form
            form={form}
            layout="vertical"
            disabled={!canEdit}
            onFinish={handle((v) => save.mutateAsync(v).catch((e) => showErrors(e, form)))}
          >
            <Form.Item
              name="name"
              label={t('fields.name')}
              rules={[
                { required: true, whitespace: true, message: messages.required },
                { max: 100, message: messages.maxLength(100) },
              ]}
              style={{ maxWidth: 480 }}
            >
              <Input autoFocus={isNew} />
            </Form.Item>
            <Form.Item
              name="permission_type"
              label={t('pagePermission.permissionType')}
              extra={t('pagePermission.levelHint')}
            >
              <Radio.Group options={permissionTypes.map((p) => ({ value: p, label: p }))} optionType="button" />
            </Form.Item>
            <Form.Item name="pages" label={t('pagePermission.pages')}>
              <PagesEditor
                structures={structures.data ?? []}
                offerable={offerable}
                loading={structures.isLoading}
                defaultLevel={level}
                disabled={!canEdit}
              />
            </Form.Item>
            {isNew ? (
              <Form.Item name="users" label={t('pagePermission.users')}>
                <UsersPicker />
              </Form.Item>
            ) : null}
            {canEdit ? (
              <Space>
                <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
                  {t('common.save')}
                </Button>
                {isNew ? null : (
                  <Button danger icon={<DeleteOutlined />} onClick={handle(confirmDelete)}>
                    {t('common.delete')}
                  </Button>
                )}
              </Space>
            ) : null}
          </Form>
        </Card>
        {isNew ? null : (
          <Card title={t('pagePermission.users')}>
            <Form
              form={usersForm}
              layout="vertical"
              disabled={!canEdit}
              onFinish={handle((v) => assign.mutateAsync(v.users ?? []).catch((e) => showErrors(e, usersForm)))}
            >
              <Form.Item name="users" label={t('pagePermission.assignedUsers')} extra={t('pagePermission.assignHint')}>
                <UsersPicker known={users.data} />
              </Form.Item>
              {canEdit ? (
                <Button htmlType="submit" icon={<TeamOutlined />} loading={assign.isPending}>
                  {t('pagePermission.assignUsers')}
                </Button>
              ) : null}
            </Form>
          </Card>
        )}
      </Space>
    </div>
  );
}
