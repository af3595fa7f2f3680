import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Popconfirm, Select, Space, Typography } from 'antd';
import { CloudUploadOutlined, DownOutlined } from '@ant-design/icons';
import type { ShopPush, ShopPushQueued, ToastEntity } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useCan, useSession } from '../../auth/session';
import { toast } from '../../components/toast';
import { handle } from '../../components/handle';
import { useLabels } from '../../components/labels';

// calls.md 7.17 for the items screen and the push screen: sync all, one item, prices of one item, one variant.
// A push is queued on the server and sent by its job runner; the buttons wait briefly for the outcome so
// "Sync … Successfully!" (1 s) or "Sync Failed!" says what the shop did, not just that the push was queued.

export type ShopTarget =
  | { kind: 'all' }
  | { kind: 'product'; itemNo: string }
  | { kind: 'prices'; itemNo: string }
  | { kind: 'variant'; itemNo: string; variantCode: string };

const entityOf: Record<ShopTarget['kind'], ToastEntity> = {
  all: 'Items',
  product: 'Item',
  prices: 'Price',
  variant: 'Variant',
};
const WAIT_MS = 15_000;
const POLL_MS = 1_000;

function request(target: ShopTarget): Promise<ShopPushQueued> {
  switch (target.kind) {
    case 'all':
      return call('shop.syncAll', { body: { sync_all: true } });
    case 'product':
      return call('shop.syncItem', { params: { item_no: target.itemNo } });
    case 'prices':
      return call('shop.syncItemPrices', { params: { item_no: target.itemNo } });
    case 'variant':
      return call('shop.syncVariant', {
        params: { variant_code: target.variantCode },
        body: { item_no: target.itemNo },
      });
  }
}

const settled = (p: ShopPush) => p.state === 'done' || p.state === 'failed' || p.state === 'dead';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type ShopPushOutcome = { target: ShopTarget; queued: ShopPushQueued; pushes: ShopPush[] };

/** Queues a push and, for one item, follows it until the shop has answered (at most 15 s). */
export function useShopPush() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const canWatch = useCan('/shopPushes', 'view');
  return useMutation({
    mutationFn: async (target: ShopTarget): Promise<ShopPushOutcome> => {
      const queued = await request(target);
      let pushes = queued.pushes;
      if (target.kind === 'all' || !canWatch) return { target, queued, pushes };
      const until = Date.now() + WAIT_MS;
      while (!pushes.every(settled) && Date.now() < until) {
        await sleep(POLL_MS);
        const list = await call('shop.pushesList', {
          body: {
            filters: [{ field: 'id', value: queued.job_ids.join('|'), condition_type: 'in' }],
          },
        });
        pushes = list.items;
      }
      return { target, queued, pushes };
    },
    onSuccess: ({ target, pushes }) => {
      void qc.invalidateQueries({ queryKey: qk.area('shop') });
      if (pushes.some((p) => p.state === 'failed' || p.state === 'dead')) toast.syncFailed();
      else if (target.kind !== 'all' && canWatch && !pushes.every(settled)) toast.info(t('shop.queued'));
      else toast.syncSuccess(entityOf[target.kind]);
    },
    onError: () => {
      void qc.invalidateQueries({ queryKey: qk.area('shop') });
      toast.syncFailed();
    },
  });
}

/** May this user push to the shop: edit on /items and head office (the server refuses store users). */
export function useCanPush(): boolean {
  const canEdit = useCan('/items', 'edit');
  const { me } = useSession();
  return canEdit && !me?.franchise_code;
}

/** What the last push did, in a line under the buttons. */
export function ShopPushResultLine({ outcome }: { outcome: ShopPushOutcome | undefined }) {
  const { t } = useTranslation();
  const labels = useLabels();
  if (!outcome) return null;
  const pushes = <Link to="/shopPushes">{t('shop.seePushes')}</Link>;
  if (outcome.target.kind === 'all') {
    return (
      <Typography.Text type="secondary" role="status">
        {t('shop.allQueued', { count: outcome.queued.count, new: outcome.queued.new_count })} {pushes}
      </Typography.Text>
    );
  }
  const push = outcome.pushes[0];
  if (!push) return null;
  const failing = push.state === 'failed' || push.state === 'dead';
  return (
    <Typography.Text type={failing ? 'danger' : push.state === 'done' ? 'success' : 'secondary'} role="status">
      {t('shop.pushState', { id: push.id, state: labels.label('shopPushState', push.state) })}
      {push.state === 'done' && push.detail ? ` — ${push.detail}` : ''}
      {failing && push.last_error ? ` — ${push.last_error}` : ''}
      {push.state === 'failed' ? ` ${t('shop.retried')}` : ''} {pushes}
    </Typography.Text>
  );
}

/** Sync buttons of one item (the items screen drops this in): the item, its prices, one of its variants. */
export function ShopSyncButtons({
  itemNo,
  variantCodes = [],
  size,
}: {
  itemNo: string;
  variantCodes?: string[];
  size?: 'small' | 'middle' | 'large';
}) {
  const { t } = useTranslation();
  const canPush = useCanPush();
  const push = useShopPush();
  const [variant, setVariant] = useState<string | undefined>(variantCodes[0]);
  if (!canPush) return null;
  const busy = push.isPending;
  return (
    <Space direction="vertical" size={4}>
      <Space wrap>
        <Button
          size={size}
          icon={<CloudUploadOutlined />}
          loading={busy && push.variables?.kind === 'product'}
          disabled={busy}
          onClick={() => push.mutate({ kind: 'product', itemNo })}
        >
          {t('shop.pushItem')}
        </Button>
        <Button
          size={size}
          loading={busy && push.variables?.kind === 'prices'}
          disabled={busy}
          onClick={() => push.mutate({ kind: 'prices', itemNo })}
        >
          {t('shop.pushPrices')}
        </Button>
        {variantCodes.length > 0 ? (
          <Space.Compact>
            <Select
              size={size}
              aria-label={t('shop.variantToSync')}
              value={variant}
              onChange={setVariant}
              options={variantCodes.map((v) => ({ label: v, value: v }))}
              style={{ minWidth: 120 }}
            />
            <Button
              size={size}
              loading={busy && push.variables?.kind === 'variant'}
              disabled={busy || !variant}
              onClick={() => variant && push.mutate({ kind: 'variant', itemNo, variantCode: variant })}
            >
              {t('shop.pushVariant')}
            </Button>
          </Space.Compact>
        ) : null}
      </Space>
      <ShopPushResultLine outcome={push.data} />
    </Space>
  );
}

/** Push All to Shop (sync all), confirmed first: it queues a push for every item of the catalogue. */
export function ShopSyncAllButton() {
  const { t } = useTranslation();
  const canPush = useCanPush();
  const push = useShopPush();
  if (!canPush) return null;
  return (
    <Space direction="vertical" size={4}>
      <Popconfirm
        title={t('shop.pushAllConfirm')}
        description={t('shop.pushAllContent')}
        okText={t('shop.pushAll')}
        onConfirm={handle(() => push.mutateAsync({ kind: 'all' }).catch(() => undefined))}
      >
        <Button icon={<CloudUploadOutlined />} loading={push.isPending}>
          {t('shop.pushAllButton')}
        </Button>
      </Popconfirm>
      <ShopPushResultLine outcome={push.data} />
    </Space>
  );
}

/** A compact per-row control for lists (the items screen): push the item or its prices; the outcome is a toast. */
export function ShopRowPush({ itemNo }: { itemNo: string }) {
  const { t } = useTranslation();
  const canPush = useCanPush();
  const push = useShopPush();
  if (!canPush) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'product', label: t('shop.pushItem') },
          { key: 'prices', label: t('shop.pushPrices') },
        ],
        onClick: ({ key }) => push.mutate(key === 'prices' ? { kind: 'prices', itemNo } : { kind: 'product', itemNo }),
      }}
    >
      <Button
        size="small"
        icon={<CloudUploadOutlined />}
        loading={push.isPending}
        aria-label={t('shop.actionsOf', { item: itemNo })}
      >
        {t('shop.shop')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
