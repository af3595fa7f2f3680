import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** product.md 2: "Page not found" followed by the full requested path. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const loc = useLocation();
  const full = `${loc.pathname}${loc.search}${loc.hash}`;
  return (
    <Result
      status="404"
      title="404"
      subTitle={<span data-testid="not-found-message">{`${t('notFound.message')} ${full}`}</span>}
      extra={
        <Link to="/">
          <Button type="primary">{t('notFound.backHome')}</Button>
        </Link>
      }
    />
  );
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  return <Result status="403" title={t('forbidden.title')} subTitle={t('forbidden.message')} />;
}

export function ComingSoonPage({ name }: { name: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={t('comingSoon.title')} subTitle={t('comingSoon.message', { name })} />;
}
