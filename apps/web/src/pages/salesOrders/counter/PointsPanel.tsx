import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, InputNumber, Popconfirm, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buttonAllowed, formatNumber, formatPoints } from '@fp/contract';
import { call } from '../../../api/client';
import { redeemablePointsHooks } from '../../../api/areas';
import { qk } from '../../../api/keys';
import { useSession } from '../../../auth/session';
import { orderPoints } from './points';
import type { CounterPanelProps } from './types';

/** Loyalty on the order: the customer's points balance, points redeemed on the order, what it earns (issue 9, loyalty). */

/** The panel's buttons as the page structure names them (permissions). */
const BUTTONS = { redeem: 'Redeem Points', remove: 'Remove Points' } as const;
export function PointsPanel({ order, editable, onChanged }: CounterPanelProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [points, setPoints] = useState<number | null>(null);
  const { me } = useSession();
  const who = { isAdmin: !!me?.is_admin, buttons: me?.buttons ?? [] };
  const mayRedeem = buttonAllowed(who, '/salesOrders/detail', BUTTONS.redeem);
  const mayRemove = buttonAllowed(who, '/salesOrders/detail', BUTTONS.remove);
  const customerNo = order.sell_to_code;
  const isOrder = order.document_type === 'order';
  const config = useQuery({ queryKey: qk.config, queryFn: () => call('config.get'), enabled: isOrder });
  const total = redeemablePointsHooks.useQuery(
    'total',
    { body: { customer_no: customerNo } },
    { enabled: isOrder && !!customerNo },
  );
  const done = () => {
    setPoints(null);
    onChanged();
  };
  const redeem = redeemablePointsHooks.useMutation('create', {
    success: { action: 'Redeem', entity: 'Points' },
    onSuccess: done,
  });
  const remove = redeemablePointsHooks.useMutation('remove', {
    success: { action: 'Remove', entity: 'Points' },
    onSuccess: done,
  });
  if (!isOrder) return null;
  const invoiced = order.invoices.length > 0;
  if (!customerNo)
    return (
      <Card size="small" title={t('points.title')} data-testid="points-panel">
        <Typography.Text type="secondary">{t('points.noCustomer')}</Typography.Text>
      </Card>
    );
  const p = orderPoints(order, config.data?.loyalty_point_value ?? '0', total.data?.available ?? '0');
  const confirmRedeem = () => {
    if (!points) return;
    modal.confirm({
      title: t('points.confirmTitle'),
      content: t('points.confirm', {
        points: formatPoints(points),
        value: formatNumber(p.worth(points)),
        no: order.pos_so_no,
      }),
      okText: t('points.redeem'),
      onOk: () =>
        redeem.mutateAsync({
          body: {
            pos_so_no: order.pos_so_no,
            customer_no: customerNo,
            redeemable_point_used: String(points),
            version: order.version,
          },
        }),
    });
  };
  return (
    <Card size="small" title={t('points.title')} data-testid="points-panel">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('points.available')}>
          <span data-testid="points-available">{total.data ? formatPoints(total.data.available) : '…'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('points.pointValue')}>{formatNumber(p.pointValue)} VND</Descriptions.Item>
        {p.redeemed > 0 ? (
          <Descriptions.Item label={t('points.redeemed')}>
            <span data-testid="points-redeemed">
              {t('points.redeemedValue', {
                points: formatPoints(p.redeemed),
                value: formatNumber(order.totals.points_discount_amount),
              })}
            </span>
          </Descriptions.Item>
        ) : null}
        {invoiced ? (
          <Descriptions.Item label={t('points.earned')}>
            <span data-testid="points-earned">
              {t('points.earnedValue', {
                redeemable: formatPoints(order.loyalty_redeemable_points),
                ranking: formatPoints(order.loyalty_ranking_points),
              })}
            </span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {p.capped ? <Alert type="warning" showIcon message={t('points.capped')} style={{ marginBottom: 8 }} /> : null}
      {editable && mayRemove && p.redeemed > 0 ? (
        <Popconfirm
          title={t('points.removeConfirm', { points: formatPoints(p.redeemed) })}
          onConfirm={() =>
            remove.mutate({
              body: { order_number: order.pos_so_no, customer_no: customerNo, version: order.version },
            })
          }
        >
          <Button danger loading={remove.isPending}>
            {t('points.remove')}
          </Button>
        </Popconfirm>
      ) : null}
      {editable && mayRedeem && p.redeemed === 0 ? (
        <Space wrap>
          <InputNumber
            aria-label={t('points.toRedeem')}
            placeholder={t('points.toRedeem')}
            min={0}
            max={p.max}
            step={1}
            precision={0}
            value={points}
            onChange={(v) => setPoints(v)}
            disabled={p.max <= 0}
            style={{ width: 160 }}
          />
          <Typography.Text data-testid="points-worth">
            = {formatNumber(p.worth(points ?? 0))} VND ({t('points.max', { max: formatPoints(p.max) })})
          </Typography.Text>
          <Button
            type="primary"
            onClick={confirmRedeem}
            loading={redeem.isPending}
            disabled={!points || points <= 0 || points > p.max}
          >
            {t('points.redeem')}
          </Button>
        </Space>
      ) : null}
    </Card>
  );
}
