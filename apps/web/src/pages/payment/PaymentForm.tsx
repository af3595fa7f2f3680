import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Select, Typography } from 'antd';
import { PAYMENT_COMMENT_LIMIT, formatNumber, messages } from '@fp/contract/web';
import type { CashReceipt } from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { enterMovesToNextField } from '../../components/FormDialog';
import { failToast } from '../../components/document/toasts';
import { showFormErrors } from '../../components/form-errors';
import { handle } from '../../components/handle';
import { toast } from '../../components/toast';
import { changeOf, covers, plainAmount } from '../salesOrders/counter/payment-amounts';
import {
  BANK_CODE_OPTIONS,
  ENTITY,
  isEcom,
  methodsOf,
  type Method,
  type ReceiptKind,
  type ReceiptType,
  type Term,
} from './data';
import type { Target } from './TargetPicker';
import { MoneyInput } from '../../components/MoneyInput';
import { useLabels } from '../../components/labels';

type Values = {
  receipt_type: ReceiptType;
  receipt_kind: ReceiptKind;
  payment_type: Method;
  bank_account_code?: string;
  amount: string;
  tendered_amount?: string;
  contract_no?: string;
  payment_term?: Term;
  comment?: string;
};

const FIELDS = [
  'receipt_type',
  'receipt_kind',
  'payment_type',
  'bank_account_code',
  'amount',
  'tendered_amount',
  'contract_no',
  'payment_term',
  'comment',
];

/** The toast catalogue's action for a new receipt (its success and its failure). */
const ADD: 'Add' | 'Update' = 'Add';

/**
 * The payment itself (calls.md 7.11, 9): receipt type and kind, the method (the counter's, or the e-commerce ones for
 * an e-commerce receipt type), the bank account code of an e-commerce transfer, the amount (an order's remaining
 * amount by default), tendered and change for cash, contract and term for an installment, a comment. Enter moves to
 * the next field and adds from the last; the receipt is added open and processed from the receipts below.
 */

export function PaymentForm(p: { target: Target; defaultAmount: string | null; onAdded: (r: CashReceipt) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const receiptType = Form.useWatch('receipt_type', form);
  const method = Form.useWatch('payment_type', form);
  const amount = Form.useWatch('amount', form);
  const tendered = Form.useWatch('tendered_amount', form);
  const ecom = isEcom(receiptType);
  const { options } = useLabels();
  const methods = options('paymentMethod', methodsOf(receiptType));
  const cash = method === 'cash';

  const targetKey = p.target.kind === 'order' ? p.target.posSoNo : p.target.customer.customer_no;
  useEffect(() => {
    form.setFieldsValue({ amount: p.defaultAmount ?? '' });
  }, [form, targetKey, p.defaultAmount]);
  useEffect(() => {
    // A method the receipt type does not offer is dropped (e.g. cash after switching to e-commerce).
    if (method && !methods.some((m) => m.value === method)) form.setFieldValue('payment_type', methods[0].value);
  }, [form, method, methods]);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const who =
        p.target.kind === 'order'
          ? { pos_so_no: p.target.posSoNo }
          : {
              customer_no: p.target.customer.customer_no,
              customer_name: p.target.customer.name,
              phone: p.target.customer.phone_no,
              franchise_code: p.target.customer.franchise_code,
              location_code: p.target.customer.location_code,
            };
      const receipt = await call('cashReceipts.add', {
        body: {
          ...who,
          receipt_type: v.receipt_type,
          receipt_kind: v.receipt_kind,
          payment_type: v.payment_type,
          amount: plainAmount(v.amount) ?? v.amount,
          ...(ecom && v.payment_type === 'transfer' ? { bank_account_code: v.bank_account_code } : {}),
          ...(cash && v.tendered_amount
            ? { tendered_amount: plainAmount(v.tendered_amount) ?? v.tendered_amount }
            : {}),
          ...(v.payment_type === 'installment' ? { contract_no: v.contract_no, payment_term: v.payment_term } : {}),
          comment: v.comment?.trim() ?? '',
        },
      });
      toast.success(ADD, ENTITY);
      form.setFieldsValue({ tendered_amount: '', comment: '', contract_no: '' });
      p.onAdded(receipt);
    } catch (e) {
      if (e instanceof ApiCallError && Object.keys(e.fieldErrors()).some((f) => FIELDS.includes(f)))
        showFormErrors(form, e, FIELDS);
      else failToast(ADD, ENTITY, e);
    } finally {
      setBusy(false);
    }
  };

  const amountRule = {
    validator: (_: unknown, v: string | undefined) => {
      if (!v || !v.trim()) return Promise.reject(new Error(messages.required));
      const plain = plainAmount(v);
      if (plain === null) return Promise.reject(new Error(messages.isNumber));
      if (Number(plain) <= 0) return Promise.reject(new Error(t('payments.amountPositive')));
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
  const required = { required: true, message: messages.required };

  return (
    <Form<Values>
      form={form}
      name="payment"
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{
        receipt_type: 'collect_store',
        receipt_kind: 'customer_payment',
        payment_type: 'cash',
        comment: '',
      }}
      onFinish={handle(submit)}
      onKeyDown={(e) => enterMovesToNextField(e, () => form.submit())}
    >
      <Form.Item name="receipt_type" label={t('money.receipt.type')} rules={[required]}>
        <Select aria-label={t('money.receipt.type')} options={options('receiptType')} />
      </Form.Item>
      <Form.Item name="receipt_kind" label={t('money.receipt.kind')} rules={[required]}>
        <Select aria-label={t('money.receipt.kind')} options={options('receiptKind')} />
      </Form.Item>
      <Form.Item name="payment_type" label={t('payments.method')} rules={[required]}>
        <Select aria-label={t('payments.method')} options={methods} />
      </Form.Item>
      {ecom && method === 'transfer' ? (
        <Form.Item name="bank_account_code" label={t('money.receipt.bankCode')} rules={[required]}>
          <Select aria-label={t('money.receipt.bankCode')} options={BANK_CODE_OPTIONS} />
        </Form.Item>
      ) : null}
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
          <Form.Item name="payment_term" label={t('payments.term')} rules={[required]}>
            <Select aria-label={t('payments.term')} options={options('paymentTerm')} />
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
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('payments.add')}
      </Button>
    </Form>
  );
}
