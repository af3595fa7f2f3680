import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Space, Typography } from 'antd';
import { SearchBox } from '../../../components/SearchBox';
import { formatNumber, type ItemRow } from '@fp/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { STOCK_AREA, pictureOf, positionKey, sumQty, usePicturePath } from '../../warehouseEntries/data';
import { ItemPicture } from '../../warehouseEntries/Picture';
import { TOUCH, Touch } from '../salesOrders/Touch';

/** The items a search finds (number or name, case- and diacritic-insensitive); an exact number first. */
function useItemSearch(search: string) {
  return useQuery({
    queryKey: qk.op('items.list', { tabletOnHand: true, search }),
    queryFn: async () => {
      const r = await call('items.list', {
        body: {
          pagination: { page: 1, size: 12 },
          filters: [{ field: 'search', value: search, condition_type: 'like' }],
          sort_order: { field: 'item_no', direction: 'asc' },
        },
      });
      const exact = search.toUpperCase();
      return [...r.items].sort((a, b) => Number(b.item_no === exact) - Number(a.item_no === exact));
    },
    enabled: search !== '',
    placeholderData: keepPreviousData,
  });
}

/** On hand of one item at every location the user sees (Σ item ledger; positions at 0 are left out). */
function useItemOnHand(itemNo: string | null) {
  return useQuery({
    queryKey: qk.list(STOCK_AREA, { tabletOnHand: itemNo }),
    queryFn: () =>
      call('warehouse.onHand', {
        body: {
          pagination: { page: 1, size: 100 },
          filters: [{ field: 'item_no', value: itemNo!, condition_type: 'eq' }],
          sort_order: { field: 'location_code', direction: 'asc' },
        },
      }),
    enabled: !!itemNo,
  });
}

/**
 * /tablet/onHand: finger-sized stock lookup. Search an item (typed, or opened from the scanner with ?item=) and see
 * its picture and what is on hand at each location.
 */
export default function TabletOnHandPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('item')?.trim().toUpperCase() ?? '';
  const [text, setText] = useState(fromUrl);
  const [search, setSearch] = useState(fromUrl);
  const [picked, setPicked] = useState<ItemRow | null>(null);
  const found = useItemSearch(search);
  const path = usePicturePath();

  // One item found, or an exact number: show it at once (a scanned code is an item number).
  const items = useMemo(
    () => (found.isPlaceholderData ? [] : (found.data ?? [])),
    [found.data, found.isPlaceholderData],
  );
  const only = items.length === 1 || items[0]?.item_no === search.toUpperCase() ? items[0] : undefined;
  useEffect(() => {
    if (only) setPicked(only);
  }, [only]);
  const item = picked;
  const stock = useItemOnHand(item?.item_no ?? null);

  const run = (v: string) => {
    const s = v.trim();
    setPicked(null);
    setSearch(s);
    setParams(s ? { item: s } : {}, { replace: true });
  };
  const clear = () => {
    setText('');
    run('');
  };
  const total = sumQty((stock.data?.items ?? []).map((r) => r.quantity));

  return (
    <Touch>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('stock.tablet.title')}
        </Typography.Title>
        <Space.Compact style={{ width: '100%' }}>
          <SearchBox
            size="large"
            enterButton={t('common.search')}
            placeholder={t('stock.tablet.placeholder')}
            aria-label={t('stock.tablet.search')}
            value={text}
            busy={found.isFetching}
            onChange={(e) => setText(e.target.value)}
            onSearch={run}
          />
          <Button size="large" onClick={clear} style={{ minWidth: TOUCH }}>
            {t('stock.tablet.clear')}
          </Button>
        </Space.Compact>

        {search === '' ? (
          <Empty description={t('stock.tablet.hint')} />
        ) : found.isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : found.isError ? (
          <Alert type="error" showIcon message={t('stock.tablet.searchFailed')} />
        ) : items.length === 0 && !found.isFetching ? (
          <Empty description={t('stock.tablet.noItem', { search })} />
        ) : !item ? (
          <section aria-label={t('stock.tablet.results')}>
            <Row gutter={[12, 12]}>
              {items.map((r) => (
                <Col key={r.item_no} xs={24} sm={12} lg={8}>
                  <Button
                    block
                    style={{ height: 'auto', minHeight: 64, textAlign: 'left', whiteSpace: 'normal' }}
                    aria-label={`${r.item_no} ${r.description}`}
                    onClick={() => setPicked(r)}
                  >
                    <Space>
                      <ItemPicture src={pictureOf(path, r.item_no)} alt={r.item_no} size={40} />
                      <span>
                        <strong>{r.item_no}</strong>
                        <br />
                        {r.description}
                      </span>
                    </Space>
                  </Button>
                </Col>
              ))}
            </Row>
          </section>
        ) : (
          <section aria-label={t('stock.tablet.onHandOf', { item: item.item_no })} data-testid="tablet-on-hand">
            <Card>
              <Space align="start" size="large" wrap>
                <ItemPicture src={pictureOf(path, item.item_no)} alt={item.item_no} size={120} />
                <Space direction="vertical" size={4}>
                  <Typography.Text strong style={{ fontSize: 20 }}>
                    {item.item_no} — {item.description}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {item.base_unit_of_measure}
                    {item.category_name ? ` · ${item.category_name}` : ''}
                  </Typography.Text>
                  <Typography.Text style={{ fontSize: 28, fontWeight: 700 }} data-testid="tablet-on-hand-total">
                    {t('stock.tablet.total', { quantity: formatNumber(total), unit: item.base_unit_of_measure })}
                  </Typography.Text>
                  {items.length > 1 ? (
                    <Button onClick={() => setPicked(null)}>{t('stock.tablet.otherItems')}</Button>
                  ) : null}
                </Space>
              </Space>
            </Card>
            {stock.isLoading ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : stock.isError ? (
              <Alert type="error" showIcon message={t('stock.tablet.stockFailed')} />
            ) : (stock.data?.items.length ?? 0) === 0 ? (
              <Empty description={t('stock.tablet.none')} style={{ marginTop: 16 }} />
            ) : (
              <Row gutter={[12, 12]} style={{ marginTop: 16 }}>
                {stock.data!.items.map((r) => (
                  <Col key={positionKey(r)} xs={24} sm={12} lg={8}>
                    <Card size="small" aria-label={`${r.location_code}${r.variant_code ? ` ${r.variant_code}` : ''}`}>
                      <Typography.Text type="secondary">
                        {r.location_code}
                        {r.variant_code ? ` · ${r.variant_code}` : ''}
                      </Typography.Text>
                      <div style={{ fontSize: 28, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                        {formatNumber(r.quantity)} <span style={{ fontSize: 16 }}>{r.unit_of_measure}</span>
                      </div>
                    </Card>
                  </Col>
                ))}
              </Row>
            )}
          </section>
        )}
      </Space>
    </Touch>
  );
}
