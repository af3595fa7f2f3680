import { Suspense, type ReactNode } from 'react';
import { Alert, Skeleton, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '@fp/contract/web';
import type { HeadOfficeHome, StoreHome } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { canAccess, useSession } from '../../auth/session';
import { lazyWithReload } from '../../shell/chunk-reload';

// The dashboard of / (issue 11, GET /api/home): "how are we doing today". Loaded on its own after the greeting, and
// built from plain elements (tiles and tables: styles.css .home-*): antd's Table (with Select for its pages) and Card
// (with Tabs) would weigh more than the dashboard. Head office's chart (recharts) loads in a chunk of its own.

const RevenueChart = lazyWithReload<{
  rows: HeadOfficeHome['revenue_by_franchise'];
  thisMonth: string;
  lastMonth: string;
}>(() => import('./RevenueChart'));

const money = (v: string | number | null | undefined) => formatNumber(v ?? '0');
const tabular = { fontVariantNumeric: 'tabular-nums' as const };

/** A link to a page the user may open, or the text alone. */
function PageLink(p: { to: string; children: ReactNode }) {
  const { me } = useSession();
  const page = p.to.split('?')[0];
  return canAccess(me, page, 'view') ? <Link to={p.to}>{p.children}</Link> : <>{p.children}</>;
}

function Tile(p: { title: string; testId: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="home-panel" data-testid={p.testId} style={{ height: '100%' }}>
      <div style={{ color: 'rgba(0,0,0,0.55)', marginBottom: 4 }}>{p.title}</div>
      <div style={{ fontSize: 26, fontWeight: 600, lineHeight: 1.3, ...tabular }}>{p.children}</div>
      {p.footer ? <div style={{ marginTop: 6 }}>{p.footer}</div> : null}
    </div>
  );
}

/** A titled panel (Card's look without Card, which brings Tabs into the chunk). */
function Panel(p: { title: ReactNode; extra?: ReactNode; testId: string; children: ReactNode }) {
  return (
    <section className="home-panel" data-testid={p.testId} style={{ marginTop: 16 }}>
      <header className="home-panel-head">
        <strong>{p.title}</strong>
        {p.extra ? <span style={{ color: 'rgba(0,0,0,0.55)' }}>{p.extra}</span> : null}
      </header>
      {p.children}
    </section>
  );
}

type Column<T> = { title: string; value: (r: T) => ReactNode; right?: boolean };

/** A plain table: the home page's few rows need neither paging nor sorting (antd Table would double its weight). */
function SimpleTable<T>(p: { rows: T[]; rowKey: (r: T) => string; columns: Column<T>[]; empty: string }) {
  return (
    <table className="home-table">
      <thead>
        <tr>
          {p.columns.map((c) => (
            <th key={c.title} style={{ textAlign: c.right ? 'right' : 'left' }}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {p.rows.length === 0 ? (
          <tr>
            <td colSpan={p.columns.length} style={{ textAlign: 'center', color: 'rgba(0,0,0,0.45)' }}>
              {p.empty}
            </td>
          </tr>
        ) : (
          p.rows.map((r) => (
            <tr key={p.rowKey(r)}>
              {p.columns.map((c) => (
                <td key={c.title} style={{ textAlign: c.right ? 'right' : 'left', ...(c.right ? tabular : {}) }}>
                  {c.value(r)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function StoreDashboard({ home }: { home: StoreHome }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="home-tiles">
        <div>
          <Tile
            title={t('home.todaySales', { date: formatDate(home.business_date) })}
            testId="home-today"
            footer={t('home.invoicedOrders', { count: home.today.orders })}
          >
            {money(home.today.sales_amount)}
          </Tile>
        </div>
        <div>
          <Tile
            title={t('home.openOrders')}
            testId="home-open-orders"
            footer={<PageLink to="/salesOrders">{t('home.toSalesOrders')}</PageLink>}
          >
            {home.open_orders}
          </Tile>
        </div>
        <div>
          <Tile
            title={t('home.cashInDrawer')}
            testId="home-cash"
            footer={
              <PageLink to="/shifts">
                {home.cash_in_drawer === null ? t('home.openShift') : t('home.toShifts')}
              </PageLink>
            }
          >
            {home.cash_in_drawer === null ? (
              <span style={{ fontSize: 18, color: '#d46b08' }}>{t('home.noShift')}</span>
            ) : (
              money(home.cash_in_drawer)
            )}
          </Tile>
        </div>
      </div>
      <Panel
        testId="home-low-stock"
        title={t('home.lowStock', { threshold: formatNumber(home.low_stock_threshold) })}
        extra={<PageLink to="/reports/onHand">{t('home.toOnHand')}</PageLink>}
      >
        <SimpleTable<StoreHome['low_stock'][number]>
          rows={home.low_stock}
          rowKey={(r) => `${r.location_code}|${r.item_no}|${r.variant_code}`}
          empty={t('home.noLowStock')}
          columns={[
            { title: t('home.location'), value: (r) => r.location_code },
            { title: t('home.itemNo'), value: (r) => r.item_no },
            { title: t('home.variant'), value: (r) => r.variant_code },
            { title: t('home.description'), value: (r) => r.description },
            { title: t('home.onHand'), value: (r) => formatNumber(r.quantity), right: true },
          ]}
        />
      </Panel>
    </>
  );
}

type FranchiseRow = HeadOfficeHome['revenue_by_franchise'][number];

/** this month against last month in percent, '' when last month had nothing. */
function change(r: FranchiseRow): string {
  const last = Number(r.last_month);
  if (!last) return '';
  const pct = ((Number(r.this_month) - last) / Math.abs(last)) * 100;
  return `${pct > 0 ? '+' : ''}${formatNumber(Math.round(pct * 10) / 10)} %`;
}

function HeadOfficeDashboard({ home }: { home: HeadOfficeHome }) {
  const { t } = useTranslation();
  const rows = home.revenue_by_franchise;
  const thisMonth = t('home.thisMonth');
  const lastMonth = t('home.lastMonth');

  const period = (p: { from_date: string; to_date: string }) => `${formatDate(p.from_date)} – ${formatDate(p.to_date)}`;
  const nothing = rows.every((r) => Number(r.this_month) === 0 && Number(r.last_month) === 0);
  return (
    <Panel
      testId="home-revenue"
      title={t('home.revenueByFranchise')}
      extra={`${thisMonth}: ${period(home.this_month)} · ${lastMonth}: ${period(home.last_month)}`}
    >
      {rows.length === 0 || nothing ? (
        <p style={{ textAlign: 'center', color: 'rgba(0,0,0,0.45)' }}>{t('home.noRevenue')}</p>
      ) : (
        <div
          data-testid="home-revenue-chart"
          role="img"
          aria-label={t('home.revenueChart')}
          style={{ width: '100%', height: 300 }}
        >
          <Suspense
            fallback={
              <div style={{ height: 300, display: 'grid', placeItems: 'center' }}>
                <Spin />
              </div>
            }
          >
            <RevenueChart rows={rows} thisMonth={thisMonth} lastMonth={lastMonth} />
          </Suspense>
        </div>
      )}
      <SimpleTable<FranchiseRow>
        rows={rows}
        rowKey={(r) => r.franchise_code}
        empty={t('home.noFranchises')}
        columns={[
          { title: t('home.franchise'), value: (r) => r.franchise_code },
          { title: t('home.name'), value: (r) => r.name },
          { title: thisMonth, value: (r) => money(r.this_month), right: true },
          { title: lastMonth, value: (r) => money(r.last_month), right: true },
          { title: t('home.change'), value: (r) => change(r), right: true },
        ]}
      />
    </Panel>
  );
}

/** GET /api/home: the store's day or head office's month, with loading and error states. */
export default function Dashboard() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: qk.op('home.get'), queryFn: () => call('home.get'), meta: { silent: true } });
  if (q.isLoading) return <Skeleton active paragraph={{ rows: 4 }} data-testid="home-loading" />;
  if (q.isError || !q.data) return <Alert type="warning" showIcon message={t('home.loadFailed')} />;
  return q.data.kind === 'store' ? <StoreDashboard home={q.data} /> : <HeadOfficeDashboard home={q.data} />;
}
