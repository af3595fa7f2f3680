import { useState } from 'react';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAYMENT_COMMENT_LIMIT, formatNumber, messages, paymentMethods, paymentTerms } from '@fp/contract/web';
import type { SalesOrder } from '@fp/contract';
import { call } from '../../../api/client';
import { FormDialog } from '../../../components/FormDialog';
import { failToast } from '../../../components/document/toasts';
import { toast } from '../../../components/toast';
import { changeOf, covers, plainAmount } from './payment-amounts';
import { useLabels } from '../../../components/labels';
import { MoneyInput } from '../../../components/MoneyInput';

type Method = (typeof paymentMethods)[number];
type Values = {
  payment_type: Method;
  amount: string;
  tendered_amount?: string;
  contract_no?: string;
  payment_term?: (typeof paymentTerms)[number];
  comment?: string;
};

export type AddPaymentMode = 'pay' | 'payBack';

/**
 * "Add Payment" (and "Pay Back" when the order owes the customer): method, amount (default: what remains), for cash
 * the amount tendered and the change shown live, for installment the contract number and term. Enter moves on, Escape
 * closes (FormDialog).
 */
export function AddPaymentDialog(p: {
  order: SalesOrder;
  mode: AddPaymentMode;
  /** What remains once the open receipts are paid (the default amount). */
  open: boolean;
  defaultAmount: string;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const method = Form.useWatch('payment_type', form) ?? 'cash';
  const amount = Form.useWatch('amount', form);
  const tendered = Form.useWatch('tendered_amount', form);
  const payBack = p.mode === 'payBack';
  const cash = method === 'cash' && !payBack;

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await call('cashReceipts.add', {
        body: {
          pos_so_no: p.order.pos_so_no,
          payment_type: v.payment_type,
          amount: plainAmount(v.amount) ?? v.amount,
          ...(cash && v.tendered_amount
            ? { tendered_amount: plainAmount(v.tendered_amount) ?? v.tendered_amount }
            : {}),
          ...(v.payment_type === 'installment' ? { contract_no: v.contract_no, payment_term: v.payment_term } : {}),
          comment: v.comment ?? '',
        },
      });
      toast.success('Add', 'Payment');
      p.onAdded();
    } catch (e) {
      failToast('Add', 'Payment', e);
    } finally {
      setBusy(false);
    }
  };

  const amountRule = {
    validator: (_: unknown, v: string | undefined) => {
      if (!v || !v.trim()) return Promise.reject(new Error(messages.required));
      const plain = plainAmount(v);
      if (plain === null) return Promise.reject(new Error(messages.isNumber));
      if (Number(plain) === 0) return Promise.reject(new Error(t('payments.amountNotZero')));
      if (payBack !== Number(plain) < 0)
        return Promise.reject(new Error(payBack ? t('payments.payBackNegative') : t('payments.amountPositive')));
      return Promise.resolve();
    },
  };
  const tenderedRule = {
    validator: (_: unknown, v: string | undefined) => {
      if (!v || !v.trim()) return Promise.resolve();
      if (plainAmount(v) === null) return Promise.reject(new Error(messages.isNumber));
      if (!covers(v, form.getFieldValue('amount') as string))
        return Promise.reject(new Error('Amount tendered must be at least the amount'));
      return Promise.resolve();
    },
  };

  return (
    <FormDialog<Values>
      open={p.open}
      title={payBack ? t('payments.payBack') : t('payments.add')}
      form={form}
      name="add-payment"
      okText={payBack ? t('payments.payBack') : t('payments.add')}
      confirmLoading={busy}
      onCancel={p.onClose}
      onFinish={submit}
      initialValues={{ payment_type: 'cash', amount: p.defaultAmount, comment: '' }}
    >
      <Form.Item
        name="payment_type"
        label={t('payments.method')}
        rules={[{ required: true, message: messages.required }]}
      >
        <Select
          aria-label={t('payments.method')}
          options={paymentMethods.map((m) => ({ value: m, label: label('paymentMethod', m) }))}
        />
      </Form.Item>
      <Form.Item name="amount" label={t('payments.amount')} rules={[amountRule]}>
        <MoneyInput aria-label={t('payments.amount')} />
      </Form.Item>
      {cash ? (
        <>
          <Form.Item
            name="tendered_amount"
            label={t('payments.tendered')}
            dependencies={['amount']}
            rules={[tenderedRule]}
          >
            <MoneyInput aria-label={t('payments.tendered')} />
          </Form.Item>
          <Typography.Paragraph data-testid="payment-change">
            {t('payments.change')}: <strong>{tendered ? changeOf(tendered, amount) : formatNumber(0)}</strong>
          </Typography.Paragraph>
        </>
      ) : null}
      {method === 'installment' ? (
        <>
          <Form.Item
            name="contract_no"
            label={t('payments.contractNo')}
            rules={[
              { required: true, whitespace: true, message: messages.required },
              { max: 30, message: messages.maxLength(30) },
            ]}
          >
            <Input aria-label={t('payments.contractNo')} />
          </Form.Item>
          <Form.Item
            name="payment_term"
            label={t('payments.term')}
            rules={[{ required: true, message: messages.required }]}
          >
            <Select
              aria-label={t('payments.term')}
              options={paymentTerms.map((v) => ({ value: v, label: label('paymentTerm', v) }))}
            />
          </Form.Item>
        </>
      ) : null}
      <Form.Item
        name="comment"
        label={t('payments.comment')}
        rules={[{ max: PAYMENT_COMMENT_LIMIT, message: messages.maxLength(PAYMENT_COMMENT_LIMIT) }]}
      >
        <Input aria-label={t('payments.comment')} />
      </Form.Item>
    </FormDialog>
  );
}
