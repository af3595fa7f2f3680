import { useState } from 'react';
import { useSearchParams } from 'react-router';
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
        aria-label="Search item"
        placeholder="Item number or name"
        enterButton="Search"
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
                  ? 'Could not load the items. Search again to retry.'
                  : search
                    ? `No item matches "${search}"`
                    : 'No items'
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
                aria-label={`Show ${item.item_no} in the online shop`}
              >
                Show in shop
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
  const [params, setParams] = useSearchParams();
  const itemNo = (params.get('item_no') ?? '').trim().toUpperCase();
  const config = useQuery({ queryKey: qk.config, queryFn: () => call('config.get') });
  const pick = (no: string) => setParams(no ? { item_no: no } : {});

  if (config.isLoading) return <Skeleton active />;
  const url = itemNo ? shopPageUrl(config.data?.shop_url, itemNo) : null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        Website
      </Typography.Title>
      {config.isError ? (
        <Alert
          type="error"
          showIcon
          message="The settings could not be loaded, so the shop address is unknown. Reload the page to try again."
        />
      ) : !shopPageUrl(config.data?.shop_url, 'x') ? (
        <Alert
          type="warning"
          showIcon
          message="No online shop URL is configured"
          description="An administrator sets the Online shop URL in Settings; then the shop's page of each item shows here."
        />
      ) : null}
      {itemNo ? (
        <>
          <Space wrap>
            <Button size="large" icon={<ArrowLeftOutlined />} onClick={() => pick('')}>
              Other item
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
                Open in new tab
              </Button>
            ) : null}
          </Space>
          {url ? (
            <>
              <iframe
                title={`Online shop page of ${itemNo}`}
                src={url}
                style={{
                  width: '100%',
                  height: 'calc(100vh - 260px)',
                  minHeight: 420,
                  border: '1px solid #d9d9d9',
                  borderRadius: 8,
                }}
              />
              <Typography.Text type="secondary">
                If the shop stays blank here, it does not allow being shown inside other sites: use Open in new tab.
              </Typography.Text>
            </>
          ) : null}
        </>
      ) : (
        <ItemPicker onPick={pick} />
      )}
    </Space>
  );
}
