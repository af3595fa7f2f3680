import { useState } from 'react';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, messages } from '@fp/contract/web';
import type { SalesOrder } from '@fp/contract';
import { call } from '../../../api/client';
import { FormDialog } from '../../../components/FormDialog';
import { failToast } from '../../../components/document/toasts';
import { toast } from '../../../components/toast';
import { plainAmount } from './payment-amounts';
import { MoneyInput } from '../../../components/MoneyInput';

type Values = { remaining_amount: string; reason: string };

/**
 * "Adjust Remaining Amount" (PUT /api/sales-orders/remaining-amount; the guarded button of the same name): the
 * remaining amount wanted and why. The server records the difference as an adjustment (who, when, why, amount) and
 * recomputes the remaining amount; nothing is overwritten.
 */
export function AdjustRemainingDialog(p: {
  order: SalesOrder;
  open: boolean;
  onClose: () => void;
  onDone: (order: SalesOrder) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const wanted = Form.useWatch('remaining_amount', form);
  const plain = plainAmount(wanted);
  const difference =
    plain === null
      ? null
      : (Math.round(Number(p.order.totals.remaining_amount) * 100) - Math.round(Number(plain) * 100)) / 100;

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const order = await call('salesPayments.remainingAmount', {
        body: {
          pos_so_no: p.order.pos_so_no,
          version: p.order.version,
          is_update_remaining_amount: true,
          remaining_amount: plainAmount(v.remaining_amount) ?? v.remaining_amount,
          reason: v.reason,
        },
      });
      toast.success('Adjust', 'Payment');
      p.onDone(order);
    } catch (e) {
      failToast('Adjust', 'Payment', e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog<Values>
      open={p.open}
      title={t('payments.adjust')}
      form={form}
      name="adjust-remaining"
      okText={t('payments.adjust')}
      confirmLoading={busy}
      onCancel={p.onClose}
      onFinish={submit}
      initialValues={{ remaining_amount: p.order.totals.remaining_amount, reason: '' }}
    >
      <Typography.Paragraph>
        {t('payments.remaining')}: <strong>{formatNumber(p.order.totals.remaining_amount)}</strong>
      </Typography.Paragraph>
      <Form.Item
        name="remaining_amount"
        label={t('payments.adjustTo')}
        rules={[
          {
            validator: (_: unknown, v: string | undefined) =>
              !v || !v.trim()
                ? Promise.reject(new Error(messages.required))
                : plainAmount(v) === null
                  ? Promise.reject(new Error(messages.isNumber))
                  : Promise.resolve(),
          },
        ]}
      >
        <MoneyInput aria-label={t('payments.adjustTo')} />
      </Form.Item>
      <Typography.Paragraph data-testid="adjust-difference">
        {t('payments.adjustment')}: <strong>{difference === null ? '' : formatNumber(difference)}</strong>
      </Typography.Paragraph>
      <Form.Item
        name="reason"
        label={t('payments.reason')}
        rules={[
          { required: true, whitespace: true, message: messages.required },
          { max: 250, message: messages.maxLength(250) },
        ]}
      >
        <Input aria-label={t('payments.reason')} />
      </Form.Item>
    </FormDialog>
  );
}
