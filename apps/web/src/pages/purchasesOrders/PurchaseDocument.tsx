import { useEffect, useState } from 'react';
import { Card, Descriptions, Form, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  decimalIssue,
  formatDate,
  messages,
  parseDecimalText,
  type PurchaseOrder,
  type PurchaseOrderLine,
} from '@fp/contract';
import { actionsFrom, purchaseOrderFacts, type Transition } from '@fp/contract/machines';
import { call } from '../../api/client';
import { DocumentEditor, LineGrid, type ActionExtra, type LineColumn } from '../../components/document/DocumentEditor';
import { DocumentActions, DocumentStatus, documentGate } from '../../components/document/DocumentParts';
import { ErpSyncFacts } from '../../components/document/ErpSyncTag';
import { useDocument } from '../../components/document/useDocument';
import { renderMoney, renderNumber } from '../../components/format';
import i18n from '../../i18n';
import {
  CLOSED_PAGES,
  MONEY_RULE,
  OPEN_PAGES,
  PURCHASE_ENTITY,
  TABLET_PAGES,
  detailUrl,
  purchaseOrderMachine,
  purchaseQtyEdit,
  sentQty,
  statusColor,
  statusText,
  useHeadOffice,
} from './data';
import { PurchaseHeader, PurchaseSummary, headerBody, headerOf, type PurchaseHeaderValues } from './PurchaseHeader';
import { ShipmentLines, creditIssue, editQty, inputsOf, receiveIssue, type PostingInputs } from './ShipmentLines';
import { ShipPanel } from './ShipPanel';
import { useStores } from '../customers/data';
import { PostedShipments } from './PostedShipments';

export type PurchaseRoute = 'open' | 'closed' | 'tablet';
const HEADER_FIELDS: string[] = [
  'requested_receipt_date',
  'location_code',
  'receiving_contact',
  'nwv_general_comments',
  'nwv_delivery_comments',
];
const codeCheck = (t: string) => (t.length > 30 ? messages.maxLength(30) : null);

const lineColumns = (): LineColumn<PurchaseOrderLine>[] => [
  { title: i18n.t('purchasing.lines.item'), dataIndex: 'item_no', key: 'item_no', fixed: 'left' },
  { title: i18n.t('fields.description'), dataIndex: 'description', key: 'description' },
  {
    title: i18n.t('fields.variant'),
    dataIndex: 'variant_code',
    key: 'variant_code',
    edit: { field: 'variant_code', check: codeCheck, width: 90 },
  },
  {
    title: i18n.t('document.uom'),
    dataIndex: 'unit_of_measure',
    key: 'unit_of_measure',
    edit: { field: 'unit_of_measure', check: codeCheck, width: 80 },
  },
  {
    title: i18n.t('purchasing.lines.purchaseQty'),
    dataIndex: 'purchase_qty',
    key: 'purchase_qty',
    align: 'right',
    render: renderNumber,
    edit: { field: 'purchase_qty', display: editQty, ...purchaseQtyEdit, width: 90 },
  },
  {
    title: i18n.t('purchasing.lines.price'),
    dataIndex: 'unit_price',
    key: 'unit_price',
    align: 'right',
    render: renderMoney,
  },
  {
    title: i18n.t('fields.discount'),
    dataIndex: 'line_discount_amount',
    key: 'line_discount_amount',
    align: 'right',
    render: renderMoney,
    edit: {
      field: 'line_discount_amount',
      display: editQty,
      check: (t) => (t.trim() ? decimalIssue(t, MONEY_RULE) : null),
      toValue: (t) => (t.trim() ? (parseDecimalText(t) ?? t) : '0'),
      width: 110,
    },
  },
  { title: i18n.t('fields.amount'), dataIndex: 'amount', key: 'amount', align: 'right', render: renderMoney },
];

/** Sends a transition of the machine: release/close name the order by po_no, the status call adds the target. */
async function sendAction(d: PurchaseOrder, t: Transition, extra: ActionExtra, inputs: PostingInputs) {
  const ref = { pos_po_no: d.pos_po_no, version: d.version };
  switch (t.action) {
    case 'release':
      return call('purchaseOrders.release', { body: { po_no: d.pos_po_no, version: d.version } });
    case 'close':
      return call('purchaseOrders.close', { body: { po_no: d.pos_po_no, version: d.version } });
    case 'reopen':
    case 'cancel':
      return call('purchaseOrders.status', {
        body: { ...ref, status: t.to as 'open' | 'canceled', cancel_reason_code: extra.cancel_reason_code },
      });
    case 'receive': {
      const issue =
        d.lines.map((l) => receiveIssue(l, inputs.receive[l.line_no] ?? '')).find(Boolean) ??
        d.lines
          .map((l) => ((inputs.note[l.line_no] ?? '').length > 250 ? messages.maxLength(250) : null))
          .find(Boolean);
      if (issue) throw new Error(issue);
      const lines = d.lines
        .filter(
          (l) =>
            Number(sentQty(inputs.receive[l.line_no] ?? '')) > 0 ||
            (inputs.note[l.line_no] ?? l.la_so_line_note) !== l.la_so_line_note,
        )
        .map((l) => ({
          line_no: l.line_no,
          qty_to_receive: Number(l.qty_to_receive) > 0 ? sentQty(inputs.receive[l.line_no] ?? '') : '0',
          la_so_line_note: inputs.note[l.line_no] ?? l.la_so_line_note,
        }));
      if (!lines.some((l) => Number(l.qty_to_receive) > 0))
        throw new Error(i18n.t('purchasing.detail.nothingToReceive'));
      return call('purchaseOrders.receive', { body: { ...ref, lines } });
    }
    case 'credit_memo': {
      const issue = d.lines.map((l) => creditIssue(l, inputs.credit[l.line_no] ?? '')).find(Boolean);
      if (issue) throw new Error(issue);
      const lines = d.lines
        .map((l) => ({ line_no: l.line_no, quantity: sentQty(inputs.credit[l.line_no] ?? '') }))
        .filter((l) => Number(l.quantity) > 0);
      if (!lines.length) throw new Error(i18n.t('purchasing.detail.nothingToCredit'));
      return call('purchaseOrders.creditMemo', {
        body: { ...ref, lines, cancel_reason_code: extra.cancel_reason_code },
      });
    }
    default:
      throw new Error(i18n.t('document.notOffered', { action: t.label }));
  }
}

/**
 * /purchasesOrders/detail (create without `no`, else edit), /purchasesOrdersInvoicedCanceled/detail (read-only
 * header) and /tablet/purchasesOrders/detail: the document editor over one purchase order, its actions from
 * purchaseOrderMachine, the shipment line table (receive now, create credit memo), head office's Ship panel and the
 * posted shipments.
 */
export function PurchaseDocumentScreen({ route }: { route: PurchaseRoute }) {
  const no = useSearchParams()[0].get('no');
  const pages = route === 'closed' ? CLOSED_PAGES : route === 'tablet' ? TABLET_PAGES : OPEN_PAGES;
  const navigate = useNavigate();
  const { t } = useTranslation();
  const headOffice = useHeadOffice();
  const stores = useStores();
  const [form] = Form.useForm<PurchaseHeaderValues>();
  const [inputs, setInputs] = useState<PostingInputs>(() => inputsOf([]));
  const url = (d: PurchaseOrder) => (route === 'tablet' ? detailUrl(d, true) : detailUrl(d));
  const doc = useDocument(
    {
      get: 'purchaseOrders.get',
      input: (n) => ({ params: { pos_po_no: n } }),
      ref: (d) => ({ pos_po_no: d.pos_po_no, version: d.version }),
      noOf: (d) => d.pos_po_no,
      entity: PURCHASE_ENTITY,
      machine: purchaseOrderMachine,
      pages,
      readOnly: route === 'closed',
      header: {
        form,
        of: headerOf,
        create: (v) => {
          // Head office names the franchise: the one of the receiving location.
          const franchise = headOffice
            ? stores.data?.find((s) => s.location_code === v.location_code)?.franchise_code
            : undefined;
          return call('purchaseOrders.create', {
            body: { type: 'Order', ...(franchise ? { franchise_code: franchise } : {}), ...headerBody(v) },
          });
        },
        update: (ref, v) => call('purchaseOrders.update', { body: { ...ref, ...headerBody(v) } }),
        created: (d) => void navigate(url(d), { replace: true }),
        fieldErrors: (f) => HEADER_FIELDS.includes(f),
      },
      lines: {
        add: (ref, l) =>
          call('purchaseOrders.lineAdd', {
            body: { ...ref, lines: [{ item_no: l.item_no, purchase_qty: l.quantity }] },
          }),
        update: (ref, line: PurchaseOrderLine, field, value) =>
          call('purchaseOrders.lineUpdate', { body: { ...ref, line_no: line.line_no, [field]: value } }),
        remove: (ref, line) => call('purchaseOrders.lineRemove', { body: { ...ref, line_nos: [line.line_no] } }),
        confirmRemove: (line) => t('purchasing.lines.remove', { item: line.item_no, description: line.description }),
      },
      send: (d, tr, extra) => sendAction(d, tr, extra, inputs),
      afterAction: (tr, r, before) => {
        if (tr.action === 'credit_memo' && r) navigate(detailUrl(r));
        else if (r && route !== 'tablet' && r.pos_po_no === before.pos_po_no && detailUrl(r) !== detailUrl(before))
          navigate(detailUrl(r), { replace: true });
      },
    },
    no,
  );
  const d = doc.doc;

  useEffect(() => {
    if (d) setInputs(inputsOf(d.lines));
  }, [d]);

  const listUrl = pages[1];
  const gate = documentGate(doc, {
    notFound: t('purchasing.detail.notFound', { no }),
    loadFailed: t('purchasing.detail.loadFailed'),
    back: <Link to={listUrl}>{t('purchasing.detail.backToList')}</Link>,
  });
  if (gate) return gate;
  // A document opens on its own route: credit memos on their view, invoiced/canceled orders read-only.
  const here = route === 'closed' ? '/purchasesOrdersInvoicedCanceled/detail?' : '/purchasesOrders/detail?';
  if (d && route !== 'tablet' && !detailUrl(d).startsWith(here)) return <Navigate to={detailUrl(d)} replace />;
  if (d && route === 'tablet' && d.type === 'Credit Memo') return <Navigate to={detailUrl(d)} replace />;

  const { status, editable, canEdit } = doc;
  const facts = purchaseOrderFacts(d?.lines ?? []);
  const actions = actionsFrom(purchaseOrderMachine, status, { headOffice, facts });
  const can = (action: string) => canEdit && actions.some((a) => a.action === action);

  return (
    <DocumentEditor
      back={
        <Link
          to={listUrl}
          style={route === 'tablet' ? { display: 'inline-block', minHeight: 48, lineHeight: '48px' } : {}}
        >
          <ArrowLeftOutlined /> {route === 'closed' ? t('purchasing.list.closedTitle') : t('purchasing.list.title')}
        </Link>
      }
      title={d ? t('purchasing.detail.title', { no: d.pos_po_no }) : t('purchasing.detail.newTitle')}
      status={
        d ? (
          <DocumentStatus
            status={status}
            color={statusColor}
            text={statusText(status)}
            note={editable ? null : t('purchasing.detail.readOnly')}
          />
        ) : null
      }
      actions={
        <DocumentActions
          state={doc}
          bar={{
            facts,
            tablet: route === 'tablet',
            guard: (tr) =>
              tr.action === 'receive'
                ? (d?.lines ?? []).some((l) => Number(l.qty_to_receive) > 0)
                : tr.action === 'credit_memo'
                  ? (d?.lines ?? []).some((l) => Number(l.qty_credit_memo) > 0)
                  : true,
          }}
        />
      }
      header={
        <Card size="small" title={t('document.general')}>
          <PurchaseHeader form={form} disabled={!doc.headerEnabled} order={d} />
          {d ? <DocumentFacts d={d} /> : null}
        </Card>
      }
      totals={
        d ? (
          <Card size="small" title={t('purchasing.detail.summary')}>
            <PurchaseSummary order={d} />
          </Card>
        ) : null
      }
      lines={
        d && doc.lineHandlers ? (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            {status === 'open' ? (
              <Card size="small" title={t('document.lines')}>
                <LineGrid
                  lines={d.lines}
                  rowKey="line_no"
                  columns={lineColumns()}
                  editable={editable}
                  lineLabel={(l) => t('document.lineLabel', { no: l.line_no, item: l.item_no })}
                  franchise={headOffice ? d.franchise_code : null}
                  quantity={purchaseQtyEdit}
                  {...doc.lineHandlers}
                />
              </Card>
            ) : (
              <Card size="small" title={t('purchasing.detail.shipmentLines')}>
                <ShipmentLines
                  lines={d.lines}
                  inputs={inputs}
                  onChange={setInputs}
                  canReceive={can('receive')}
                  canCredit={can('credit_memo')}
                />
              </Card>
            )}
            {can('ship') && headOffice ? <ShipPanel order={d} onShipped={doc.refresh} /> : null}
          </Space>
        ) : null
      }
      related={d && status !== 'open' ? <PostedShipments order={d} /> : null}
    />
  );
}

/** What the order says about itself: dates, franchise, head office's order, the ERP's sync state, the cancel reason. */
function DocumentFacts({ d }: { d: PurchaseOrder }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }} style={{ marginTop: 8 }}>
      <Descriptions.Item label={t('document.orderDate')}>{formatDate(d.order_date)}</Descriptions.Item>
      <Descriptions.Item label={t('fields.franchise')}>
        {d.franchise_code} {d.franchise_name}
      </Descriptions.Item>
      <Descriptions.Item label={t('purchasing.detail.soNo')}>{d.bc_so_no}</Descriptions.Item>
      <Descriptions.Item label={t('purchasing.detail.grandTotal')}>{renderMoney(d.grand_total)}</Descriptions.Item>
      <Descriptions.Item label={t('purchasing.detail.remainingAmount')}>
        {renderMoney(d.remaining_amount)}
      </Descriptions.Item>
      <Descriptions.Item label={t('purchasing.detail.payable')}>{renderMoney(d.payable)}</Descriptions.Item>
      <Descriptions.Item label={t('document.erpSync')}>
        <ErpSyncFacts erp={{ ...d.erp, external_no: null }} />
      </Descriptions.Item>
      {d.status === 'canceled' ? (
        <Descriptions.Item label={t('document.reasonCanceled')}>
          {[d.cancel_reason_code, d.cancel_reason_description].filter(Boolean).join(' — ')}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}
