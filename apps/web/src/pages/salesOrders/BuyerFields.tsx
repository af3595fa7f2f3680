import { Col, Form, Input, Row, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { eInvoiceCheck, eInvoiceMessages, messages } from '@fp/contract';

/** The buyer fields of a company invoice as a form holds them. */
export type BuyerValues = { buyer_tax_code?: string; buyer_company_name?: string; buyer_address?: string };

/**
 * The rules of a company invoice's buyer (issue 21), the server's own (eInvoiceCheck, eInvoiceMessages): a tax code of
 * 10 or 13 digits (dash form 0123456789-001); with a tax code the company name and address are required.
 */
export function buyerRules(form: FormInstance) {
  const withCode = (message: string): Rule => ({
    validator: (_, v: string | undefined) =>
      String(form.getFieldValue('buyer_tax_code') ?? '').trim() && !String(v ?? '').trim()
        ? Promise.reject(new Error(message))
        : Promise.resolve(),
  });
  return {
    buyer_tax_code: [
      {
        validator: (_: unknown, v: string | undefined) =>
          !String(v ?? '').trim() || eInvoiceCheck.taxCode(String(v))
            ? Promise.resolve()
            : Promise.reject(new Error(eInvoiceMessages.taxCode)),
      },
    ] as Rule[],
    buyer_company_name: [
      withCode(eInvoiceMessages.companyNameRequired),
      { max: 250, message: messages.maxLength(250) },
    ],
    buyer_address: [withCode(eInvoiceMessages.addressRequired), { max: 250, message: messages.maxLength(250) }],
  };
}

/** The trimmed buyer fields of a body ('' for a consumer: clears them on update). */
export const buyerBody = (v: BuyerValues) => ({
  buyer_tax_code: v.buyer_tax_code?.trim() ?? '',
  buyer_company_name: v.buyer_company_name?.trim() ?? '',
  buyer_address: v.buyer_address?.trim() ?? '',
});

/** The sales order header's company invoice: tax code, company name and address (empty for a consumer). */
export function BuyerFields({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const rules = buyerRules(form);
  return (
    <Row gutter={12}>
      <Col xs={24} md={8}>
        <Form.Item
          name="buyer_tax_code"
          label={t('einvoice.buyer.taxCode')}
          rules={rules.buyer_tax_code}
          extra={t('einvoice.buyer.taxCodeHint')}
        >
          <Input placeholder="0123456789" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="buyer_company_name"
          label={t('einvoice.buyer.companyName')}
          rules={rules.buyer_company_name}
          dependencies={['buyer_tax_code']}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="buyer_address"
          label={t('einvoice.buyer.address')}
          rules={rules.buyer_address}
          dependencies={['buyer_tax_code']}
        >
          <Input />
        </Form.Item>
      </Col>
    </Row>
  );
}
