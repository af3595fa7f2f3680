import type { ReactNode } from 'react';
import { Alert, Card, Col, Empty, Row, Skeleton, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatNumber } from '@fp/contract/web';
import type { HeadOfficeHome, StoreHome } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { canAccess, useSession } from '../../auth/session';

// The dashboard of / (issue 11, GET /api/home): "how are we doing today". Loaded on its own after the greeting, so
// the chart library stays out of the first load.

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
    <Card size="small" data-testid={p.testId} style={{ height: '100%' }}>
      <div style={{ color: 'rgba(0,0,0,0.55)', marginBottom: 4 }}>{p.title}</div>
      <div style={{ fontSize: 26, fontWeight: 600, lineHeight: 1.3, ...tabular }}>{p.children}</div>
      {p.footer ? <div style={{ marginTop: 6 }}>{p.footer}</div> : null}
    </Card>
  );
}

function StoreDashboard({ home }: { home: StoreHome }) {
  const { t } = useTranslation();
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={8}>
          <Tile
            title={t('home.todaySales', { date: formatDate(home.business_date) })}
            testId="home-today"
            footer={t('home.invoicedOrders', { count: home.today.orders })}
          >
            {money(home.today.sales_amount)}
          </Tile>
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <Tile
            title={t('home.openOrders')}
            testId="home-open-orders"
            footer={<PageLink to="/salesOrders">{t('home.toSalesOrders')}</PageLink>}
          >
            {home.open_orders}
          </Tile>
        </Col>
        <Col xs={24} sm={12} lg={8}>
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
        </Col>
      </Row>
      <Card
        size="small"
        style={{ marginTop: 16 }}
        data-testid="home-low-stock"
        title={t('home.lowStock', { threshold: formatNumber(home.low_stock_threshold) })}
        extra={<PageLink to="/reports/onHand">{t('home.toOnHand')}</PageLink>}
      >
        <Table
          size="small"
          rowKey={(r) => `${r.location_code}|${r.item_no}|${r.variant_code}`}
          dataSource={home.low_stock}
          pagination={false}
          locale={{ emptyText: t('home.noLowStock') }}
          columns={[
            { title: t('home.location'), dataIndex: 'location_code' },
            { title: t('home.itemNo'), dataIndex: 'item_no' },
            { title: t('home.variant'), dataIndex: 'variant_code' },
            { title: t('home.description'), dataIndex: 'description' },
            {
              title: t('home.onHand'),
              dataIndex: 'quantity',
              align: 'right',
              render: (v: string) => <span style={tabular}>{formatNumber(v)}</span>,
            },
          ]}
        />
      </Card>
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
  const data = rows.map((r) => ({
    name: r.franchise_code,
    [thisMonth]: Number(r.this_month),
    [lastMonth]: Number(r.last_month),
  }));
  const period = (p: { from_date: string; to_date: string }) => `${formatDate(p.from_date)} – ${formatDate(p.to_date)}`;
  const nothing = rows.every((r) => Number(r.this_month) === 0 && Number(r.last_month) === 0);
  return (
    <Card
      size="small"
      data-testid="home-revenue"
      title={t('home.revenueByFranchise')}
      extra={
        <span style={{ color: 'rgba(0,0,0,0.55)' }}>
          {thisMonth}: {period(home.this_month)} · {lastMonth}: {period(home.last_month)}
        </span>
      }
    >
      {rows.length === 0 || nothing ? (
        <Empty description={t('home.noRevenue')} />
      ) : (
        <div
          style={{ width: '100%', height: 300 }}
          data-testid="home-revenue-chart"
          role="img"
          aria-label={t('home.revenueChart')}
        >
          <ResponsiveContainer>
            <BarChart data={data} margin={{ top: 8, right: 16, left: 24, bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" />
              <YAxis tickFormatter={(v: number) => formatNumber(v)} width={110} />
              <Tooltip formatter={(v) => formatNumber(Number(v))} />
              <Legend />
              <Bar dataKey={thisMonth} fill="#1677ff" />
              <Bar dataKey={lastMonth} fill="#bfbfbf" />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <Table<FranchiseRow>
        size="small"
        style={{ marginTop: 12 }}
        rowKey="franchise_code"
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('home.noFranchises') }}
        columns={[
          { title: t('home.franchise'), dataIndex: 'franchise_code' },
          { title: t('home.name'), dataIndex: 'name' },
          {
            title: thisMonth,
            dataIndex: 'this_month',
            align: 'right',
            render: (v: string) => <span style={tabular}>{money(v)}</span>,
          },
          {
            title: lastMonth,
            dataIndex: 'last_month',
            align: 'right',
            render: (v: string) => <span style={tabular}>{money(v)}</span>,
          },
          { title: t('home.change'), key: 'change', align: 'right', render: (_: unknown, r) => change(r) },
        ]}
      />
    </Card>
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
