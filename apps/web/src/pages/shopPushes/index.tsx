import { useState, type Key } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { ShopPush } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDateTime } from '../../components/format';
import { toast } from '../../components/toast';
import { useLabels } from '../../components/labels';
import { ShopSyncAllButton, ShopSyncButtons, useCanPush } from '../shop/ShopSyncButtons';

const AREA = 'shop';
const stateColor: Record<string, string> = {
  pending: 'blue',
  running: 'processing',
  done: 'green',
  failed: 'orange',
  dead: 'red',
};

function ShopStatusTag() {
  const { t } = useTranslation();
  const status = useQuery({ queryKey: qk.other(AREA, 'status'), queryFn: () => call('shop.status') });
  if (!status.data) return <Tag>{t('shopPushes.status.checking')}</Tag>;
  if (status.data.mode === 'none') return <Tag color="default">{t('shopPushes.status.none')}</Tag>;
  return status.data.reachable ? (
    <Tag color="green">{t('shopPushes.status.answering')}</Tag>
  ) : (
    <Tag color="red">{t('shopPushes.status.notAnswering')}</Tag>
  );
}

/** Push one item by its number, for head office (the items screen has the same buttons per item). */
function PushOneItem() {
  const { t } = useTranslation();
  const [itemNo, setItemNo] = useState('');
  const code = itemNo.trim().toUpperCase();
  return (
    <Card size="small" title={t('shopPushes.pushOne')} style={{ marginBottom: 16 }}>
      <Space align="start" wrap>
        <Form.Item label={t('shopPushes.itemToPush')} htmlFor="shop-push-item-no" style={{ marginBottom: 0 }}>
          <Input
            id="shop-push-item-no"
            value={itemNo}
            onChange={(e) => setItemNo(e.target.value)}
            placeholder={t('shopPushes.itemPlaceholder')}
            style={{ width: 180 }}
          />
        </Form.Item>
        {code ? (
          <ShopSyncButtons key={code} itemNo={code} />
        ) : (
          <Typography.Text type="secondary">{t('shopPushes.enterItem')}</Typography.Text>
        )}
      </Space>
    </Card>
  );
}

export default function ShopPushesPage() {
  const { t } = useTranslation();
  const labels = useLabels();
  const canRetry = useCan('/shopPushes', 'edit');
  const canPush = useCanPush();
  const [selected, setSelected] = useState<Key[]>([]);
  const retry = useApiMutation({
    fn: (ids: number[]) => call('shop.pushesRetry', { body: { ids } }),
    invalidates: [AREA],
    onSuccess: (r) => {
      setSelected([]);
      toast.successText(t('shopPushes.retried', { count: r.retried }));
    },
  });
  const columns: ColumnsType<ShopPush> = [
    { title: t('shopPushes.id'), dataIndex: 'id', key: 'id', sorter: true },
    {
      title: t('shopPushes.push'),
      dataIndex: 'kind',
      key: 'kind',
      sorter: true,
      render: labels.render('shopPushKind'),
    },
    { title: t('shopPushes.itemNo'), dataIndex: 'item_no', key: 'item_no', sorter: true },
    { title: t('fields.variant'), dataIndex: 'variant_code', key: 'variant_code' },
    {
      title: t('shopPushes.state'),
      dataIndex: 'state',
      key: 'state',
      sorter: true,
      render: (s: ShopPush['state']) => <Tag color={stateColor[s]}>{labels.label('shopPushState', s)}</Tag>,
    },
    {
      title: t('shopPushes.attempts'),
      key: 'attempts',
      sorter: true,
      render: (_: unknown, p: ShopPush) => `${p.attempts} / ${p.max_attempts}`,
    },
    {
      title: t('shopPushes.result'),
      key: 'operation',
      render: (_: unknown, p: ShopPush) =>
        p.operation ? `${p.operation}${p.mode === 'none' ? ` ${t('shopPushes.notSent')}` : ''}` : null,
    },
    { title: t('shopPushes.detail'), dataIndex: 'detail', key: 'detail', width: 260 },
    {
      title: t('shopPushes.lastError'),
      dataIndex: 'last_error',
      key: 'last_error',
      width: 320,
      render: (e: string | null) => (e ? <Typography.Text type="danger">{e}</Typography.Text> : null),
    },
    { title: t('shopPushes.requestedBy'), dataIndex: 'requested_by', key: 'requested_by' },
    {
      title: t('shopPushes.requested'),
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      render: renderDateTime,
    },
    {
      title: t('shopPushes.nextRun'),
      dataIndex: 'run_at',
      key: 'run_at',
      sorter: true,
      render: (v: string, p: ShopPush) => (p.state === 'pending' || p.state === 'failed' ? renderDateTime(v) : null),
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('shopPushes.title')}
        </Typography.Title>
        <ShopStatusTag />
      </Space>
      {canPush ? <PushOneItem /> : null}
      <ListPage<ShopPush>
        area={AREA}
        op="shop.pushesList"
        rowKey="id"
        exportName="shop-pushes"
        columns={columns}
        selectable={canRetry}
        selectedKeys={selected}
        onSelect={(keys) => setSelected(keys)}
        defaultSort={{ field: 'id', direction: 'desc' }}
        filters={[
          { name: 'item_no', label: t('shopPushes.itemNo') },
          {
            name: 'kind',
            label: t('shopPushes.push'),
            type: 'select',
            options: labels.options('shopPushKind'),
          },
          {
            name: 'state',
            label: t('shopPushes.state'),
            type: 'select',
            options: labels.options('shopPushState'),
          },
          { name: 'created_at', label: t('shopPushes.requested'), type: 'dateRange' },
        ]}
        toolbar={
          <>
            <ShopSyncAllButton />
            {canRetry ? (
              <Button
                icon={<RedoOutlined />}
                disabled={selected.length === 0}
                loading={retry.isPending}
                onClick={() => retry.mutate(selected.map(Number))}
              >
                {t('shopPushes.retry')}
              </Button>
            ) : null}
          </>
        }
      />
    </>
  );
}
