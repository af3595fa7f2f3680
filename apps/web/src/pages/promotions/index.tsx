import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/messages';
import {
  DATE_DISPLAY,
  formatDate,
  formatNumber,
  formatPercent,
  promotionCreate,
  promotionDiscountTypes,
  promotionKinds,
  promotionScopes,
  type Promotion,
} from '@fp/contract';
import { call, type OpBody } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { showFormErrors } from '../../components/form-errors';
import { handle } from '../../components/handle';
import { FormDialog } from '../../components/FormDialog';
import { rulesFrom } from '../../components/zod-rules';
import { toast } from '../../components/toast';
import { useLabels } from '../../components/labels';
import { MoneyInput } from '../../components/MoneyInput';

/** The dialog keeps dates as the API's YYYY-MM-DD strings; the picker shows and takes DD-MM-YYYY. */
const dateValueProps = (v: string | undefined) => ({ value: v ? dayjs(v) : null });
const dateNormalize = (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '');

// The promotion and coupon catalogue (issue 9): head office adds, edits and removes; a store user with the page sees
// what applies to their franchise. The rules of which promotion applies: apps/server/src/modules/promotions/README.md.

const PAGE = '/promotions';
const AREA = 'promotions';
type FormValues = OpBody<'promotions.create'>;
const rules = rulesFrom(promotionCreate);

const blank: FormValues = {
  code: '',
  description: '',
  kind: 'auto',
  coupon_code: '',
  discount_type: 'percent',
  discount_value: '',
  scope: 'all',
  scope_values: [],
  min_order_amount: '0',
  valid_from: '',
  valid_to: '',
  franchise_codes: [],
  usage_limit: null,
  priority: 0,
  is_active: true,
};

export default function PromotionsPage() {
  const { t } = useTranslation();
  const labels = useLabels();
  const canEdit = useCan(PAGE, 'edit');
  const { modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch('kind', form);
  const scope = Form.useWatch('scope', form);
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  const isEdit = editing !== null && editing !== 'new';

  const save = useApiMutation({
    fn: (v: FormValues) =>
      editing && editing !== 'new'
        ? call('promotions.update', { body: { ...v, id: editing.id, version: editing.version } })
        : call('promotions.create', { body: v }),
    invalidates: [AREA],
    success: { action: isEdit ? 'Update' : 'Create', entity: 'Promotion' },
    toastError: false,
    onSuccess: () => setEditing(null),
  });
  const remove = useApiMutation({
    fn: (row: Promotion) => call('promotions.remove', { body: { id: row.id, version: row.version } }),
    invalidates: [AREA],
    success: { action: 'Remove', entity: 'Promotion' },
    onSuccess: (r) => {
      if (r.outcome === 'deactivated') toast.info(t('promotions.deactivated'));
    },
  });

  const open = (row: Promotion | 'new') => {
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(row === 'new' ? blank : { ...row, usage_limit: row.usage_limit });
  };
  const submit = async (v: FormValues) => {
    try {
      await save.mutateAsync({
        ...v,
        coupon_code: v.kind === 'coupon' ? v.coupon_code : '',
        usage_limit: v.kind === 'coupon' ? (v.usage_limit ?? null) : null,
        scope_values: v.scope === 'all' ? [] : v.scope_values,
      });
    } catch (e) {
      showFormErrors(form, e);
    }
  };

  const columns: ColumnsType<Promotion> = [
    { title: t('promotions.code'), dataIndex: 'code', key: 'code', sorter: true },
    { title: t('promotions.description'), dataIndex: 'description', key: 'description', sorter: true },
    {
      title: t('promotions.kind'),
      dataIndex: 'kind',
      key: 'kind',
      sorter: true,
      render: labels.render('promotionKind'),
    },
    { title: t('promotions.couponCode'), dataIndex: 'coupon_code', key: 'coupon_code', sorter: true },
    {
      title: t('promotions.discount'),
      key: 'discount',
      render: (_: unknown, r: Promotion) =>
        r.discount_type === 'percent' ? formatPercent(r.discount_value) : `${formatNumber(r.discount_value)} VND`,
    },
    {
      title: t('promotions.scope'),
      key: 'scope',
      render: (_: unknown, r: Promotion) =>
        r.scope === 'all'
          ? labels.label('promotionScope', r.scope)
          : `${labels.label('promotionScope', r.scope)}: ${r.scope_values.join(', ')}`,
    },
    {
      title: t('promotions.minOrder'),
      dataIndex: 'min_order_amount',
      key: 'min_order_amount',
      align: 'right',
      render: (v: string) => formatNumber(v),
    },
    {
      title: t('promotions.validFrom'),
      dataIndex: 'valid_from',
      key: 'valid_from',
      sorter: true,
      render: (v: string) => formatDate(v),
    },
    {
      title: t('promotions.validTo'),
      dataIndex: 'valid_to',
      key: 'valid_to',
      sorter: true,
      render: (v: string) => formatDate(v),
    },
    {
      title: t('promotions.franchises'),
      key: 'franchise_codes',
      render: (_: unknown, r: Promotion) =>
        r.franchise_codes.length ? r.franchise_codes.join(', ') : t('promotions.allFranchises'),
    },
    {
      title: t('promotions.usage'),
      key: 'usage',
      render: (_: unknown, r: Promotion) => (r.kind === 'coupon' ? `${r.used_count} / ${r.usage_limit ?? '∞'}` : ''),
    },
    { title: t('promotions.priority'), dataIndex: 'priority', key: 'priority', sorter: true },
    {
      title: t('promotions.active'),
      dataIndex: 'is_active',
      key: 'is_active',
      render: (v: boolean) => (v ? <Tag color="green">{t('promotions.yes')}</Tag> : <Tag>{t('promotions.no')}</Tag>),
    },
    ...(canEdit
      ? [
          {
            title: t('promotions.actions'),
            key: 'actions',
            render: (_: unknown, row: Promotion) => (
              <Space>
                <Button size="small" icon={<EditOutlined />} onClick={() => open(row)} aria-label={`Edit ${row.code}`}>
                  {t('promotions.edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Remove ${row.code}`}
                  onClick={handle(() =>
                    modal.confirm({
                      title: t('promotions.removeTitle', { code: row.code }),
                      content: t('promotions.removeContent'),
                      okText: t('promotions.remove'),
                      okButtonProps: { danger: true },
                      onOk: () => remove.mutateAsync(row),
                    }),
                  )}
                >
                  {t('promotions.remove')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ListPage<Promotion>
        title={t('promotions.title')}
        area={AREA}
        op="promotions.list"
        rowKey="id"
        exportName="promotions"
        columns={columns}
        filters={[
          { name: 'code', label: t('promotions.code') },
          { name: 'description', label: t('promotions.description') },
          {
            name: 'kind',
            label: t('promotions.kind'),
            type: 'select',
            options: labels.options('promotionKind', promotionKinds),
          },
          { name: 'coupon_code', label: t('promotions.couponCode') },
          { name: 'is_active', label: t('promotions.active'), type: 'boolean' },
          { name: 'valid_from', label: t('promotions.validFrom'), type: 'dateRange' },
          { name: 'valid_to', label: t('promotions.validTo'), type: 'dateRange' },
        ]}
        toolbar={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
              {t('list.addNew')}
            </Button>
          ) : null
        }
      />
      <FormDialog
        open={editing !== null}
        title={isEdit ? t('promotions.editTitle') : t('promotions.newTitle')}
        okText={t('promotions.save')}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        form={form}
        onFinish={submit}
        name="promotion"
      >
        <Form.Item name="code" label={t('promotions.code')} rules={rules('code')}>
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('promotions.description')} rules={rules('description')}>
          <Input />
        </Form.Item>
        <Form.Item name="kind" label={t('promotions.kind')} rules={rules('kind')}>
          <Select options={labels.options('promotionKind', promotionKinds)} aria-label={t('promotions.kind')} />
        </Form.Item>
        {kind === 'coupon' && (
          <>
            <Form.Item
              name="coupon_code"
              label={t('promotions.couponCode')}
              rules={[{ required: true, message: msg.required }]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="usage_limit" label={t('promotions.usageLimit')}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} placeholder="∞" />
            </Form.Item>
          </>
        )}
        <Form.Item name="discount_type" label={t('promotions.discountType')} rules={rules('discount_type')}>
          <Select
            options={labels.options('discountType', promotionDiscountTypes)}
            aria-label={t('promotions.discountType')}
          />
        </Form.Item>
        <Form.Item name="discount_value" label={t('promotions.discountValue')} rules={rules('discount_value')}>
          <MoneyInput />
        </Form.Item>
        <Form.Item name="scope" label={t('promotions.scope')} rules={rules('scope')}>
          <Select options={labels.options('promotionScope', promotionScopes)} aria-label={t('promotions.scope')} />
        </Form.Item>
        {scope && scope !== 'all' && (
          <Form.Item
            name="scope_values"
            label={scope === 'category' ? t('promotions.categoryIds') : t('promotions.itemNos')}
          >
            <Select mode="tags" tokenSeparators={[',', ' ']} aria-label={t('promotions.scopeValues')} />
          </Form.Item>
        )}
        <Form.Item name="min_order_amount" label={t('promotions.minOrder')} rules={rules('min_order_amount')}>
          <MoneyInput />
        </Form.Item>
        <Form.Item
          name="valid_from"
          label={t('promotions.validFrom')}
          rules={rules('valid_from')}
          getValueProps={dateValueProps}
          normalize={dateNormalize}
        >
          <DatePicker format={[DATE_DISPLAY, 'DD/MM/YYYY']} style={{ width: '100%' }} placeholder="DD-MM-YYYY" />
        </Form.Item>
        <Form.Item
          name="valid_to"
          label={t('promotions.validTo')}
          rules={rules('valid_to')}
          getValueProps={dateValueProps}
          normalize={dateNormalize}
        >
          <DatePicker format={[DATE_DISPLAY, 'DD/MM/YYYY']} style={{ width: '100%' }} placeholder="DD-MM-YYYY" />
        </Form.Item>
        <Form.Item name="franchise_codes" label={t('promotions.franchises')} extra={t('promotions.franchisesHint')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} aria-label={t('promotions.franchises')} />
        </Form.Item>
        <Form.Item name="priority" label={t('promotions.priority')}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="is_active" label={t('promotions.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormDialog>
    </>
  );
}
