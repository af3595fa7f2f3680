import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Input, theme, type InputRef } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { check, loginErrors } from '@fp/contract/web';
import { ApiCallError } from '../../api/client';
import { useSession } from '../../auth/session';
import { landingPage } from '../../auth/landing';
import { toast } from '../../components/toast';
import { handle } from '../../components/handle';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { msg } from '../../i18n/messages';

type Field = 'username' | 'password';

/**
 * The login page: the first page a new device loads, so it is built from antd's Input, Button and Alert in plain
 * elements. antd's Form (with rc-form, async-validator and, for its labels, Tooltip with rc-trigger), Card (with Tabs
 * and Skeleton) and Typography (with its editor) would add some 60 kB of gzipped JavaScript to its first load
 * (`npm run bench -- 'first load'`). Its two fields are checked as Form's `required` rule checks them.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { me, login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { token } = theme.useToken();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [missing, setMissing] = useState<Partial<Record<Field, boolean>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<InputRef>(null);
  const usernameRef = useRef<InputRef>(null);
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  // No page asked for: the user's landing page (a store user who may sell lands on the counter).
  if (me) return <Navigate to={from === '/' ? landingPage(me) : from} replace />;

  const set = (f: Field) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [f]: value }));
    setMissing((m) => ({ ...m, [f]: f === 'username' ? !check.required(value) : value === '' }));
  };

  const submit = async () => {
    const lacking = { username: !check.required(values.username), password: values.password === '' };
    setMissing(lacking);
    if (lacking.username || lacking.password) {
      (lacking.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const info = await login(values.username, values.password);
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

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    handle(submit)();
  };

  const label = { display: 'block', marginBottom: token.marginXS, color: token.colorTextHeading };
  const field = { marginBottom: token.marginLG };
  const problem = (f: Field) =>
    missing[f] ? (
      <div id={`login-${f}-error`} role="alert" style={{ color: token.colorError, marginTop: 2 }}>
        {msg.required}
      </div>
    ) : null;

  return (
    // Card's look in plain elements.
    <section
      style={{
        width: 380,
        maxWidth: '100%',
        boxSizing: 'border-box',
        padding: token.paddingLG,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        color: token.colorText,
      }}
    >
      <h1
        style={{
          textAlign: 'center',
          marginTop: 0,
          fontSize: token.fontSizeHeading3,
          fontWeight: token.fontWeightStrong,
          color: token.colorTextHeading,
        }}
      >
        {t('app.title')}
      </h1>
      <p style={{ textAlign: 'center', color: token.colorTextSecondary }}>{t('login.title')}</p>
      {error ? <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} role="alert" /> : null}
      <form onSubmit={onSubmit} noValidate>
        <div style={field}>
          <label htmlFor="username" style={label}>
            {t('login.username')}
          </label>
          <Input
            id="username"
            ref={usernameRef}
            prefix={<UserOutlined />}
            autoComplete="username"
            autoFocus
            value={values.username}
            onChange={set('username')}
            status={missing.username ? 'error' : undefined}
            aria-invalid={missing.username || undefined}
            aria-describedby={missing.username ? 'login-username-error' : undefined}
          />
          {problem('username')}
        </div>
        <div style={field}>
          <label htmlFor="password" style={label}>
            {t('login.password')}
          </label>
          <Input.Password
            id="password"
            ref={passwordRef}
            prefix={<LockOutlined />}
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            status={missing.password ? 'error' : undefined}
            aria-invalid={missing.password || undefined}
            aria-describedby={missing.password ? 'login-password-error' : undefined}
          />
          {problem('password')}
        </div>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('login.submit')}
        </Button>
      </form>
      <div style={{ display: 'flex', justifyContent: 'center', marginTop: token.marginLG }}>
        <LanguageSwitch />
      </div>
    </section>
  );
}
