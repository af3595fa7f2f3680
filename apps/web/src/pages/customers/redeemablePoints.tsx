import { useState } from 'react';
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
    { title: 'Date', dataIndex: 'created_at', key: 'created_at', sorter: true, render: renderDateTime },
    { title: 'Customer No', dataIndex: 'customer_no', key: 'customer_no', sorter: true },
    { title: 'Customer Name', dataIndex: 'customer_name', key: 'customer_name', sorter: true },
    { title: 'Referral Code', dataIndex: 'referral_code', key: 'referral_code' },
    { title: 'POS SO No', dataIndex: 'pos_so_no', key: 'pos_so_no', sorter: true },
    { title: 'Website No', dataIndex: 'website_no', key: 'website_no' },
    { title: 'Source', dataIndex: 'source', key: 'source', sorter: true },
    {
      title: 'Type',
      dataIndex: 'entry_type',
      key: 'entry_type',
      sorter: true,
      render: (v: string) => <Tag color={typeColor[v]}>{labels.label('pointEntryType', v)}</Tag>,
    },
    { title: 'Points', dataIndex: 'points', key: 'points', sorter: true, align: 'right', render: renderPoints },
    ...(canEdit
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, e: RedeemablePointEntry) =>
              e.entry_type === 'used' ? (
                <Button
                  size="small"
                  icon={<RollbackOutlined />}
                  aria-label={`Reverse points of ${e.pos_so_no}`}
                  onClick={handle(() =>
                    modal.confirm({
                      title: `Reverse the points used on order ${e.pos_so_no}?`,
                      content: `${formatPoints(String(-Number(e.points)))} points go back to ${e.customer_name || e.customer_no}. The used entry stays in the ledger.`,
                      okText: 'Reverse',
                      onOk: () => reverse.mutateAsync(e),
                    }),
                  )}
                >
                  Reverse
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <>
      <ListPage<RedeemablePointEntry>
        title="Redeemable Points"
        area={AREA}
        op="redeemablePoints.list"
        rowKey="id"
        exportName="redeemable-points"
        columns={columns}
        filters={[
          { name: 'customer_no', label: 'Customer No' },
          { name: 'customer_name', label: 'Customer Name' },
          { name: 'pos_so_no', label: 'POS SO No' },
          { name: 'source', label: 'Source', type: 'select', options: sourceOptions },
          {
            name: 'entry_type',
            label: 'Type',
            type: 'select',
            options: labels.options('pointEntryType', redeemablePointEntryTypes),
          },
          { name: 'created_at', label: 'Date', type: 'dateRange' },
        ]}
        toolbar={
          <>
            <Button icon={<CalculatorOutlined />} onClick={() => setTotalOpen(true)}>
              Check Total
            </Button>
            {canEdit ? (
              <Button type="primary" icon={<GiftOutlined />} onClick={() => setUsing(true)}>
                Use Points
              </Button>
            ) : null}
          </>
        }
      />
      <FormDialog
        open={using}
        title="Use Redeemable Points"
        okText="Save"
        confirmLoading={use.isPending}
        onCancel={() => setUsing(false)}
        form={useForm}
        name="use-points"
        onFinish={submitUse}
        initialValues={{ source: REDEEMABLE_POINT_SOURCE }}
      >
        <Form.Item
          name="pos_so_no"
          label="POS SO No"
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
            label="Customer No"
            style={{ flex: 1, marginRight: 12 }}
            dependencies={['referral_code']}
            rules={[customerRule]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="referral_code" label="Referral Code" style={{ flex: 1 }}>
            <Input />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="redeemable_point_used"
          label="Points Used"
          rules={[{ required: true, whitespace: true, message: messages.required }, pointsRule]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="source" label="Source" style={{ flex: 1, marginRight: 12 }}>
            <Select options={sourceOptions} />
          </Form.Item>
          <Form.Item
            name="website_no"
            label="Website No"
            style={{ flex: 1 }}
            rules={[{ max: 30, message: messages.maxLength(30) }]}
          >
            <Input />
          </Form.Item>
        </Space.Compact>
      </FormDialog>
      <FormDialog
        open={totalOpen}
        title="Redeemable Points Total"
        okText="Check"
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
            label="Customer No"
            style={{ flex: 1, marginRight: 12 }}
            dependencies={['referral_code']}
            rules={[customerRule]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="referral_code" label="Referral Code" style={{ flex: 1 }}>
            <Input />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="bc_points_used" label="Points used in the ERP" rules={[pointsRule]}>
          <Input inputMode="decimal" placeholder="0" />
        </Form.Item>
        {total ? (
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="Customer No">{total.customer_no}</Descriptions.Item>
            <Descriptions.Item label="Referral Code">{total.referral_code}</Descriptions.Item>
            <Descriptions.Item label="Earned">{formatPoints(total.earned)}</Descriptions.Item>
            <Descriptions.Item label="Used">{formatPoints(total.used)}</Descriptions.Item>
            <Descriptions.Item label="Reversed">{formatPoints(total.reversed)}</Descriptions.Item>
            <Descriptions.Item label="Total">{formatPoints(total.total)}</Descriptions.Item>
            <Descriptions.Item label="Used in the ERP">{formatPoints(total.bc_points_used)}</Descriptions.Item>
            <Descriptions.Item label="Available">
              <strong>{formatPoints(total.available)}</strong>
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </FormDialog>
    </>
  );
}
