import { useState, type ReactNode } from 'react';
import { Button, Empty, Input, Pagination, Skeleton, Space, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { TOUCH, Touch } from './Touch';
import { useTranslation } from 'react-i18next';

export const TABLET_PAGE_SIZE = 10;

/** What a tablet list asks the server for: the typed search, the chosen status chip (null: all) and the page. */
export function useTabletListState() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  return {
    search,
    status,
    page,
    setPage,
    /** A new search or status starts again at the first page. */
    find: (s: string) => {
      setSearch(s);
      setPage(1);
    },
    choose: (s: string | null) => {
      setStatus(s);
      setPage(1);
    },
  };
}
export type TabletListState = ReturnType<typeof useTabletListState>;

/** One row: a link a finger opens; its cells (a fragment) are laid out in the list's grid columns. */
export type TabletRow = { key: string; to: string; label: string; cells: ReactNode };

/**
 * The tablet list screens (sales orders, purchase orders): title with Refresh Data and Add New, one search field,
 * status chips, server-paged rows at least 64 px high, and what the screen adds below.
 */
export function TabletList<T>(p: {
  title: string;
  /** Buttons before Refresh Data (e.g. the scanner). */
  actions?: ReactNode;
  /** Where Add New goes; no button without it. */
  addTo?: string;
  search: { label: string; placeholder: string };
  statuses: readonly string[];
  statusText: (s: string) => string;
  labels: { statuses: string; all: string; rows: string; empty: string; loadFailed: string };
  state: TabletListState;
  list: {
    isLoading: boolean;
    isError: boolean;
    refetch: () => Promise<unknown>;
    data?: { items: T[]; total_count: number };
  };
  /** The grid's columns (CSS grid-template-columns) and the test id of a row. */
  columns: string;
  rowTestId: string;
  row: (r: T) => TabletRow;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const { state } = p;
  const rows = p.list.data?.items ?? [];
  const total = p.list.data?.total_count ?? 0;
  const chip = (active: boolean) => ({
    type: active ? ('primary' as const) : ('default' as const),
    style: { minWidth: TOUCH },
  });

  return (
    <Touch>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {p.title}
          </Typography.Title>
          <Space wrap>
            {p.actions}
            <Button icon={<ReloadOutlined />} onClick={() => void p.list.refetch()}>
              {t('document.refreshData')}
            </Button>
            {p.addTo ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(p.addTo!)}>
                {t('document.addNew')}
              </Button>
            ) : null}
          </Space>
        </Space>
        <Input.Search
          allowClear
          enterButton={t('common.search')}
          aria-label={p.search.label}
          placeholder={p.search.placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (!e.target.value) state.find('');
          }}
          onSearch={(v) => state.find(v.trim())}
        />
        <Space wrap role="group" aria-label={p.labels.statuses}>
          <Button {...chip(state.status === null)} onClick={() => state.choose(null)}>
            {p.labels.all}
          </Button>
          {p.statuses.map((s) => (
            <Button key={s} {...chip(state.status === s)} onClick={() => state.choose(s)}>
              {p.statusText(s)}
            </Button>
          ))}
        </Space>
        {p.list.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : rows.length === 0 ? (
          <Empty description={p.list.isError ? p.labels.loadFailed : p.labels.empty} />
        ) : (
          <ul aria-label={p.labels.rows} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((r) => {
              const row = p.row(r);
              return (
                <li key={row.key} style={{ borderBottom: '1px solid #f0f0f0' }}>
                  <Link
                    to={row.to}
                    aria-label={row.label}
                    data-testid={p.rowTestId}
                    style={{
                      display: 'grid',
                      gridTemplateColumns: p.columns,
                      alignItems: 'center',
                      gap: 12,
                      minHeight: 64,
                      padding: '8px 12px',
                      color: 'inherit',
                    }}
                  >
                    {row.cells}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {total > TABLET_PAGE_SIZE ? (
          <Pagination
            align="center"
            current={state.page}
            pageSize={TABLET_PAGE_SIZE}
            total={total}
            onChange={state.setPage}
            showSizeChanger={false}
          />
        ) : null}
        {p.footer}
      </Space>
    </Touch>
  );
}
