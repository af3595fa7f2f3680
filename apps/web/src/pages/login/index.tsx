import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginErrors, messages } from '@fp/contract/web';
import { ApiCallError } from '../../api/client';
import { useSession } from '../../auth/session';
import { landingPage } from '../../auth/landing';
import { toast } from '../../components/toast';
import { handle } from '../../components/handle';

export default function LoginPage() {
  const { t } = useTranslation();
  const { me, login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  // No page asked for: the user's landing page (a store user who may sell lands on the counter).
  if (me) return <Navigate to={from === '/' ? landingPage(me) : from} replace />;

  const onFinish = async (v: { username: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      const info = await login(v.username, v.password);
      toast.clear();
      navigate(from === '/' ? landingPage(info) : from, { replace: true });
    } catch (e) {
      // calls.md 8: wrong_username_password and system_error have their own Vietnamese texts.
      const msg =
        e instanceof ApiCallError && e.code && loginErrors[e.code]
          ? loginErrors[e.code]
          : e instanceof ApiCallError && e.status === 429
            ? e.message
            : loginErrors.system_error;
      setError(msg);
      toast.error(new Error(msg));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card style={{ width: 380 }}>
      <Typography.Title level={3} style={{ textAlign: 'center' }}>
        {t('app.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {t('login.title')}
      </Typography.Paragraph>
      {error ? <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form layout="vertical" onFinish={handle(onFinish)} requiredMark={false}>
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[{ required: true, whitespace: true, message: messages.required }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: messages.required }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('login.submit')}
        </Button>
      </Form>
    </Card>
  );
}
