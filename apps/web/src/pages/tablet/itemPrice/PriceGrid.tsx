import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, Col, Empty, Pagination, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { PushpinFilled } from '@ant-design/icons';
import { formatNumber, type FilterItem, type ItemRow, type ListRequestInput } from '@fp/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { PriceSourceTag } from '../../items/cells';
import { AREA } from '../../items/data';
import { Touch } from '../salesOrders/Touch';

export const PAGE_SIZE = 24;

function PriceCard({ row }: { row: ItemRow }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      styles={{ body: { padding: 16, minHeight: 150 } }}
      aria-label={`${row.description} ${formatNumber(row.effective_price)} ₫`}
      tabIndex={0}
    >
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Typography.Text strong style={{ fontSize: 17, lineHeight: 1.3 }}>
          {row.pinned ? (
            <PushpinFilled style={{ color: '#fa8c16', marginRight: 6 }} aria-label={t('tablet.itemPrice.pinned')} />
          ) : null}
          {row.description}
        </Typography.Text>
        <Typography.Text type="secondary">
          {row.item_no} · {row.base_unit_of_measure}
          {row.category_name ? ` · ${row.category_name}` : ''}
        </Typography.Text>
        <Typography.Text
          className="tablet-price"
          style={{ fontSize: 28, fontWeight: 700, color: '#cf1322', fontVariantNumeric: 'tabular-nums' }}
        >
          {formatNumber(row.effective_price)} ₫
        </Typography.Text>
        <Space size={4} wrap>
          <PriceSourceTag row={row} />
          {row.price_source !== 'list_price' ? (
            <Tag>{t('tablet.itemPrice.listTag', { price: formatNumber(row.unit_price) })}</Tag>
          ) : null}
        </Space>
      </Space>
    </Card>
  );
}

/** A finger-sized grid of items with today's effective price, paged on the server. */
export function PriceGrid({
  filters,
  page,
  onPage,
  emptyText,
  size = PAGE_SIZE,
}: {
  filters: FilterItem[];
  page: number;
  onPage: (p: number) => void;
  emptyText: string;
  size?: number;
}) {
  const { t } = useTranslation();
  const request: ListRequestInput = {
    pagination: { page, size },
    filters,
    sort_order: { field: 'sort', direction: 'asc' },
  };
  const list = useQuery({
    queryKey: qk.list(AREA, { tablet: true, ...request }),
    queryFn: () => call('items.list', { body: request }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  if (list.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (list.isError) return <Empty description={t('tablet.itemPrice.loadFailed')} />;
  const items = list.data?.items ?? [];
  if (items.length === 0) return <Empty description={emptyText} />;
  return (
    <>
      <Row gutter={[16, 16]}>
        {items.map((r) => (
          <Col key={r.item_no} xs={24} sm={12} lg={8} xl={6}>
            <PriceCard row={r} />
          </Col>
        ))}
      </Row>
      {(list.data?.total_count ?? 0) > size ? (
        <Touch>
          <Pagination
            style={{ marginTop: 16, textAlign: 'center' }}
            current={page}
            pageSize={size}
            total={list.data?.total_count ?? 0}
            showSizeChanger={false}
            onChange={onPage}
          />
        </Touch>
      ) : null}
    </>
  );
}
