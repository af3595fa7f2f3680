import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Space, Switch, Table, Typography } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AppliedPromotion, SalesCouponCheckResult } from '@fp/contract';
import { formatNumber } from '@fp/contract/web';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { useApiMutation } from '../../../api/mutation';
import type { CounterPanelProps } from './types';
import { useLabels } from '../../../components/labels';

/** Auto promotion on/off, the coupon (check and apply) and the birthday promotion of an order (issue 9, promotions). */
export function PromotionsPanel({ order, editable, onChanged }: CounterPanelProps) {
  const { t } = useTranslation();
  const labels = useLabels();
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState<SalesCouponCheckResult | null>(null);
  const isOrder = order.document_type === 'order';
  const ref = { pos_so_no: order.pos_so_no, version: order.version };
  const birthday = useQuery({
    queryKey: qk.other('customers', 'birthday-promotion', `${order.sell_to_code}@${order.order_date}`),
    queryFn: () =>
      call('customers.birthdayPromotion', {
        params: { customer_no: order.sell_to_code },
        query: { date: order.order_date },
      }),
    enabled: editable && isOrder && Boolean(order.sell_to_code) && !order.loyalty_birthday_used,
  });
  const done = { invalidates: ['salesOrders' as const], onSuccess: (o: typeof order) => onChanged(o) };
  const auto = useApiMutation({
    fn: (on: boolean) => call('salesPromotions.autoPromotion', { body: { ...ref, auto_promotion: on } }),
    success: { action: 'Update', entity: 'Sales Order' },
    ...done,
  });
  const check = useApiMutation({
    fn: (c: string) => call('salesPromotions.couponCheck', { body: { pos_so_no: order.pos_so_no, coupon_code: c } }),
    invalidates: [],
    onSuccess: (r) => setChecked(r),
  });
  const apply = useApiMutation({
    fn: (c: string) => call('salesPromotions.couponApply', { body: { ...ref, coupon_code: c } }),
    success: { action: 'Apply', entity: 'Coupon' },
    ...done,
    onSuccess: (o) => {
      setCode('');
      setChecked(null);
      onChanged(o);
    },
  });
  const removeCoupon = useApiMutation({
    fn: () => call('salesPromotions.couponRemove', { body: ref }),
    success: { action: 'Remove', entity: 'Coupon' },
    ...done,
  });
  const useBirthday = useApiMutation({
    fn: (on: boolean) => call('salesPromotions.birthdayPromotion', { body: { ...ref, loyalty_birthday_used: on } }),
    success: { action: 'Update', entity: 'Sales Order' },
    ...done,
  });

  if (!isOrder) return null;
  const applied = order.applied_promotions;
  if (!editable && applied.length === 0 && !order.coupon_code) return null;
  const busy = auto.isPending || apply.isPending || removeCoupon.isPending || useBirthday.isPending;

  return (
    <div data-testid="promotions-panel">
      <Typography.Text strong>{t('promotions.panel.title')}</Typography.Text>
      {editable ? (
        <Space direction="vertical" style={{ width: '100%', marginTop: 8 }} size={8}>
          <Space>
            <Switch
              checked={order.auto_promotion}
              loading={auto.isPending}
              disabled={busy}
              onChange={(on) => auto.mutate(on)}
              aria-label={t('promotions.panel.auto')}
            />
            <span>{t('promotions.panel.auto')}</span>
          </Space>
          {order.coupon_code ? (
            <Space>
              <span>
                {t('promotions.panel.coupon')}: <strong>{order.coupon_code}</strong>
              </span>
              <Button size="small" danger disabled={busy} onClick={() => removeCoupon.mutate()}>
                {t('promotions.panel.removeCoupon')}
              </Button>
            </Space>
          ) : (
            <Space.Compact style={{ width: '100%' }}>
              <Input
                value={code}
                placeholder={t('promotions.panel.couponPlaceholder')}
                aria-label={t('promotions.panel.coupon')}
                onChange={(e) => {
                  setCode(e.target.value.toUpperCase());
                  setChecked(null);
                }}
                onPressEnter={() => code.trim() && check.mutate(code.trim())}
              />
              <Button
                disabled={!code.trim() || busy}
                loading={check.isPending}
                onClick={() => check.mutate(code.trim())}
              >
                {t('promotions.panel.check')}
              </Button>
              <Button
                type="primary"
                disabled={!code.trim() || busy || (checked !== null && !checked.valid)}
                loading={apply.isPending}
                onClick={() => apply.mutate(code.trim())}
              >
                {t('promotions.panel.apply')}
              </Button>
            </Space.Compact>
          )}
          {checked ? (
            <Alert
              type={checked.valid ? 'success' : 'warning'}
              showIcon
              message={checked.reason}
              data-testid="coupon-check-result"
            />
          ) : null}
          {order.loyalty_birthday_used ? (
            <Space>
              <GiftOutlined />
              <span>{t('promotions.panel.birthdayUsed')}</span>
              <Button size="small" disabled={busy} onClick={() => useBirthday.mutate(false)}>
                {t('promotions.panel.birthdayGiveBack')}
              </Button>
            </Space>
          ) : birthday.data?.eligible ? (
            <Button icon={<GiftOutlined />} disabled={busy} onClick={() => useBirthday.mutate(true)}>
              {t('promotions.panel.birthday')}
            </Button>
          ) : null}
        </Space>
      ) : null}
      {applied.length > 0 ? (
        <Table<AppliedPromotion>
          size="small"
          style={{ marginTop: 8 }}
          pagination={false}
          rowKey={(r) => `${r.kind}-${r.code}`}
          dataSource={applied}
          columns={[
            {
              title: t('promotions.panel.kind'),
              dataIndex: 'kind',
              key: 'kind',
              render: labels.render('promotionKind'),
            },
            { title: t('promotions.code'), dataIndex: 'code', key: 'code' },
            { title: t('promotions.description'), dataIndex: 'description', key: 'description' },
            {
              title: t('promotions.panel.amount'),
              dataIndex: 'amount',
              key: 'amount',
              align: 'right',
              render: (v: string) => formatNumber(v),
            },
          ]}
        />
      ) : null}
    </div>
  );
}
