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
        title={t('franchises.groups.identity')}
        fields={[
          {
            name: 'customer_no',
            label: t('fields.customerNo'),
            rules: [required, max(30)],
            input: <Input disabled={!p.isNew} autoFocus={p.isNew} />,
          },
          { name: 'name', label: t('fields.name'), rules: [required, max(100)] },
          { name: 'tp_no', label: t('franchises.form.tpNo') },
          { name: 'ss_no', label: t('franchises.form.ssNo') },
          {
            name: 'is_active',
            label: t('fields.active'),
            rules: [],
            input: <Switch aria-label={t('fields.active')} />,
          },
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
        title={t('franchises.groups.addressContact')}
        fields={[
          { name: 'address', label: t('fields.address'), rules: [max(100)] },
          { name: 'address_2', label: t('franchises.form.address2'), rules: [max(100)] },
          { name: 'district_code', label: t('franchises.form.districtCode') },
          { name: 'district_name', label: t('franchises.form.districtName'), rules: [max(100)] },
          { name: 'city', label: t('franchises.form.cityProvince') },
          { name: 'post_code', label: t('franchises.form.postCode') },
          { name: 'region_code', label: t('franchises.regionCode') },
          { name: 'phone_no', label: t('fields.phone'), rules: [phoneRule] },
          { name: 'email', label: t('fields.email'), rules: [max(80), emailRule] },
          { name: 'contact', label: t('franchises.form.contact'), rules: [max(100)] },
        ]}
      />
      <Group
        title={t('franchises.groups.purchasing')}
        fields={[
          {
            name: 'vendor_no',
            label: t('franchises.vendorNo'),
            extra: p.isNew ? t('franchises.form.vendorNoHint') : undefined,
          },
          { name: 'vendor_name', label: t('franchises.vendorName'), rules: [max(100)] },
          { name: 'buy_from_code', label: t('franchises.form.buyFromCode') },
          { name: 'buy_from_address', label: t('franchises.form.buyFromAddress'), rules: [max(250)] },
          {
            name: 'receipt_lead_time',
            label: t('franchises.form.receiptLeadTime'),
            rules: [{ type: 'number', min: 0, max: 365, message: messages.range(0, 365) }],
            input: <InputNumber<number> min={0} max={365} precision={0} style={{ width: '100%' }} />,
          },
        ]}
      />
      <Group
        title={t('franchises.groups.dimensions')}
        fields={[
          { name: 'header_campaign', label: t('franchises.form.headerCampaign') },
          { name: 'header_costcenter', label: t('franchises.form.headerCostCenter') },
          { name: 'header_channel', label: t('franchises.form.headerChannel') },
          { name: 'header_department', label: t('franchises.form.headerDepartment') },
          { name: 'header_factory', label: t('franchises.form.headerFactory') },
          { name: 'line_campaign', label: t('franchises.form.lineCampaign') },
          { name: 'line_costcenter', label: t('franchises.form.lineCostCenter') },
          { name: 'line_gen_bus_posting_group', label: t('franchises.form.lineGenBusPostingGroup') },
          { name: 'batch_name', label: t('franchises.form.batchName') },
        ]}
      />
      <Group
        title={t('franchises.groups.bank')}
        fields={[
          {
            name: 'bank_account_code',
            label: t('franchises.form.bankAccountCode'),
            extra: t('franchises.form.bankAccountCodeHint'),
          },
          {
            name: 'bank_bin',
            label: t('franchises.form.bankBin'),
            rules: [{ pattern: /^(\d{6})?$/, message: bankBinMessage }],
            extra: t('franchises.form.bankBinHint'),
          },
          {
            name: 'bank_account_no',
            label: t('franchises.form.bankAccountNo'),
            rules: [{ pattern: /^[A-Za-z0-9]{0,19}$/, message: bankAccountNoMessage }],
          },
          { name: 'bank_account_name', label: t('franchises.form.bankAccountName'), rules: [max(100)] },
        ]}
      />
      <Group
        title={t('franchises.groups.consignment')}
        fields={[
          { name: 'consignment_location_code', label: t('franchises.form.consignmentLocationCode') },
          { name: 'consignment_warehouse_code', label: t('franchises.form.consignmentWarehouseCode') },
          { name: 'consignment_intransit_code', label: t('franchises.form.consignmentIntransitCode') },
        ]}
      />
    </>
  );
}

/** The form's fields, for mapping server field errors: the franchise detail page's structure (page-structures.ts). */
export const FRANCHISE_FORM_FIELDS = pageStructureOf('/franchises/detail').fields;
