import { useState } from 'react';
import { Breadcrumb, Button, Card, Col, Empty, Row, Skeleton, Space, Typography } from 'antd';
import { AppstoreOutlined, ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CategoryNode, FilterItem } from '@fp/contract';
import { useSession } from '../../../auth/session';
import { useCategoryTree } from '../../items/data';
import { FranchisePicker } from '../itemPrice/FranchisePicker';
import { PriceGrid } from '../itemPrice/PriceGrid';

function NodeCard({ node, onOpen }: { node: CategoryNode; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Card
      hoverable
      role="button"
      tabIndex={0}
      aria-label={t('tablet.category.openOf', { name: node.name })}
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
          <Typography.Text type="secondary">{t('tablet.category.items', { count: node.item_count })}</Typography.Text>
        </span>
      </Space>
    </Card>
  );
}

// /tablet/category: browse the category tree; a sub-category (or a category without any) shows its items' prices.
export default function TabletCategoryPage() {
  const { t } = useTranslation();
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
          {t('tablet.category.title')}
        </Typography.Title>
        {own ? (
          <Typography.Text type="secondary">
            {t('tablet.itemPrice.pricesOfFranchise', { franchise: own })}
          </Typography.Text>
        ) : (
          <FranchisePicker value={picked} onChange={setPicked} />
        )}
      </Space>
      <Space>
        {top ? (
          <Button size="large" icon={<ArrowLeftOutlined />} onClick={back} style={{ minHeight: 48 }}>
            {t('common.back')}
          </Button>
        ) : null}
        <Breadcrumb
          items={[
            { title: t('tablet.category.all') },
            ...(top ? [{ title: top.name }] : []),
            ...(sub ? [{ title: sub.name }] : []),
          ]}
        />
      </Space>
      {tree.isLoading ? (
        <Skeleton active />
      ) : !tree.data?.length ? (
        <Empty description={t('tablet.category.none')} />
      ) : showItems ? (
        <PriceGrid filters={filters} page={page} onPage={setPage} emptyText={t('tablet.category.noItems')} />
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
