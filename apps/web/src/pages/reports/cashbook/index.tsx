import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Form, Row, Segmented, Select, Space, Statistic, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DISPLAY, DATE_ISO, businessDate, formatNumber, type CashbookRow } from '@fp/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { ListPage } from '../../../components/ListPage';
import { renderDate, renderMoney } from '../../../components/format';
import { enterMovesToNextField } from '../../../components/FormDialog';
import { useSession } from '../../../auth/session';
import { useLocations } from '../../warehouseEntries/data';
import { useLabels } from '../../../components/labels';

type BookType = 'cash' | 'bank';
type Period = { from_date: string; to_date: string; type: BookType; franchise_code?: string };
type Values = { range: [Dayjs, Dayjs]; type: BookType; franchise_code?: string };

const AREA = 'cashbook';

/**
 * /reports/cashbook (calls.md 7.11, issue 11): the cash or bank movements of the franchise between two dates, the
 * opening balance before them, what came in and went out, and the closing balance (opening + Σ movements).
 */
export default function CashbookPage() {
  const { t } = useTranslation();
  const labels = useLabels();
  const [form] = Form.useForm<Values>();
  const me = useSession().me;
  const headOffice = Boolean(me) && !me?.franchise_code;
  const locations = useLocations();
  const franchises = [...new Set(locations.options.map((l) => l.franchise))].map((f) => ({ value: f, label: f }));
  const [period, setPeriod] = useState<Period>(() => ({
    from_date: dayjs(businessDate(), DATE_ISO).startOf('month').format(DATE_ISO),
    to_date: businessDate(),
    type: 'cash',
  }));
  const balance = useQuery({
    queryKey: qk.op('cashbook.balance', period),
    queryFn: () => call('cashbook.balance', { body: period }),
  });
  const body = useMemo(() => ({ ...period }), [period]);
  const b = balance.data;

  const apply = (v: Values) =>
    setPeriod({
      from_date: v.range[0].format(DATE_ISO),
      to_date: v.range[1].format(DATE_ISO),
      type: v.type,
      ...(headOffice && v.franchise_code ? { franchise_code: v.franchise_code } : {}),
    });

  const columns: ColumnsType<CashbookRow> = [
    { title: t('money.cashbook.date'), dataIndex: 'posting_date', key: 'posting_date', render: renderDate },
    {
      title: t('money.cashbook.documentType'),
      dataIndex: 'document_type',
      key: 'document_type',
      render: labels.render('cashbookDocumentType'),
    },
    { title: t('money.cashbook.documentNo'), dataIndex: 'document_no', key: 'document_no' },
    { title: t('money.cashbook.description'), dataIndex: 'description', key: 'description' },
    ...(headOffice ? [{ title: t('money.franchise'), dataIndex: 'franchise_code', key: 'franchise_code' }] : []),
    { title: t('money.cashbook.customer'), dataIndex: 'customer_name', key: 'customer_name' },
    { title: t('money.cashbook.in'), dataIndex: 'amount_in', key: 'amount_in', align: 'right', render: renderMoney },
    { title: t('money.cashbook.out'), dataIndex: 'amount_out', key: 'amount_out', align: 'right', render: renderMoney },
    { title: t('money.cashbook.balance'), dataIndex: 'balance', key: 'balance', align: 'right', render: renderMoney },
  ];

  const figure = (key: string, label: string, value: string | undefined) => (
    <Col span={6}>
      <Card size="small">
        <Statistic
          title={label}
          loading={balance.isLoading}
          value={value ?? ''}
          formatter={(v) => <span data-testid={`cashbook-${key}`}>{formatNumber(v as string)}</span>}
        />
      </Card>
    </Col>
  );

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('money.cashbook.title')}
      </Typography.Title>
      <Form<Values>
        form={form}
        name="cashbook"
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        initialValues={{
          range: [dayjs(period.from_date, DATE_ISO), dayjs(period.to_date, DATE_ISO)],
          type: period.type,
        }}
        onFinish={apply}
        onKeyDown={(e) => enterMovesToNextField(e, () => form.submit())}
      >
        <Form.Item name="range" label={t('money.cashbook.period')} rules={[{ required: true }]}>
          <DatePicker.RangePicker format={[DATE_DISPLAY, 'DD/MM/YYYY']} allowClear={false} />
        </Form.Item>
        {headOffice ? (
          <Form.Item name="franchise_code" label={t('money.franchise')}>
            <Select
              allowClear
              style={{ minWidth: 160 }}
              options={franchises}
              aria-label={t('money.franchise')}
              placeholder={t('money.cashbook.allFranchises')}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="type" label={t('money.cashbook.type')}>
          <Segmented<BookType>
            options={[
              { value: 'cash', label: t('money.cashbook.cash') },
              { value: 'bank', label: t('money.cashbook.bank') },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('money.cashbook.show')}
          </Button>
        </Form.Item>
      </Form>
      <Row gutter={16} style={{ marginBottom: 16 }} data-testid="cashbook-balance">
        {figure('opening', t('money.cashbook.opening'), b?.opening_balance)}
        {figure('in', t('money.cashbook.totalIn'), b?.total_in)}
        {figure('out', t('money.cashbook.totalOut'), b?.total_out)}
        {figure('closing', t('money.cashbook.closing'), b?.closing_balance)}
      </Row>
      <Space direction="vertical" style={{ width: '100%' }}>
        <ListPage<CashbookRow>
          area={AREA}
          op="cashbook.list"
          rowKey="key"
          exportName={`cashbook-${period.type}`}
          columns={columns}
          body={body}
        />
      </Space>
    </div>
  );
}
