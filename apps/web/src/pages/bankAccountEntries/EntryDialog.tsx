import { useTranslation } from 'react-i18next';
import { DatePicker, Form, Input, Select, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_DISPLAY, bankAccountEntryAdd, messages, type BankDocumentType } from '@fp/contract';
import { FormDialog } from '../../components/FormDialog';
import { rulesFrom } from '../../components/zod-rules';
import { plainAmount } from '../salesOrders/counter/payment-amounts';
import { useLabels } from '../../components/labels';
import { MoneyInput } from '../../components/MoneyInput';

export type EntryValues = {
  franchise_code?: string;
  posting_date?: Dayjs | null;
  document_type: BankDocumentType;
  bank_account_no: string;
  description?: string;
  amount: string;
  name?: string;
  address?: string;
};

const rules = rulesFrom(bankAccountEntryAdd);

/** A signed amount typed German-style ("1.500.000", "-250.000,5"): required, a number, not 0. */
const amountRule = {
  validator: (_: unknown, v: string | undefined) => {
    if (!v || !v.trim()) return Promise.reject(new Error(messages.required));
    const plain = plainAmount(v);
    if (plain === null) return Promise.reject(new Error(messages.isNumber));
    if (Number(plain) === 0) return Promise.reject(new Error('Amount must not be 0'));
    return Promise.resolve();
  },
};

/**
 * Add a bank account entry by hand (product.md 3 "Bank account entry"): posting date, document type, bank account no,
 * description, amount (+ into the account, − out of it), name, address; head office chooses the franchise.
 */
export function EntryDialog(p: {
  open: boolean;
  form: FormInstance<EntryValues>;
  saving: boolean;
  franchises: { value: string; label: string }[] | null;
  onFinish: (v: EntryValues) => unknown;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const labels = useLabels();
  return (
    <FormDialog<EntryValues>
      open={p.open}
      title={t('money.bank.newTitle')}
      okText={t('money.save')}
      confirmLoading={p.saving}
      onCancel={p.onCancel}
      form={p.form}
      onFinish={p.onFinish}
      name="bank-account-entry"
      width={560}
    >
      {p.franchises ? (
        <Form.Item
          name="franchise_code"
          label={t('money.franchise')}
          rules={[{ required: true, message: messages.required }]}
        >
          <Select showSearch optionFilterProp="label" options={p.franchises} aria-label={t('money.franchise')} />
        </Form.Item>
      ) : null}
      <Form.Item
        name="posting_date"
        label={t('money.bank.postingDate')}
        rules={[{ required: true, message: messages.required }]}
      >
        <DatePicker format={[DATE_DISPLAY, 'DD/MM/YYYY']} />
      </Form.Item>
      <Form.Item name="document_type" label={t('money.bank.documentType')} rules={rules('document_type')}>
        <Select aria-label={t('money.bank.documentType')} options={labels.options('bankDocumentType')} />
      </Form.Item>
      <Form.Item name="bank_account_no" label={t('money.bank.accountNo')} rules={rules('bank_account_no')}>
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('money.bank.description')} rules={rules('description')}>
        <Input />
      </Form.Item>
      <Form.Item name="amount" label={t('money.bank.amount')} rules={[amountRule]} extra={t('money.bank.amountHint')}>
        <MoneyInput />
      </Form.Item>
      <Form.Item name="name" label={t('money.bank.name')} rules={rules('name')}>
        <Input />
      </Form.Item>
      <Form.Item name="address" label={t('money.bank.address')} rules={rules('address')}>
        <Input />
      </Form.Item>
    </FormDialog>
  );
}
