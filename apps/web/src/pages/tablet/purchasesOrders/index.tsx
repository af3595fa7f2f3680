import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Pagination, Skeleton, Space, Tag, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, type FilterItem, type ListRequestInput } from '@fp/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { useCan } from '../../../auth/session';
import { PURCHASE_AREA, detailUrl, purchaseOpenStatuses, statusColor, statusText } from '../../purchasesOrders/data';
import { TOUCH, Touch } from '../salesOrders/Touch';

const PAGE_SIZE = 10;

/** /tablet/purchasesOrders: the open purchase orders as rows a finger opens, status chips and one search field. */
export default function TabletPurchaseOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canAdd = useCan('/tablet/purchasesOrders', 'edit');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  const request = useMemo<ListRequestInput>(() => {
    const filters: FilterItem[] = [
      { field: 'type', value: 'Order', condition_type: 'eq' },
      { field: 'status', value: status ?? purchaseOpenStatuses.join('|'), condition_type: 'in' },
    ];
    if (search) filters.push({ field: 'pos_po_no', value: search, condition_type: 'like' });
    return { pagination: { page, size: PAGE_SIZE }, filters, sort_order: { field: 'order_date', direction: 'desc' } };
  }, [page, search, status]);
  const list = useQuery({
    queryKey: qk.list(PURCHASE_AREA, { tablet: true, ...request }),
    queryFn: () => call('purchaseOrders.list', { body: request }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.items ?? [];
  const chip = (active: boolean) => ({
    type: active ? ('primary' as const) : ('default' as const),
    style: { minWidth: TOUCH },
  });
  const choose = (s: string | null) => {
    setStatus(s);
    setPage(1);
  };

  return (
    <Touch>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('purchasing.list.title')}
          </Typography.Title>
          <Space wrap>
            <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
              Refresh Data
            </Button>
            {canAdd ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate('/tablet/purchasesOrders/detail')}
              >
                Add New
              </Button>
            ) : null}
          </Space>
        </Space>
        <Input.Search
          allowClear
          enterButton="Search"
          aria-label={t('purchasing.tablet.search')}
          placeholder={t('purchasing.tablet.searchPlaceholder')}
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
        <Space wrap role="group" aria-label={t('purchasing.tablet.statuses')}>
          <Button {...chip(status === null)} onClick={() => choose(null)}>
            {t('purchasing.tablet.all')}
          </Button>
          {purchaseOpenStatuses.map((s) => (
            <Button key={s} {...chip(status === s)} onClick={() => choose(s)}>
              {statusText(s)}
            </Button>
          ))}
        </Space>
        {list.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : rows.length === 0 ? (
          <Empty description={list.isError ? t('purchasing.tablet.loadFailed') : t('purchasing.tablet.empty')} />
        ) : (
          <ul aria-label={t('purchasing.tablet.rows')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((r) => (
              <li key={r.pos_po_no} style={{ borderBottom: '1px solid #f0f0f0' }}>
                <Link
                  to={detailUrl(r, true)}
                  aria-label={`${r.pos_po_no} ${statusText(r.status)}`}
                  data-testid="tablet-purchase-row"
                  style={{
                    display: 'grid',
                    gridTemplateColumns: 'minmax(0, 2.2fr) minmax(0, 1.4fr) minmax(0, 2.2fr) minmax(0, 1.4fr)',
                    alignItems: 'center',
                    gap: 12,
                    minHeight: 64,
                    padding: '8px 12px',
                    color: 'inherit',
                  }}
                >
                  <span>
                    <strong style={{ display: 'block', overflowWrap: 'anywhere' }}>{r.pos_po_no}</strong>
                    <Typography.Text type="secondary">
                      {formatDate(r.order_date)} · {r.location_code}
                    </Typography.Text>
                  </span>
                  <span>
                    <Tag color={statusColor[r.status]}>{statusText(r.status)}</Tag>
                  </span>
                  <span style={{ overflowWrap: 'anywhere' }}>
                    {r.vendor_name}
                    <Typography.Text type="secondary" style={{ display: 'block' }}>
                      {t('purchasing.tablet.receiptDate', { date: formatDate(r.requested_receipt_date) })}
                    </Typography.Text>
                  </span>
                  <span style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                    <strong style={{ display: 'block' }}>{formatNumber(r.grand_total)}</strong>
                    <Typography.Text type="secondary">
                      {t('purchasing.tablet.remaining', { amount: formatNumber(r.remaining_amount) })}
                    </Typography.Text>
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
      </Space>
    </Touch>
  );
}
