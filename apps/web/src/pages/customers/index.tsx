import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Card, Descriptions, Empty, Form, Input, Space, Spin, Table, Tag, Typography } from 'antd';
import { EditOutlined, PlusOutlined, SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { formatNumber, messages, normalizePhone, type ShipToAddress } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useCan } from '../../auth/session';
import { renderBool } from '../../components/format';
import { ShipToModal } from './ShipToModal';
import { phoneRule, TemporaryCustomerModal } from './TemporaryCustomerModal';
import { CUSTOMERS_AREA, CUSTOMERS_PAGE, renderBirthDate } from './data';

const schemeColor: Record<string, string> = {
  Silver: 'default',
  Gold: 'gold',
  Platinum: 'geekblue',
  Diamond: 'purple',
};

/** /customers: the counter's customer lookup by mobile phone, temporary customers and ship-to addresses. */
export default function CustomersPage() {
  const { t } = useTranslation();
  const canEdit = useCan(CUSTOMERS_PAGE, 'edit');
  const [form] = Form.useForm<{ phone_no: string }>();
  const [phone, setPhone] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ShipToAddress | 'new' | null>(null);

  const found = useQuery({
    queryKey: qk.other(CUSTOMERS_AREA, 'by-phone', phone),
    queryFn: () => call('customers.byPhone', { params: { phone_no: phone! } }),
    enabled: Boolean(phone),
    retry: false,
  });
  const customerNo = found.data?.customer_no;
  const details = useQuery({
    queryKey: qk.other(CUSTOMERS_AREA, 'details-pos', customerNo),
    queryFn: () => call('customers.detailsPos', { body: { customer_no: customerNo } }),
    enabled: Boolean(customerNo),
  });

  const search = ({ phone_no }: { phone_no: string }) => setPhone(normalizePhone(phone_no.trim()));
  const d = details.data;
  const notFound = Boolean(phone) && found.isError;

  const columns: ColumnsType<ShipToAddress> = [
    { title: t('fields.code'), dataIndex: 'code', key: 'code' },
    { title: t('fields.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('fields.address'),
      key: 'address',
      render: (_, a) => [a.address, a.address_2].filter(Boolean).join(', '),
    },
    { title: t('customers.district'), dataIndex: 'district_name', key: 'district_name' },
    { title: t('customers.province'), dataIndex: 'province_name', key: 'province_name' },
    { title: t('customers.contact'), dataIndex: 'contact', key: 'contact' },
    { title: t('fields.phone'), dataIndex: 'phone_no', key: 'phone_no' },
    { title: t('customers.temporary'), dataIndex: 'is_temporary', key: 'is_temporary', render: renderBool },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, a: ShipToAddress) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(a)}
                aria-label={t('customers.shipTo.editOf', { code: a.code })}
              >
                {t('common.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('customers.title')}
      </Typography.Title>
      <Card style={{ marginBottom: 16 }}>
        <Form form={form} name="customer-search" layout="inline" onFinish={search} style={{ rowGap: 8 }}>
          <Form.Item
            name="phone_no"
            label={t('customers.mobilePhone')}
            rules={[{ required: true, whitespace: true, message: messages.required }, phoneRule]}
          >
            <Input allowClear autoFocus inputMode="tel" placeholder="0912345678" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={found.isFetching}>
                {t('common.search')}
              </Button>
              {canEdit ? (
                <Button icon={<UserAddOutlined />} onClick={() => setCreating(true)}>
                  {t('customers.createTemporary')}
                </Button>
              ) : null}
            </Space>
          </Form.Item>
        </Form>
      </Card>

      {!phone ? (
        <Empty description={t('customers.enterPhone')} />
      ) : found.isLoading || (customerNo && details.isLoading) ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : notFound ? (
        <Empty description={t('customers.notFound', { phone })}>
          {canEdit ? (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setCreating(true)}>
              {t('customers.createTemporary')}
            </Button>
          ) : null}
        </Empty>
      ) : d ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card
            title={
              <Space>
                <span>
                  {d.customer.customer_no} — {d.customer.name}
                </span>
                <Tag color={schemeColor[d.loyalty.scheme] ?? 'default'}>{d.loyalty.scheme}</Tag>
                {d.customer.is_temporary ? <Tag>{t('customers.temporary')}</Tag> : null}
              </Space>
            }
          >
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
              <Descriptions.Item label={t('customers.mobilePhone')}>{d.customer.phone_no}</Descriptions.Item>
              <Descriptions.Item label={t('fields.email')}>{d.customer.email}</Descriptions.Item>
              <Descriptions.Item label={t('customers.birthDate')}>
                {renderBirthDate(d.customer.birth_date)}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.address')}>
                {[d.customer.address, d.customer.address_2].filter(Boolean).join(', ')}
              </Descriptions.Item>
              <Descriptions.Item label={t('customers.franchiseStore')}>
                {[d.customer.franchise_code, d.customer.location_code].filter(Boolean).join(' / ')}
              </Descriptions.Item>
              <Descriptions.Item label={t('customers.channel')}>{d.customer.channel}</Descriptions.Item>
              <Descriptions.Item label={t('customers.redeemablePoints')}>
                {formatNumber(d.loyalty.redeemable_points)}
              </Descriptions.Item>
              <Descriptions.Item label={t('customers.rankingPoints')}>
                {formatNumber(d.loyalty.ranking_points)}
                {d.loyalty.next_scheme
                  ? ` ${t('customers.toNextScheme', { points: formatNumber(d.loyalty.points_to_next_scheme), scheme: d.loyalty.next_scheme })}`
                  : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('customers.loyaltyScheme')}>{d.loyalty.scheme}</Descriptions.Item>
              <Descriptions.Item label={t('customers.referralCode')}>{d.loyalty.referral_code}</Descriptions.Item>
              <Descriptions.Item label={t('customers.referredBy')}>{d.loyalty.referred_by_code}</Descriptions.Item>
              <Descriptions.Item label={t('customers.birthdayPromotion')}>
                {d.loyalty.birthday_promotion_eligible ? t('customers.eligible') : d.loyalty.birthday_promotion_reason}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card
            title={t('customers.shipTo.title')}
            extra={
              canEdit ? (
                <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  {t('customers.shipTo.add')}
                </Button>
              ) : null
            }
          >
            <Table<ShipToAddress>
              size="small"
              rowKey="id"
              columns={columns}
              dataSource={d.ship_to_addresses}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('customers.shipTo.empty') }}
            />
          </Card>
        </Space>
      ) : null}

      <TemporaryCustomerModal
        open={creating}
        phone={notFound ? (phone ?? undefined) : undefined}
        onClose={() => setCreating(false)}
        onCreated={(c) => {
          setCreating(false);
          form.setFieldsValue({ phone_no: c.phone_no });
          setPhone(c.phone_no);
        }}
      />
      {customerNo ? <ShipToModal customerNo={customerNo} editing={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
