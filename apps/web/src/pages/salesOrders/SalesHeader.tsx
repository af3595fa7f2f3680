import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, DatePicker, Form, Input, Row, Select, Space, Tag, type FormInstance } from 'antd';
import { SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_DISPLAY, messages, normalizePhone, type Customer, type ShipToAddress } from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { qk } from '../../api/keys';
import { useSession } from '../../auth/session';
import { enterMovesToNextField } from '../../components/FormDialog';
import { toast } from '../../components/toast';
import { phoneRule, TemporaryCustomerModal } from '../customers/TemporaryCustomerModal';
import { useStores } from '../customers/data';
import { salesTypesFor } from './data';
import { BuyerFields } from './BuyerFields';

export type HeaderValues = {
  sell_to_phone_no?: string;
  sell_to_code?: string;
  sell_to_name?: string;
  location_code?: string;
  sales_type?: string;
  ship_to_code?: string;
  requested_delivery_date?: Dayjs | null;
  general_comments?: string;
  delivery_comments?: string;
  /** A company invoice (issue 21): the buyer's tax code, company name and address. */
  buyer_tax_code?: string;
  buyer_company_name?: string;
  buyer_address?: string;
};

/** The ship-to fields of the document from a customer's ship-to address. */
export const shipToFields = (a: ShipToAddress) => ({
  ship_to_code: a.code,
  ship_to_name: a.name,
  ship_to_address: a.address,
  ship_to_address_2: a.address_2,
  ship_to_district_code: a.district_code,
  ship_to_district_name: a.district_name,
  ship_to_post_code: a.post_code,
  ship_to_city: a.province_name,
  ship_to_contact: a.contact,
  ship_to_phone_no: a.phone_no,
});

/** The customer's ship-to addresses (customers.detailsPos). */
export function useShipTos(customerNo: string | undefined) {
  return useQuery({
    queryKey: qk.other('customers', 'details-pos', customerNo),
    queryFn: () => call('customers.detailsPos', { body: { customer_no: customerNo } }),
    enabled: Boolean(customerNo),
  });
}

/**
 * The header of a sales document: the customer found by mobile phone (or created as a temporary customer), the
 * location, the sales type, the ship-to address, the requested delivery date and the notes. Enter moves to the next
 * field and never submits.
 */
export function SalesHeader({
  form,
  disabled,
  franchise,
  onFranchise,
}: {
  form: FormInstance<HeaderValues>;
  disabled: boolean;
  /** The document's franchise (head office: from the picked location), for the customer lookup. */
  franchise?: string | null;
  onFranchise?: (franchise: string | null) => void;
}) {
  const { me } = useSession();
  const { t } = useTranslation();
  const stores = useStores();
  const [notFound, setNotFound] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [finding, setFinding] = useState(false);
  const customerNo = Form.useWatch('sell_to_code', form);
  const customerName = Form.useWatch('sell_to_name', form);
  const shipTos = useShipTos(customerNo || undefined);

  const locations = useMemo(
    () =>
      (stores.data ?? [])
        .filter((s) => s.location_code)
        .map((s) => ({
          value: s.location_code,
          franchise: s.franchise_code,
          label: `${s.location_code} — ${s.location_name}`,
        })),
    [stores.data],
  );
  useEffect(() => {
    // A new document starts at the user's store: the location of the user's device, else the first location of the
    // user's franchise (the user's customer_no), else the only location the user may pick.
    if (disabled || form.getFieldValue('location_code') || locations.length === 0) return;
    const own = me?.user.customer_no ?? me?.franchise_code;
    const start =
      locations.find((l) => l.value === me?.location_code) ??
      locations.find((l) => own && l.franchise === own) ??
      (locations.length === 1 ? locations[0] : undefined);
    if (!start) return;
    form.setFieldValue('location_code', start.value);
    onFranchise?.(start.franchise);
  }, [locations, disabled, form, me, onFranchise]);

  const takeCustomer = (c: Customer) => {
    setNotFound(null);
    form.setFieldsValue({
      sell_to_code: c.customer_no,
      sell_to_name: c.name,
      sell_to_phone_no: c.phone_no,
      ship_to_code: undefined,
    });
  };

  const find = async () => {
    const raw = String(form.getFieldValue('sell_to_phone_no') ?? '').trim();
    try {
      await form.validateFields(['sell_to_phone_no']);
    } catch {
      return;
    }
    if (!raw) return;
    const phone = normalizePhone(raw);
    setFinding(true);
    try {
      const c = await call('customers.byPhone', {
        params: { phone_no: phone },
        query: franchise ? { franchise_code: franchise } : {},
      });
      takeCustomer(c);
    } catch (e) {
      // An unknown phone is a new customer, not a failure: the prompt to create them stays until they exist.
      if (e instanceof ApiCallError && e.status === 404) {
        setNotFound(phone);
        form.setFieldsValue({ sell_to_code: undefined, sell_to_name: undefined });
      } else toast.error(e);
    } finally {
      setFinding(false);
    }
  };

  return (
    <>
      <Form<HeaderValues>
        form={form}
        name="sales-header"
        layout="vertical"
        disabled={disabled}
        onKeyDown={(e) => enterMovesToNextField(e, () => undefined)}
      >
        <Row gutter={12}>
          <Col xs={24} md={12} lg={8}>
            <Form.Item label={t('sales.header.mobilePhone')} required={false}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="sell_to_phone_no" noStyle rules={[phoneRule]}>
                  <Input
                    inputMode="tel"
                    aria-label={t('sales.header.mobilePhone')}
                    placeholder="0912345678"
                    autoFocus={!disabled}
                    onPressEnter={() => void find()}
                  />
                </Form.Item>
                {/* The button keeps its label's width; the phone field takes what is left. */}
                <Button
                  icon={<SearchOutlined />}
                  loading={finding}
                  onClick={() => void find()}
                  style={{ flex: 'none' }}
                >
                  {t('sales.header.findCustomer')}
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Form.Item label={t('sales.header.customer')}>
              <div
                aria-label={t('sales.header.customer')}
                data-testid="customer"
                style={{ minHeight: 32, paddingTop: 4 }}
              >
                {customerNo ? (
                  <span>
                    {customerNo} — {customerName}
                  </span>
                ) : (
                  <Tag>{t('tablet.sales.noCustomer')}</Tag>
                )}
              </div>
            </Form.Item>
            <Form.Item name="sell_to_code" hidden>
              <Input />
            </Form.Item>
            <Form.Item name="sell_to_name" hidden>
              <Input />
            </Form.Item>
          </Col>
          {notFound && !customerNo && !disabled && (
            <Col xs={24}>
              <Alert
                type="info"
                showIcon
                data-testid="new-customer"
                style={{ marginBottom: 12 }}
                message={t('sales.customer.notFound', { phone: notFound })}
                action={
                  <Button icon={<UserAddOutlined />} onClick={() => setCreating(true)}>
                    {t('sales.customer.create')}
                  </Button>
                }
              />
            </Col>
          )}
          <Col xs={24} md={12} lg={8}>
            <Form.Item
              name="location_code"
              label={t('fields.location')}
              rules={[{ required: true, message: messages.required }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={locations}
                loading={stores.isLoading}
                onChange={(v: string) => onFranchise?.(locations.find((l) => l.value === v)?.franchise ?? null)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Form.Item
              name="sales_type"
              label={t('sales.header.salesType')}
              rules={[{ required: true, message: messages.required }]}
            >
              <Select options={salesTypesFor(me?.franchise_code).map((t) => ({ value: t, label: t }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Form.Item name="ship_to_code" label={t('sales.header.shipTo')}>
              <Select
                allowClear
                placeholder={customerNo ? t('sales.header.customerAddress') : t('sales.header.findFirst')}
                loading={shipTos.isLoading}
                options={(shipTos.data?.ship_to_addresses ?? []).map((a) => ({
                  value: a.code,
                  label: `${a.code} — ${a.name}, ${[a.address, a.district_name, a.province_name].filter(Boolean).join(', ')}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Form.Item name="requested_delivery_date" label={t('document.requestedDeliveryDate')}>
              <DatePicker format={[DATE_DISPLAY, 'DD/MM/YYYY']} style={{ width: '100%' }} placeholder={DATE_DISPLAY} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="general_comments"
              label={t('document.generalNote')}
              rules={[{ max: 250, message: messages.maxLength(250) }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="delivery_comments"
              label={t('document.deliveryNote')}
              rules={[{ max: 250, message: messages.maxLength(250) }]}
            >
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <BuyerFields form={form} />
      </Form>
      <TemporaryCustomerModal
        open={creating}
        phone={notFound ?? undefined}
        onClose={() => setCreating(false)}
        onCreated={(c) => {
          setCreating(false);
          takeCustomer(c);
        }}
      />
    </>
  );
}
