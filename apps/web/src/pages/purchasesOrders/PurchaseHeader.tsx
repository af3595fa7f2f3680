import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, Row, Select, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DISPLAY, DATE_ISO, businessDate, formatNumber, messages, type PurchaseOrder } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { enterMovesToNextField } from '../../components/FormDialog';
import { useStores } from '../customers/data';
import { useTranslation } from 'react-i18next';

export type PurchaseHeaderValues = {
  location_code?: string;
  requested_receipt_date?: Dayjs | null;
  receiving_contact?: string;
  agent?: string;
  nwv_general_comments?: string;
  nwv_delivery_comments?: string;
};

export const headerOf = (d: PurchaseOrder): PurchaseHeaderValues => ({
  location_code: d.location_code || undefined,
  requested_receipt_date: d.requested_receipt_date ? dayjs(d.requested_receipt_date) : null,
  receiving_contact: d.receiving_contact,
  agent: d.agent_code ? `${d.agent_code}|${d.agent_service_code}` : undefined,
  nwv_general_comments: d.nwv_general_comments,
  nwv_delivery_comments: d.nwv_delivery_comments,
});

/** The header as the create/update calls take it: the receiving location and the shipping agent's service. */
export const headerBody = (v: PurchaseHeaderValues) => {
  const [agent_code = '', agent_service_code = ''] = (v.agent ?? '').split('|');
  return {
    // No location: the server takes the user's store, else the franchise's main store.
    ...(v.location_code ? { location_code: v.location_code, receiving_code: v.location_code } : {}),
    receiving_contact: v.receiving_contact ?? '',
    requested_receipt_date: v.requested_receipt_date ? v.requested_receipt_date.format(DATE_ISO) : null,
    agent_code,
    agent_service_code,
    nwv_general_comments: v.nwv_general_comments ?? '',
    nwv_delivery_comments: v.nwv_delivery_comments ?? '',
  };
};

/** The shipping agents' services as "agent|service" options (the agent address dropdown). */
function useAgentOptions() {
  const q = useQuery({
    queryKey: qk.op('shippingAgentServices.list', { all: true }),
    queryFn: () => call('shippingAgentServices.list', { body: { pagination: { page: 1, size: 200 } } }),
    staleTime: 5 * 60_000,
  });
  return {
    loading: q.isLoading,
    options: (q.data?.items ?? []).map((s) => ({
      value: `${s.shipping_agent_code}|${s.code}`,
      label: `${s.shipping_agent_code} ${s.code} — ${s.description}`,
    })),
  };
}

const ReadOnly = ({ label, value }: { label: string; value: string | undefined }) => (
  <Form.Item label={label}>
    <Input aria-label={label} value={value ?? ''} disabled />
  </Form.Item>
);

/**
 * product.md 2 "Purchase order detail", General: the requested receipt date (not before the minimum), the buy-from
 * block and the vendor read-only, the receiving contact and address (the franchise's locations), the agent's service
 * and the two notes. Enter moves to the next field and never submits.
 */
export function PurchaseHeader({
  form,
  disabled,
  order,
}: {
  form: FormInstance<PurchaseHeaderValues>;
  disabled: boolean;
  order?: PurchaseOrder;
}) {
  const { t } = useTranslation();
  const stores = useStores();
  const agents = useAgentOptions();
  const min = order?.min_requested_receipt_date || businessDate();
  const locations = useMemo(
    () =>
      (stores.data ?? [])
        .filter((s) => s.location_code && (!order || s.franchise_code === order.franchise_code))
        .map((s) => ({ value: s.location_code, label: `${s.location_code} — ${s.location_name}` })),
    [stores.data, order],
  );
  useEffect(() => {
    // A new order is received at the user's store when there is only one.
    if (!disabled && !order && !form.getFieldValue('location_code') && locations.length === 1)
      form.setFieldValue('location_code', locations[0].value);
  }, [locations, disabled, order, form]);
  return (
    <Form<PurchaseHeaderValues>
      form={form}
      name="purchase-header"
      layout="vertical"
      disabled={disabled}
      onKeyDown={(e) => enterMovesToNextField(e, () => undefined)}
    >
      <Row gutter={12}>
        <Col xs={24} md={12} lg={8}>
          <Form.Item name="requested_receipt_date" label={t('purchasing.header.requestedReceiptDate')}>
            <DatePicker
              format={[DATE_DISPLAY, 'DD/MM/YYYY']}
              style={{ width: '100%' }}
              placeholder={DATE_DISPLAY}
              disabledDate={(day) => day.format(DATE_ISO) < min}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={8}>
          <Form.Item name="location_code" label={t('purchasing.header.receivingAddress')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={locations}
              loading={stores.isLoading}
              placeholder={t('purchasing.header.yourStore')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={8}>
          <Form.Item
            name="receiving_contact"
            label={t('purchasing.header.receivingContact')}
            rules={[{ max: 100, message: messages.maxLength(100) }]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={8}>
          <Form.Item name="agent" label={t('purchasing.header.agentAddress')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={agents.options}
              loading={agents.loading}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={8}>
          <Form.Item
            name="nwv_general_comments"
            label={t('document.generalNote')}
            rules={[{ max: 250, message: messages.maxLength(250) }]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={8}>
          <Form.Item
            name="nwv_delivery_comments"
            label={t('document.deliveryNote')}
            rules={[{ max: 250, message: messages.maxLength(250) }]}
          >
            <Input />
          </Form.Item>
        </Col>
        {order ? (
          <>
            <Col xs={24} md={12} lg={8}>
              <ReadOnly label={t('purchasing.header.buyFromAddress')} value={order.buy_from_address} />
            </Col>
            <Col xs={12} md={6} lg={4}>
              <ReadOnly label={t('purchasing.header.buyFromCode')} value={order.buy_from_code} />
            </Col>
            <Col xs={12} md={6} lg={4}>
              <ReadOnly label={t('fields.type')} value={order.type} />
            </Col>
            <Col xs={12} md={6} lg={4}>
              <ReadOnly label={t('purchasing.header.vendorNo')} value={order.vendor_no} />
            </Col>
            <Col xs={12} md={6} lg={12}>
              <ReadOnly label={t('purchasing.header.vendorName')} value={order.vendor_name} />
            </Col>
          </>
        ) : null}
      </Row>
    </Form>
  );
}

/** Summary, all disabled (computed by the server). */
export function PurchaseSummary({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('purchasing.detail.summary')} className="document-totals">
      <Form layout="vertical" disabled>
        <Form.Item label={t('sales.totals.subtotal')}>
          <Input
            aria-label={t('sales.totals.subtotal')}
            value={formatNumber(order.subtotal)}
            style={{ textAlign: 'right' }}
          />
        </Form.Item>
        <Form.Item label={t('purchasing.detail.invoiceDiscountAmount')}>
          <Input
            aria-label={t('purchasing.detail.invoiceDiscountAmount')}
            value={formatNumber(order.invoice_discount_amount)}
            style={{ textAlign: 'right' }}
          />
        </Form.Item>
        <Form.Item label={t('purchasing.detail.invoiceDiscountPercent')}>
          <Input
            aria-label={t('purchasing.detail.invoiceDiscountPercent')}
            value={formatNumber(order.invoice_discount_percent)}
            style={{ textAlign: 'right' }}
          />
        </Form.Item>
      </Form>
    </section>
  );
}
