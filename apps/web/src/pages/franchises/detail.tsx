import { useEffect } from 'react';
import { App, Button, Card, Form, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, SaveOutlined, SyncOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Location } from '@fp/contract';
import { ApiCallError, call, type OpBody } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { renderDateTime } from '../../components/format';
import { toast } from '../../components/toast';
import { FranchiseFields, FRANCHISE_FORM_FIELDS } from './FranchiseFields';
import { NumberSeriesList } from './NumberSeriesList';
import { EInvoiceSettings } from './EInvoiceSettings';
import { showFormErrors } from './form-errors';
import { FRANCHISES_AREA, FRANCHISES_PAGE, NUMBER_SERIES_AREA, detailUrl, useFranchise } from './data';
import { handle } from '../../components/handle';

type Values = OpBody<'franchises.create'>;
const blank = { is_active: true, cash_needs_open_shift: false, receipt_lead_time: 0 };

/** /franchises/detail?customer_no=…: every field of a franchise, its stores and its number series; without customer_no, a new franchise. */
export default function FranchiseDetailPage() {
  const [params] = useSearchParams();
  const customerNo = params.get('customer_no');
  const isNew = !customerNo;
  const navigate = useNavigate();
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canEdit = useCan(FRANCHISES_PAGE, 'edit');
  const [form] = Form.useForm<Values>();
  const info = useFranchise(customerNo);
  const f = info.data;

  useEffect(() => {
    if (f) form.setFieldsValue(f as unknown as Values);
    else if (isNew) form.setFieldsValue(blank as unknown as Values);
  }, [f, isNew, form]);

  const save = useApiMutation({
    fn: (v: Values) =>
      isNew
        ? call('franchises.create', { body: v })
        : call('franchises.update', { body: { ...v, customer_no: customerNo!, version: f!.version } }),
    invalidates: [FRANCHISES_AREA],
    success: { action: isNew ? 'Create' : 'Update', entity: 'Franchise' },
    toastError: false,
    onSuccess: (r) => {
      if (isNew) navigate(detailUrl(r.customer_no), { replace: true });
    },
  });
  const remove = useApiMutation({
    fn: () => call('franchises.delete', { body: { customer_nos: [customerNo!] } }),
    invalidates: [FRANCHISES_AREA, NUMBER_SERIES_AREA],
    success: { action: 'Delete', entity: 'Franchise' },
    onSuccess: () => {
      navigate('/franchises', { replace: true });
    },
  });
  const sync = useApiMutation({
    fn: () => call('franchises.sync', { body: { phone_no: f!.phone_no } }),
    invalidates: [FRANCHISES_AREA, NUMBER_SERIES_AREA],
    toastError: false,
    onSuccess: () => toast.syncSuccess('Franchise'),
  });

  if (!isNew && info.isLoading) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin size="large" />
      </div>
    );
  }
  if (!isNew && !f) {
    const missing = info.error instanceof ApiCallError && info.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('franchises.notFound', { no: customerNo }) : t('franchises.loadFailed')}
        extra={
          <Space>
            <Link to="/franchises">{t('franchises.back')}</Link>
            {missing ? null : <Button onClick={() => void info.refetch()}>{t('list.refresh')}</Button>}
          </Space>
        }
      />
    );
  }

  const confirmDelete = () =>
    modal.confirm({
      title: t('franchises.deleteOne', { no: customerNo }),
      content: t('franchises.deleteContent'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync().catch(() => undefined),
    });

  const storeColumns = [
    { title: t('fields.locationCode'), dataIndex: 'location_code', key: 'location_code' },
    { title: t('fields.name'), dataIndex: 'name', key: 'name' },
    { title: t('fields.address'), dataIndex: 'address', key: 'address' },
    { title: t('franchises.district'), dataIndex: 'district_name', key: 'district_name' },
    { title: t('franchises.city'), dataIndex: 'city', key: 'city' },
    { title: t('fields.phone'), dataIndex: 'phone_no', key: 'phone_no' },
    {
      title: t('fields.status'),
      dataIndex: 'is_active',
      key: 'is_active',
      render: (v: boolean) =>
        v ? <Tag color="green">{t('franchises.active')}</Tag> : <Tag>{t('franchises.inactive')}</Tag>,
    },
  ];

  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/franchises">
          <ArrowLeftOutlined /> {t('franchises.title')}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {isNew ? t('franchises.newTitle') : `${f!.customer_no} — ${f!.name}`}{' '}
        {f ? (
          f.is_active ? (
            <Tag color="green">{t('franchises.active')}</Tag>
          ) : (
            <Tag>{t('franchises.inactive')}</Tag>
          )
        ) : null}
      </Typography.Title>
      {f ? (
        <Typography.Paragraph type="secondary">
          {t('franchises.updatedAt', { at: renderDateTime(f.updated_at) })}
          {f.last_synced_at ? ` · ${t('franchises.lastSyncedAt', { at: renderDateTime(f.last_synced_at) })}` : ''}
        </Typography.Paragraph>
      ) : null}
      <Form<Values>
        name="franchise"
        form={form}
        layout="vertical"
        disabled={!canEdit}
        onFinish={handle((v) =>
          save.mutateAsync(v).catch((e: unknown) => showFormErrors(form, e, FRANCHISE_FORM_FIELDS)),
        )}
      >
        <FranchiseFields isNew={isNew} />
        {canEdit ? (
          <Space wrap style={{ marginBottom: 24 }}>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
              {t('common.save')}
            </Button>
            {!isNew ? (
              <>
                <Button
                  icon={<SyncOutlined />}
                  disabled={!f?.phone_no}
                  title={f?.phone_no ? t('franchises.syncHint') : t('franchises.needsPhone')}
                  loading={sync.isPending}
                  onClick={handle(() => sync.mutateAsync().catch(() => toast.syncFailed()))}
                >
                  {t('franchises.sync')}
                </Button>
                <Button danger icon={<DeleteOutlined />} onClick={handle(confirmDelete)}>
                  {t('common.delete')}
                </Button>
              </>
            ) : null}
          </Space>
        ) : null}
      </Form>
      {f ? (
        <>
          <Card title={t('franchises.stores')} size="small" style={{ marginBottom: 16 }}>
            <Table<Location>
              size="small"
              rowKey="location_code"
              columns={storeColumns}
              dataSource={f.locations}
              pagination={false}
              locale={{ emptyText: t('franchises.noStores') }}
            />
          </Card>
          <Card title={t('franchises.series.title')} size="small" style={{ marginBottom: 16 }}>
            <NumberSeriesList franchiseCode={f.customer_no} />
          </Card>
          <Card title={t('einvoice.settings.title')} size="small" data-testid="einvoice-settings">
            <EInvoiceSettings franchiseCode={f.customer_no} />
          </Card>
        </>
      ) : null}
    </div>
  );
}
