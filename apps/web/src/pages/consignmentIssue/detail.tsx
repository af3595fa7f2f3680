import { useEffect, useState } from 'react';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Tag,
} from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DATE_DISPLAY,
  formatDate,
  formatDateTime,
  messages,
  successText,
  type ConsignmentIssue,
  type Transition,
} from '@fp/contract';
import { consignmentIssueMachine } from '@fp/contract/machines';
import type { OperationName } from '@fp/contract/ops/index';
import { ApiCallError, call } from '../../api/client';
import { canAccess, useSession } from '../../auth/session';
import {
  ActionBar,
  DocumentEditor,
  LineGrid,
  failToast,
  useCanAny,
  type ActionExtra,
  type LineColumn,
} from '../../components/document/DocumentEditor';
import { enterMovesToNextField } from '../../components/FormDialog';
import { renderNumber } from '../../components/format';
import { toast } from '../../components/toast';
import { useFranchiseOptions } from '../franchises/data';
import {
  CONSIGNMENT_ENTITY,
  ISSUE_AREA,
  ISSUE_PAGES,
  directionOptions,
  directionText,
  editDecimal,
  isHeadOffice,
  issueKey,
  issueUrl,
  quantityIssue,
  quantityValue,
  receiveUrl,
  statusColor,
  statusText,
  transferOrderUrl,
  useConsignmentIssue,
  useKeepIssue,
} from '../consignment/data';
import { ErpSyncTag } from '../../components/document/ErpSyncTag';

type Line = ConsignmentIssue['lines'][number];

const RECEIVING = [
  ['receiving_code', 'Receiving Code', 30],
  ['receiving_contact', 'Receiving Contact', 100],
  ['receiving_address', 'Receiving Address', 250],
  ['receiving_district_code', 'Receiving District Code', 30],
  ['receiving_district_name', 'Receiving District Name', 100],
  ['receiving_post_code', 'Receiving Post Code', 30],
  ['receiving_region_code', 'Receiving Region Code', 30],
] as const;
type ReceivingField = (typeof RECEIVING)[number][0];

type HeaderValues = {
  franchise_code?: string;
  direction?: string;
  la_external_doc?: string;
  la_request_delivery_date?: Dayjs | null;
  la_notes?: string;
  la_internal_comment?: string;
  la_so_payment?: boolean;
  la_ship_card?: boolean;
} & Partial<Record<ReceivingField, string>>;

const headerOf = (d: ConsignmentIssue): HeaderValues => ({
  direction: d.direction,
  franchise_code: d.franchise_code,
  la_external_doc: d.la_external_doc,
  la_request_delivery_date: d.la_request_delivery_date ? dayjs(d.la_request_delivery_date) : null,
  la_notes: d.la_notes,
  la_internal_comment: d.la_internal_comment,
  la_so_payment: d.la_so_payment,
  la_ship_card: d.la_ship_card,
  ...Object.fromEntries(RECEIVING.map(([k]) => [k, d[k]])),
});

const bodyOf = (v: HeaderValues) => ({
  la_external_doc: v.la_external_doc ?? '',
  la_request_delivery_date: v.la_request_delivery_date ? v.la_request_delivery_date.format('YYYY-MM-DD') : null,
  la_notes: v.la_notes ?? '',
  la_internal_comment: v.la_internal_comment ?? '',
  la_so_payment: Boolean(v.la_so_payment),
  la_ship_card: Boolean(v.la_ship_card),
  ...Object.fromEntries(RECEIVING.map(([k]) => [k, v[k] ?? ''])),
});

/** Sends an action of the machine: its `op` with the issue's number and version (the status call adds the target). */
const sendAction = (d: ConsignmentIssue, t: Transition, extra: ActionExtra) =>
  (call as unknown as (name: OperationName, input: { body: unknown }) => Promise<unknown>)(t.op as OperationName, {
    body: {
      ci_no: d.ci_no,
      version: d.version,
      ...(t.op === 'consignmentIssues.status' ? { status: t.to } : {}),
      ...extra,
    },
  });

const textRule = (max: number) => ({ max, message: messages.maxLength(max) });
const codeEdit = (field: string, width = 90) => ({
  field,
  check: (t: string) => (t.length > 30 ? messages.maxLength(30) : null),
  width,
});

function lineColumns(released: boolean): LineColumn<Line>[] {
  return [
    { title: 'Line No', dataIndex: 'line_no', key: 'line_no' },
    { title: 'Item No', dataIndex: 'item_no', key: 'item_no', fixed: 'left' },
    { title: 'Description', dataIndex: 'description', key: 'description' },
    { title: 'Variant', dataIndex: 'variant_code', key: 'variant_code', edit: codeEdit('variant_code') },
    { title: 'UOM', dataIndex: 'unit_of_measure', key: 'unit_of_measure', edit: codeEdit('unit_of_measure') },
    {
      title: 'Quantity',
      dataIndex: 'ci_qty',
      key: 'ci_qty',
      align: 'right',
      render: renderNumber,
      edit: {
        field: 'ci_qty',
        display: editDecimal,
        check: (t) => quantityIssue(t),
        toValue: quantityValue,
        width: 90,
      },
    },
    ...(released
      ? ([
          { title: 'Qty Shipped', dataIndex: 'qty_shipped', key: 'qty_shipped', align: 'right', render: renderNumber },
          {
            title: 'Qty Received',
            dataIndex: 'qty_received',
            key: 'qty_received',
            align: 'right',
            render: renderNumber,
          },
        ] as LineColumn<Line>[])
      : []),
    {
      title: 'Note',
      dataIndex: 'la_to_line_note',
      key: 'la_to_line_note',
      edit: { field: 'la_to_line_note', check: (t) => (t.length > 250 ? messages.maxLength(250) : null), width: 180 },
    },
  ];
}

/**
 * /consignmentIssue/detail?ci_no=…: a consignment issue (or return) in the document editor; without `ci_no`, a new
 * one. Release asks the ERP for a transfer order (standalone: made at once), linked here once it exists.
 */
export default function ConsignmentIssueDetailPage() {
  const [params] = useSearchParams();
  const no = params.get('ci_no');
  const navigate = useNavigate();
  const { me } = useSession();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const keep = useKeepIssue();
  const canEdit = useCanAny(ISSUE_PAGES, 'edit');
  const headOffice = isHeadOffice(me);
  const franchises = useFranchiseOptions(headOffice && !no);
  const [form] = Form.useForm<HeaderValues>();
  const [saving, setSaving] = useState(false);
  const doc = useConsignmentIssue(no);
  const d = doc.data;

  useEffect(() => {
    if (d) {
      if (!form.isFieldsTouched()) form.setFieldsValue(headerOf(d));
    } else if (!no) {
      form.resetFields();
      form.setFieldsValue({ direction: 'issue', la_so_payment: false, la_ship_card: false });
    }
  }, [d, no, form]);

  if (no && doc.isLoading)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin size="large" />
      </div>
    );
  if (no && !d) {
    const missing = doc.error instanceof ApiCallError && doc.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('consignment.issue.notFound', { no }) : t('consignment.issue.loadFailed')}
        extra={<Link to="/consignmentIssue">{t('consignment.backToList')}</Link>}
      />
    );
  }

  const status = d?.status ?? 'open';
  const editable = canEdit && status === 'open';
  const current = () => qc.getQueryData<ConsignmentIssue>(issueKey(no)) ?? d!;

  const save = async () => {
    let v: HeaderValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const action = d ? 'Update' : 'Create';
    setSaving(true);
    try {
      if (d) {
        const updated = await call('consignmentIssues.update', {
          body: { ci_no: d.ci_no, version: current().version, ...bodyOf(v) },
        });
        form.resetFields();
        form.setFieldsValue(headerOf(updated));
        keep(updated);
      } else {
        const created = await call('consignmentIssues.create', {
          body: {
            direction: (v.direction ?? 'issue') as 'issue' | 'return',
            ...(headOffice && v.franchise_code ? { franchise_code: v.franchise_code } : {}),
            ...bodyOf(v),
          },
        });
        form.resetFields();
        form.setFieldsValue(headerOf(created));
        keep(created);
        navigate(issueUrl(created.ci_no), { replace: true });
        setTimeout(() => document.getElementById('line-entry-item')?.focus(), 300);
      }
      toast.successText(successText(action, CONSIGNMENT_ENTITY));
    } catch (e) {
      if (e instanceof ApiCallError)
        form.setFields(
          Object.entries(e.fieldErrors()).map(([name, errors]) => ({ name: name as never, errors: [errors] })),
        );
      failToast(action, CONSIGNMENT_ENTITY, e);
    } finally {
      setSaving(false);
    }
  };

  /** A line call answers the issue: the next call sends its new version. */
  const lineCall = async (action: string, fn: (c: ConsignmentIssue) => Promise<ConsignmentIssue>) => {
    try {
      keep(await fn(current()));
    } catch (e) {
      failToast(action, CONSIGNMENT_ENTITY, e);
      throw e;
    }
  };

  const onActionDone = (_t: Transition, result: unknown) => {
    void qc.invalidateQueries({ queryKey: [ISSUE_AREA] });
    const issue = result as ConsignmentIssue | undefined;
    if (issue?.ci_no) {
      form.resetFields();
      form.setFieldsValue(headerOf(issue));
      keep(issue);
    }
  };

  const toLink = (toNo: string) =>
    canAccess(me, '/transferOrders/detail', 'view') && headOffice ? transferOrderUrl(toNo) : receiveUrl(toNo);

  return (
    <DocumentEditor
      back={
        <Link to="/consignmentIssue">
          <ArrowLeftOutlined /> Consignment Issues
        </Link>
      }
      title={d ? `Consignment Issue ${d.ci_no}` : 'New Consignment Issue'}
      status={
        d ? (
          <Space>
            <Tag color={statusColor[status]} data-testid="document-status">
              {statusText(status)}
            </Tag>
            {!editable ? <Tag>{status === 'open' ? 'View only' : t('consignment.issue.readOnly')}</Tag> : null}
          </Space>
        ) : null
      }
      actions={
        d ? (
          <ActionBar
            machine={consignmentIssueMachine}
            status={status}
            pages={ISSUE_PAGES}
            entity={CONSIGNMENT_ENTITY}
            run={(tr, extra) => sendAction(current(), tr, extra)}
            onDone={onActionDone}
          >
            {editable ? (
              <Button loading={saving} onClick={() => void save()}>
                Save
              </Button>
            ) : null}
          </ActionBar>
        ) : canEdit ? (
          <Button type="primary" loading={saving} onClick={() => void save()}>
            Create
          </Button>
        ) : null
      }
      header={
        <Card size="small" title="General">
          <Form<HeaderValues>
            form={form}
            name="consignment-issue-header"
            layout="vertical"
            disabled={!(editable || (!d && canEdit))}
            onKeyDown={(e) => enterMovesToNextField(e, () => undefined)}
          >
            <Row gutter={12}>
              {headOffice && !d ? (
                <Col xs={24} md={12} lg={8}>
                  <Form.Item
                    name="franchise_code"
                    label="Franchise"
                    rules={[{ required: true, message: messages.required }]}
                  >
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      loading={franchises.isLoading}
                      options={franchises.data ?? []}
                    />
                  </Form.Item>
                </Col>
              ) : null}
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="direction" label="Direction">
                  <Select options={directionOptions} disabled={Boolean(d)} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="la_external_doc" label="External Doc" rules={[textRule(40)]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="la_request_delivery_date" label="Requested Delivery Date">
                  <DatePicker
                    format={[DATE_DISPLAY, 'DD/MM/YYYY']}
                    style={{ width: '100%' }}
                    placeholder="DD-MM-YYYY"
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={6} lg={4}>
                <Form.Item name="la_so_payment" label="SO Payment" valuePropName="checked">
                  <Checkbox aria-label="SO Payment" />
                </Form.Item>
              </Col>
              <Col xs={12} md={6} lg={4}>
                <Form.Item name="la_ship_card" label="Ship Card" valuePropName="checked">
                  <Checkbox aria-label="Ship Card" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="la_notes" label="Notes" rules={[textRule(250)]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="la_internal_comment" label="Internal Comment" rules={[textRule(250)]}>
                  <Input />
                </Form.Item>
              </Col>
              {RECEIVING.map(([name, label, max]) => (
                <Col key={name} xs={24} md={12} lg={name === 'receiving_address' ? 16 : 8}>
                  <Form.Item name={name} label={label} rules={[textRule(max)]}>
                    <Input />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Form>
          {d ? <IssueFacts d={d} toLink={toLink} /> : null}
        </Card>
      }
      lines={
        d ? (
          <Card size="small" title="Lines">
            <LineGrid<Line>
              lines={d.lines}
              rowKey="line_no"
              columns={lineColumns(status !== 'open')}
              editable={editable}
              lineLabel={(l) => `line ${l.line_no} ${l.item_no}`}
              franchise={me?.franchise_code ? null : d.franchise_code}
              quantity={{ check: (q) => quantityIssue(q), toValue: quantityValue }}
              onAdd={(l) =>
                lineCall('Add Line', (c) =>
                  call('consignmentIssues.lineAdd', {
                    body: { ci_no: c.ci_no, version: c.version, lines: [{ item_no: l.item_no, ci_qty: l.quantity }] },
                  }),
                )
              }
              onUpdate={(line, field, value) =>
                lineCall('Update Line', (c) =>
                  call('consignmentIssues.lineUpdate', {
                    body: { ci_no: c.ci_no, version: c.version, line_no: line.line_no, [field]: value },
                  }),
                )
              }
              onRemove={(line) =>
                new Promise<void>((resolve, reject) => {
                  modal.confirm({
                    title: 'Remove Line',
                    content: t('consignment.issue.removeLine', { item: line.item_no, description: line.description }),
                    okText: 'Yes',
                    cancelText: 'No',
                    onOk: () =>
                      lineCall('Remove Line', (c) =>
                        call('consignmentIssues.lineRemove', {
                          body: { ci_no: c.ci_no, version: c.version, line_nos: [line.line_no] },
                        }),
                      ).then(resolve, reject),
                    onCancel: () => resolve(),
                  });
                })
              }
            />
          </Card>
        ) : null
      }
    />
  );
}

/** What the issue says about itself: the franchise block, where the goods move, the transfer order, the ERP. */
function IssueFacts({ d, toLink }: { d: ConsignmentIssue; toLink: (no: string) => string }) {
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }} style={{ marginTop: 8 }}>
      <Descriptions.Item label="Direction">{directionText(d.direction)}</Descriptions.Item>
      <Descriptions.Item label="Order Date">{formatDate(d.order_date)}</Descriptions.Item>
      <Descriptions.Item label="Transfer Order">
        {d.bc_to_no ? (
          <Link to={toLink(d.bc_to_no)} data-testid="transfer-order-link">
            {d.bc_to_no}
          </Link>
        ) : (
          'Not released yet'
        )}
      </Descriptions.Item>
      <Descriptions.Item label="Franchise">
        {d.franchise_code} — {d.franchise_name}
      </Descriptions.Item>
      <Descriptions.Item label="Franchise Address">{d.franchise_address}</Descriptions.Item>
      <Descriptions.Item label="Franchise District">
        {[d.franchise_district_code, d.franchise_district_name].filter(Boolean).join(' — ')}
      </Descriptions.Item>
      <Descriptions.Item label="Franchise Phone">{d.franchise_phone_no}</Descriptions.Item>
      <Descriptions.Item label="Franchise Contact">{d.franchise_contact}</Descriptions.Item>
      <Descriptions.Item label="Franchise Post Code">{d.franchise_post_code}</Descriptions.Item>
      <Descriptions.Item label="Franchise Region">{d.franchise_region_code}</Descriptions.Item>
      <Descriptions.Item label="Transfer From">{d.transfer_from_code}</Descriptions.Item>
      <Descriptions.Item label="Transfer To">{d.transfer_to_code}</Descriptions.Item>
      <Descriptions.Item label="In-Transit">{d.intransit_code}</Descriptions.Item>
      <Descriptions.Item label="ERP Sync">
        <Space size={4} wrap>
          <ErpSyncTag state={d.erp.state} />
          {d.erp.synced_at ? <span>{formatDateTime(d.erp.synced_at)}</span> : null}
          {d.erp.last_error ? <span style={{ color: '#cf1322' }}>{d.erp.last_error}</span> : null}
        </Space>
      </Descriptions.Item>
      {d.status === 'canceled' ? (
        <Descriptions.Item label="Reason Canceled">
          {[d.cancel_reason_code, d.cancel_reason_description].filter(Boolean).join(' — ')}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}
