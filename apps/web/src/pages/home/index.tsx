import { Suspense } from 'react';
import { theme } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { displayName, pages } from '@fp/contract/web';
import { canAccess, useSession } from '../../auth/session';
import { lazyWithReload } from '../../shell/chunk-reload';
import { Spinner } from '../../components/Spinner';

// The dashboard (issue 11) loads after the greeting in its own chunk: its chart library stays off the first load.
const Dashboard = lazyWithReload(() => import('./Dashboard'));

export default function HomePage() {
  const { me } = useSession();
  const { t } = useTranslation();
  // Plain elements in antd's colours: Typography (with its editor: Input, Form), Card (with Tabs), Row/Col and Spin
  // would weigh more on the first load than the whole page. The tiles' grid is styles.css .home-pages (antd's
  // breakpoints: 1, 2, 3, 4 columns).
  const { token } = theme.useToken();
  const secondary = { color: token.colorTextSecondary };
  const open = pages.filter(
    (p) => p.menu && p.available && (!p.adminOnly || me?.is_admin) && canAccess(me, p.url, 'view'),
  );
  const name = me ? displayName(me.user) : '';
  return (
    <div>
      <h3
        style={{
          marginTop: 0,
          fontSize: token.fontSizeHeading3,
          fontWeight: token.fontWeightStrong,
          color: token.colorTextHeading,
        }}
      >
        {t('home.greeting', { name })}
      </h3>
      <p style={secondary}>
        {me?.role?.name ?? t('home.noRole')}
        {' · '}
        {me?.franchise_code ? t('menu.store', { code: me.franchise_code }) : t('home.headOffice')}
      </p>
      <section aria-label={t('home.dashboard')} style={{ marginBottom: 24 }}>
        <Suspense fallback={<Spinner what="dashboard" />}>
          <Dashboard />
        </Suspense>
      </section>
      {open.length === 0 ? (
        <p>{t('home.noPages')}</p>
      ) : (
        <div className="home-pages">
          {open.map((p) => (
            <Link
              key={p.url}
              to={p.url}
              className="home-tile"
              style={{ borderColor: token.colorBorderSecondary, borderRadius: token.borderRadiusLG }}
            >
              <div className="home-tile-title" style={{ color: token.colorTextHeading }}>
                {t(`pageNames.${p.url}`, { defaultValue: p.name })}
              </div>
              <span style={secondary}>{t(`menuGroups.${p.group}`)}</span>
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
