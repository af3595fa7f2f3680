import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { bankAccountNoMessage, bankBinMessage, check, messages, pageStructureOf } from '@fp/contract';

const max = (n: number): Rule => ({ max: n, message: messages.maxLength(n) });
const required: Rule = { required: true, whitespace: true, message: messages.required };
const phoneRule: Rule = {
  validator: (_, v: string) => (!v || check.phone(v) ? Promise.resolve() : Promise.reject(new Error(messages.phone))),
};
const emailRule: Rule = {
  validator: (_, v: string) => (!v || check.email(v) ? Promise.resolve() : Promise.reject(new Error(messages.email))),
};

type F = { name: string; label: string; rules?: Rule[]; input?: ReactNode; extra?: string; span?: number };

function Group(p: { title: string; fields: F[] }) {
  return (
    <Card title={p.title} size="small" style={{ marginBottom: 16 }}>
      <Row gutter={16}>
        {p.fields.map((f) => (
          <Col key={f.name} xs={24} md={f.span ?? 12} xl={f.span ? Math.min(24, f.span) : 8}>
            <Form.Item name={f.name} label={f.label} rules={f.rules ?? [max(30)]} extra={f.extra}>
              {f.input ?? <Input />}
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** The Franchise entity (product.md 3) grouped as head office works with it. */
export function FranchiseFields(p: { isNew: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Group
        title="Identity"
        fields={[
          {
            name: 'customer_no',
            label: 'Customer No',
            rules: [required, max(30)],
            input: <Input disabled={!p.isNew} autoFocus={p.isNew} />,
          },
          { name: 'name', label: 'Name', rules: [required, max(100)] },
          { name: 'tp_no', label: 'TP No' },
          { name: 'ss_no', label: 'SS No' },
          { name: 'is_active', label: 'Active', rules: [], input: <Switch aria-label="Active" /> },
          {
            name: 'cash_needs_open_shift',
            label: t('franchises.cashNeedsOpenShift'),
            rules: [],
            input: <Switch aria-label={t('franchises.cashNeedsOpenShift')} />,
            extra: t('franchises.cashNeedsOpenShiftHelp'),
          },
        ]}
      />
      <Group
        title="Address & contact"
        fields={[
          { name: 'address', label: 'Address', rules: [max(100)] },
          { name: 'address_2', label: 'Address 2', rules: [max(100)] },
          { name: 'district_code', label: 'District Code' },
          { name: 'district_name', label: 'District Name', rules: [max(100)] },
          { name: 'city', label: 'City / Province' },
          { name: 'post_code', label: 'Post Code' },
          { name: 'region_code', label: 'Region Code' },
          { name: 'phone_no', label: 'Phone No', rules: [phoneRule] },
          { name: 'email', label: 'Email', rules: [max(80), emailRule] },
          { name: 'contact', label: 'Contact', rules: [max(100)] },
        ]}
      />
      <Group
        title="Purchasing defaults"
        fields={[
          { name: 'vendor_no', label: 'Vendor No', extra: p.isNew ? 'Left empty: the default vendor.' : undefined },
          { name: 'vendor_name', label: 'Vendor Name', rules: [max(100)] },
          { name: 'buy_from_code', label: 'Buy From Code' },
          { name: 'buy_from_address', label: 'Buy From Address', rules: [max(250)] },
          {
            name: 'receipt_lead_time',
            label: 'Receipt Lead Time (days)',
            rules: [{ type: 'number', min: 0, max: 365, message: messages.range(0, 365) }],
            input: <InputNumber<number> min={0} max={365} precision={0} style={{ width: '100%' }} />,
          },
        ]}
      />
      <Group
        title="Dimensions"
        fields={[
          { name: 'header_campaign', label: 'Header Campaign' },
          { name: 'header_costcenter', label: 'Header Cost Center' },
          { name: 'header_channel', label: 'Header Channel' },
          { name: 'header_department', label: 'Header Department' },
          { name: 'header_factory', label: 'Header Factory' },
          { name: 'line_campaign', label: 'Line Campaign' },
          { name: 'line_costcenter', label: 'Line Cost Center' },
          { name: 'line_gen_bus_posting_group', label: 'Line Gen. Bus. Posting Group' },
          { name: 'batch_name', label: 'Batch Name' },
        ]}
      />
      <Group
        title="Bank account (VietQR)"
        fields={[
          {
            name: 'bank_account_code',
            label: 'Bank Account Code',
            extra: 'The account in the books: bank account entries of transfer and card receipts name it.',
          },
          {
            name: 'bank_bin',
            label: 'Bank BIN',
            rules: [{ pattern: /^(\d{6})?$/, message: bankBinMessage }],
            extra: 'NAPAS BIN, e.g. 970416 (ACB)',
          },
          {
            name: 'bank_account_no',
            label: 'Bank Account No',
            rules: [{ pattern: /^[A-Za-z0-9]{0,19}$/, message: bankAccountNoMessage }],
          },
          { name: 'bank_account_name', label: 'Bank Account Name', rules: [max(100)] },
        ]}
      />
      <Group
        title="Consignment locations"
        fields={[
          { name: 'consignment_location_code', label: 'Consignment Location Code' },
          { name: 'consignment_warehouse_code', label: 'Consignment Warehouse Code' },
          { name: 'consignment_intransit_code', label: 'Consignment In-Transit Code' },
        ]}
      />
    </>
  );
}

/** The form's fields, for mapping server field errors: the franchise detail page's structure (page-structures.ts). */
export const FRANCHISE_FORM_FIELDS = pageStructureOf('/franchises/detail').fields;
