import { useState } from 'react';
import { Breadcrumb, Button, Card, Col, Empty, Row, Skeleton, Space, Typography } from 'antd';
import { AppstoreOutlined, ArrowLeftOutlined } from '@ant-design/icons';
import type { CategoryNode, FilterItem } from '@fp/contract';
import { useSession } from '../../../auth/session';
import { useCategoryTree } from '../../items/data';
import { FranchisePicker } from '../itemPrice/FranchisePicker';
import { PriceGrid } from '../itemPrice/PriceGrid';

function NodeCard({ node, onOpen }: { node: CategoryNode; onOpen: () => void }) {
  return (
    <Card
      hoverable
      role="button"
      tabIndex={0}
      aria-label={`Open ${node.name}`}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen();
        }
      }}
      styles={{ body: { minHeight: 110, display: 'flex', flexDirection: 'column', justifyContent: 'center' } }}
    >
      <Space>
        <AppstoreOutlined style={{ fontSize: 28, color: '#1677ff' }} />
        <span>
          <Typography.Text strong style={{ fontSize: 18, display: 'block' }}>
            {node.name}
          </Typography.Text>
          <Typography.Text type="secondary">{node.item_count} items</Typography.Text>
        </span>
      </Space>
    </Card>
  );
}

// /tablet/category: browse the category tree; a sub-category (or a category without any) shows its items' prices.
export default function TabletCategoryPage() {
  const { me } = useSession();
  const own = me?.franchise_code ?? null;
  const [picked, setPicked] = useState<string | null>(null);
  const franchise = own ?? picked;
  const tree = useCategoryTree();
  const [topId, setTopId] = useState<number | null>(null);
  const [subId, setSubId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const top = tree.data?.find((c) => c.id === topId) ?? null;
  const sub = top?.children.find((s) => s.id === subId) ?? null;
  const showItems = Boolean(sub || (top && top.children.length === 0));
  const filters: FilterItem[] = [
    ...(franchise && !own ? [{ field: 'franchise_code', value: franchise, condition_type: 'eq' as const }] : []),
    ...(sub
      ? [{ field: 'category_id', value: sub.id, condition_type: 'eq' as const }]
      : top
        ? [{ field: 'top_category_id', value: top.id, condition_type: 'eq' as const }]
        : []),
  ];
  const back = () => {
    setPage(1);
    if (subId) setSubId(null);
    else setTopId(null);
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Categories
        </Typography.Title>
        {own ? (
          <Typography.Text type="secondary">Prices of {own}</Typography.Text>
        ) : (
          <FranchisePicker value={picked} onChange={setPicked} />
        )}
      </Space>
      <Space>
        {top ? (
          <Button size="large" icon={<ArrowLeftOutlined />} onClick={back} style={{ minHeight: 48 }}>
            Back
          </Button>
        ) : null}
        <Breadcrumb
          items={[
            { title: 'All categories' },
            ...(top ? [{ title: top.name }] : []),
            ...(sub ? [{ title: sub.name }] : []),
          ]}
        />
      </Space>
      {tree.isLoading ? (
        <Skeleton active />
      ) : !tree.data?.length ? (
        <Empty description="No categories yet" />
      ) : showItems ? (
        <PriceGrid filters={filters} page={page} onPage={setPage} emptyText="No items in this category" />
      ) : (
        <Row gutter={[16, 16]}>
          {(top ? top.children : tree.data).map((n) => (
            <Col key={n.id} xs={24} sm={12} lg={8}>
              <NodeCard node={n} onOpen={() => (top ? setSubId(n.id) : setTopId(n.id))} />
            </Col>
          ))}
        </Row>
      )}
    </Space>
  );
}
