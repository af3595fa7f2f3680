import { useEffect } from 'react';
import { Button, Card, Form, Input, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { decimalIssue, messages, parseDecimalText, type Config, type EarnRate } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../components/toast';

// Settings › Counter (issue 9): the counter settings of GET/PUT /api/config (contract counter-settings.ts) — the value
// of a redeemable point, points earned per scheme, referral points, the birthday percent and the line discount limit.

const AMOUNT = { min: 0, max: 1_000_000_000, scale: 2 };
const PERCENT = { min: 0, max: 100, scale: 2 };

type Values = {
  loyalty_point_value: string;
  loyalty_referral_points: string;
  birthday_discount_percent: string;
  max_line_discount_percent: string;
  loyalty_earn_rates: Record<string, EarnRate>;
};

/** A form rule from the contract's decimal rule (the server's messages). */
const decimal = (rule: typeof AMOUNT) => ({
  validator: (_: unknown, v: string | undefined) => {
    if (v === undefined || String(v).trim() === '') return Promise.reject(new Error(messages.required));
    const issue = decimalIssue(String(v), rule);
    return issue ? Promise.reject(new Error(issue)) : Promise.resolve();
  },
});
const plain = (v: string) => parseDecimalText(v) ?? v;

export function CounterSettings({ config }: { config: Config }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const schemes = Object.keys(config.loyalty_earn_rates);
  useEffect(() => {
    form.setFieldsValue({
      loyalty_point_value: config.loyalty_point_value,
      loyalty_referral_points: config.loyalty_referral_points,
      birthday_discount_percent: config.birthday_discount_percent,
      max_line_discount_percent: config.max_line_discount_percent,
      loyalty_earn_rates: config.loyalty_earn_rates,
    });
  }, [config, form]);
  const save = useApiMutation({
    fn: (v: Values) =>
      call('config.update', {
        body: {
          loyalty_point_value: plain(v.loyalty_point_value),
          loyalty_referral_points: plain(v.loyalty_referral_points),
          birthday_discount_percent: plain(v.birthday_discount_percent),
          max_line_discount_percent: plain(v.max_line_discount_percent),
          loyalty_earn_rates: Object.fromEntries(
            schemes.map((s) => [
              s,
              {
                redeemable_per_100k: plain(v.loyalty_earn_rates[s].redeemable_per_100k),
                ranking_per_100k: plain(v.loyalty_earn_rates[s].ranking_per_100k),
              },
            ]),
          ),
        },
      }),
    invalidates: ['config'],
    onSuccess: () => toast.successText(t('settings.updated')),
  });
  const field = (name: keyof Omit<Values, 'loyalty_earn_rates'>, rule: typeof AMOUNT, extra?: string) => (
    <Form.Item name={name} label={t(`limits.counter.${name}`)} rules={[decimal(rule)]} extra={extra}>
      <Input inputMode="decimal" style={{ maxWidth: 200 }} />
    </Form.Item>
  );
  return (
    <Card
      title={t('limits.counter.title')}
      style={{ maxWidth: 720, marginTop: 16 }}
      aria-label={t('settings.counterSettings')}
    >
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        {field('loyalty_point_value', AMOUNT)}
        <Form.Item label={t('limits.counter.loyalty_earn_rates')}>
          <Table
            size="small"
            rowKey={(s) => s}
            dataSource={schemes}
            pagination={false}
            columns={[
              {
                title: t('limits.counter.scheme'),
                key: 'scheme',
                render: (_, s) => <Typography.Text strong>{s}</Typography.Text>,
              },
              ...(['redeemable_per_100k', 'ranking_per_100k'] as const).map((k) => ({
                title: t(`limits.counter.${k}`),
                key: k,
                render: (_: unknown, s: string) => (
                  <Form.Item name={['loyalty_earn_rates', s, k]} rules={[decimal(AMOUNT)]} style={{ margin: 0 }}>
                    <Input inputMode="decimal" aria-label={`${t(`limits.counter.${k}`)} ${s}`} />
                  </Form.Item>
                ),
              })),
            ]}
          />
        </Form.Item>
        {field('loyalty_referral_points', AMOUNT)}
        {field('birthday_discount_percent', PERCENT)}
        {field('max_line_discount_percent', PERCENT, t('limits.counter.max_line_discount_help'))}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('limits.counter.save')}
        </Button>
      </Form>
    </Card>
  );
}
