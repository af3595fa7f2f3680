import type { ReactNode } from 'react';
import { Card, Checkbox, Col, DatePicker, Descriptions, Form, Input, Row, Select } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DISPLAY, DATE_ISO, formatDate, messages, type ConsignmentIssue } from '@fp/contract';
import { consignmentIssueMachine } from '@fp/contract/machines';
import { call } from '../../api/client';
import { canAccess, useSession } from '../../auth/session';
import { DocumentEditor, LineGrid, type LineColumn } from '../../components/document/DocumentEditor';
import { DocumentActions, DocumentStatus, documentGate } from '../../components/document/DocumentParts';
import { ErpSyncFacts } from '../../components/document/ErpSyncTag';
import { useDocument } from '../../components/document/useDocument';
import { enterMovesToNextField } from '../../components/FormDialog';
import { renderNumber } from '../../components/format';
import i18n from '../../i18n';
import { useFranchiseOptions } from '../franchises/data';
import {
  CONSIGNMENT_ENTITY,
  ISSUE_PAGES,
  directionOptions,
  directionText,
  editDecimal,
  isHeadOffice,
  issueUrl,
  quantityIssue,
  quantityValue,
  receiveUrl,
  statusColor,
  statusText,
  transferOrderUrl,
} from '../consignment/data';

type Line = ConsignmentIssue['lines'][number];

/** The receiving fields: the field, its label's key (consignment.issue.*) and its length. */
const RECEIVING = [
  ['receiving_code', 'receivingCode', 30],
  ['receiving_contact', 'receivingContact', 100],
  ['receiving_address', 'receivingAddress', 250],
  ['receiving_district_code', 'receivingDistrictCode', 30],
  ['receiving_district_name', 'receivingDistrictName', 100],
  ['receiving_post_code', 'receivingPostCode', 30],
  ['receiving_region_code', 'receivingRegionCode', 30],
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
  la_request_delivery_date: v.la_request_delivery_date ? v.la_request_delivery_date.format(DATE_ISO) : null,
  la_notes: v.la_notes ?? '',
  la_internal_comment: v.la_internal_comment ?? '',
  la_so_payment: Boolean(v.la_so_payment),
  la_ship_card: Boolean(v.la_ship_card),
  ...Object.fromEntries(RECEIVING.map(([k]) => [k, v[k] ?? ''])),
});

const textRule = (max: number) => ({ max, message: messages.maxLength(max) });
const codeEdit = (field: string, width = 90) => ({
  field,
  check: (t: string) => (t.length > 30 ? messages.maxLength(30) : null),
  width,
});

function lineColumns(released: boolean): LineColumn<Line>[] {
  return [
    { title: i18n.t('fields.lineNo'), dataIndex: 'line_no', key: 'line_no' },
    { title: i18n.t('fields.itemNo'), dataIndex: 'item_no', key: 'item_no', fixed: 'left' },
    { title: i18n.t('fields.description'), dataIndex: 'description', key: 'description' },
    { title: i18n.t('fields.variant'), dataIndex: 'variant_code', key: 'variant_code', edit: codeEdit('variant_code') },
    {
      title: i18n.t('document.uom'),
      dataIndex: 'unit_of_measure',
      key: 'unit_of_measure',
      edit: codeEdit('unit_of_measure'),
    },
    {
      title: i18n.t('fields.quantity'),
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
          {
            title: i18n.t('document.qtyShipped'),
            dataIndex: 'qty_shipped',
            key: 'qty_shipped',
            align: 'right',
            render: renderNumber,
          },
          {
            title: i18n.t('document.qtyReceived'),
            dataIndex: 'qty_received',
            key: 'qty_received',
            align: 'right',
            render: renderNumber,
          },
        ] as LineColumn<Line>[])
      : []),
    {
      title: i18n.t('fields.note'),
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
  const no = useSearchParams()[0].get('ci_no');
  const navigate = useNavigate();
  const { me } = useSession();
  const { t } = useTranslation();
  const headOffice = isHeadOffice(me);
  const franchises = useFranchiseOptions(headOffice && !no);
  const [form] = Form.useForm<HeaderValues>();
  const doc = useDocument(
    {
      get: 'consignmentIssues.get',
      input: (n) => ({ params: { ci_no: n } }),
      ref: (d) => ({ ci_no: d.ci_no, version: d.version }),
      noOf: (d) => d.ci_no,
      entity: CONSIGNMENT_ENTITY,
      machine: consignmentIssueMachine,
      pages: ISSUE_PAGES,
      resetHeaderAfterAction: true,
      header: {
        form,
        of: headerOf,
        blank: () => ({ direction: 'issue', la_so_payment: false, la_ship_card: false }),
        create: (v) =>
          call('consignmentIssues.create', {
            body: {
              direction: v.direction === 'return' ? 'return' : 'issue',
              ...(headOffice && v.franchise_code ? { franchise_code: v.franchise_code } : {}),
              ...bodyOf(v),
            },
          }),
        update: (ref, v) => call('consignmentIssues.update', { body: { ...ref, ...bodyOf(v) } }),
        created: (d) => void navigate(issueUrl(d.ci_no), { replace: true }),
        fieldErrors: () => true,
      },
      lines: {
        add: (ref, l) =>
          call('consignmentIssues.lineAdd', { body: { ...ref, lines: [{ item_no: l.item_no, ci_qty: l.quantity }] } }),
        update: (ref, line: Line, field, value) =>
          call('consignmentIssues.lineUpdate', { body: { ...ref, line_no: line.line_no, [field]: value } }),
        remove: (ref, line) => call('consignmentIssues.lineRemove', { body: { ...ref, line_nos: [line.line_no] } }),
        confirmRemove: (line) =>
          t('consignment.issue.removeLine', { item: line.item_no, description: line.description }),
      },
    },
    no,
  );
  const d = doc.doc;

  const gate = documentGate(doc, {
    notFound: t('consignment.issue.notFound', { no }),
    loadFailed: t('consignment.issue.loadFailed'),
    back: <Link to="/consignmentIssue">{t('consignment.backToList')}</Link>,
  });
  if (gate) return gate;
  const { status, editable } = doc;
  const toLink = (toNo: string) =>
    canAccess(me, '/transferOrders/detail', 'view') && headOffice ? transferOrderUrl(toNo) : receiveUrl(toNo);

  return (
    <DocumentEditor
      back={
        <Link to="/consignmentIssue">
          <ArrowLeftOutlined /> {t('consignment.issue.listTitle')}
        </Link>
      }
      title={d ? t('consignment.issue.title', { no: d.ci_no }) : t('consignment.issue.newTitle')}
      status={
        d ? (
          <DocumentStatus
            status={status}
            color={statusColor}
            text={statusText(status)}
            note={editable ? null : status === 'open' ? t('document.viewOnly') : t('consignment.issue.readOnly')}
          />
        ) : null
      }
      actions={<DocumentActions state={doc} />}
      header={
        <Card size="small" title={t('document.general')}>
          <Form<HeaderValues>
            form={form}
            name="consignment-issue-header"
            layout="vertical"
            disabled={!doc.headerEnabled}
            onKeyDown={(e) => enterMovesToNextField(e, () => undefined)}
          >
            <Row gutter={12}>
              {headOffice && !d ? (
                <Col xs={24} md={12} lg={8}>
                  <Form.Item
                    name="franchise_code"
                    label={t('fields.franchise')}
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
                <Form.Item name="direction" label={t('consignment.issue.direction')}>
                  <Select options={directionOptions} disabled={Boolean(d)} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="la_external_doc" label={t('consignment.issue.externalDoc')} rules={[textRule(40)]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="la_request_delivery_date" label={t('document.requestedDeliveryDate')}>
                  <DatePicker
                    format={[DATE_DISPLAY, 'DD/MM/YYYY']}
                    style={{ width: '100%' }}
                    placeholder={DATE_DISPLAY}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={6} lg={4}>
                <Form.Item name="la_so_payment" label={t('consignment.issue.soPayment')} valuePropName="checked">
                  <Checkbox aria-label={t('consignment.issue.soPayment')} />
                </Form.Item>
              </Col>
              <Col xs={12} md={6} lg={4}>
                <Form.Item name="la_ship_card" label={t('consignment.issue.shipCard')} valuePropName="checked">
                  <Checkbox aria-label={t('consignment.issue.shipCard')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="la_notes" label={t('consignment.issue.notes')} rules={[textRule(250)]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="la_internal_comment"
                  label={t('consignment.issue.internalComment')}
                  rules={[textRule(250)]}
                >
                  <Input />
                </Form.Item>
              </Col>
              {RECEIVING.map(([name, label, max]) => (
                <Col key={name} xs={24} md={12} lg={name === 'receiving_address' ? 16 : 8}>
                  <Form.Item name={name} label={t(`consignment.issue.${label}`)} rules={[textRule(max)]}>
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
        d && doc.lineHandlers ? (
          <Card size="small" title={t('document.lines')}>
            <LineGrid<Line>
              lines={d.lines}
              rowKey="line_no"
              columns={lineColumns(status !== 'open')}
              editable={editable}
              lineLabel={(l) => t('document.lineLabel', { no: l.line_no, item: l.item_no })}
              franchise={me?.franchise_code ? null : d.franchise_code}
              quantity={{ check: (q) => quantityIssue(q), toValue: quantityValue }}
              {...doc.lineHandlers}
            />
          </Card>
        ) : null
      }
    />
  );
}

/** What the issue says about itself: the franchise block, where the goods move, the transfer order, the ERP. */
function IssueFacts({ d, toLink }: { d: ConsignmentIssue; toLink: (no: string) => string }) {
  const { t } = useTranslation();
  const item = (key: string, value: ReactNode) => (
    <Descriptions.Item key={key} label={t(key)}>
      {value}
    </Descriptions.Item>
  );
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }} style={{ marginTop: 8 }}>
      {item('consignment.issue.direction', directionText(d.direction))}
      {item('document.orderDate', formatDate(d.order_date))}
      {item(
        'consignment.issue.transferOrder',
        d.bc_to_no ? (
          <Link to={toLink(d.bc_to_no)} data-testid="transfer-order-link">
            {d.bc_to_no}
          </Link>
        ) : (
          t('consignment.issue.notReleased')
        ),
      )}
      {item('fields.franchise', `${d.franchise_code} — ${d.franchise_name}`)}
      {item('consignment.issue.franchiseAddress', d.franchise_address)}
      {item(
        'consignment.issue.franchiseDistrict',
        [d.franchise_district_code, d.franchise_district_name].filter(Boolean).join(' — '),
      )}
      {item('consignment.issue.franchisePhone', d.franchise_phone_no)}
      {item('consignment.issue.franchiseContact', d.franchise_contact)}
      {item('consignment.issue.franchisePostCode', d.franchise_post_code)}
      {item('consignment.issue.franchiseRegion', d.franchise_region_code)}
      {item('document.transferFrom', d.transfer_from_code)}
      {item('document.transferTo', d.transfer_to_code)}
      {item('document.inTransit', d.intransit_code)}
      {item('document.erpSync', <ErpSyncFacts erp={{ ...d.erp, external_no: null }} />)}
      {d.status === 'canceled'
        ? item(
            'document.reasonCanceled',
            [d.cancel_reason_code, d.cancel_reason_description].filter(Boolean).join(' — '),
          )
        : null}
    </Descriptions>
  );
}
