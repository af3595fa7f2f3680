import { useMemo, useState } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FilterItem } from '@fp/contract';
import { useSession } from '../../../auth/session';
import { useCategoryTree } from '../../items/data';
import { FranchisePicker } from './FranchisePicker';
import { PriceGrid } from './PriceGrid';

// /tablet/itemPrice and /tabletItemPrice: look a price up by search or category; the price is today's effective
// price for the user's franchise (item price > list price × rate > list price).
export default function TabletItemPricePage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const own = me?.franchise_code ?? null;
  const [picked, setPicked] = useState<string | null>(null);
  const franchise = own ?? picked;
  const tree = useCategoryTree();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [top, setTop] = useState<number | null>(null);
  const [sub, setSub] = useState<number | null>(null);
  const [page, setPage] = useState(1);

  const filters = useMemo(() => {
    const f: FilterItem[] = [];
    if (franchise && !own) f.push({ field: 'franchise_code', value: franchise, condition_type: 'eq' });
    if (search) f.push({ field: 'search', value: search, condition_type: 'like' });
    if (sub) f.push({ field: 'category_id', value: sub, condition_type: 'eq' });
    else if (top) f.push({ field: 'top_category_id', value: top, condition_type: 'eq' });
    return f;
  }, [franchise, own, search, top, sub]);
  const browsing = !search && !top;
  const topNode = tree.data?.find((c) => c.id === top);
  const chip = (active: boolean) => ({
    size: 'large' as const,
    type: active ? ('primary' as const) : ('default' as const),
    style: { minHeight: 48, minWidth: 48 },
  });

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('tablet.itemPrice.title')}
        </Typography.Title>
        {own ? (
          <Typography.Text type="secondary">
            {t('tablet.itemPrice.pricesOfFranchise', { franchise: own })}
          </Typography.Text>
        ) : (
          <FranchisePicker
            value={picked}
            onChange={(v) => {
              setPicked(v);
              setPage(1);
            }}
          />
        )}
      </Space>
      <Input.Search
        size="large"
        allowClear
        enterButton={t('common.search')}
        placeholder={t('tablet.itemPrice.placeholder')}
        aria-label={t('tablet.itemPrice.search')}
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
      <Space wrap role="group" aria-label={t('tablet.itemPrice.categories')}>
        <Button
          {...chip(top === null)}
          onClick={() => {
            setTop(null);
            setSub(null);
            setPage(1);
          }}
        >
          {t('common.all')}
        </Button>
        {(tree.data ?? []).map((c) => (
          <Button
            key={c.id}
            {...chip(top === c.id)}
            onClick={() => {
              setTop(c.id);
              setSub(null);
              setPage(1);
            }}
          >
            {c.name}
          </Button>
        ))}
      </Space>
      {topNode?.children.length ? (
        <Space wrap role="group" aria-label={t('tablet.itemPrice.subCategories')}>
          {topNode.children.map((s) => (
            <Button
              key={s.id}
              {...chip(sub === s.id)}
              onClick={() => {
                setSub(sub === s.id ? null : s.id);
                setPage(1);
              }}
            >
              {s.name} ({s.item_count})
            </Button>
          ))}
        </Space>
      ) : null}
      {browsing && page === 1 ? (
        <section aria-label={t('tablet.itemPrice.pinnedItems')}>
          <Typography.Title level={5}>{t('tablet.itemPrice.pinned')}</Typography.Title>
          <PriceGrid
            filters={[...filters, { field: 'pinned', value: true, condition_type: 'eq' }]}
            page={1}
            onPage={() => undefined}
            size={8}
            emptyText={t('tablet.itemPrice.noPinned')}
          />
        </section>
      ) : null}
      <section aria-label={t('tablet.itemPrice.prices')}>
        <PriceGrid
          filters={filters}
          page={page}
          onPage={setPage}
          emptyText={search ? t('tablet.itemPrice.noMatch', { search }) : t('tablet.category.noItems')}
        />
      </section>
    </Space>
  );
}
