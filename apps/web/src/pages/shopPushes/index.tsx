import { useState, type Key } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { jobStates, shopPushKindLabels, shopPushKinds, shopPushStateLabels, type ShopPush } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDateTime } from '../../components/format';
import { toast } from '../../components/toast';
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
  const status = useQuery({ queryKey: qk.other(AREA, 'status'), queryFn: () => call('shop.status') });
  if (!status.data) return <Tag>Online shop: checking…</Tag>;
  if (status.data.mode === 'none')
    return <Tag color="default">Online shop: none — pushes are recorded, nothing is sent</Tag>;
  return status.data.reachable ? (
    <Tag color="green">Online shop: Magento, answering</Tag>
  ) : (
    <Tag color="red">Online shop: Magento, not answering</Tag>
  );
}

/** Push one item by its number, for head office (the items screen has the same buttons per item). */
function PushOneItem() {
  const [itemNo, setItemNo] = useState('');
  const code = itemNo.trim().toUpperCase();
  return (
    <Card size="small" title="Push an item" style={{ marginBottom: 16 }}>
      <Space align="start" wrap>
        <Form.Item label="Item to push" htmlFor="shop-push-item-no" style={{ marginBottom: 0 }}>
          <Input
            id="shop-push-item-no"
            value={itemNo}
            onChange={(e) => setItemNo(e.target.value)}
            placeholder="e.g. AT100"
            style={{ width: 180 }}
          />
        </Form.Item>
        {code ? (
          <ShopSyncButtons key={code} itemNo={code} />
        ) : (
          <Typography.Text type="secondary">Enter an item number to push it.</Typography.Text>
        )}
      </Space>
    </Card>
  );
}

export default function ShopPushesPage() {
  const canRetry = useCan('/shopPushes', 'edit');
  const canPush = useCanPush();
  const [selected, setSelected] = useState<Key[]>([]);
  const retry = useApiMutation({
    fn: (ids: number[]) => call('shop.pushesRetry', { body: { ids } }),
    invalidates: [AREA],
    onSuccess: (r) => {
      setSelected([]);
      toast.successText(`Retry ${r.retried} Push${r.retried === 1 ? '' : 'es'} Successfully!`);
    },
  });
  const columns: ColumnsType<ShopPush> = [
    { title: 'ID', dataIndex: 'id', key: 'id', sorter: true },
    {
      title: 'Push',
      dataIndex: 'kind',
      key: 'kind',
      sorter: true,
      render: (k: ShopPush['kind']) => shopPushKindLabels[k],
    },
    { title: 'Item No.', dataIndex: 'item_no', key: 'item_no', sorter: true },
    { title: 'Variant', dataIndex: 'variant_code', key: 'variant_code' },
    {
      title: 'State',
      dataIndex: 'state',
      key: 'state',
      sorter: true,
      render: (s: ShopPush['state']) => <Tag color={stateColor[s]}>{shopPushStateLabels[s]}</Tag>,
    },
    {
      title: 'Attempts',
      key: 'attempts',
      sorter: true,
      render: (_: unknown, p: ShopPush) => `${p.attempts} / ${p.max_attempts}`,
    },
    {
      title: 'Result',
      key: 'operation',
      render: (_: unknown, p: ShopPush) =>
        p.operation ? `${p.operation}${p.mode === 'none' ? ' (not sent: shop mode none)' : ''}` : null,
    },
    { title: 'Detail', dataIndex: 'detail', key: 'detail', width: 260 },
    {
      title: 'Last Error',
      dataIndex: 'last_error',
      key: 'last_error',
      width: 320,
      render: (e: string | null) => (e ? <Typography.Text type="danger">{e}</Typography.Text> : null),
    },
    { title: 'Requested By', dataIndex: 'requested_by', key: 'requested_by' },
    { title: 'Requested', dataIndex: 'created_at', key: 'created_at', sorter: true, render: renderDateTime },
    {
      title: 'Next Run',
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
          Online Shop Pushes
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
          { name: 'item_no', label: 'Item No.' },
          {
            name: 'kind',
            label: 'Push',
            type: 'select',
            options: shopPushKinds.map((k) => ({ label: shopPushKindLabels[k], value: k })),
          },
          {
            name: 'state',
            label: 'State',
            type: 'select',
            options: jobStates.map((s) => ({ label: shopPushStateLabels[s], value: s })),
          },
          { name: 'created_at', label: 'Requested', type: 'dateRange' },
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
                Retry
              </Button>
            ) : null}
          </>
        }
      />
    </>
  );
}
