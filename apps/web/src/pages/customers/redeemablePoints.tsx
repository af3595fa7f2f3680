import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Descriptions, Form, Input, Select, Space, Tag } from 'antd';
import { CalculatorOutlined, GiftOutlined, RollbackOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import {
  check,
  formatPoints,
  messages,
  parseGermanNumber,
  REDEEMABLE_POINT_SOURCE,
  redeemablePointEntryTypes,
  redeemablePointSources,
  type RedeemablePointEntry,
  type RedeemablePointTotal,
} from '@fp/contract';
import { call, type OpBody } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDateTime, renderPoints } from '../../components/format';
import { toast } from '../../components/toast';
import { CUSTOMERS_AREA, showFormErrors } from './data';
import { handle } from '../../components/handle';
import { FormDialog } from '../../components/FormDialog';
import { useLabels } from '../../components/labels';

const PAGE = '/customers/redeemablePoints';
const AREA = 'redeemablePoints';
const sourceOptions = redeemablePointSources.map((s) => ({ value: s, label: s }));
const typeColor: Record<string, string> = { earned: 'green', used: 'orange', reversed: 'blue' };

/** The form holds the points as typed (German number); the rest is the operation's body. */
type UseValues = Omit<OpBody<'redeemablePoints.create'>, 'redeemable_point_used'> & { redeemable_point_used: string };
type TotalValues = { customer_no?: string; referral_code?: string; bc_points_used?: string };
const pointsRule = {
  validator: (_: unknown, v: string) =>
    !v || check.isNumber(v.trim()) ? Promise.resolve() : Promise.reject(new Error(messages.isNumber)),
};
const customerRule = ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
  validator: () =>
    getFieldValue('customer_no') || getFieldValue('referral_code')
      ? Promise.resolve()
      : Promise.reject(new Error(messages.required)),
});

/** /customers/redeemablePoints: the points ledger (earned, used, reversed), a customer's total, and redeeming on an order. */
export default function RedeemablePointsPage() {
  const { t } = useTranslation();
  const canEdit = useCan(PAGE, 'edit');
  const { modal } = App.useApp();
  const labels = useLabels();
  const [useForm] = Form.useForm<UseValues>();
  const [totalForm] = Form.useForm<TotalValues>();
  const [using, setUsing] = useState(false);
  const [totalOpen, setTotalOpen] = useState(false);
  const [total, setTotal] = useState<RedeemablePointTotal | null>(null);

  const use = useApiMutation({
    fn: (v: UseValues) =>
      call('redeemablePoints.create', {
        body: { ...v, redeemable_point_used: parseGermanNumber(v.redeemable_point_used) ?? v.redeemable_point_used },
      }),
    invalidates: [AREA, CUSTOMERS_AREA],
    success: { action: 'Use', entity: 'Redeemable Points' },
    toastError: false,
    onSuccess: () => {
      setUsing(false);
      useForm.resetFields();
    },
  });
  const reverse = useApiMutation({
    fn: (e: RedeemablePointEntry) =>
      call('redeemablePoints.remove', {
        body: {
          order_number: e.pos_so_no,
          source: e.source as OpBody<'redeemablePoints.remove'>['source'],
          customer_no: e.customer_no,
        },
      }),
    invalidates: [AREA, CUSTOMERS_AREA],
    success: { action: 'Reverse', entity: 'Redeemable Points' },
  });
  const lookup = useApiMutation({
    fn: (v: TotalValues) =>
      call('redeemablePoints.total', {
        body: {
          ...v,
          bc_points_used: v.bc_points_used ? (parseGermanNumber(v.bc_points_used) ?? v.bc_points_used) : '0',
        },
      }),
    invalidates: [],
    toastError: false,
    onSuccess: setTotal,
  });

  const submitUse = async (v: UseValues) => {
    try {
      await use.mutateAsync(v);
    } catch (e) {
      showFormErrors(useForm, e, [
        'pos_so_no',
        'customer_no',
        'referral_code',
        'redeemable_point_used',
        'source',
        'website_no',
      ]);
    }
  };
  const submitTotal = async (v: TotalValues) => {
    setTotal(null);
    try {
      await lookup.mutateAsync(v);
    } catch (e) {
      if (e instanceof Error) showFormErrors(totalForm, e, ['customer_no', 'referral_code', 'bc_points_used']);
      else toast.error(e);
    }
  };

  const columns: ColumnsType<RedeemablePointEntry> = [
    { title: t('fields.date'), dataIndex: 'created_at', key: 'created_at', sorter: true, render: renderDateTime },
    { title: t('fields.customerNo'), dataIndex: 'customer_no', key: 'customer_no', sorter: true },
    { title: t('fields.customerName'), dataIndex: 'customer_name', key: 'customer_name', sorter: true },
    { title: t('customers.referralCode'), dataIndex: 'referral_code', key: 'referral_code' },
    { title: t('customers.points.posSoNo'), dataIndex: 'pos_so_no', key: 'pos_so_no', sorter: true },
    { title: t('customers.points.websiteNo'), dataIndex: 'website_no', key: 'website_no' },
    { title: t('customers.points.source'), dataIndex: 'source', key: 'source', sorter: true },
    {
      title: t('fields.type'),
      dataIndex: 'entry_type',
      key: 'entry_type',
      sorter: true,
      render: (v: string) => <Tag color={typeColor[v]}>{labels.label('pointEntryType', v)}</Tag>,
    },
    {
      title: t('customers.points.points'),
      dataIndex: 'points',
      key: 'points',
      sorter: true,
      align: 'right',
      render: renderPoints,
    },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, e: RedeemablePointEntry) =>
              e.entry_type === 'used' ? (
                <Button
                  size="small"
                  icon={<RollbackOutlined />}
                  aria-label={t('customers.points.reverseOf', { no: e.pos_so_no })}
                  onClick={handle(() =>
                    modal.confirm({
                      title: t('customers.points.reverseTitle', { no: e.pos_so_no }),
                      content: t('customers.points.reverseContent', {
                        points: formatPoints(String(-Number(e.points))),
                        customer: e.customer_name || e.customer_no,
                      }),
                      okText: t('customers.points.reverse'),
                      onOk: () => reverse.mutateAsync(e),
                    }),
                  )}
                >
                  {t('customers.points.reverse')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <>
      <ListPage<RedeemablePointEntry>
        title={t('customers.points.title')}
        area={AREA}
        op="redeemablePoints.list"
        rowKey="id"
        exportName="redeemable-points"
        columns={columns}
        filters={[
          { name: 'customer_no', label: t('fields.customerNo') },
          { name: 'customer_name', label: t('fields.customerName') },
          { name: 'pos_so_no', label: t('customers.points.posSoNo') },
          { name: 'source', label: t('customers.points.source'), type: 'select', options: sourceOptions },
          {
            name: 'entry_type',
            label: t('fields.type'),
            type: 'select',
            options: labels.options('pointEntryType', redeemablePointEntryTypes),
          },
          { name: 'created_at', label: t('fields.date'), type: 'dateRange' },
        ]}
        toolbar={
          <>
            <Button icon={<CalculatorOutlined />} onClick={() => setTotalOpen(true)}>
              {t('customers.points.checkTotal')}
            </Button>
            {canEdit ? (
              <Button type="primary" icon={<GiftOutlined />} onClick={() => setUsing(true)}>
                {t('customers.points.use')}
              </Button>
            ) : null}
          </>
        }
      />
      <FormDialog
        open={using}
        title={t('customers.points.useTitle')}
        okText={t('common.save')}
        confirmLoading={use.isPending}
        onCancel={() => setUsing(false)}
        form={useForm}
        name="use-points"
        onFinish={submitUse}
        initialValues={{ source: REDEEMABLE_POINT_SOURCE }}
      >
        <Form.Item
          name="pos_so_no"
          label={t('customers.points.posSoNo')}
          rules={[
            { required: true, whitespace: true, message: messages.required },
            { max: 30, message: messages.maxLength(30) },
          ]}
        >
          <Input autoFocus />
        </Form.Item>
        <Space.Compact block>
          <Form.Item
            name="customer_no"
            label={t('fields.customerNo')}
            style={{ flex: 1, marginRight: 12 }}
            dependencies={['referral_code']}
            rules={[customerRule]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="referral_code" label={t('customers.referralCode')} style={{ flex: 1 }}>
            <Input />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="redeemable_point_used"
          label={t('customers.points.pointsUsed')}
          rules={[{ required: true, whitespace: true, message: messages.required }, pointsRule]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="source" label={t('customers.points.source')} style={{ flex: 1, marginRight: 12 }}>
            <Select options={sourceOptions} />
          </Form.Item>
          <Form.Item
            name="website_no"
            label={t('customers.points.websiteNo')}
            style={{ flex: 1 }}
            rules={[{ max: 30, message: messages.maxLength(30) }]}
          >
            <Input />
          </Form.Item>
        </Space.Compact>
      </FormDialog>
      <FormDialog
        open={totalOpen}
        title={t('customers.points.totalTitle')}
        okText={t('customers.points.check')}
        confirmLoading={lookup.isPending}
        onCancel={() => {
          setTotalOpen(false);
          setTotal(null);
        }}
        form={totalForm}
        name="points-total"
        onFinish={submitTotal}
      >
        <Space.Compact block>
          <Form.Item
            name="customer_no"
            label={t('fields.customerNo')}
            style={{ flex: 1, marginRight: 12 }}
            dependencies={['referral_code']}
            rules={[customerRule]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="referral_code" label={t('customers.referralCode')} style={{ flex: 1 }}>
            <Input />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="bc_points_used" label={t('customers.points.erpUsed')} rules={[pointsRule]}>
          <Input inputMode="decimal" placeholder="0" />
        </Form.Item>
        {total ? (
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('fields.customerNo')}>{total.customer_no}</Descriptions.Item>
            <Descriptions.Item label={t('customers.referralCode')}>{total.referral_code}</Descriptions.Item>
            <Descriptions.Item label={t('customers.points.earned')}>{formatPoints(total.earned)}</Descriptions.Item>
            <Descriptions.Item label={t('customers.points.used')}>{formatPoints(total.used)}</Descriptions.Item>
            <Descriptions.Item label={t('customers.points.reversed')}>{formatPoints(total.reversed)}</Descriptions.Item>
            <Descriptions.Item label={t('common.total')}>{formatPoints(total.total)}</Descriptions.Item>
            <Descriptions.Item label={t('customers.points.usedInErp')}>
              {formatPoints(total.bc_points_used)}
            </Descriptions.Item>
            <Descriptions.Item label={t('customers.points.available')}>
              <strong>{formatPoints(total.available)}</strong>
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </FormDialog>
    </>
  );
}
