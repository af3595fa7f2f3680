import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, List, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, ExportOutlined } from '@ant-design/icons';
import { formatNumber, shopPageUrl, type ShopWebsiteItem } from '@fp/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';

// /tablet/website: the online shop's page for the item the store is looking at. The page is the shop's search for
// the item number (shopPageUrl), which finds the product whatever URL key it was given.

const PAGE_SIZE = 20;

function ItemPicker({ onPick }: { onPick: (itemNo: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const request = {
    pagination: { page, size: PAGE_SIZE },
    filters: search ? [{ field: 'search', value: search, condition_type: 'like' as const }] : [],
  };
  const list = useQuery({
    queryKey: qk.op('shop.websiteItemsList', request),
    queryFn: () => call('shop.websiteItemsList', { body: request }),
    placeholderData: keepPreviousData,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Input.Search
        size="large"
        aria-label={t('tablet.website.search')}
        placeholder={t('tablet.website.placeholder')}
        enterButton={t('common.search')}
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => {
          setSearch(v.trim());
          setPage(1);
        }}
      />
      <List<ShopWebsiteItem>
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        locale={{
          emptyText: (
            <Empty
              description={
                list.isError
                  ? t('tablet.website.loadFailed')
                  : search
                    ? t('tablet.itemPrice.noMatch', { search })
                    : t('tablet.website.noItems')
              }
            />
          ),
        }}
        pagination={
          (list.data?.total_count ?? 0) > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total: list.data?.total_count ?? 0,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
        renderItem={(item) => (
          <List.Item
            actions={[
              <Button
                key="open"
                type="primary"
                size="large"
                onClick={() => onPick(item.item_no)}
                aria-label={t('tablet.website.showOf', { item: item.item_no })}
              >
                {t('tablet.website.show')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <span>
                  <Typography.Text strong>{item.item_no}</Typography.Text> · {item.description}
                </span>
              }
              description={`${formatNumber(item.unit_price)} ₫${item.category_name ? ` · ${item.category_name}` : ''}`}
            />
          </List.Item>
        )}
      />
    </Space>
  );
}

export default function TabletWebsitePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const itemNo = (params.get('item_no') ?? '').trim().toUpperCase();
  const config = useQuery({ queryKey: qk.config, queryFn: () => call('config.get') });
  const pick = (no: string) => setParams(no ? { item_no: no } : {});

  if (config.isLoading) return <Skeleton active />;
  const url = itemNo ? shopPageUrl(config.data?.shop_url, itemNo) : null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('tablet.website.title')}
      </Typography.Title>
      {config.isError ? (
        <Alert type="error" showIcon message={t('tablet.website.settingsFailed')} />
      ) : !shopPageUrl(config.data?.shop_url, 'x') ? (
        <Alert
          type="warning"
          showIcon
          message={t('tablet.website.noUrl')}
          description={t('tablet.website.noUrlHint')}
        />
      ) : null}
      {itemNo ? (
        <>
          <Space wrap>
            <Button size="large" icon={<ArrowLeftOutlined />} onClick={() => pick('')}>
              {t('tablet.website.otherItem')}
            </Button>
            <Typography.Text strong style={{ fontSize: 18 }}>
              {itemNo}
            </Typography.Text>
            {url ? (
              <Button
                size="large"
                type="primary"
                icon={<ExportOutlined />}
                href={url}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('tablet.website.openNewTab')}
              </Button>
            ) : null}
          </Space>
          {url ? (
            <>
              <iframe
                title={t('tablet.website.pageOf', { item: itemNo })}
                src={url}
                style={{
                  width: '100%',
                  height: 'calc(100vh - 260px)',
                  minHeight: 420,
                  border: '1px solid #d9d9d9',
                  borderRadius: 8,
                }}
              />
              <Typography.Text type="secondary">{t('tablet.website.blankHint')}</Typography.Text>
            </>
          ) : null}
        </>
      ) : (
        <ItemPicker onPick={pick} />
      )}
    </Space>
  );
}
