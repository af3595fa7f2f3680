import { useEffect } from 'react';
import { Alert, Button, Col, Form, Input, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { eInvoiceCheck, eInvoiceMessages, messages } from '@fp/contract';
import { franchisesHooks } from '../../api/areas';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan, useSession } from '../../auth/session';
import { renderDateTime } from '../../components/format';
import { handle } from '../../components/handle';
import { showFormErrors } from './form-errors';
import { FRANCHISES_AREA, FRANCHISES_PAGE } from './data';

type Values = {
  supplier_tax_code?: string;
  seller_name?: string;
  username?: string;
  password?: string;
  template_code?: string;
  invoice_series?: string;
};
const FIELDS = ['supplier_tax_code', 'seller_name', 'username', 'password', 'template_code', 'invoice_series'] as const;

const check =
  (ok: (v: string) => boolean, message: string): Rule =>
  () => ({
    validator: (_: unknown, v: string | undefined) =>
      !String(v ?? '').trim() || ok(String(v)) ? Promise.resolve() : Promise.reject(new Error(message)),
  });
const needs =
  (other: keyof Values, message: string): Rule =>
  ({ getFieldValue }) => ({
    validator: (_: unknown, v: string | undefined) =>
      String(getFieldValue(other) ?? '').trim() && !String(v ?? '').trim()
        ? Promise.reject(new Error(message))
        : Promise.resolve(),
  });

/**
 * The franchise's own SInvoice account (issue 21), on the franchise detail screen: a franchise that is a company of
 * its own issues its e-invoices under its tax code, template and series; empty fields are the configuration's.
 * Head office edits it; the store reads it. The password is never shown, only whether one is kept.
 */
export function EInvoiceSettings({ franchiseCode }: { franchiseCode: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const me = useSession().me;
  const canEdit = useCan(FRANCHISES_PAGE, 'edit') && Boolean(me) && !me?.franchise_code;
  const q = franchisesHooks.useQuery('eInvoiceSettings', { params: { customer_no: franchiseCode } }, { retry: false });
  const s = q.data;

  useEffect(() => {
    if (s) form.setFieldsValue({ ...s, password: '' });
  }, [s, form]);

  const save = useApiMutation({
    fn: (v: Values) =>
      call('franchises.updateEInvoiceSettings', {
        body: {
          franchise_code: franchiseCode,
          version: s!.version,
          supplier_tax_code: v.supplier_tax_code?.trim() ?? '',
          seller_name: v.seller_name?.trim() ?? '',
          username: v.username?.trim() ?? '',
          password: v.password ?? '',
          template_code: v.template_code?.trim() ?? '',
          invoice_series: v.invoice_series?.trim().toUpperCase() ?? '',
        },
      }),
    invalidates: [FRANCHISES_AREA],
    success: { action: 'Update', entity: 'E-Invoice Settings' },
    toastError: false,
  });

  if (q.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!s)
    return (
      <Alert
        type="error"
        showIcon
        message={t('einvoice.settings.loadFailed')}
        action={
          <Button size="small" onClick={() => void q.refetch()}>
            {t('einvoice.settings.refresh')}
          </Button>
        }
      />
    );

  const own = Boolean(s.supplier_tax_code || s.template_code || s.invoice_series || s.seller_name);
  return (
    <Form<Values>
      name="einvoice-settings"
      form={form}
      layout="vertical"
      disabled={!canEdit}
      onFinish={handle((v) =>
        save
          .mutateAsync(v)
          .then(() => form.setFieldValue('password', ''))
          .catch((e: unknown) => showFormErrors(form, e, FIELDS)),
      )}
    >
      <Typography.Paragraph type="secondary">
        {own ? t('einvoice.settings.ownHint') : t('einvoice.settings.configHint')}
        {s.updated_at ? ` · ${t('einvoice.settings.updated', { at: renderDateTime(s.updated_at) })}` : ''}
      </Typography.Paragraph>
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item
            name="supplier_tax_code"
            label={t('einvoice.settings.supplierTaxCode')}
            extra={t('einvoice.settings.taxCodeHint')}
            rules={[
              check(eInvoiceCheck.taxCode, eInvoiceMessages.supplierTaxCode),
              needs('username', eInvoiceMessages.taxCodeRequired),
            ]}
          >
            <Input placeholder="0123456789" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="seller_name"
            label={t('einvoice.settings.sellerName')}
            rules={[{ max: 250, message: messages.maxLength(250) }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="username"
            label={t('einvoice.settings.username')}
            rules={[
              needs('supplier_tax_code', eInvoiceMessages.usernameRequired),
              { max: 100, message: messages.maxLength(100) },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="password"
            label={
              <Space size={4}>
                {t('einvoice.settings.password')}
                {s.password_set ? (
                  <Tag color="green" data-testid="einvoice-password-set">
                    {t('einvoice.settings.passwordSet')}
                  </Tag>
                ) : (
                  <Tag>{t('einvoice.settings.passwordNotSet')}</Tag>
                )}
              </Space>
            }
            extra={s.password_set ? t('einvoice.settings.passwordKeep') : undefined}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_: unknown, v: string | undefined) =>
                  String(getFieldValue('username') ?? '').trim() && !s.password_set && !v
                    ? Promise.reject(new Error(eInvoiceMessages.passwordRequired))
                    : Promise.resolve(),
              }),
              { max: 200, message: messages.maxLength(200) },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item
            name="template_code"
            label={t('einvoice.settings.templateCode')}
            rules={[check(eInvoiceCheck.template, eInvoiceMessages.templateCode)]}
          >
            <Input placeholder="1/001" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item
            name="invoice_series"
            label={t('einvoice.settings.invoiceSeries')}
            normalize={(v: string) => v.toUpperCase()}
            rules={[check(eInvoiceCheck.series, eInvoiceMessages.invoiceSeries)]}
          >
            <Input placeholder="C26MAA" maxLength={6} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      {canEdit ? (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
          {t('einvoice.settings.save')}
        </Button>
      ) : null}
    </Form>
  );
}
