import { useEffect } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { buyerRules, type BuyerValues } from '../salesOrders/BuyerFields';
import type { CounterBuyer } from './store';

/**
 * "Company invoice" at the counter (issue 21): the buyer's tax code (mã số thuế), company name and address, checked as
 * the server checks them (10 or 13 digits, dash form 0123456789-001; with a tax code the name and address are
 * required). The sale sends them as buyer_tax_code / buyer_company_name / buyer_address; Remove makes it a consumer's
 * invoice again.
 */
export function BuyerDialog(p: {
  open: boolean;
  value: CounterBuyer | null;
  onClose: () => void;
  onSave: (buyer: CounterBuyer | null) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BuyerValues>();
  const rules = buyerRules(form);
  useEffect(() => {
    if (p.open) form.setFieldsValue(p.value ?? { buyer_tax_code: '', buyer_company_name: '', buyer_address: '' });
  }, [p.open, p.value, form]);
  const save = (v: BuyerValues) => {
    const code = v.buyer_tax_code?.trim() ?? '';
    p.onSave(
      code
        ? {
            buyer_tax_code: code,
            buyer_company_name: v.buyer_company_name?.trim() ?? '',
            buyer_address: v.buyer_address?.trim() ?? '',
          }
        : null,
    );
  };
  return (
    <FormDialog
      open={p.open}
      title={t('einvoice.buyer.title')}
      form={form}
      name="counter-buyer"
      onFinish={save}
      onCancel={p.onClose}
      okText={t('einvoice.buyer.use')}
      modalProps={{
        rootClassName: 'counter-dialog',
        footer: (_, { OkBtn, CancelBtn }) => (
          <>
            {p.value ? (
              <Button danger onClick={() => p.onSave(null)}>
                {t('einvoice.buyer.remove')}
              </Button>
            ) : null}
            <CancelBtn />
            <OkBtn />
          </>
        ),
      }}
    >
      <Form.Item
        name="buyer_tax_code"
        label={t('einvoice.buyer.taxCode')}
        rules={[{ required: true, message: t('einvoice.buyer.taxCodeRequired') }, ...rules.buyer_tax_code]}
        extra={t('einvoice.buyer.taxCodeHint')}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="buyer_company_name" label={t('einvoice.buyer.companyName')} rules={rules.buyer_company_name}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="buyer_address" label={t('einvoice.buyer.address')} rules={rules.buyer_address}>
        <Input autoComplete="off" />
      </Form.Item>
    </FormDialog>
  );
}
