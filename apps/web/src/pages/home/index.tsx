import { Suspense } from 'react';
import { Col, Row, Spin, theme } from 'antd';
import { Link } from 'react-router';
import { displayName, pages } from '@fp/contract/web';
import { canAccess, useSession } from '../../auth/session';
import { lazyWithReload } from '../../shell/chunk-reload';

// The dashboard (issue 11) loads after the greeting in its own chunk: its chart library stays off the first load.
const Dashboard = lazyWithReload(() => import('./Dashboard'));

export default function HomePage() {
  const { me } = useSession();
  // Plain elements in antd's colours: Typography (with its editor: Input, Form) and Card (with Tabs) would
  // weigh more on the first load than the whole page.
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
        Xin chào, {name}
      </h3>
      <p style={secondary}>
        {me?.role?.name ?? 'No role'}
        {me?.franchise_code ? ` · Store ${me.franchise_code}` : ' · Head office'}
      </p>
      <section aria-label="Dashboard" style={{ marginBottom: 24 }}>
        <Suspense fallback={<Spin />}>
          <Dashboard />
        </Suspense>
      </section>
      {open.length === 0 ? (
        <p>You have no pages yet. Ask an administrator for a page permission.</p>
      ) : (
        <Row gutter={[16, 16]}>
          {open.map((p) => (
            <Col key={p.url} xs={24} sm={12} md={8} lg={6}>
              <Link
                to={p.url}
                className="home-tile"
                style={{ borderColor: token.colorBorderSecondary, borderRadius: token.borderRadiusLG }}
              >
                <div className="home-tile-title" style={{ color: token.colorTextHeading }}>
                  {p.name}
                </div>
                <span style={secondary}>{p.group}</span>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
