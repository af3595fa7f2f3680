import { useEffect, useState } from 'react';
import { App, Button, Card, Descriptions, Form, Result, Space, Spin, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  decimalIssue,
  formatDate,
  formatDateTime,
  messages,
  parseDecimalText,
  successText,
  type PurchaseOrder,
  type PurchaseOrderLine,
} from '@fp/contract';
import { actionsFrom, purchaseOrderFacts, type Transition } from '@fp/contract/machines';
import { ApiCallError, call } from '../../api/client';
import {
  ActionBar,
  DocumentEditor,
  LineGrid,
  failToast,
  useCanAny,
  type ActionExtra,
  type LineColumn,
} from '../../components/document/DocumentEditor';
import { renderMoney, renderNumber } from '../../components/format';
import { toast } from '../../components/toast';
import {
  CLOSED_PAGES,
  MONEY_RULE,
  OPEN_PAGES,
  PURCHASE_AREA,
  PURCHASE_ENTITY,
  TABLET_PAGES,
  detailUrl,
  documentKey,
  purchaseOrderMachine,
  purchaseQtyEdit,
  sentQty,
  statusColor,
  statusText,
  useHeadOffice,
  useKeepOrder,
  usePurchaseOrder,
} from './data';
import { PurchaseHeader, PurchaseSummary, headerBody, headerOf, type PurchaseHeaderValues } from './PurchaseHeader';
import { ShipmentLines, creditIssue, editQty, inputsOf, receiveIssue, type PostingInputs } from './ShipmentLines';
import { ShipPanel } from './ShipPanel';
import { useStores } from '../customers/data';
import { PostedShipments } from './PostedShipments';
import { ErpSyncTag } from '../../components/document/ErpSyncTag';

export type PurchaseRoute = 'open' | 'closed' | 'tablet';
const machine = purchaseOrderMachine;
const HEADER_FIELDS: string[] = [
  'requested_receipt_date',
  'location_code',
  'receiving_contact',
  'nwv_general_comments',
  'nwv_delivery_comments',
];

const lineColumns = (): LineColumn<PurchaseOrderLine>[] => [
  { title: 'Item', dataIndex: 'item_no', key: 'item_no', fixed: 'left' },
  { title: 'Description', dataIndex: 'description', key: 'description' },
  {
    title: 'Variant',
    dataIndex: 'variant_code',
    key: 'variant_code',
    edit: { field: 'variant_code', check: (t) => (t.length > 30 ? messages.maxLength(30) : null), width: 90 },
  },
  {
    title: 'UOM',
    dataIndex: 'unit_of_measure',
    key: 'unit_of_measure',
    edit: { field: 'unit_of_measure', check: (t) => (t.length > 30 ? messages.maxLength(30) : null), width: 80 },
  },
  {
    title: 'Purchase Qty',
    dataIndex: 'purchase_qty',
    key: 'purchase_qty',
    align: 'right',
    render: renderNumber,
    edit: { field: 'purchase_qty', display: editQty, ...purchaseQtyEdit, width: 90 },
  },
  { title: 'Price', dataIndex: 'unit_price', key: 'unit_price', align: 'right', render: renderMoney },
  {
    title: 'Discount',
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
  { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right', render: renderMoney },
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
        throw new Error('Enter a qty to receive on at least one line');
      return call('purchaseOrders.receive', { body: { ...ref, lines } });
    }
    case 'credit_memo': {
      const issue = d.lines.map((l) => creditIssue(l, inputs.credit[l.line_no] ?? '')).find(Boolean);
      if (issue) throw new Error(issue);
      const lines = d.lines
        .map((l) => ({ line_no: l.line_no, quantity: sentQty(inputs.credit[l.line_no] ?? '') }))
        .filter((l) => Number(l.quantity) > 0);
      if (!lines.length) throw new Error('Enter a qty credit memo on at least one line');
      return call('purchaseOrders.creditMemo', {
        body: { ...ref, lines, cancel_reason_code: extra.cancel_reason_code },
      });
    }
    default:
      throw new Error(`${t.label} is not offered here`);
  }
}

/**
 * /purchasesOrders/detail (create without `no`, else edit), /purchasesOrdersInvoicedCanceled/detail (read-only
 * header) and /tablet/purchasesOrders/detail: the document editor over one purchase order, its actions from
 * purchaseOrderMachine, the shipment line table (receive now, create credit memo), head office's Ship panel and the
 * posted shipments.
 */
export function PurchaseDocumentScreen({ route }: { route: PurchaseRoute }) {
  const [params] = useSearchParams();
  const no = params.get('no');
  const pages = route === 'closed' ? CLOSED_PAGES : route === 'tablet' ? TABLET_PAGES : OPEN_PAGES;
  const listUrl = pages[1];
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const keep = useKeepOrder();
  const headOffice = useHeadOffice();
  const stores = useStores();
  const canEdit = useCanAny(pages, 'edit');
  const [form] = Form.useForm<PurchaseHeaderValues>();
  const [saving, setSaving] = useState(false);
  const [inputs, setInputs] = useState<PostingInputs>(() => inputsOf([]));
  const doc = usePurchaseOrder(no);
  const d = doc.data;

  useEffect(() => {
    if (d) {
      if (!form.isFieldsTouched()) form.setFieldsValue(headerOf(d));
      setInputs(inputsOf(d.lines));
    } else if (!no) form.resetFields();
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
        title={missing ? t('purchasing.detail.notFound', { no }) : t('purchasing.detail.loadFailed')}
        extra={<Link to={listUrl}>{t('purchasing.detail.backToList')}</Link>}
      />
    );
  }
  // A document opens on its own route: credit memos on their view, invoiced/canceled orders read-only.
  const here = route === 'closed' ? '/purchasesOrdersInvoicedCanceled/detail?' : '/purchasesOrders/detail?';
  if (d && route !== 'tablet' && !detailUrl(d).startsWith(here)) return <Navigate to={detailUrl(d)} replace />;
  if (d && route === 'tablet' && d.type === 'Credit Memo') return <Navigate to={detailUrl(d)} replace />;

  const status = d?.status ?? 'open';
  const editable = canEdit && route !== 'closed' && status === 'open';
  const facts = purchaseOrderFacts(d?.lines ?? []);
  const actions = actionsFrom(machine, status, { headOffice, facts });
  const canReceive = canEdit && actions.some((a) => a.action === 'receive');
  const canCredit = canEdit && actions.some((a) => a.action === 'credit_memo');
  const canShip = canEdit && headOffice && actions.some((a) => a.action === 'ship');

  const save = async () => {
    let v: PurchaseHeaderValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const action = d ? 'Update' : 'Create';
    setSaving(true);
    try {
      if (d) {
        const current = qc.getQueryData<PurchaseOrder>(documentKey(no)) ?? d;
        const updated = await call('purchaseOrders.update', {
          body: { pos_po_no: d.pos_po_no, version: current.version, ...headerBody(v) },
        });
        form.resetFields();
        form.setFieldsValue(headerOf(updated));
        keep(updated);
      } else {
        // Head office names the franchise: the one of the receiving location.
        const franchise = headOffice
          ? stores.data?.find((s) => s.location_code === v.location_code)?.franchise_code
          : undefined;
        const created = await call('purchaseOrders.create', {
          body: { type: 'Order', ...(franchise ? { franchise_code: franchise } : {}), ...headerBody(v) },
        });
        form.resetFields();
        form.setFieldsValue(headerOf(created));
        keep(created);
        navigate(route === 'tablet' ? detailUrl(created, true) : detailUrl(created), { replace: true });
        setTimeout(() => document.getElementById('line-entry-item')?.focus(), 300);
      }
      toast.successText(successText(action, PURCHASE_ENTITY));
    } catch (e) {
      if (e instanceof ApiCallError) {
        const fields = e.fieldErrors();
        const known = Object.entries(fields).filter(([f]) => HEADER_FIELDS.includes(f));
        if (known.length)
          form.setFields(
            known.map(([name, errors]) => ({ name: name as keyof PurchaseHeaderValues, errors: [errors] })),
          );
      }
      failToast(action, PURCHASE_ENTITY, e);
    } finally {
      setSaving(false);
    }
  };

  const lineCall = async (action: string, fn: (c: PurchaseOrder) => Promise<PurchaseOrder>) => {
    const current = qc.getQueryData<PurchaseOrder>(documentKey(no)) ?? d!;
    try {
      keep(await fn(current));
    } catch (e) {
      failToast(action, PURCHASE_ENTITY, e);
      throw e;
    }
  };

  const onActionDone = (tr: Transition, result: unknown) => {
    void qc.invalidateQueries({ queryKey: [PURCHASE_AREA] });
    const r = result as PurchaseOrder | undefined;
    if (tr.action === 'credit_memo' && r) {
      navigate(detailUrl(r));
      return;
    }
    if (r && d && r.pos_po_no === d.pos_po_no) {
      keep(r);
      if (route !== 'tablet' && detailUrl(r) !== detailUrl(d)) navigate(detailUrl(r), { replace: true });
    }
  };

  const title = d ? t('purchasing.detail.title', { no: d.pos_po_no }) : t('purchasing.detail.newTitle');
  const backText = route === 'closed' ? t('purchasing.list.closedTitle') : t('purchasing.list.title');

  return (
    <DocumentEditor
      back={
        <Link
          to={listUrl}
          style={route === 'tablet' ? { display: 'inline-block', minHeight: 48, lineHeight: '48px' } : {}}
        >
          <ArrowLeftOutlined /> {backText}
        </Link>
      }
      title={title}
      status={
        d ? (
          <Space>
            <Tag color={statusColor[status]} data-testid="document-status">
              {statusText(status)}
            </Tag>
            {!editable ? <Tag>{t('purchasing.detail.readOnly')}</Tag> : null}
          </Space>
        ) : null
      }
      actions={
        d ? (
          <ActionBar
            machine={machine}
            status={status}
            facts={facts}
            pages={pages}
            entity={PURCHASE_ENTITY}
            tablet={route === 'tablet'}
            run={(tr, extra) => sendAction(qc.getQueryData<PurchaseOrder>(documentKey(no)) ?? d, tr, extra, inputs)}
            onDone={onActionDone}
            guard={(tr) =>
              tr.action === 'receive'
                ? d.lines.some((l) => Number(l.qty_to_receive) > 0)
                : tr.action === 'credit_memo'
                  ? d.lines.some((l) => Number(l.qty_credit_memo) > 0)
                  : true
            }
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
          <PurchaseHeader form={form} disabled={!(editable || (!d && canEdit))} order={d} />
          {d ? <DocumentFacts d={d} /> : null}
        </Card>
      }
      totals={
        d ? (
          <Card size="small" title="Summary">
            <PurchaseSummary order={d} />
          </Card>
        ) : null
      }
      lines={
        d ? (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            {status === 'open' ? (
              <Card size="small" title="Lines">
                <LineGrid
                  lines={d.lines}
                  rowKey="line_no"
                  columns={lineColumns()}
                  editable={editable}
                  lineLabel={(l) => `line ${l.line_no} ${l.item_no}`}
                  franchise={headOffice ? d.franchise_code : null}
                  quantity={purchaseQtyEdit}
                  onAdd={(l) =>
                    lineCall('Add Line', (c) =>
                      call('purchaseOrders.lineAdd', {
                        body: {
                          pos_po_no: c.pos_po_no,
                          version: c.version,
                          lines: [{ item_no: l.item_no, purchase_qty: l.quantity }],
                        },
                      }),
                    )
                  }
                  onUpdate={(line, field, value) =>
                    lineCall('Update Line', (c) =>
                      call('purchaseOrders.lineUpdate', {
                        body: { pos_po_no: c.pos_po_no, version: c.version, line_no: line.line_no, [field]: value },
                      }),
                    )
                  }
                  onRemove={(line) =>
                    new Promise<void>((resolve, reject) => {
                      modal.confirm({
                        title: 'Remove Line',
                        content: t('purchasing.lines.remove', { item: line.item_no, description: line.description }),
                        okText: 'Yes',
                        cancelText: 'No',
                        onOk: () =>
                          lineCall('Remove Line', (c) =>
                            call('purchaseOrders.lineRemove', {
                              body: { pos_po_no: c.pos_po_no, version: c.version, line_nos: [line.line_no] },
                            }),
                          ).then(resolve, reject),
                        onCancel: () => resolve(),
                      });
                    })
                  }
                />
              </Card>
            ) : (
              <Card size="small" title="Shipment Lines">
                <ShipmentLines
                  lines={d.lines}
                  inputs={inputs}
                  onChange={setInputs}
                  canReceive={canReceive}
                  canCredit={canCredit}
                />
              </Card>
            )}
            {canShip ? (
              <ShipPanel
                order={d}
                onShipped={() => {
                  void qc.invalidateQueries({ queryKey: [PURCHASE_AREA] });
                  void qc.invalidateQueries({ queryKey: documentKey(no) });
                }}
              />
            ) : null}
          </Space>
        ) : null
      }
      related={d && status !== 'open' ? <PostedShipments order={d} /> : null}
    />
  );
}

/** What the order says about itself: dates, franchise, head office's order, the ERP's sync state, the cancel reason. */
function DocumentFacts({ d }: { d: PurchaseOrder }) {
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }} style={{ marginTop: 8 }}>
      <Descriptions.Item label="Order Date">{formatDate(d.order_date)}</Descriptions.Item>
      <Descriptions.Item label="Franchise">
        {d.franchise_code} {d.franchise_name}
      </Descriptions.Item>
      <Descriptions.Item label="SO No">{d.bc_so_no}</Descriptions.Item>
      <Descriptions.Item label="Grand Total">{renderMoney(d.grand_total)}</Descriptions.Item>
      <Descriptions.Item label="Remaining Amount">{renderMoney(d.remaining_amount)}</Descriptions.Item>
      <Descriptions.Item label="Payable">{renderMoney(d.payable)}</Descriptions.Item>
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
