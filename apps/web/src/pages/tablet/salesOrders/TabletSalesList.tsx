import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Pagination, Skeleton, Space, Tag, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined, ScanOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, type FilterItem, type ListRequestInput } from '@fp/contract';
import { salesOrderClosedStatuses, salesOrderOpenStatuses } from '@fp/contract/machines';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { useCan } from '../../../auth/session';
import { SALES_AREA, statusColor, statusText } from '../../salesOrders/data';
import { TABLET_SCAN_PAGE, tabletDetailUrl } from './data';
import { TOUCH, Touch } from './Touch';

const PAGE_SIZE = 10;

/** What a typed search filters: a phone number, an order number (has digits and letters) or the customer's name. */
export function searchFilter(text: string): FilterItem | null {
  const s = text.trim();
  if (!s) return null;
  if (/^\+?[\d\s.-]{6,}$/.test(s))
    return { field: 'sell_to_phone_no', value: s.replace(/[\s.-]/g, ''), condition_type: 'like' };
  if (/\d/.test(s)) return { field: 'pos_so_no', value: s, condition_type: 'like' };
  return { field: 'customer_name', value: s, condition_type: 'like' };
}

/**
 * /tablet/salesOrders (open, released, confirmed, partial delivered, shipped) and /tablet/salesOrdersInvoicedCanceled:
 * server-paged rows a finger opens, status chips and one search field.
 */
export function TabletSalesList({ variant }: { variant: 'open' | 'closed' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const statuses = variant === 'open' ? salesOrderOpenStatuses : salesOrderClosedStatuses;
  const canAdd = useCan('/tablet/salesOrders', 'edit') && variant === 'open';
  const canScan = useCan(TABLET_SCAN_PAGE, 'view');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  const request = useMemo<ListRequestInput>(() => {
    const filters: FilterItem[] = [
      { field: 'document_type', value: 'order', condition_type: 'eq' },
      { field: 'status', value: status ?? statuses.join('|'), condition_type: 'in' },
    ];
    const s = searchFilter(search);
    if (s) filters.push(s);
    return {
      pagination: { page, size: PAGE_SIZE },
      filters,
      sort_order: { field: 'order_date', direction: 'desc' },
    };
  }, [page, search, status, statuses]);
  const list = useQuery({
    queryKey: qk.list(SALES_AREA, { tablet: true, ...request }),
    queryFn: () => call('salesOrders.list', { body: request }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.items ?? [];
  const chip = (active: boolean) => ({
    type: active ? ('primary' as const) : ('default' as const),
    style: { minWidth: TOUCH },
  });

  return (
    <Touch>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {variant === 'open' ? t('tablet.sales.title') : t('tablet.sales.closedTitle')}
          </Typography.Title>
          <Space wrap>
            {canScan && variant === 'open' ? (
              <Button icon={<ScanOutlined />} onClick={() => void navigate(TABLET_SCAN_PAGE)}>
                {t('tablet.scan.open')}
              </Button>
            ) : null}
            <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
              Refresh Data
            </Button>
            {canAdd ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate('/tablet/salesOrders/detail')}
              >
                Add New
              </Button>
            ) : null}
          </Space>
        </Space>
        <Input.Search
          allowClear
          enterButton="Search"
          aria-label={t('tablet.sales.search')}
          placeholder={t('tablet.sales.searchPlaceholder')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (!e.target.value) {
              setSearch('');
              setPage(1);
            }
          }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
        <Space wrap role="group" aria-label={t('tablet.sales.statuses')}>
          <Button
            {...chip(status === null)}
            onClick={() => {
              setStatus(null);
              setPage(1);
            }}
          >
            {t('tablet.sales.all')}
          </Button>
          {statuses.map((s) => (
            <Button
              key={s}
              {...chip(status === s)}
              onClick={() => {
                setStatus(s);
                setPage(1);
              }}
            >
              {statusText(s)}
            </Button>
          ))}
        </Space>
        {list.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : rows.length === 0 ? (
          <Empty description={list.isError ? t('tablet.sales.loadFailed') : t('tablet.sales.empty')} />
        ) : (
          <ul aria-label={t('tablet.sales.rows')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((r) => (
              <li key={r.pos_so_no} style={{ borderBottom: '1px solid #f0f0f0' }}>
                <Link
                  to={tabletDetailUrl(r)}
                  aria-label={`${r.pos_so_no} ${statusText(r.status)}`}
                  data-testid="tablet-order-row"
                  style={{
                    display: 'grid',
                    gridTemplateColumns: 'minmax(0, 2.2fr) minmax(0, 1.2fr) minmax(0, 2.5fr) minmax(0, 1.4fr)',
                    alignItems: 'center',
                    gap: 12,
                    minHeight: 64,
                    padding: '8px 12px',
                    color: 'inherit',
                  }}
                >
                  <span>
                    <strong style={{ display: 'block', overflowWrap: 'anywhere' }}>{r.pos_so_no}</strong>
                    <Typography.Text type="secondary">
                      {formatDate(r.order_date)} · {r.location_code}
                    </Typography.Text>
                  </span>
                  <span>
                    <Tag color={statusColor[r.status]}>{statusText(r.status)}</Tag>
                  </span>
                  <span style={{ overflowWrap: 'anywhere' }}>
                    {r.customer_name || r.customer_no || t('tablet.sales.noCustomer')}
                    {r.sell_to_phone_no ? (
                      <Typography.Text type="secondary" style={{ display: 'block' }}>
                        {r.sell_to_phone_no}
                      </Typography.Text>
                    ) : null}
                  </span>
                  <span style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                    <strong style={{ display: 'block' }}>{formatNumber(r.grand_total)}</strong>
                    {variant === 'open' ? (
                      <Typography.Text type="secondary">
                        {t('tablet.sales.remaining', { amount: formatNumber(r.remaining_amount) })}
                      </Typography.Text>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {(list.data?.total_count ?? 0) > PAGE_SIZE ? (
          <Pagination
            align="center"
            current={page}
            pageSize={PAGE_SIZE}
            total={list.data?.total_count ?? 0}
            onChange={setPage}
            showSizeChanger={false}
          />
        ) : null}
        {variant === 'open' ? (
          <Link
            to="/tablet/salesOrdersInvoicedCanceled"
            style={{ display: 'inline-block', minHeight: TOUCH, lineHeight: `${TOUCH}px` }}
          >
            {t('tablet.sales.closedTitle')}
          </Link>
        ) : (
          <Link
            to="/tablet/salesOrders"
            style={{ display: 'inline-block', minHeight: TOUCH, lineHeight: `${TOUCH}px` }}
          >
            {t('tablet.sales.title')}
          </Link>
        )}
      </Space>
    </Touch>
  );
}
