import { useEffect, useState } from 'react';
import { App, Button, Card, Col, Descriptions, Form, Result, Row, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, KeyOutlined, SaveOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@fp/contract';
import { mayManageUser } from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan, useSession } from '../../auth/session';
import { renderDateTime } from '../../components/format';
import { SetPasswordDialog } from './dialogs';
import { showFormErrors } from '../../components/form-errors';
import { UserFields, toPayload, type UserFormValues } from './UserFields';
import { USERS_AREA, USERS_PAGE, fullName, useUserInfo } from './data';
import { handle } from '../../components/handle';

const FORM_FIELDS = [
  'username',
  'firstname',
  'lastname',
  'email',
  'role_id',
  'customer_no',
  'device_id',
  'is_active',
] as const;

/** /users/{id}: one user's details, edited in place (Save, Set Password, Delete). */
export default function UserDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const canEditPage = useCan(USERS_PAGE, 'edit');
  const { me } = useSession();
  const info = useUserInfo(id);
  const [form] = Form.useForm<UserFormValues>();
  const [pwUser, setPwUser] = useState<User | null>(null);
  const user = info.data;
  // An Administrator is changed only by Administrators (the server's rule, from the contract).
  const canEdit = canEditPage && mayManageUser(Boolean(me?.is_admin), user?.role_name);

  useEffect(() => {
    if (user) form.setFieldsValue({ ...user });
  }, [user, form]);

  const save = useApiMutation({
    fn: (v: UserFormValues) => call('users.update', { body: { ...toPayload(v), user_id: id, version: user!.version } }),
    invalidates: [USERS_AREA],
    success: { action: 'Update', entity: 'User' },
    toastError: false,
  });
  const remove = useApiMutation({
    fn: () => call('users.delete', { query: { user_id: id } }),
    invalidates: [USERS_AREA],
    success: { action: 'Delete', entity: 'User' },
    onSuccess: () => {
      navigate('/users', { replace: true });
    },
  });

  if (info.isLoading) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin size="large" />
      </div>
    );
  }
  if (!user) {
    const missing = !Number.isInteger(id) || (info.error instanceof ApiCallError && info.error.status === 404);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('users.notFound') : t('users.loadFailed')}
        extra={
          <Space>
            <Link to="/users">{t('users.back')}</Link>
            {missing ? null : <Button onClick={() => void info.refetch()}>{t('list.refresh')}</Button>}
          </Space>
        }
      />
    );
  }

  const confirmDelete = () =>
    modal.confirm({
      title: t('users.deleteTitle', { name: user.username }),
      content: t('users.deleteContent'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync().catch(() => undefined),
    });

  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/users">
          <ArrowLeftOutlined /> {t('users.title')}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {fullName(user)} <Typography.Text type="secondary">({user.username})</Typography.Text>{' '}
        {user.is_active ? <Tag color="green">{t('users.active')}</Tag> : <Tag color="red">{t('users.inactive')}</Tag>}
      </Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Card title={t('fields.user')}>
            <Form
              form={form}
              name="user-detail"
              layout="vertical"
              disabled={!canEdit}
              onFinish={handle((v) => save.mutateAsync(v).catch((e: unknown) => showFormErrors(form, e, FORM_FIELDS)))}
            >
              <UserFields withPassword={false} />
              {canEdit ? (
                <Space wrap>
                  <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
                    {t('common.save')}
                  </Button>
                  <Button icon={<KeyOutlined />} onClick={() => setPwUser(user)}>
                    {t('users.setPassword')}
                  </Button>
                  <Button danger icon={<DeleteOutlined />} onClick={handle(confirmDelete)}>
                    {t('common.delete')}
                  </Button>
                </Space>
              ) : null}
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('users.access')}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('users.role')}>{user.role_name ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('users.store')}>
                {user.customer_no ?? t('users.headOffice')}
              </Descriptions.Item>
              <Descriptions.Item label={t('users.pagePermissions')}>
                {user.page_permissions.length
                  ? user.page_permissions.map((p) => <Tag key={p.id}>{p.name}</Tag>)
                  : t('common.none')}
              </Descriptions.Item>
              <Descriptions.Item label={t('users.created')}>{renderDateTime(user.created_at)}</Descriptions.Item>
              <Descriptions.Item label={t('users.updated')}>{renderDateTime(user.updated_at)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      <SetPasswordDialog user={pwUser} onClose={() => setPwUser(null)} />
    </div>
  );
}
