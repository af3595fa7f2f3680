import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLabels } from '../../components/labels';
import {
  check,
  decimalIssue,
  formatNumber,
  messages,
  normalizePhone,
  parseDecimalText,
  type Customer,
} from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { discountLimitIssue, type LineLimits } from '../salesOrders/lines';
import type { CounterCustomer, CounterPayment } from './store';

const phoneRule = {
  validator: (_: unknown, v: string) =>
    !v || check.phone(v) ? Promise.resolve() : Promise.reject(new Error(messages.phone)),
};

/**
 * F4: the customer by mobile phone. Found → the customer of the sale; not found → the same dialog asks the name and
 * the sale creates the customer (temporary_customer). "Keep" makes a found customer the one every next sale at this
 * counter starts with (the store's walk-in customer).
 */
export function CustomerDialog(p: {
  open: boolean;
  franchise: string | null;
  /** Issue 19: with no server the store's customers kept on the device answer (findOffline). */
  offline?: boolean;
  findOffline?: (phone: string) => CounterCustomer | null;
  onClose: () => void;
  onPick: (c: CounterCustomer, keep: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ phone_no: string; name?: string; keep?: boolean }>();
  const [found, setFound] = useState<Customer | null>(null);
  const [unknown, setUnknown] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!p.open) return;
    setFound(null);
    setUnknown(false);
  }, [p.open]);

  const finish = async (v: { phone_no: string; name?: string; keep?: boolean }) => {
    const phone = normalizePhone(v.phone_no);
    if (found && normalizePhone(found.phone_no) === phone) {
      p.onPick({ customer_no: found.customer_no, name: found.name, phone_no: found.phone_no }, !!v.keep);
      return;
    }
    if (unknown && v.name?.trim()) {
      p.onPick({ name: v.name.trim(), phone_no: phone }, false);
      return;
    }
    const fromDevice = () => {
      const c = p.findOffline?.(phone);
      setFound(c?.customer_no ? ({ ...c, customer_no: c.customer_no } as Customer) : null);
      setUnknown(!c);
    };
    if (p.offline && p.findOffline) return fromDevice();
    setBusy(true);
    try {
      const c = await call('customers.byPhone', {
        params: { phone_no: phone },
        query: p.franchise ? { franchise_code: p.franchise } : {},
      });
      setFound(c);
      setUnknown(false);
    } catch (e) {
      if (e instanceof ApiCallError && e.status === 404) {
        setFound(null);
        setUnknown(true);
      } else if (e instanceof ApiCallError && e.status === 0 && p.findOffline) fromDevice();
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={p.open}
      title={t('counter.customer.title')}
      form={form}
      name="counter-customer"
      onFinish={finish}
      onCancel={p.onClose}
      okText={found || unknown ? t('counter.customer.use') : t('counter.customer.find')}
      confirmLoading={busy}
      modalProps={{ rootClassName: 'counter-dialog' }}
    >
      <Form.Item
        name="phone_no"
        label={t('counter.customer.phone')}
        rules={[{ required: true, message: messages.required }, phoneRule]}
      >
        <Input
          inputMode="tel"
          onChange={() => {
            setFound(null);
            setUnknown(false);
          }}
        />
      </Form.Item>
      {found && (
        <>
          <Alert
            type="success"
            showIcon
            message={t('counter.customer.found', { name: found.name, no: found.customer_no })}
          />
          {/* a switch (a button, not a field): Enter in the phone field still uses the customer */}
          <Form.Item name="keep" valuePropName="checked" label={t('counter.customer.keep')}>
            <Switch />
          </Form.Item>
        </>
      )}
      {unknown && (
        <>
          <Alert type="info" showIcon message={t('counter.customer.notFound')} />
          <Form.Item
            name="name"
            label={t('counter.customer.name')}
            rules={[{ required: true, message: messages.required }]}
          >
            <Input autoFocus />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/** F6: the discount of the line under the cursor, within the cashier's limit. */
export function DiscountDialog(p: {
  open: boolean;
  item: string;
  value: string;
  limits: LineLimits;
  onClose: () => void;
  onSave: (percent: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ percent: string }>();
  return (
    <FormDialog
      open={p.open}
      title={t('counter.discount.title', { item: p.item })}
      form={form}
      name="counter-discount"
      initialValues={{ percent: p.value }}
      onFinish={(v) => p.onSave(v.percent ? (parseDecimalText(v.percent) ?? v.percent) : '')}
      onCancel={p.onClose}
      okText={t('counter.apply')}
      modalProps={{ rootClassName: 'counter-dialog' }}
    >
      <Form.Item
        name="percent"
        label={t('counter.discount.percent')}
        rules={[
          {
            validator: (_, v: string) => {
              if (!v) return Promise.resolve();
              const issue = decimalIssue(v, { min: 0, max: 100, scale: 2 }) ?? discountLimitIssue(v, p.limits);
              return issue ? Promise.reject(new Error(issue)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input inputMode="decimal" />
      </Form.Item>
    </FormDialog>
  );
}

/** F7 (coupon code) and F8 (points to redeem): one text field each; the sale checks them when it is sent. */
export function TextDialog(p: {
  open: boolean;
  title: string;
  label: string;
  value: string;
  numeric?: boolean;
  onClose: () => void;
  onSave: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ value: string }>();
  return (
    <FormDialog
      open={p.open}
      title={p.title}
      form={form}
      name="counter-text"
      initialValues={{ value: p.value }}
      onFinish={(v) => p.onSave((v.value ?? '').trim())}
      onCancel={p.onClose}
      okText={t('counter.apply')}
      modalProps={{ rootClassName: 'counter-dialog' }}
    >
      <Form.Item
        name="value"
        label={p.label}
        rules={
          p.numeric
            ? [
                {
                  validator: (_, v: string) =>
                    !v || /^\d+$/.test(v.trim())
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('counter.points.whole'))),
                },
              ]
            : []
        }
      >
        <Input inputMode={p.numeric ? 'numeric' : 'text'} />
      </Form.Item>
    </FormDialog>
  );
}

type PayValues = Pick<CounterPayment, 'amount' | 'tendered' | 'contract_no' | 'payment_term'>;
const METHODS: CounterPayment['payment_type'][] = ['cash', 'transfer', 'card', 'installment'];

const money = (text: string | undefined) => (text ? parseDecimalText(text) : null);
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * F9: the payment. Cash with the amount due prefilled and the focus in "Customer hands": Enter completes an exact
 * cash sale, an amount handed over shows the change. Transfer, card and installment as on the order screen; a
 * payment of less than what is due stays in the list and the next one takes the rest (a split sale).
 */
export function PayDialog(p: {
  open: boolean;
  /** What the sale will charge (the server's price); null while it is being priced. */
  due: number | null;
  sending: boolean;
  /** Issue 19: offline only cash is taken (card and transfer need the server). */
  offline?: boolean;
  onClose: () => void;
  onPay: (payments: CounterPayment[]) => void;
}) {
  const { t } = useTranslation();
  const labels = useLabels();
  const [form] = Form.useForm<PayValues>();
  const [method, setMethod] = useState<CounterPayment['payment_type']>('cash');
  const [taken, setTaken] = useState<CounterPayment[]>([]);
  const rest = round2((p.due ?? 0) - taken.reduce((s, x) => s + Number(x.amount), 0));
  const priced = p.due !== null;
  const amount = Form.useWatch('amount', form);
  const tendered = Form.useWatch('tendered', form);
  const change = method === 'cash' ? round2(Number(money(tendered) ?? 0) - Number(money(amount) ?? 0)) : 0;

  useEffect(() => {
    if (!p.open) return;
    setTaken([]);
    setMethod('cash');
  }, [p.open]);
  useEffect(() => {
    // a plain number ("275000", "1234.5"): the field takes German or plain decimals, and 275.000 would read as 275
    if (p.open && priced) {
      form.setFieldsValue({ amount: String(rest), tendered: '' });
      focusLast(method);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- prefill once priced; the method's own focus follows its button
  }, [p.open, rest, priced, form]);

  const focusLast = (m: CounterPayment['payment_type']) =>
    (form.getFieldInstance(m === 'cash' ? 'tendered' : 'amount') as HTMLInputElement | null)?.focus();

  const finish = (v: PayValues) => {
    const value = money(v.amount)!;
    const payment: CounterPayment = { payment_type: method, amount: value };
    if (method === 'cash' && v.tendered) payment.tendered = money(v.tendered)!;
    if (method === 'installment') {
      payment.contract_no = v.contract_no?.trim() ?? '';
      payment.payment_term = v.payment_term ?? '';
    }
    const all = [...taken, payment];
    if (round2(rest - Number(value)) > 0) {
      setTaken(all);
      return;
    }
    p.onPay(all);
  };

  const amountRule = {
    validator: (_: unknown, v: string) => {
      if (!v) return Promise.reject(new Error(messages.required));
      const issue = decimalIssue(v, { min: 0, max: 999_999_999_999, scale: 2 });
      if (issue) return Promise.reject(new Error(issue));
      const n = Number(money(v));
      if (n <= 0) return Promise.reject(new Error(t('counter.pay.positive')));
      if (round2(n - rest) > 0)
        return Promise.reject(new Error(t('counter.pay.tooMuch', { rest: formatNumber(rest) })));
      return Promise.resolve();
    },
  };
  const tenderedRule = {
    validator: (_: unknown, v: string) => {
      if (!v) return Promise.resolve();
      const issue = decimalIssue(v, { min: 0, max: 999_999_999_999, scale: 2 });
      if (issue) return Promise.reject(new Error(issue));
      return Number(money(v)) < Number(money(form.getFieldValue('amount')) ?? 0)
        ? Promise.reject(new Error(t('counter.pay.tenderedLess')))
        : Promise.resolve();
    },
  };

  return (
    <FormDialog
      open={p.open}
      title={priced ? t('counter.pay.title', { due: formatNumber(p.due) }) : t('counter.pay.pricing')}
      form={form}
      name="counter-pay"
      onFinish={finish}
      onCancel={p.onClose}
      okText={t('counter.pay.complete')}
      confirmLoading={p.sending || !priced}
      width={560}
      modalProps={{
        rootClassName: 'counter-dialog',
        okButtonProps: { size: 'large' },
        cancelButtonProps: { size: 'large' },
      }}
    >
      <Space wrap style={{ marginBottom: 16 }} role="group" aria-label={t('counter.pay.method')}>
        {METHODS.map((m) => (
          <Button
            key={m}
            size="large"
            className="counter-target"
            type={m === method ? 'primary' : 'default'}
            aria-pressed={m === method}
            disabled={p.offline && m !== 'cash'}
            onClick={() => {
              setMethod(m);
              setTimeout(() => focusLast(m), 0);
            }}
          >
            {labels.label('paymentMethod', m)}
          </Button>
        ))}
      </Space>
      {p.offline && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('offline.cashOnlyReason')} />
      )}
      {taken.length > 0 && (
        <div data-testid="counter-taken" style={{ marginBottom: 12 }}>
          {taken.map((x, i) => (
            <Typography.Paragraph key={i} style={{ margin: 0 }}>
              {labels.label('paymentMethod', x.payment_type)}: {formatNumber(x.amount)}
            </Typography.Paragraph>
          ))}
          <Typography.Text strong>{t('counter.pay.rest', { rest: formatNumber(rest) })}</Typography.Text>
        </div>
      )}
      <Form.Item name="amount" label={t('counter.pay.amount')} rules={[amountRule]}>
        <Input inputMode="decimal" size="large" />
      </Form.Item>
      {method === 'cash' && (
        <>
          <Form.Item name="tendered" label={t('counter.pay.tendered')} rules={[tenderedRule]}>
            {/* the last field takes the focus on open (FormDialog), so Enter completes an exact cash sale at once */}
            <Input inputMode="decimal" size="large" autoFocus />
          </Form.Item>
          {change > 0 && (
            <Typography.Title level={3} data-testid="counter-change">
              {t('counter.pay.change', { change: formatNumber(change) })}
            </Typography.Title>
          )}
        </>
      )}
      {method === 'installment' && (
        <>
          <Form.Item
            name="contract_no"
            label={t('payments.contractNo')}
            rules={[{ required: true, message: messages.required }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="payment_term"
            label={t('payments.term')}
            rules={[{ required: true, message: messages.required }]}
          >
            <Select options={labels.options('paymentTerm')} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
