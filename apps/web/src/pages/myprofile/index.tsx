import { Button, Card, Col, Descriptions, Form, Input, Row, Spin, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { check, loginErrors } from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { qk } from '../../api/keys';
import { useSession } from '../../auth/session';
import { renderDateTime } from '../../components/format';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { toast } from '../../components/toast';
import { msg } from '../../i18n/messages';

type PasswordForm = { old_password: string; new_password: string };

/** /myprofile: my information, my interface language and Change Password (product.md 2: a change logs out). */
export default function MyProfilePage() {
  const { t } = useTranslation();
  const { clear } = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordForm>();
  // calls.md 8: no toast for user-info failures.
  const current = useQuery({
    queryKey: qk.other('users', 'current'),
    queryFn: () => call('franchiseUsers.current'),
    meta: { silent: true },
  });
  const change = useMutation({
    mutationFn: (v: PasswordForm) => call('auth.resetPassword', { body: v }),
    onSuccess: () => {
      toast.success('Change', 'Password');
      clear();
      navigate('/login', { replace: true });
    },
    onError: (e) => {
      // calls.md 8: wrong_old_password shows its Vietnamese text.
      const wrongOld = e instanceof ApiCallError && e.code === 'wrong_old_password';
      const text = wrongOld ? loginErrors.wrong_old_password : e.message;
      const field = wrongOld ? 'old_password' : e instanceof ApiCallError ? e.errors[0]?.field : undefined;
      if (field === 'old_password' || field === 'new_password') form.setFields([{ name: field, errors: [text] }]);
      toast.error(new Error(text));
    },
  });
  const u = current.data;

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('myprofile.title')}
      </Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Card title={t('myprofile.info')}>
            {current.isLoading ? (
              <Spin />
            ) : !u ? (
              <Typography.Paragraph type="secondary">
                {t('myprofile.loadFailed')}{' '}
                <Button type="link" onClick={() => void current.refetch()}>
                  {t('list.refresh')}
                </Button>
              </Typography.Paragraph>
            ) : (
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('myprofile.username')}>{u.username}</Descriptions.Item>
                <Descriptions.Item label={t('myprofile.firstName')}>{u.firstname}</Descriptions.Item>
                <Descriptions.Item label={t('myprofile.lastName')}>{u.lastname}</Descriptions.Item>
                <Descriptions.Item label={t('fields.email')}>{u.email}</Descriptions.Item>
                <Descriptions.Item label={t('myprofile.role')}>{u.role?.name ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={t('myprofile.store')}>
                  {u.store
                    ? [u.store.customer_no, u.store.name].filter(Boolean).join(' — ')
                    : t('myprofile.headOffice')}
                </Descriptions.Item>
                <Descriptions.Item label={t('myprofile.device')}>{u.device_id ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={t('fields.active')}>
                  {u.is_active ? <Tag color="green">{t('common.yes')}</Tag> : <Tag color="red">{t('common.no')}</Tag>}
                </Descriptions.Item>
                <Descriptions.Item label={t('myprofile.updated')}>{renderDateTime(u.updated_at)}</Descriptions.Item>
              </Descriptions>
            )}
          </Card>
          <Card title={t('language.label')} style={{ marginTop: 24 }}>
            <Typography.Paragraph type="secondary">{t('myprofile.languageHint')}</Typography.Paragraph>
            <LanguageSwitch />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('myprofile.changePassword')}>
            <Form form={form} name="change-password" layout="vertical" onFinish={(v) => change.mutate(v)} requiredMark>
              <Form.Item
                name="old_password"
                label={t('myprofile.oldPassword')}
                rules={[{ required: true, message: msg.required }]}
              >
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Form.Item
                name="new_password"
                label={t('myprofile.newPassword')}
                rules={[
                  { required: true, message: msg.required },
                  {
                    validator: (_, v: string | undefined) =>
                      !v || check.password(v) ? Promise.resolve() : Promise.reject(new Error(msg.password)),
                  },
                ]}
                extra={t('myprofile.newPasswordHint')}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" icon={<LockOutlined />} loading={change.isPending}>
                {t('myprofile.changePassword')}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
